import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthWire

extension AssistantTool {
    /// `workouts`: workouts with their figures, as `ohk workouts --format json` and `GET /workouts` give them.
    static let workouts = AssistantTool(
        name: "workouts", title: "Workouts",
        description: """
            The workouts that start in a period, oldest first: activity, start, duration (s), distance (m), ascent \
            and descent (m), energy (kcal), pace (s/km) or speed (km/h), average and maximum heart rate (bpm, \
            sources merged by priority), time in heart rate zones (s), source and uuid (for route). At most 100 per \
            call (default 50); when cut, next gives the start of the first one left out. Periods up to 366 days.
            """,
        parameters: [
            .day("from", "The first day (default: 30 days before to)."),
            .day("to", "The last day, included (default: today)."),
            .integer("limit", "The most workouts to return (default 50).", range: 1...100),
            .timeZone,
        ],
        run: { assistant, arguments in try assistant.workouts(arguments) })
}

extension HealthAssistant {
    /// Answers `workouts`.
    func workouts(_ arguments: ToolArguments) throws -> ToolAnswer {
        let (calendar, zoneName) = try zone(arguments)
        let period = try DayPeriod(
            arguments, calendar: calendar, today: today(calendar), defaultDays: 30, maximumDays: limits.maximumDays)
        let limit =
            try arguments.integer("limit", in: 1...limits.maximumWorkouts) ?? min(50, limits.maximumWorkouts)
        // One more than asked for, to tell whether more start in the period.
        let summaries = try store.workoutSummaries(
            try WorkoutSummariesRequest(
                from: period.start, to: period.end, limit: limit + 1, maximumDays: limits.maximumDays),
            calendar: calendar)
        let kept = Array(summaries.prefix(limit))
        let next = summaries.count > limit ? summaries[limit].start : nil
        guard
            case let .object(document) = WorkoutReport.document(
                kept, timeZoneName: zoneName, calendar: calendar, next: next)
        else { return ToolAnswer(summary: "", structured: .null) }
        var members = period.members(timeZone: zoneName)
        members.append(("count", .number(Double(kept.count))))
        members += document.filter { $0.0 != "timeZone" }
        let duration = kept.map(\.duration).reduce(0, +)
        let distance = kept.compactMap(\.distance).reduce(0, +)
        let energy = kept.compactMap(\.energy).reduce(0, +)
        let summary =
            "\(kept.count) workout\(kept.count == 1 ? "" : "s"), \(period.first) to \(period.last) (both included),"
            + " times in \(zoneName): \(NumberText.hoursAndMinutes(duration)), "
            + NumberText.grouped(distance / 1000, places: 3) + " km, " + NumberText.grouped(energy) + " kcal"
            + (next == nil ? "." : "; cut at \(limit): more start from next.")
        return ToolAnswer(summary: summary, structured: .object(members))
    }
}
