import Foundation
import HealthModel

/// The `ohk trends --svg` chart: a day's cumulative curve against the typical day, with the projection and the Move
/// goal, as a standalone SVG document (hour axis with every local hour, value axis with the unit, legend, title).
///
/// Written by hand: a few elements with fixed attributes and one escaping rule; the packages on the machine offer no
/// SVG vocabulary (Plot writes HTML), so a dependency would add build time without removing code.
public struct TrendsChartSVG: Sendable {
    /// The report drawn.
    public let report: TrendsReport
    /// The picture's width in pixels.
    public let width: Double
    /// The picture's height in pixels.
    public let height: Double

    /// A chart of a report.
    public init(report: TrendsReport, width: Double = 960, height: Double = 540) {
        self.report = report
        self.width = width
        self.height = height
    }

    // Colours (the terminal chart's roles): today, the typical day, the projection, the goal.
    static let todayColour = "#1a66c9"
    static let typicalColour = "#7d8590"
    static let projectionColour = "#e07b00"
    static let goalColour = "#c62828"

    private var left: Double { 96 }
    private var right: Double { width - 150 }
    private var top: Double { 104 }
    private var bottom: Double { height - 64 }

    /// The SVG document.
    public var document: String {
        #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + element
    }

    /// The `<svg>` element alone, to put in an HTML page.
    public var element: String {
        let scale = ValueScale(
            maximum: max(
                report.rows.compactMap(\.total).max() ?? 0, report.rows.map(\.typical).max() ?? 0, report.moveGoal ?? 0,
                report.projectedTotal))
        let unit = report.unit.unitString
        var parts: [String] = []
        parts.append(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(number(width))" height="\#(number(height))" viewBox="0 0 \#(number(width)) \#(number(height))" "#
                + #"font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12" role="img" aria-labelledby="title">"#
        )
        parts.append(#"<title id="title">\#(escape(title))</title>"#)
        parts.append(#"<rect width="100%" height="100%" fill="rgb(255,255,255)"/>"#)
        parts.append(
            #"<text id="heading" x="\#(number(left))" y="30" font-size="18" font-weight="bold" fill="rgb(31,35,40)">\#(escape(title))</text>"#
        )
        parts.append(
            #"<text id="summary" x="\#(number(left))" y="54" font-size="13" fill="rgb(31,35,40)">\#(escape(summary(scale)))</text>"#
        )
        parts.append(legend())
        parts.append(valueAxis(scale, unit: unit))
        parts.append(hourAxis())
        parts.append(goal(scale, unit: unit))
        parts.append(
            series(id: "typical-day", points: typicalPoints(scale), colour: Self.typicalColour, dash: "7 5", width: 2))
        parts.append(series(id: "today", points: todayPoints(scale), colour: Self.todayColour, dash: nil, width: 3))
        parts.append(projection(scale, unit: unit))
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    /// Writes the document to a file (replacing it whole, never half-written).
    public func write(to url: URL) throws {
        do {
            try Data(document.utf8).write(to: url, options: .atomic)
        } catch {
            throw HealthReportsError.outputNotWritten(path: url.path, reason: error.localizedDescription)
        }
    }

    // MARK: Text

    /// "Active energy burned on Sunday 2024-03-10 (America/Los_Angeles)".
    var title: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = report.timeZone
        let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let weekday = weekdays[(calendar.component(.weekday, from: report.day) - 1) % 7]
        return
            "\(Self.displayName(report.type)) on \(weekday) \(DateWriter.format(report.day, in: report.timeZone).prefix(10)) (\(report.timeZoneName))"
    }

    /// The figures under the title.
    func summary(_ scale: ValueScale) -> String {
        let unit = report.unit.unitString
        let last = report.rows.last { $0.total != nil }
        let isComplete = report.rows.allSatisfy { $0.total != nil }
        var text =
            isComplete
            ? "total \(scale.figure(report.total)) \(unit)"
            : "so far \(scale.figure(report.total)) \(unit)" + (last.map { " by \(hourText($0.end))" } ?? "")
                + " · projected \(scale.figure(report.projectedTotal)) \(unit)"
        text += " · typical day (last \(dayCount)) \(scale.figure(report.typicalEndOfDay)) \(unit)"
        if let goal = report.moveGoal { text += " · Move goal \(scale.figure(goal)) \(unit)" }
        return text
    }

    /// "1 day", "30 days".
    private var dayCount: String { report.days == 1 ? "1 day" : "\(report.days) days" }

    /// "Active energy burned" from `HKQuantityTypeIdentifierActiveEnergyBurned`.
    static func displayName(_ type: SampleType) -> String {
        var name = type.identifier
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier"] where name.hasPrefix(prefix) {
            name.removeFirst(prefix.count)
        }
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty {
                words.append(String(character))
            } else {
                words[words.count - 1].append(character)
            }
        }
        return words.enumerated().map { $0.offset == 0 ? $0.element : $0.element.lowercased() }.joined(separator: " ")
    }

    /// Escapes text for XML element content and attribute values.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private func escape(_ text: String) -> String { Self.escape(text) }

    private func number(_ value: Double) -> String { Self.coordinate(value) }

    /// A coordinate with at most one decimal.
    static func coordinate(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    /// "10:00" in the report's time zone.
    private func hourText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = report.timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    // MARK: Geometry

    /// The x of the `index`th hour boundary (0: midnight, rows.count: the next midnight).
    private func x(_ index: Int) -> Double {
        left + (right - left) * Double(index) / Double(max(report.rows.count, 1))
    }

    private func y(_ value: Double, _ scale: ValueScale) -> Double {
        bottom - (bottom - top) * value / scale.top
    }

    private func typicalPoints(_ scale: ValueScale) -> [(Double, Double)] {
        [(x(0), y(0, scale))] + report.rows.enumerated().map { (x($0.offset + 1), y($0.element.typical, scale)) }
    }

    private func todayPoints(_ scale: ValueScale) -> [(Double, Double)] {
        [(x(0), y(0, scale))]
            + report.rows.enumerated().compactMap { row in row.element.total.map { (x(row.offset + 1), y($0, scale)) } }
    }

    // MARK: Parts

    private func series(id: String, points: [(Double, Double)], colour: String, dash: String?, width: Double) -> String
    {
        let list = points.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " ")
        let dashing = dash.map { #" stroke-dasharray="\#($0)""# } ?? ""
        var lines = [#"<g id="\#(id)">"#]
        lines.append(
            #"<polyline points="\#(list)" fill="none" stroke="\#(colour)" stroke-width="\#(number(width))"\#(dashing) stroke-linejoin="round" stroke-linecap="round"/>"#
        )
        if let last = points.last, dash == nil {
            lines.append(#"<circle cx="\#(number(last.0))" cy="\#(number(last.1))" r="4" fill="\#(colour)"/>"#)
        }
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }

    /// The value axis: gridlines and ticks labelled with the unit.
    private func valueAxis(_ scale: ValueScale, unit: String) -> String {
        var lines = [#"<g id="value-axis" font-size="12" fill="rgb(87,96,106)">"#]
        lines += scale.axis(left: left, right: right, top: top, bottom: bottom, unit: unit, ticks: true) {
            y($0, scale)
        }
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }

    /// The hour axis: a tick at every local hour boundary labelled with its clock hour (23 or 25 hours on DST days).
    private func hourAxis() -> String {
        var lines = [#"<g id="hour-axis" font-size="11" fill="rgb(87,96,106)">"#]
        lines.append(
            #"<line x1="\#(number(left))" y1="\#(number(bottom))" x2="\#(number(right))" y2="\#(number(bottom))" stroke="rgb(87,96,106)" stroke-width="1"/>"#
        )
        let boundaries = [report.day] + report.rows.map(\.end)
        for (index, date) in boundaries.enumerated() {
            let position = number(x(index))
            lines.append(
                #"<line x1="\#(position)" y1="\#(number(bottom))" x2="\#(position)" y2="\#(number(bottom + 5))" stroke="rgb(87,96,106)" stroke-width="1"/>"#
            )
            lines.append(
                #"<text class="tick" x="\#(position)" y="\#(number(bottom + 19))" text-anchor="middle">\#(hourText(date).prefix(2))</text>"#
            )
        }
        let hours = report.rows.count
        let note = hours == 23 ? ", 23 hours: clocks went forward" : hours == 25 ? ", 25 hours: clocks went back" : ""
        let caption = "local hour (\(report.timeZoneName)\(note)); each point is the total at the end of its hour"
        lines.append(
            #"<text class="caption" x="\#(number((left + right) / 2))" y="\#(number(bottom + 44))" text-anchor="middle" font-size="12">\#(escape(caption))</text>"#
        )
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }

    /// The goal: a horizontal line with its figure at the right.
    private func goal(_ scale: ValueScale, unit: String) -> String {
        guard let goal = report.moveGoal else { return "" }
        let position = y(goal, scale)
        return [
            #"<g id="goal">"#,
            #"<line x1="\#(number(left))" y1="\#(number(position))" x2="\#(number(right))" y2="\#(number(position))" stroke="\#(Self.goalColour)" stroke-width="1.5" stroke-dasharray="10 5"/>"#,
            #"<text x="\#(number(right + 14))" y="\#(number(labelPositions(scale).goal))" dy="4" font-size="12" fill="\#(Self.goalColour)">\#(escape("goal \(scale.figure(goal)) \(unit)"))</text>"#,
            "</g>",
        ].joined(separator: "\n")
    }

    /// The projection: a dotted curve from today's last point to the projected total at the end of the day, going up
    /// as the rest of a typical day does (the projection adds what is left of a typical day), a marker and its figure
    /// at the right (for a past day, the day's total).
    private func projection(_ scale: ValueScale, unit: String) -> String {
        let end = (x(report.rows.count), y(report.projectedTotal, scale))
        let isComplete = report.rows.allSatisfy { $0.total != nil }
        let label =
            isComplete
            ? "total \(scale.figure(report.projectedTotal)) \(unit)"
            : "projected \(scale.figure(report.projectedTotal)) \(unit)"
        var lines = [#"<g id="projection">"#]
        if !isComplete {
            let completed = report.rows.lastIndex { $0.total != nil }
            let typicalSoFar = completed.map { report.rows[$0].typical } ?? 0
            var running = report.total
            var points = [todayPoints(scale)[todayPoints(scale).count - 1]]
            for index in ((completed ?? -1) + 1)..<report.rows.count {
                let ahead = report.total + max(0, report.rows[index].typical - typicalSoFar)
                running = min(report.projectedTotal, max(running, ahead))
                points.append(
                    (x(index + 1), y(index == report.rows.count - 1 ? report.projectedTotal : running, scale)))
            }
            let list = points.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " ")
            lines.append(
                #"<polyline points="\#(list)" fill="none" stroke="\#(Self.projectionColour)" stroke-width="2.5" stroke-dasharray="2 5" stroke-linecap="round" stroke-linejoin="round"/>"#
            )
        }
        lines.append(
            #"<circle cx="\#(number(end.0))" cy="\#(number(end.1))" r="6" fill="rgb(255,255,255)" stroke="\#(Self.projectionColour)" stroke-width="3"/>"#
        )
        lines.append(
            #"<text x="\#(number(right + 14))" y="\#(number(labelPositions(scale).projection))" dy="4" font-size="12" font-weight="bold" fill="\#(Self.projectionColour)">\#(escape(label))</text>"#
        )
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }

    /// Where the right-hand labels go: at their values, pushed apart when they would overlap.
    private func labelPositions(_ scale: ValueScale) -> (projection: Double, goal: Double) {
        let projection = y(report.projectedTotal, scale)
        guard let goal = report.moveGoal.map({ y($0, scale) }) else { return (projection, projection) }
        let gap = 16.0
        guard abs(projection - goal) < gap else { return (projection, goal) }
        let middle = (projection + goal) / 2
        return projection <= goal ? (middle - gap / 2, middle + gap / 2) : (middle + gap / 2, middle - gap / 2)
    }

    /// The legend, in a row under the figures.
    private func legend() -> String {
        let isComplete = report.rows.allSatisfy { $0.total != nil }
        var entries: [(label: String, sample: (Double) -> String)] = [
            (
                "today",
                {
                    #"<line x1="\#(self.number($0))" y1="-4" x2="\#(self.number($0 + 28))" y2="-4" stroke="\#(Self.todayColour)" stroke-width="3"/>"#
                }
            ),
            (
                "typical day (average of the last \(dayCount))",
                {
                    #"<line x1="\#(self.number($0))" y1="-4" x2="\#(self.number($0 + 28))" y2="-4" stroke="\#(Self.typicalColour)" stroke-width="2" stroke-dasharray="7 5"/>"#
                }
            ),
            (
                isComplete ? "the day's total" : "projection",
                {
                    (isComplete
                        ? ""
                        : #"<line x1="\#(self.number($0))" y1="-4" x2="\#(self.number($0 + 20))" y2="-4" stroke="\#(Self.projectionColour)" stroke-width="2.5" stroke-dasharray="2 5" stroke-linecap="round"/>"#)
                        + #"<circle cx="\#(self.number($0 + 24))" cy="-4" r="4" fill="rgb(255,255,255)" stroke="\#(Self.projectionColour)" stroke-width="2.5"/>"#
                }
            ),
        ]
        if report.moveGoal != nil {
            entries.append(
                (
                    "Move goal",
                    {
                        #"<line x1="\#(self.number($0))" y1="-4" x2="\#(self.number($0 + 28))" y2="-4" stroke="\#(Self.goalColour)" stroke-width="1.5" stroke-dasharray="10 5"/>"#
                    }
                ))
        }
        var lines = [
            #"<g id="legend" transform="translate(\#(number(left)), 82)" font-size="12" fill="rgb(31,35,40)">"#
        ]
        var position = 0.0
        for entry in entries {
            lines.append(
                #"<g class="legend-entry">"# + entry.sample(position)
                    + #"<text x="\#(number(position + 36))" y="0">\#(escape(entry.label))</text></g>"#)
            // About 6.6 pixels a character at 12 pixels (DejaVu Sans), then a gap.
            position += 36 + Double(entry.label.count) * 6.6 + 28
        }
        lines.append("</g>")
        return lines.joined(separator: "\n")
    }
}

/// A value axis from 0 with round ticks (1, 2 or 5 times a power of ten) and figures written to the ticks' precision.
struct ValueScale {
    /// The tick step.
    let step: Double
    /// The axis top (a whole number of steps, at least the maximum).
    let top: Double
    /// The axis bottom: 0, or for levels (a line of weights) a whole number of steps below the minimum.
    let floor: Double
    /// Decimals the figures get.
    let decimals: Int

    /// A scale from 0 to at least `maximum`.
    init(maximum: Double, tickCount: Int = 5) {
        self.init(minimum: 0, maximum: maximum, tickCount: tickCount)
    }

    /// A scale from a whole number of steps at or below `minimum` (0 when `minimum` is 0 or less) to at least
    /// `maximum`; a line of levels (weight near 80 kg) gets a floor near its values so its changes show.
    init(minimum: Double, maximum: Double, tickCount: Int = 5) {
        let maximum = maximum.isFinite && maximum > 0 ? maximum : 1
        let minimum = minimum.isFinite && minimum > 0 && minimum < maximum ? minimum : 0
        let range = maximum - minimum > 0 ? maximum - minimum : maximum
        let rough = range / Double(tickCount)
        let power = pow(10, Foundation.floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        self.step = step
        top = (maximum / step).rounded(.up) * step
        floor = minimum > 0 ? max(0, (minimum / step).rounded(.down) * step - step) : 0
        decimals = step >= 1 ? 0 : Int(-Foundation.floor(log10(step)))
    }

    /// The ticks from the floor to the top.
    var ticks: [Double] {
        (0...Int(((top - floor) / step).rounded())).map { floor + Double($0) * step }
    }

    /// The value axis at `left` from `top` to `bottom`, with a gridline to `right` and a label with the unit for each
    /// tick (when `ticks`) at the height `y` gives it.
    func axis(
        left: Double, right: Double, top: Double, bottom: Double, unit: String, ticks showsTicks: Bool,
        y: (Double) -> Double
    ) -> [String] {
        let line =
            #"<line x1="\#(TrendsChartSVG.coordinate(left))" y1="\#(TrendsChartSVG.coordinate(top))" x2="\#(TrendsChartSVG.coordinate(left))" "#
            + #"y2="\#(TrendsChartSVG.coordinate(bottom))" stroke="rgb(87,96,106)" stroke-width="1"/>"#
        return (showsTicks ? ticks : []).flatMap { tick -> [String] in
            let position = TrendsChartSVG.coordinate(y(tick))
            let (start, end, label) = (
                TrendsChartSVG.coordinate(left), TrendsChartSVG.coordinate(right), TrendsChartSVG.coordinate(left - 8)
            )
            return [
                #"<line x1="\#(start)" y1="\#(position)" x2="\#(end)" y2="\#(position)" stroke="rgb(230,232,235)" stroke-width="1"/>"#,
                #"<text class="tick" x="\#(label)" y="\#(position)" dy="4" text-anchor="end">\#(TrendsChartSVG.escape("\(text(tick)) \(unit)"))</text>"#,
            ]
        } + [line]
    }

    /// A tick's label, to the ticks' precision, thousands grouped (`15,000`).
    func text(_ value: Double) -> String {
        NumberText.grouped(value, places: decimals)
    }

    /// A figure: whole numbers when ticks are 10 or more apart, else one decimal more than the ticks.
    func figure(_ value: Double) -> String {
        String(format: "%.\(step >= 10 ? 0 : decimals + 1)f", value)
    }
}
