import Foundation
import HealthModel
import HealthWire
import MCP

/// What a tool answers: its figures as a JSON object (the structured content, with the time zone and the period it
/// covers named) and a short summary for people; the text content an assistant reads is the summary followed by the
/// same JSON written compactly, so a client that reads only text content (as most do) reads every figure, and one
/// that reads structured content gets it typed.
struct ToolAnswer: Sendable {
    /// The summary lines.
    let summary: String
    /// The figures: a JSON object.
    let structured: JSONValue

    /// The MCP result: the text (summary, a blank line, the JSON) and the structured content.
    var result: CallTool.Result {
        CallTool.Result(
            content: [.text(summary + "\n\n" + structured.text)], structuredContent: Optional(structured.mcpValue),
            isError: false)
    }

    /// A refusal as a tool error (`isError: true`, never a protocol error): the text names the argument, the value
    /// given, the accepted values and, for a budget, the budget and the questions that fit; the structured content
    /// holds the same as `{"error": {kind, field, value, accepted, reason, limit}}`.
    static func refusal(_ error: any FieldError) -> CallTool.Result {
        var lines = ["error: " + error.message()]
        if let value = error.value { lines.append("value given: \(value)") }
        if !error.accepted.isEmpty {
            lines.append(
                (error.kind == .limitExceeded ? "would fit: " : "accepted: ") + error.accepted.joined(separator: ", "))
        }
        if let limit = error.limit {
            lines.append(
                "limit \(limit.name): \(JSONValueText.number(limit.maximum))"
                    + (limit.requested.map { ", asked for \(JSONValueText.number($0))" } ?? ""))
        }
        var members: [(String, JSONValue)] = [
            ("kind", .string(error.kind.rawValue)), ("field", error.field.map(JSONValue.string) ?? .null),
            ("value", error.value.map(JSONValue.string) ?? .null),
            ("accepted", .array(error.accepted.map { .string($0) })),
            ("reason", .string(error.reason)),
        ]
        if let limit = error.limit {
            members.append(
                (
                    "limit",
                    .object([
                        ("name", .string(limit.name)), ("maximum", .number(limit.maximum)),
                        ("requested", .number(limit.requested)),
                    ])
                ))
        }
        let structured = JSONValue.object([("error", .object(members))])
        return CallTool.Result(
            content: [.text(lines.joined(separator: "\n"))], structuredContent: Optional(structured.mcpValue),
            isError: true)
    }

    /// A failure that is not the caller's (the store failed): a tool error saying so, without internals beyond the
    /// error's own words.
    static func failure(_ error: any Error) -> CallTool.Result {
        let structured = JSONValue.object([
            ("error", .object([("kind", .string("failure")), ("reason", .string("\(error)"))]))
        ])
        return CallTool.Result(
            content: [.text("error: the store could not answer: \(error)")],
            structuredContent: Optional(structured.mcpValue),
            isError: true)
    }
}

extension JSONValue {
    /// The value as the MCP SDK's `Value`: whole numbers as integers, other numbers as doubles (objects lose their
    /// member order, which JSON does not promise).
    var mcpValue: Value {
        switch self {
        case .null: return .null
        case let .bool(flag): return .bool(flag)
        case let .number(number):
            return number == number.rounded() && abs(number) < 1e15 ? .int(Int(number)) : .double(number)
        case let .string(text): return .string(text)
        case let .array(values): return .array(values.map(\.mcpValue))
        case let .object(members):
            var object: [String: Value] = [:]
            for (key, value) in members { object[key] = value.mcpValue }
            return .object(object)
        }
    }
}
