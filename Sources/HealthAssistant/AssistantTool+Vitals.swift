import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthWire

extension AssistantTool {
    /// `vitals`: the vitals table of `ohk vitals` (`VitalsReport`).
    static let vitals = AssistantTool(
        name: "vitals", title: "Vitals and body measures",
        description: """
            Heart, breathing and body measures per day or week: resting heart rate, heart rate variability, walking \
            heart rate, VO2 max, respiratory rate, blood oxygen, weight, body fat, blood pressure and glucose, each \
            the average of its samples in the bucket with sources merged by priority, in the person's preferred \
            units (the unit is in each column's name). hrv_ms is the SDNN the Watch computed; rmssd_ms, sdnn_ms and \
            pnn50_pct (pNN50 in percent) are computed from the beat-to-beat data of the nights whose waking day is in \
            the bucket. Measures without data are left out. At most 92 buckets: \
            a longer period needs interval 1w or 1mo, which the error suggests.
            """,
        parameters: [
            .day("from", "The first day (default: 30 days before to)."),
            .day("to", "The last day, included (default: today)."),
            .string("interval", "Bucket length: 1d (default), 1w or 1mo."),
            .timeZone,
        ],
        run: { assistant, arguments in try assistant.vitals(arguments) })
}

extension HealthAssistant {
    /// Answers `vitals`.
    func vitals(_ arguments: ToolArguments) throws -> ToolAnswer {
        let (calendar, zoneName) = try zone(arguments)
        let period = try DayPeriod(
            arguments, calendar: calendar, today: today(calendar), defaultDays: 30, maximumDays: nil)
        let intervalText = try arguments.string("interval") ?? "1d"
        let interval = try arguments.interval() ?? DateComponents(day: 1)
        let table: TextTable
        do {
            // The report counts the period's buckets before it reads the store, whatever the data's span.
            table = try VitalsReport.table(
                store: store, from: period.start, to: period.end, interval: interval, calendar: calendar, format: .json,
                maximumBuckets: limits.maximumVitalsBuckets)
        } catch let error as any FieldError where error.kind == .limitExceeded {
            throw HealthAssistantError.tooLarge(
                field: "interval", value: intervalText,
                reason: "\(period.first) to \(period.last) in buckets of \(intervalText) is more than the"
                    + " \(limits.maximumVitalsBuckets) buckets one answer holds; ask for a coarser interval or a"
                    + " shorter period",
                limit: FieldLimit(
                    name: "maximumBuckets", maximum: Double(limits.maximumVitalsBuckets),
                    requested: error.limit?.requested),
                suggestions: ["interval 1w", "interval 1mo", "to: an earlier last day"])
        }
        var members = period.members(timeZone: zoneName)
        members.append(("interval", .string(intervalText)))
        members.append(("measures", .array(table.columns.dropFirst().map { .string($0) })))
        members.append(("rows", table.jsonValue))
        let summary =
            table.columns.count == 1
            ? "No vitals in \(period.first) to \(period.last) (time zone \(zoneName))."
            : "Vitals per \(intervalText), \(period.first) to \(period.last) (both included), time zone \(zoneName):"
                + " \(table.columns.dropFirst().joined(separator: ", ")); the unit ends each measure's name."
        return ToolAnswer(summary: summary, structured: .object(members))
    }
}
