import Foundation
import HealthEngine
import HealthModel

/// A `PeriodReport` as one self-contained HTML file (`ohk report`): inline CSS and SVG charts, no script, no font,
/// image or link that needs the network, so it opens offline, can be mailed, and prints on A4 or Letter with each
/// section kept on one page where it fits. Numbers are written for people (thousands grouped, units named, durations in
/// hours and minutes) and every text from the store is escaped.
public struct PeriodReportPage: Sendable {
    /// The report shown.
    public let report: PeriodReport
    /// Who the report is about, for the title (the person's name, or nil).
    public let person: String?
    /// The client whose view it is, when not the whole store (`--client`).
    public let clientName: String?
    /// When it was made (shown in the header; passed in so a report is reproducible).
    public let generatedAt: Date
    /// The most workouts listed one by one (all count in the totals).
    public static let maximumListedWorkouts = 60

    /// A page for a report.
    public init(report: PeriodReport, person: String? = nil, clientName: String? = nil, generatedAt: Date) {
        self.report = report
        self.person = person
        self.clientName = clientName
        self.generatedAt = generatedAt
    }

    private var calendar: Calendar { report.calendar }
    private var dayCount: Int { calendar.dateComponents([.day], from: report.from, to: report.to).day ?? 0 }

    /// "Mar 1 – Mar 31, 2024" (the last day is the day before `to`).
    public var periodText: String {
        let last = calendar.date(byAdding: .day, value: -1, to: report.to) ?? report.from
        let (first, end) = (
            calendar.dateComponents([.year, .month, .day], from: report.from),
            calendar.dateComponents([.year, .month, .day], from: last)
        )
        func text(_ parts: DateComponents, year: Bool) -> String {
            let month = DailyChartSVG.monthNames[((parts.month ?? 1) - 1) % 12]
            return "\(month) \(parts.day ?? 1)" + (year ? ", \(parts.year ?? 0)" : "")
        }
        return first.year == end.year
            ? "\(text(first, year: false)) – \(text(end, year: true))"
            : "\(text(first, year: true)) – \(text(end, year: true))"
    }

    /// The HTML document.
    public var html: String {
        let title = "Health report" + (person.map { ": \($0)" } ?? "") + ", \(periodText)"
        var body: [String] = []
        body.append("<header>")
        body.append("<h1>\(escape(title))</h1>")
        var context = [
            "\(dayCount) day\(dayCount == 1 ? "" : "s")", "days in \(report.timeZoneName)",
            "made \(DateWriter.format(generatedAt, in: calendar.timeZone).prefix(16).replacingOccurrences(of: "T", with: " "))",
        ]
        if let clientName { context.append("as \(clientName) may see it") }
        body.append(#"<p class="context">\#(escape(context.joined(separator: " · ")))</p>"#)
        body.append(
            #"<p class="context">Sources that record the same thing (a Watch and a phone, a Watch and a sleep app) are merged by priority as the Health app does, so nothing is counted twice; totals are cut at midnight in the time zone above.</p>"#
        )
        body.append("</header>")
        body.append(sections)
        body.append(
            #"<footer><p>Made with OpenHealthKit <code>ohk report</code>. The same figures come from <code>ohk stats</code>, <code>ohk sleep</code>, <code>ohk workouts</code> and <code>ohk vitals</code> for the same days and time zone.</p></footer>"#
        )
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>\(Self.pageStyle)\n\(Self.componentStyle)</style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            </body>
            </html>

            """
    }

    // MARK: Sections

    /// The report's sections without the page around them (the overview cards, activity, sleep, heart, body and
    /// workouts), for a page of its own (the web page shows its last 30 days with them); `componentStyle` styles them.
    public var sections: String {
        [
            overview(), seriesSection(id: "activity", heading: "Activity", report.activity), sleepSection(),
            seriesSection(id: "heart", heading: "Heart", report.heart),
            seriesSection(id: "body", heading: "Body", report.body), workoutSection(),
        ].joined(separator: "\n")
    }

    /// The cards at the top: a headline figure per area that has data.
    private func overview() -> String {
        var cards: [(String, String, String)] = []
        let per = report.bucket == .day ? "a day" : "a \(report.bucket.rawValue)"
        for series in report.activity {
            guard let average = series.averagePerBucket, let total = series.periodFigure else { continue }
            cards.append((series.title, "\(series.text(average)) \(per)", "\(series.text(total)) in all"))
        }
        let summary = report.sleepSummary
        if let asleep = summary.averageAsleep {
            var detail = "\(summary.nights) night\(summary.nights == 1 ? "" : "s")"
            if let bedtime = summary.averageBedtime, let wake = summary.averageWakeTime {
                detail += ", \(NumberText.clockTime(bedtime)) to \(NumberText.clockTime(wake))"
            }
            cards.append(("Sleep", "\(NumberText.hoursAndMinutes(asleep)) a night", detail))
        }
        for series in report.heart.prefix(1) + report.body.prefix(1) {
            guard let figure = series.periodFigure else { continue }
            let latest = series.latest.map { "latest \(series.text($0.value))" } ?? ""
            cards.append((series.title, "\(series.text(figure)) on average", latest))
        }
        if !report.workouts.isEmpty {
            let time = report.workouts.map(\.duration).reduce(0, +)
            cards.append(
                (
                    "Workouts", "\(NumberText.grouped(Double(report.workouts.count))) workouts",
                    "\(NumberText.hoursAndMinutes(time)) in all"
                ))
        }
        guard !cards.isEmpty else {
            return #"<section id="overview"><p class="empty">No data in this period.</p></section>"#
        }
        let items = cards.map { title, figure, detail in
            #"<div class="card"><h3>\#(escape(title))</h3><p class="figure">\#(escape(figure))</p><p class="detail">\#(escape(detail))</p></div>"#
        }
        return #"<section id="overview"><div class="cards">\#(items.joined())</div></section>"#
    }

    /// A section of series: a chart each and a table of their period figures.
    private func seriesSection(id: String, heading: String, _ series: [PeriodSeries]) -> String {
        var parts = [#"<section id="\#(id)"><h2>\#(escape(heading))</h2>"#]
        guard !series.isEmpty else {
            parts.append(#"<p class="empty">No data in this period.</p></section>"#)
            return parts.joined()
        }
        let per = report.bucket.rawValue
        var table = [#"<table id="\#(id)-figures"><thead><tr><th>measure</th>"#]
        let totals = series.first?.kind == .total
        table.append(
            totals
                ? "<th>in all</th><th>average \(per)</th><th>\(per)s with data</th>"
                : "<th>average</th><th>latest</th><th>\(per)s with data</th>")
        table.append("</tr></thead><tbody>")
        for item in series {
            let withData = item.buckets.filter { $0.value != nil }.count
            let (first, second): (String, String)
            switch item.kind {
            case .total:
                first = item.periodFigure.map(item.text) ?? ""
                second = item.averagePerBucket.map(item.text) ?? ""
            case .level:
                first = item.periodFigure.map(item.text) ?? ""
                second = item.latest.map { item.text($0.value) } ?? ""
            }
            table.append(
                #"<tr id="\#(escape(item.identifier))-figures"><th scope="row">\#(escape(item.title))</th><td class="number">\#(escape(first))</td><td class="number">\#(escape(second))</td><td class="number">\#(withData)</td></tr>"#
            )
        }
        table.append("</tbody></table>")
        parts.append(table.joined())
        for item in series {
            parts.append(
                #"<figure>"#
                    + DailyChartSVG(
                        identifier: "\(item.identifier)-chart", title: item.title, unit: item.unitLabel,
                        days: item.buckets,
                        style: item.kind == .total ? .bars : .line, colour: item.colour, timeZone: calendar.timeZone,
                        timeZoneName: report.timeZoneName, width: 960, height: 260, bucket: report.bucket
                    ).element + "</figure>")
        }
        parts.append("</section>")
        return parts.joined(separator: "\n")
    }

    /// Sleep: the stacked chart, the summary, and the nights one by one for periods drawn by day.
    private func sleepSection() -> String {
        var parts = [#"<section id="sleep"><h2>Sleep</h2>"#]
        let summary = report.sleepSummary
        guard summary.nights > 0 || report.sleepNights.contains(where: \.isNap) else {
            parts.append(#"<p class="empty">No sleep data in this period.</p></section>"#)
            return parts.joined()
        }
        var rows: [(String, String)] = []
        if let asleep = summary.averageAsleep {
            rows.append(("asleep, average night", NumberText.hoursAndMinutes(asleep)))
        }
        if let inBed = summary.averageInBed {
            rows.append(("in bed, average night", NumberText.hoursAndMinutes(inBed)))
        }
        for (stage, name) in [
            (SleepStage.asleepDeep, "deep"), (.asleepCore, "core"), (.asleepREM, "REM"),
            (.asleepUnspecified, "asleep without a stage"), (.awake, "awake"),
        ] {
            if let seconds = summary.averageStages[stage], seconds > 0 {
                rows.append(("\(name), average night", NumberText.hoursAndMinutes(seconds)))
            }
        }
        if let bedtime = summary.averageBedtime, let spread = summary.bedtimeDeviation {
            rows.append(("fell asleep at", "\(NumberText.clockTime(bedtime)) ± \(NumberText.hoursAndMinutes(spread))"))
        }
        if let wake = summary.averageWakeTime, let spread = summary.wakeTimeDeviation {
            rows.append(("woke at", "\(NumberText.clockTime(wake)) ± \(NumberText.hoursAndMinutes(spread))"))
        }
        rows.append(("nights with data", NumberText.grouped(Double(summary.nights))))
        let naps = report.sleepNights.filter(\.isNap)
        if !naps.isEmpty {
            rows.append(
                (
                    "naps",
                    "\(naps.count), \(NumberText.hoursAndMinutes(naps.map(\.asleep).reduce(0, +))) asleep in all"
                ))
        }
        parts.append(
            #"<table id="sleep-figures"><tbody>"#
                + rows.map {
                    #"<tr><th scope="row">\#(escape($0.0))</th><td class="number">\#(escape($0.1))</td></tr>"#
                }.joined() + "</tbody></table>")
        parts.append(
            "<figure>"
                + SleepChartSVG(
                    identifier: "sleep-chart", nights: report.sleepNights, firstDay: report.from, dayCount: dayCount,
                    calendar: calendar,
                    timeZoneName: report.timeZoneName, width: 960, height: 280
                ).element + "</figure>")
        if report.bucket == .day {
            parts.append("<h3>Night by night</h3>")
            parts.append(
                Self.htmlTable(
                    SleepReport.table(report.sleepNights, calendar: calendar, format: .table), id: "sleep-nights"))
        }
        parts.append("</section>")
        return parts.joined(separator: "\n")
    }

    /// Workouts: totals by activity, then the list (the latest `maximumListedWorkouts`).
    private func workoutSection() -> String {
        var parts = [#"<section id="workouts"><h2>Workouts</h2>"#]
        guard !report.workouts.isEmpty else {
            parts.append(#"<p class="empty">No workouts in this period.</p></section>"#)
            return parts.joined()
        }
        parts.append(
            Self.htmlTable(
                WorkoutReport.totals(
                    report.workouts, by: .type, calendar: calendar, format: .table, measures: report.workoutMeasures),
                id: "workout-totals"))
        let listed = report.workouts.suffix(Self.maximumListedWorkouts)
        parts.append(
            listed.count < report.workouts.count
                ? "<h3>The latest \(listed.count) of \(report.workouts.count)</h3>" : "<h3>Each workout</h3>")
        parts.append(
            Self.htmlTable(
                WorkoutReport.table(
                    Array(listed), calendar: calendar, format: .table, measures: report.workoutMeasures),
                id: "workout-list"))
        parts.append("</section>")
        return parts.joined(separator: "\n")
    }

    // MARK: Pieces

    /// A text table as an HTML table: headers with spaces for underscores, numbers right-aligned and grouped.
    static func htmlTable(_ table: TextTable, id: String) -> String {
        var lines = [#"<table id="\#(TrendsChartSVG.escape(id))"><thead><tr>"#]
        lines.append(
            table.columns.map { "<th>\(TrendsChartSVG.escape($0.replacingOccurrences(of: "_", with: " ")))</th>" }
                .joined())
        lines.append("</tr></thead><tbody>")
        for row in table.rows {
            lines.append("<tr>")
            for cell in row {
                let text = cell ?? ""
                // Numbers, durations (`1:02:03`) and paces; dates (`2024-03-01`) and names stay text.
                let numeric = text.first?.isNumber == true && !text.contains("-")
                lines.append(
                    numeric
                        ? #"<td class="number">\#(TrendsChartSVG.escape(groupedCell(text)))</td>"#
                        : "<td>\(TrendsChartSVG.escape(text))</td>")
            }
            lines.append("</tr>")
        }
        lines.append("</tbody></table>")
        return lines.joined()
    }

    /// `4521 kcal` as `4,521 kcal`: the leading number of a cell grouped by thousands, its decimals and unit kept.
    static func groupedCell(_ text: String) -> String {
        let number = text.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(number) else { return text }
        let places = number.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0
        return NumberText.grouped(value, places: places) + text.dropFirst(number.count)
    }

    private func escape(_ text: String) -> String { TrendsChartSVG.escape(text) }

    /// The report page's own style: readable on a screen, and on paper (A4 or Letter) with sections kept together.
    static let pageStyle = """
        :root { color-scheme: light; background: #fff; }
        body { font-family: -apple-system, "Segoe UI", "DejaVu Sans", Helvetica, Arial, sans-serif; color: #1f2328;
          margin: 0 auto; max-width: 1000px; padding: 24px; line-height: 1.4; background: #fff; }
        h1 { font-size: 26px; margin: 0 0 6px; }
        .context { color: #57606a; margin: 2px 0; font-size: 14px; }
        footer { margin-top: 32px; color: #57606a; font-size: 12px; border-top: 1px solid #d0d7de; }
        @page { margin: 12mm; }
        @media print { body { padding: 0; max-width: none; font-size: 11pt; } }
        """

    /// The style of `sections`: cards, tables, charts, and how they break across printed pages.
    public static let componentStyle = """
        h2 { font-size: 20px; margin: 28px 0 10px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
        h3 { font-size: 15px; margin: 16px 0 6px; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 12px;
          margin-top: 18px; }
        .card { border: 1px solid #d0d7de; border-radius: 8px; padding: 10px 14px; break-inside: avoid;
          background: #fff; }
        .card h3 { margin: 0; font-size: 13px; color: #57606a; font-weight: 600; }
        .card .figure { font-size: 20px; font-weight: 700; margin: 4px 0 2px; }
        .card .detail { font-size: 13px; color: #57606a; margin: 0; }
        table { border-collapse: collapse; margin: 8px 0 12px; font-size: 13px; background: #fff; }
        th, td { padding: 3px 8px; border-bottom: 1px solid #eaeef2; text-align: left; vertical-align: top; }
        th, td.number { white-space: nowrap; }
        thead th { border-bottom: 2px solid #d0d7de; }
        td.number { text-align: right; font-variant-numeric: tabular-nums; }
        #workout-list, #sleep-nights { font-size: 12px; }
        #workout-list th, #workout-list td, #sleep-nights th, #sleep-nights td { padding: 3px 5px; }
        figure { margin: 8px 0 14px; break-inside: avoid; }
        svg { max-width: 100%; height: auto; display: block; }
        .empty { color: #57606a; font-style: italic; }
        @media print {
          h2, h3 { break-after: avoid; } figure, .cards, table { break-inside: avoid; }
          table { font-size: 9pt; } #sleep-nights, #workout-list { break-inside: auto; font-size: 8pt; }
          #workout-list th, #workout-list td, #sleep-nights th, #sleep-nights td { padding: 2px 3px; }
          thead { display: table-header-group; }
        }
        """
}
