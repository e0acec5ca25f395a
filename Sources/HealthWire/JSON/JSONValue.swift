import Foundation

/// A JSON value whose objects keep their keys in the order given, written compactly.
///
/// Written by hand because `JSONEncoder` and `JSONSerialization` on Linux either sort keys or keep no order, and the
/// documented output of `ohk stats` lists `start` before `end` and the figures in a fixed order.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// A number, or null when the value is nil or not finite.
    public static func number(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .number(value)
    }

    /// Two values are equal when they write the same compact JSON text (so an object's key order counts).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.text == rhs.text
    }

    /// The value with every object's keys sorted, at every depth.
    public var keysSorted: JSONValue {
        switch self {
        case let .array(values): return .array(values.map(\.keysSorted))
        case let .object(members): return .object(members.sorted { $0.0 < $1.0 }.map { ($0.0, $0.1.keysSorted) })
        default: return self
        }
    }

    /// The compact JSON text.
    public var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the compact JSON text.
    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case let .bool(value): output += value ? "true" : "false"
        case let .number(value): output += JSONValue.format(value)
        case let .string(value): JSONValue.writeString(value, to: &output)
        case let .array(values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case let .object(members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                JSONValue.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Integers without a fraction, others in Swift's shortest round-tripping form; never an exponent JSON rejects.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        // Most texts (identifiers, dates, UUIDs) need no escaping: appended whole, not scalar by scalar (which was
        // most of the time the server spent writing answers).
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20:
                output += String(format: "\\u%04x", control.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSONValue: Encodable {
    /// Writes the value to any encoder (`WireEncoder` keeps its objects' key order; other encoders may not).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case let .bool(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .number(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .string(value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case let .array(values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case let .object(members):
            var container = encoder.container(keyedBy: WireKey.self)
            for (key, value) in members { try container.encode(value, forKey: WireKey(key)) }
        }
    }
}
