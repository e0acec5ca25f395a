import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthWire

extension AssistantTool {
    /// `compare_periods`: one type over two periods side by side, with the change.
    static let comparePeriods = AssistantTool(
        name: "compare_periods", title: "Compare two periods",
        description: """
            One quantity type over two periods side by side ("am I walking less than last year?"): for cumulative \
            types (steps, energy, distance) the total and the average per day, for the others the average, minimum \
            and maximum, each merged across sources by priority as the Health app does, and the change from the \
            first period to the second (difference and percent). Each period is at most 366 days.
            """,
        parameters: [
            .type("The quantity type."),
            .day("firstFrom", "The first period's first day.", required: true),
            .day("firstTo", "The first period's last day, included.", required: true),
            .day("secondFrom", "The second period's first day.", required: true),
            .day("secondTo", "The second period's last day, included.", required: true),
            .string("unit", "The unit of the figures (default: the person's preferred unit)."),
            .timeZone,
        ],
        run: { assistant, arguments in try assistant.comparePeriods(arguments) })
}

extension HealthAssistant {
    /// Answers `compare_periods`.
    func comparePeriods(_ arguments: ToolArguments) throws -> ToolAnswer {
        let type = try arguments.type(kinds: [.quantity])
        let (calendar, zoneName) = try zone(arguments)
        for name in ["firstFrom", "firstTo", "secondFrom", "secondTo"] {
            _ = try arguments.required(name, example: "2024-03-01")
        }
        let periods = try [("firstFrom", "firstTo"), ("secondFrom", "secondTo")].map { from, to in
            try DayPeriod(
                arguments, from: from, to: to, calendar: calendar, today: today(calendar), defaultDays: 1,
                maximumDays: limits.maximumDays)
        }
        let unit = try arguments.unit() ?? store.displayUnit(for: type)
        let cumulative = type.aggregationStyle?.isCumulative == true
        var figures: [[String: Double]] = []
        var provenance: [JSONValue] = []
        var shownUnit: HealthUnit?
        for period in periods {
            let report = try StatisticsReport.make(
                try StatisticsReportRequest(
                    type: type, from: period.start, to: period.end, calendar: calendar,
                    options: StatisticsReport.defaultOptions(for: type), unit: unit, timeZoneName: zoneName,
                    provenance: .summary),
                store: store)
            shownUnit = report.unit
            var values: [String: Double] = [:]
            for key in report.keys { if let value = report.rows.first?.figures[key] ?? nil { values[key] = value } }
            if cumulative, let sum = values["sum"] { values["perDay"] = sum / Double(period.days) }
            figures.append(values)
            provenance.append(ProvenanceSummary.summary(report.provenance, unit: report.unit))
        }
        let outputUnit = shownUnit ?? type.canonicalUnit ?? .count
        let keys = cumulative ? ["sum", "perDay"] : ["average", "minimum", "maximum"]
        func side(_ index: Int) -> JSONValue {
            var members = periods[index].members(timeZone: zoneName).filter { $0.0 != "timeZone" }
            members.append(("days", .number(Double(periods[index].days))))
            members += keys.map { key in
                (key, figures[index][key].map { .number(FigureRounding.shown($0, in: outputUnit)) } ?? .null)
            }
            members.append(("provenance", provenance[index]))
            return .object(members)
        }
        var change: [(String, JSONValue)] = []
        var sentences: [String] = []
        let compared = cumulative ? "perDay" : "average"
        for key in keys {
            guard let first = figures[0][key], let second = figures[1][key] else {
                change.append((key, .null))
                continue
            }
            let difference = FigureRounding.shown(second, in: outputUnit) - FigureRounding.shown(first, in: outputUnit)
            let percent = first == 0 ? nil : ((second - first) / abs(first) * 1000).rounded() / 10
            change.append(
                (
                    key,
                    .object([
                        (
                            "difference",
                            .number(FigureRounding.round(difference, places: FigureRounding.places(outputUnit)))
                        ),
                        ("percent", .number(percent)),
                    ])
                ))
            if key == compared {
                sentences.append(
                    "\(key == "perDay" ? "Per day" : "Average"): "
                        + FigureRounding.text(first, in: outputUnit, type: type) + " then "
                        + FigureRounding.text(second, in: outputUnit, type: type)
                        + (percent.map { String(format: " (%+.1f %%)", $0) } ?? "") + ".")
            }
        }
        let summary =
            "\(type.identifier): \(periods[0].first) to \(periods[0].last) against \(periods[1].first) to"
            + " \(periods[1].last) (days included), time zone \(zoneName). "
            + (sentences.isEmpty ? "One of the periods has no data." : sentences.joined(separator: " "))
        return ToolAnswer(
            summary: summary,
            structured: .object([
                ("type", .string(type.identifier)), ("unit", .string(FigureRounding.label(outputUnit))),
                ("timeZone", .string(zoneName)), ("first", side(0)), ("second", side(1)), ("change", .object(change)),
            ]))
    }
}
