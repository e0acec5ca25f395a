/// A `DecodingError` in the words every refusal of the project uses: the field it happened at, written as a path
/// (`samples[3].electrocardiogram.voltages[2]`), and the rule broken (`must be a number`).
///
/// The one place a `DecodingError` becomes a field: the HTTP API's bodies (`HealthWire`) and the stores' payloads
/// (`SamplePayload.decoded`) both read their errors through it.
public struct DecodingFieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field at fault (the `root` given when the error is about the whole value).
    public let field: String
    /// What is wrong with it.
    public let reason: String

    /// A refusal of `field` for `reason`.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// The field and reason of a decoding error, its path written under `root` (`""` for none).
    public init(_ error: DecodingError, under root: String = "") {
        switch error {
        case let .keyNotFound(key, context):
            self.init(field: Self.path(context.codingPath + [key], under: root), reason: "is required")
        case let .typeMismatch(type, context):
            self.init(
                field: Self.path(context.codingPath, under: root), reason: "must be \(Self.description(of: type))")
        case let .valueNotFound(type, context):
            self.init(
                field: Self.path(context.codingPath, under: root),
                reason: "must be \(Self.description(of: type)), not null")
        case let .dataCorrupted(context):
            self.init(field: Self.path(context.codingPath, under: root), reason: context.debugDescription)
        @unknown default:
            self.init(field: root, reason: "\(error)")
        }
    }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }

    /// A coding path written as a field: members joined by dots, elements in brackets, an empty key as `""` (so that a
    /// refusal of it still names something).
    public static func path(_ codingPath: [any CodingKey], under root: String = "") -> String {
        var path = root
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                let name = key.stringValue.isEmpty ? "\"\"" : key.stringValue
                path += path.isEmpty ? name : "." + name
            }
        }
        return path
    }

    private static func description(of type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default: return type is any Collection.Type && !(type is [String: Any].Type) ? "a JSON array" : "a JSON object"
        }
    }
}
