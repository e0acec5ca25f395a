import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthWire

extension AssistantTool {
    /// `sleep`: nights by the day of waking, as `ohk sleep` and `GET /sleep` give them.
    static let sleep = AssistantTool(
        name: "sleep", title: "Sleep nights",
        description: """
            Sleep nights by the day the person woke up, as the Health app counts them: sources (a Watch, a sleep \
            app) merged by priority so that a night counts once and overlapping stages are not counted twice; for \
            each night the bedtime, time asleep and in bed, minutes of core, deep, REM and awake, and the naps; \
            then a summary (average asleep, bedtime, wake time and their spread). Nights listed for up to 62 days; \
            up to 366 days with nights set to false (summary only).
            """,
        parameters: [
            .day("from", "The first waking day (default: 7 days before to)."),
            .day("to", "The last waking day, included (default: today)."),
            .flag("nights", "List each night (default true); false for the summary only."),
            .timeZone,
        ],
        run: { assistant, arguments in try assistant.sleep(arguments) })
}

extension HealthAssistant {
    /// Answers `sleep`.
    func sleep(_ arguments: ToolArguments) throws -> ToolAnswer {
        let (calendar, zoneName) = try zone(arguments)
        let listing = arguments.values["nights"] == nil ? true : try arguments.flag("nights")
        let period = try DayPeriod(
            arguments, calendar: calendar, today: today(calendar), defaultDays: 7,
            maximumDays: listing ? limits.maximumSleepNightDays : limits.maximumDays,
            suggestion: listing ? "nights: false (the summary of up to \(limits.maximumDays) days)" : nil)
        let parts: Set<Calendar.Component> = [.year, .month, .day]
        let nights = try store.sleepNights(
            try SleepNightsRequest(
                first: calendar.dateComponents(parts, from: period.start),
                last: calendar.dateComponents(parts, from: calendar.date(byAdding: .day, value: -1, to: period.end)!),
                calendar: calendar, maximumDays: limits.maximumDays))
        guard case let .object(document) = SleepReport.document(nights, timeZoneName: zoneName, calendar: calendar)
        else { return ToolAnswer(summary: "", structured: .null) }
        var members = period.members(timeZone: zoneName)
        members += document.filter { $0.0 != "timeZone" && (listing || $0.0 != "nights") }
        let summary =
            "Sleep by waking day, \(period.first) to \(period.last) (both included), times in \(zoneName); minutes"
            + " for durations.\n" + SleepReport.summaryText(nights, calendar: calendar)
        return ToolAnswer(summary: summary, structured: .object(members))
    }
}
