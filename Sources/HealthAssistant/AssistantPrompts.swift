import Foundation
import HealthModel
import MCP

/// The prompts: a weekly and a monthly summary, each naming its days and the tools to call.
enum AssistantPrompts {
    /// The prompts listed.
    static let all: [Prompt] = [
        Prompt(
            name: "weekly_summary", title: "Weekly health summary",
            description: "Summarize the seven days ending on a day (default today): activity, sleep, workouts, vitals.",
            arguments: arguments),
        Prompt(
            name: "monthly_summary", title: "Monthly health summary",
            description: "Summarize the month ending on a day (default today), against the month before.",
            arguments: arguments),
    ]

    static let arguments: [Prompt.Argument] = [
        .init(name: "end", description: "The last day, YYYY-MM-DD (default: today)."),
        .init(name: "timeZone", description: "IANA time zone name (default: the server's)."),
    ]
}

extension HealthAssistant {
    /// The prompt's message, or a refusal naming the argument at fault.
    public func prompt(_ name: String, arguments: [String: String]?) throws -> GetPrompt.Result {
        guard let found = AssistantPrompts.all.first(where: { $0.name == name }) else {
            throw HealthAssistantError.unknownName(
                field: "name", value: name, accepted: AssistantPrompts.all.map(\.name))
        }
        let parsed = try ToolArguments(arguments?.mapValues { Value.string($0) }, accepted: ["end", "timeZone"])
        let (calendar, zoneName) = try zone(parsed)
        let last = try parsed.day("end", calendar: calendar) ?? today(calendar)
        let weekly = name == "weekly_summary"
        let first = calendar.date(byAdding: weekly ? .day : .month, value: weekly ? -6 : -1, to: last)!
        let start = weekly ? first : calendar.date(byAdding: .day, value: 1, to: first)!
        let previousLast = calendar.date(byAdding: .day, value: -1, to: start)!
        let previousFirst = calendar.date(byAdding: weekly ? .day : .month, value: weekly ? -6 : -1, to: previousLast)!
        let previousStart = weekly ? previousFirst : calendar.date(byAdding: .day, value: 1, to: previousFirst)!
        let (from, to) = (DayPeriod.day(start, calendar), DayPeriod.day(last, calendar))
        let (previousFrom, previousTo) = (DayPeriod.day(previousStart, calendar), DayPeriod.day(previousLast, calendar))
        let text = """
            Summarize my health data from \(from) to \(to) (both days included), time zone \(zoneName), against \
            \(previousFrom) to \(previousTo). Use the health tools with timeZone \(zoneName): list_types to see what \
            I have; statistics with interval 1d for stepCount, activeEnergyBurned and distanceWalkingRunning; \
            compare_periods for the same types against the earlier period; sleep; workouts; vitals\
            \(weekly ? "" : " with interval 1w"). Give figures with their units, say which sources the merged \
            figures came from, and say plainly where there is no data rather than guessing.
            """
        return GetPrompt.Result(description: found.description, messages: [.user(.text(text: text))])
    }
}
