import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthWire

extension AssistantTool {
    /// `samples`: raw samples of a type, at most 1,000 per call.
    static let samples = AssistantTool(
        name: "samples", title: "Raw samples",
        description: """
            The raw samples of one type in a period (start, end, value, unit, source, device), oldest first or \
            newest first; at most 1,000 per call (default 100), and the answer says when it was cut. Prefer \
            statistics, sleep or workouts for totals and averages: raw samples from several sources overlap and \
            must not be added up.
            """,
        parameters: [
            .type("The type (any kind)."),
            .day("from", "The first day (default: 7 days before to)."),
            .day("to", "The last day, included (default: today)."),
            .integer("limit", "The most samples to return (default 100).", range: 1...1_000),
            .flag("newestFirst", "Newest samples first (default: oldest first)."),
            .string("unit", "The unit of quantity values (default: the person's preferred unit)."),
            .timeZone,
        ],
        run: { assistant, arguments in try assistant.samples(arguments) })
}

extension HealthAssistant {
    /// Answers `samples`.
    func samples(_ arguments: ToolArguments) throws -> ToolAnswer {
        let type = try arguments.type()
        let (calendar, zoneName) = try zone(arguments)
        let period = try DayPeriod(
            arguments, calendar: calendar, today: today(calendar), defaultDays: 7, maximumDays: nil)
        let limit = try arguments.integer("limit", in: 1...limits.maximumSamples) ?? min(100, limits.maximumSamples)
        let newestFirst = try arguments.flag("newestFirst")
        let unit = try SampleListing.outputUnit(try arguments.unit() ?? store.displayUnit(for: type), for: type)
        // One more than asked for, to tell whether the answer was cut.
        let found = try store.samples(
            SampleQueryRequest(
                type: type, predicate: .date(start: period.start, end: period.end, options: []), limit: limit + 1,
                sort: [SampleSort(.startDate, ascending: !newestFirst)]))
        let kept = Array(found.prefix(limit))
        let cut = found.count > limit
        let table = try SampleListing.table(kept, type: type, unit: unit, timeZone: calendar.timeZone)
        var members: [(String, JSONValue)] = [("type", .string(type.identifier))]
        members += period.members(timeZone: zoneName)
        members += [
            ("count", .number(Double(kept.count))), ("cut", .bool(cut)),
            ("samples", table.jsonValue),
        ]
        let summary =
            "\(kept.count) \(type.identifier) sample\(kept.count == 1 ? "" : "s"), \(period.first) to \(period.last)"
            + " (both included), times in \(zoneName)"
            + (cut
                ? "; cut at \(limit): more samples are in the period (ask a shorter period, newestFirst, or a limit up"
                    + " to \(limits.maximumSamples))." : ".")
        return ToolAnswer(summary: summary, structured: .object(members))
    }
}
