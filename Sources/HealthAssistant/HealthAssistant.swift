import Foundation
import HealthModel
import HealthStore
import HealthWire
import MCP

/// The Health numbers for an AI assistant: the tools (`list_types`, `statistics`, `samples`, `sleep`, `workouts`,
/// `vitals`, `route`, `compare_periods`, `trends`), the resources (characteristics, preferred units) and the prompts
/// (a weekly and a monthly summary) of an MCP server, over a store already narrowed to the caller's view
/// (`store.client(bundleIdentifier)` for `ohk mcp --client`, the token's client over HTTP), so what the caller may not
/// read looks exactly like no data here too. Every tool only reads: importing stays a command.
///
/// Arguments become request values here, at the edge (`ToolArguments`); a refusal is a tool error naming the
/// argument, the value given and the accepted values (`ToolAnswer.refusal`), never a protocol error or a crash.
/// Answers are sized for a model (`AssistantLimits`): a question over a budget is refused with questions that fit,
/// never answered coarser than asked. The calls are synchronous store reads: `AssistantServer` runs them on the
/// store's executor.
public struct HealthAssistant: Sendable {
    /// The store as the caller may see it.
    public let store: HealthDataStore
    /// The time zone of days and buckets when a call names none (the machine's for `ohk mcp`, UTC over HTTP).
    public let timeZone: TimeZone
    /// The default time zone's name as answers write it.
    public let timeZoneName: String
    /// The clock (today for `trends` and the prompts); passed in, never read here.
    public let clock: @Sendable () -> Date
    /// The budgets of one answer.
    public let limits: AssistantLimits

    /// An assistant over a store view.
    ///
    /// - Parameters:
    ///   - store: the store, narrowed to the caller's view.
    ///   - timeZone: the default time zone; `timeZoneName` its name as written (default: its identifier).
    ///   - clock: today's source.
    ///   - limits: the budgets of one answer.
    public init(
        store: HealthDataStore, timeZone: TimeZone, timeZoneName: String? = nil,
        clock: @escaping @Sendable () -> Date, limits: AssistantLimits = AssistantLimits()
    ) {
        self.store = store
        self.timeZone = timeZone
        self.timeZoneName = timeZoneName ?? timeZone.identifier
        self.clock = clock
        self.limits = limits
    }

    /// The tools, in the order they are listed.
    public var tools: [Tool] { AssistantTool.all.map(\.tool) }

    /// Calls a tool by name: its answer, or a tool error (`isError: true`) naming the argument at fault.
    public func call(_ name: String, arguments: [String: Value]?) -> CallTool.Result {
        guard let tool = AssistantTool.all.first(where: { $0.name == name }) else {
            return ToolAnswer.refusal(
                HealthAssistantError.unknownName(field: "name", value: name, accepted: AssistantTool.all.map(\.name)))
        }
        do {
            let arguments = try ToolArguments(arguments, accepted: tool.arguments)
            return try tool.run(self, arguments).result
        } catch let error as any FieldError where error.kind != .failure {
            return ToolAnswer.refusal(error)
        } catch {
            return ToolAnswer.failure(error)
        }
    }

    /// The calendar of a time zone (Gregorian).
    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// The time zone and calendar a call asks for.
    func zone(_ arguments: ToolArguments) throws(HealthAssistantError) -> (calendar: Calendar, name: String) {
        let (zone, name) = try arguments.timeZone(default: timeZone, name: timeZoneName)
        return (Self.calendar(zone), name)
    }

    /// Today's midnight in a calendar, by the clock.
    func today(_ calendar: Calendar) -> Date { calendar.startOfDay(for: clock()) }
}

/// The budgets of one answer, so that it fits a model's context: a year of daily statistics stays under 48 KB of
/// text (docs/decisions/mcp.md has the figures).
public struct AssistantLimits: Sendable, Equatable {
    /// The most buckets of one `statistics` answer (a leap year of days).
    public var maximumBuckets = 366
    /// The most buckets of one `vitals` answer (a row holds up to eleven measures: a quarter of days, or weeks).
    public var maximumVitalsBuckets = 92
    /// The most samples of one `samples` answer.
    public var maximumSamples = 1_000
    /// The most days of one `sleep` answer listing its nights (the summary alone: `maximumDays`).
    public var maximumSleepNightDays = 62
    /// The most days of a period (`sleep` summaries, `workouts`, each of `compare_periods`'s periods).
    public var maximumDays = 366
    /// The most workouts of one `workouts` answer.
    public var maximumWorkouts = 100
    /// The most points of one `route` answer.
    public var maximumRoutePoints = 2_000

    /// The default budgets.
    public init() {}
}

/// A period of whole days: `from` and `to` (both included) in a time zone, as the tools take them.
struct DayPeriod: Sendable {
    /// The first day's midnight.
    let start: Date
    /// The midnight after the last day (exclusive).
    let end: Date
    /// The calendar of the days.
    let calendar: Calendar
    /// The number of days.
    let days: Int

    /// The first day, `YYYY-MM-DD`.
    var first: String { Self.day(start, calendar) }
    /// The last day, `YYYY-MM-DD`.
    var last: String { Self.day(calendar.date(byAdding: .day, value: -1, to: end)!, calendar) }

    /// The period of `fromName` and `toName` (default: `defaultDays` days ending today); `to` before `from` is refused
    /// naming `to`, a period over `maximumDays` naming the argument it runs over.
    init(
        _ arguments: ToolArguments, from fromName: String = "from", to toName: String = "to", calendar: Calendar,
        today: Date, defaultDays: Int, maximumDays: Int?, suggestion: String? = nil
    ) throws(HealthAssistantError) {
        let given = try (arguments.day(fromName, calendar: calendar), arguments.day(toName, calendar: calendar))
        let last = given.1 ?? (given.0.map { calendar.date(byAdding: .day, value: defaultDays - 1, to: $0)! } ?? today)
        let first = given.0 ?? calendar.date(byAdding: .day, value: -(defaultDays - 1), to: last)!
        guard first <= last else {
            throw .invalidArgument(
                field: toName, value: arguments.text(toName), accepted: ["\(Self.day(first, calendar)) or later"],
                reason: "the last day is before \(fromName) (\(Self.day(first, calendar))); both days are included")
        }
        start = first
        end = calendar.date(byAdding: .day, value: 1, to: last)!
        self.calendar = calendar
        days = calendar.dateComponents([.day], from: first, to: last).day! + 1
        if let maximumDays, days > maximumDays {
            throw .tooLarge(
                field: toName, value: Self.day(last, calendar),
                reason:
                    "\(days) days from \(Self.day(first, calendar)) is more than the \(maximumDays) one answer holds",
                limit: FieldLimit(name: "maximumDays", maximum: Double(maximumDays), requested: Double(days)),
                suggestions: [
                    "\(toName): \(Self.day(calendar.date(byAdding: .day, value: maximumDays - 1, to: first)!, calendar))"
                ] + (suggestion.map { [$0] } ?? []))
        }
    }

    /// `YYYY-MM-DD` of a date in a calendar.
    static func day(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return DateWriter.day(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// The period as JSON members: `from`, `to` (both included), `timeZone`.
    func members(timeZone name: String) -> [(String, JSONValue)] {
        [("from", .string(first)), ("to", .string(last)), ("timeZone", .string(name))]
    }
}
