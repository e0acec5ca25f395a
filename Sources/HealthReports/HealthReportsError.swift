import HealthModel

/// What went wrong turning a request's fields into a query or its answer into output. Fields are named neutrally
/// (`type`, `unit`, `interval`, `from`, `to`, or what the caller passed): the command line maps them to its flags
/// (`TYPE`, `--unit`, …), the server to its parameters.
public enum HealthReportsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An interval argument that is not a count and a unit (`15min`, `1h`, `1d`, `1w`, `1mo`, `1y`).
    case invalidInterval(field: String, value: String, reason: String)
    /// A time zone identifier the system does not know.
    case unknownTimeZone(field: String, value: String)
    /// A window whose end is not after its start.
    case emptyWindow(from: String, to: String)
    /// Options that do not fit together or do not fit the type.
    case invalidOptions(field: String, reason: String)
    /// A name that is not one of the accepted ones (a statistics figure such as `sum`).
    case notAccepted(field: String, value: String, accepted: [String])
    /// An output file (such as `--svg FILE`) that could not be written.
    case outputNotWritten(path: String, reason: String)
    /// Nothing the caller may see answers to the field's value (a workout, a route); said the same whether it does
    /// not exist or the caller may not read it.
    case notFound(field: String, reason: String)

    /// The error in words, naming the field and the value at fault where there is one.
    public var description: String {
        switch self {
        case .invalidInterval, .unknownTimeZone, .emptyWindow, .invalidOptions, .notAccepted:
            return message()
        case let .outputNotWritten(path, reason): return "cannot write \(path): \(reason)"
        case let .notFound(_, reason): return reason
        }
    }
}

extension HealthReportsError: FieldError {
    /// What kind of refusal this is: an output not written is a failure, a value that finds nothing not found, the
    /// rest invalid values.
    public var kind: FieldErrorKind {
        switch self {
        case .outputNotWritten: return .failure
        case .notFound: return .notFound
        default: return .invalid
        }
    }

    /// The field at fault, by its neutral name (`to` for an empty window).
    public var field: String? {
        switch self {
        case let .invalidInterval(field, _, _), let .unknownTimeZone(field, _),
            let .invalidOptions(field, _), let .notAccepted(field, _, _), let .notFound(field, _):
            return field
        case .emptyWindow: return "to"
        case .outputNotWritten: return nil
        }
    }

    /// The value given, where the error holds it.
    public var value: String? {
        switch self {
        case let .invalidInterval(_, value, _), let .unknownTimeZone(_, value),
            let .notAccepted(_, value, _):
            return value
        case let .emptyWindow(_, to): return to
        default: return nil
        }
    }

    /// The names that would have been accepted.
    public var accepted: [String] {
        if case let .notAccepted(_, _, accepted) = self { return accepted }
        return []
    }

    /// Why, without the field's name.
    public var reason: String {
        switch self {
        case let .invalidInterval(_, value, reason): return "'\(value)' is not an interval: \(reason)"
        case let .unknownTimeZone(_, value):
            return "unknown time zone '\(value)' (use an IANA name such as America/Los_Angeles)"
        case let .emptyWindow(from, to): return "\(to) is not after the window's start, \(from)"
        case let .invalidOptions(_, reason), let .notFound(_, reason): return reason
        case let .notAccepted(_, value, accepted):
            return "'\(value)' is not one of \(accepted.joined(separator: ", "))"
        case .outputNotWritten: return description
        }
    }
}
