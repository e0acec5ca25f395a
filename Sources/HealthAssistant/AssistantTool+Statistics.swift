import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthWire

extension AssistantTool {
    /// `statistics`: a quantity type over days, merged by source priority and prorated as `ohk stats` and
    /// `GET /statistics/collection` compute it (`StatisticsReport`).
    static let statistics = AssistantTool(
        name: "statistics", title: "Statistics of a quantity type",
        description: """
            Totals or averages of one quantity type (steps, active energy, distance, heart rate, weight…) from one \
            day to another, one figure for the period or one per bucket (interval 1h, 1d, 1w, 1mo, 1y), computed \
            as the Health app does: the sources (Watch, iPhone, apps) are merged by priority so that overlapping \
            time counts once, and cumulative figures are prorated across bucket edges. Default figure: the sum for \
            cumulative types, average, minimum and maximum for the others. Each answer names the time zone and \
            summarizes the sources behind the merged figure for the whole period (per bucket only with \
            bySource). At most 366 buckets per answer: a longer period needs a coarser interval, which the error \
            suggests.
            """,
        parameters: [
            .type("The quantity type."),
            .day("from", "The first day (default: 30 days before to)."),
            .day("to", "The last day, included (default: today)."),
            .string(
                "interval",
                "Bucket length: 1h, 1d, 1w (weeks start on Monday), 1mo, 1y, or a count and a unit (15min, 2w);"
                    + " without it, one figure for the whole period."),
            .string(
                "statistic",
                "The figures, comma-separated: sum, average, minimum, maximum, mostRecent, duration (default: sum for"
                    + " cumulative types, average,minimum,maximum for discrete ones)."),
            .string(
                "unit", "The unit of the figures (km, mi, kcal, kg, count/min; default: the person's preferred unit)."),
            .flag(
                "bySource",
                "Also give each bucket's provenance: the sources' shares and what was set aside (larger answers)."),
            .timeZone,
        ],
        run: { assistant, arguments in try assistant.statistics(arguments) })
}

extension HealthAssistant {
    /// Answers `statistics`.
    func statistics(_ arguments: ToolArguments) throws -> ToolAnswer {
        let type = try arguments.type(kinds: [.quantity])
        let (calendar, zoneName) = try zone(arguments)
        let period = try DayPeriod(
            arguments, calendar: calendar, today: today(calendar), defaultDays: 30, maximumDays: nil)
        let interval = try arguments.interval()
        var options = try StatisticsReportRequest.options(
            named: (try arguments.string("statistic") ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }, field: "statistic")
        let bySource = try arguments.flag("bySource")
        let unit = try arguments.unit() ?? store.displayUnit(for: type)
        // The engine counts the provenance as it merges: for the whole answer, and per bucket on request.
        let request = try bucketedRequest(
            type: type, period: period, interval: interval, intervalText: arguments.text("interval"),
            calendar: calendar, options: options, unit: unit, zoneName: zoneName,
            provenance: bySource ? .perBucket : .summary)
        let report = try StatisticsReport.make(request, store: store)
        // The whole period as `ohk stats` without --interval computes it (samples that start in it): the period's
        // figures of discrete types.
        let whole = try StatisticsReport.make(
            try StatisticsReportRequest(
                type: type, from: period.start, to: period.end, calendar: calendar, options: request.query.options,
                unit: request.unit, timeZoneName: zoneName),
            store: store)
        return StatisticsAnswer(
            report: report, whole: whole, period: period, interval: interval == nil ? nil : arguments.text("interval"),
            bySource: bySource, provenance: ProvenanceSummary.summary(report.provenance, unit: report.unit)
        ).answer
    }

    /// A statistics request over a period, refused over the bucket budget with the coarser intervals that fit.
    func bucketedRequest(
        type: SampleType, period: DayPeriod, interval: DateComponents?, intervalText: String?, calendar: Calendar,
        options: StatisticsOptions, unit: HealthUnit?, zoneName: String, provenance: StatisticsProvenance.Detail
    ) throws -> StatisticsReportRequest {
        func request(_ interval: DateComponents?) throws -> StatisticsReportRequest {
            try StatisticsReportRequest(
                type: type, from: period.start, to: period.end, interval: interval, calendar: calendar,
                options: options, unit: unit, timeZoneName: zoneName, maximumBuckets: limits.maximumBuckets,
                provenance: provenance)
        }
        do {
            return try request(interval)
        } catch let error as any FieldError where error.kind == .limitExceeded {
            // Coarser questions that fit, counted by the same check; never chosen in the caller's place.
            var fits: [String] = []
            for candidate in ToolArguments.intervals {
                guard let components = try? IntervalArgument.parse(candidate),
                    let count = (try? request(components))?.bucketCount
                else { continue }
                fits.append("interval \(candidate) (\(count) bucket\(count == 1 ? "" : "s"))")
            }
            throw HealthAssistantError.tooLarge(
                field: "interval", value: intervalText ?? "",
                reason: "\(period.first) to \(period.last) in buckets of \(intervalText ?? "") is "
                    + (error.limit?.requested.map { "\(Int($0)) buckets, " } ?? "")
                    + "more than the \(limits.maximumBuckets) one answer holds; ask for a coarser interval or a"
                    + " shorter period",
                limit: FieldLimit(
                    name: "maximumBuckets", maximum: Double(limits.maximumBuckets), requested: error.limit?.requested),
                suggestions: fits + ["to: an earlier last day"])
        }
    }
}

/// A statistics answer: the period, the buckets (a date for day-long or longer buckets, an instant for shorter),
/// the period's figures and the provenance summary.
struct StatisticsAnswer {
    let report: StatisticsReport
    let whole: StatisticsReport
    let period: DayPeriod
    let interval: String?
    let bySource: Bool
    let provenance: JSONValue

    var answer: ToolAnswer {
        let unit = report.unit
        let type = report.type
        let places = FigureRounding.places(unit)
        func figure(_ key: String, _ value: Double?) -> JSONValue {
            guard let value else { return .null }
            return key == "duration" ? .number(value.rounded()) : .number(FigureRounding.shown(value, in: unit))
        }
        // Buckets from midnight to midnight (days, weeks, months, years) are named by their first day.
        let dayLong = report.rows.allSatisfy { row in
            period.calendar.startOfDay(for: row.start) == row.start
                && period.calendar.startOfDay(for: row.end) == row.end
        }
        var buckets: [JSONValue] = []
        if interval != nil {
            for row in report.rows {
                var members: [(String, JSONValue)] = [
                    dayLong
                        ? ("date", .string(DayPeriod.day(row.start, period.calendar)))
                        : ("start", .string(DateWriter.format(row.start, in: report.timeZone)))
                ]
                members += report.keys.map { ($0, figure($0, row.figures[$0] ?? nil)) }
                if bySource, row.provenance != nil {
                    members.append(("provenance", ProvenanceSummary.summary(row.provenance, unit: unit)))
                }
                buckets.append(.object(members))
            }
        }
        // The period's figures: a cumulative sum is the buckets' (prorated) sum when there are buckets, so the total
        // is what the buckets add up to; the rest are the whole-period query's.
        var totals: [(String, JSONValue)] = []
        let wholeRow = whole.rows.first
        for key in report.keys {
            if key == "sum", interval != nil {
                let sums = report.rows.compactMap { $0.figures["sum"] ?? nil }
                totals.append((key, sums.isEmpty ? .null : figure(key, sums.reduce(0, +))))
            } else {
                totals.append((key, figure(key, wholeRow?.figures[key] ?? nil)))
            }
        }
        let withData = report.rows.filter { row in report.keys.contains { (row.figures[$0] ?? nil) != nil } }.count
        var members: [(String, JSONValue)] = [
            ("type", .string(type.identifier)), ("unit", .string(FigureRounding.label(unit))),
        ]
        members += period.members(timeZone: report.timeZoneName)
        members.append(("interval", interval.map(JSONValue.string) ?? .null))
        members.append(("period", .object(totals)))
        if interval != nil {
            members.append(("bucketsWithData", .number(Double(withData))))
            members.append(("buckets", .array(buckets)))
        }
        members.append(("provenance", provenance))

        var lines = [
            "\(type.identifier) in \(UnitLabel.label(unit, for: type)), \(period.first) to \(period.last) (both"
                + " included), time zone \(report.timeZoneName)" + (interval.map { ", buckets of \($0)" } ?? "") + "."
        ]
        let figures = totals.compactMap { key, value -> String? in
            guard case let .number(number) = value else { return nil }
            return key == "duration"
                ? "\(key) \(NumberText.hoursAndMinutes(number))"
                : "\(key) " + NumberText.grouped(number, places: places) + " " + UnitLabel.label(unit, for: type)
        }
        lines.append(figures.isEmpty ? "No data in this period." : "Period: " + figures.joined(separator: ", ") + ".")
        if interval != nil { lines.append("\(withData) of \(report.rows.count) buckets have data.") }
        lines.append(ProvenanceSummary.sentence(provenance))
        return ToolAnswer(summary: lines.joined(separator: "\n"), structured: .object(members))
    }
}
