import Foundation
import HealthModel
import HealthReports
import HealthStore
import HealthTrends
import HealthWire

extension AssistantTool {
    /// `trends`: a day against the typical day, with today's projection (`TrendsReport`, HealthTrends).
    static let trends = AssistantTool(
        name: "trends", title: "Today against the typical day",
        description: """
            A day's running total of a cumulative type (default activeEnergyBurned; stepCount, \
            distanceWalkingRunning…) hour by hour against the typical day of the previous days (default 30), the \
            projected end-of-day total (for today: what is done plus what the typical day adds from this hour), the \
            typical end-of-day total and, for active energy, the Move goal.
            """,
        parameters: [
            .type("A cumulative quantity type (default activeEnergyBurned).", required: false),
            .day("date", "The day (default: today)."),
            .integer("days", "Days in the typical day (default 30).", range: 1...366),
            .timeZone,
        ],
        run: { assistant, arguments in try assistant.trends(arguments) })
}

extension HealthAssistant {
    /// Answers `trends`.
    func trends(_ arguments: ToolArguments) throws -> ToolAnswer {
        let type = try arguments.type(kinds: [.quantity], default: TrendsCalculator.activeEnergy)
        let (calendar, zoneName) = try zone(arguments)
        let day = try arguments.day("date", calendar: calendar)
        let days = try arguments.integer("days", in: 1...366) ?? 30
        guard type.aggregationStyle == .cumulative else {
            throw HealthAssistantError.invalidArgument(
                field: "type", value: arguments.text("type"),
                accepted: ["activeEnergyBurned", "stepCount", "distanceWalkingRunning", "flightsClimbed"],
                reason: "\(type.identifier) is not cumulative: trends add samples up")
        }
        let calculator = try TrendsCalculator(
            store: store, type: type, unit: store.displayUnit(for: type), calendar: calendar, clock: clock)
        let report = try TrendsReport.make(calculator, date: day, days: days, goalFallback: 500)
        let unit = report.unit
        func figure(_ value: Double?) -> JSONValue { .number(value.map { FigureRounding.shown($0, in: unit) }) }
        let hours: [JSONValue] = report.rows.map { row in
            .object([
                ("end", .string(DateWriter.format(row.end, in: calendar.timeZone))), ("total", figure(row.total)),
                ("typical", figure(row.typical)),
            ])
        }
        let structured = JSONValue.object([
            ("type", .string(type.identifier)), ("unit", .string(unit.unitString)), ("timeZone", .string(zoneName)),
            ("date", .string(DayPeriod.day(report.day, calendar))), ("typicalDays", .number(Double(days))),
            ("total", figure(report.total)), ("projectedTotal", figure(report.projectedTotal)),
            ("typicalEndOfDay", figure(report.typicalEndOfDay)), ("moveGoal", figure(report.moveGoal)),
            ("hours", .array(hours)),
        ])
        let summary =
            "\(type.identifier) on \(DayPeriod.day(report.day, calendar)) (time zone \(zoneName)): so far "
            + FigureRounding.text(report.total, in: unit, type: type) + ", projected "
            + FigureRounding.text(report.projectedTotal, in: unit, type: type) + ", typical day of the last \(days) "
            + FigureRounding.text(report.typicalEndOfDay, in: unit, type: type)
            + (report.moveGoal.map { ", Move goal " + FigureRounding.text($0, in: unit, type: type) } ?? "") + "."
        return ToolAnswer(summary: summary, structured: structured)
    }
}
