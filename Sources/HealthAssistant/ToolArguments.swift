import Foundation
import HealthModel
import HealthReports
import MCP

/// A tool call's arguments, read into request values at the edge: each accessor checks one argument and throws a
/// `HealthAssistantError` naming it, the value given and what it accepts. An argument the tool does not take is
/// refused when the arguments are made, so a misspelt name is never silently ignored.
struct ToolArguments: Sendable {
    /// The arguments as the client sent them.
    let values: [String: Value]

    /// The arguments of a call to a tool that takes `accepted`; throws naming the first argument it does not take.
    init(_ values: [String: Value]?, accepted: [String]) throws(HealthAssistantError) {
        let values = values ?? [:]
        if let unknown = values.keys.sorted().first(where: { !accepted.contains($0) }) {
            throw .unknownName(field: unknown, value: unknown, accepted: accepted)
        }
        self.values = values
    }

    /// The argument as text for an error message.
    func text(_ name: String) -> String? {
        guard let value = values[name] else { return nil }
        switch value {
        case let .string(text): return text
        case let .int(number): return String(number)
        case let .double(number): return JSONValueText.number(number)
        case let .bool(flag): return String(flag)
        case .null: return "null"
        default: return "\(value)"
        }
    }

    /// A text argument, nil when absent or null.
    func string(_ name: String) throws(HealthAssistantError) -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else {
            throw .invalidArgument(field: name, value: text(name), accepted: [], reason: "must be a string")
        }
        return text
    }

    /// A whole number in `range`, nil when absent; a number outside it names the range.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(HealthAssistantError) -> Int? {
        guard let value = values[name], !value.isNull else { return nil }
        let number: Int?
        switch value {
        case let .int(whole): number = whole
        case let .double(real) where real == real.rounded() && abs(real) < 1e15: number = Int(real)
        case let .string(text): number = Int(text)
        default: number = nil
        }
        guard let number else {
            throw .invalidArgument(
                field: name, value: text(name), accepted: ["\(range.lowerBound)…\(range.upperBound)"],
                reason: "must be a whole number")
        }
        guard range.contains(number) else {
            throw .invalidArgument(
                field: name, value: String(number), accepted: ["\(range.lowerBound)…\(range.upperBound)"],
                reason: "must be from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A true or false flag, false when absent.
    func flag(_ name: String) throws(HealthAssistantError) -> Bool {
        guard let value = values[name], !value.isNull else { return false }
        if let flag = value.boolValue { return flag }
        if let text = value.stringValue, text == "true" || text == "false" { return text == "true" }
        throw .invalidArgument(
            field: name, value: text(name), accepted: ["true", "false"], reason: "must be a boolean")
    }

    /// One of `choices`, nil when absent.
    func choice(_ name: String, _ choices: [String]) throws(HealthAssistantError) -> String? {
        guard let text = try string(name) else { return nil }
        guard choices.contains(text) else {
            throw .invalidArgument(
                field: name, value: text, accepted: choices,
                reason: "'\(text)' is not one of \(choices.joined(separator: ", "))")
        }
        return text
    }

    /// A required argument's text.
    func required(_ name: String, example: String) throws(HealthAssistantError) -> String {
        guard let text = try string(name) else {
            throw .invalidArgument(
                field: name, value: nil, accepted: [example], reason: "is required (e.g. \(example))")
        }
        return text
    }

    /// A sample type by its short name or identifier (`stepCount`, `HKQuantityTypeIdentifierStepCount`), resolved as
    /// the command line resolves its TYPE argument (`SampleType.named`); `kinds` limits what the tool reads.
    func type(
        _ name: String = "type", kinds: Set<SampleKind>? = nil, default fallback: SampleType? = nil
    ) throws(HealthAssistantError) -> SampleType {
        guard let text = try string(name) else {
            if let fallback { return fallback }
            throw .invalidArgument(
                field: name, value: nil, accepted: Self.typeExamples, reason: "is required (list_types names them)")
        }
        let type: SampleType
        do {
            type = try SampleType.named(text)
        } catch {
            throw .invalidArgument(
                field: name, value: text, accepted: Self.typeExamples,
                reason: "'\(text)' is not a HealthKit type identifier or short name (list_types names the store's)")
        }
        if let kinds, !kinds.contains(type.kind) {
            throw .invalidArgument(
                field: name, value: text, accepted: Self.typeExamples,
                reason: "\(type.identifier) is a \(type.kind) type; this tool reads "
                    + kinds.map { "\($0)" }.sorted().joined(separator: " or ") + " types")
        }
        return type
    }

    /// Type names to show when one is refused: a few short names and the identifier form.
    static let typeExamples = [
        "stepCount", "activeEnergyBurned", "distanceWalkingRunning", "heartRate", "restingHeartRate", "bodyMass",
        "sleepAnalysis", "HKQuantityTypeIdentifierStepCount",
    ]

    /// The time zone: an IANA name, or the assistant's default (the machine's zone over stdio, UTC over HTTP).
    func timeZone(default zone: TimeZone, name defaultName: String) throws(HealthAssistantError) -> (TimeZone, String) {
        guard let text = try string("timeZone") else { return (zone, defaultName) }
        guard let found = TimeZone(identifier: text) else {
            throw .invalidArgument(
                field: "timeZone", value: text, accepted: ["UTC", "Europe/Berlin", "America/Los_Angeles"],
                reason: "'\(text)' is not an IANA time zone name")
        }
        return (found, text)
    }

    /// A day, `YYYY-MM-DD`, as its midnight in `calendar`; nil when absent.
    func day(_ name: String, calendar: Calendar) throws(HealthAssistantError) -> Date? {
        guard let text = try string(name) else { return nil }
        guard text.count == 10, let parts = DateReader.day(text),
            let date = calendar.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day)),
            calendar.component(.day, from: date) == parts.day
        else {
            throw .invalidArgument(
                field: name, value: text, accepted: ["YYYY-MM-DD"], reason: "'\(text)' is not a day as YYYY-MM-DD")
        }
        return date
    }

    /// A bucket interval (`1h`, `1d`, `1w`, `1mo`, `1y`), nil when absent.
    func interval(_ name: String = "interval") throws(HealthAssistantError) -> DateComponents? {
        guard let text = try string(name) else { return nil }
        do {
            return try IntervalArgument.parse(text, field: name)
        } catch {
            throw .invalidArgument(
                field: name, value: text, accepted: Self.intervals, reason: error.reason)
        }
    }

    /// The intervals tools suggest.
    static let intervals = ["1h", "1d", "1w", "1mo", "1y"]

    /// A unit (`km`, `kcal`, `count/min`), nil when absent.
    func unit(_ name: String = "unit") throws(HealthAssistantError) -> HealthUnit? {
        guard let text = try string(name) else { return nil }
        do {
            return try HealthUnit(parsing: text)
        } catch {
            throw .invalidArgument(
                field: name, value: text, accepted: ["count", "km", "mi", "kcal", "count/min", "kg"],
                reason: "'\(text)' is not a unit")
        }
    }
}

/// Numbers as JSON writes them, for messages.
enum JSONValueText {
    /// The shortest text that reads back as the number.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
