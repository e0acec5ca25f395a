/// What went wrong turning a request's fields into a query or its answer into output. Fields are named neutrally
/// (`type`, `unit`, `interval`, `from`, `to`, or what the caller passed): the command line maps them to its flags
/// (`TYPE`, `--unit`, …), the server to its parameters.
public enum HealthReportsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A date argument that is not `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS]` or ISO 8601 with an offset.
    case invalidDate(field: String, value: String, reason: String)
    /// An interval argument that is not a count and a unit (`15min`, `1h`, `1d`, `1w`, `1mo`, `1y`).
    case invalidInterval(field: String, value: String, reason: String)
    /// A time zone identifier the system does not know.
    case unknownTimeZone(field: String, value: String)
    /// A window whose end is not after its start.
    case emptyWindow(from: String, to: String)
    /// Options that do not fit together or do not fit the type.
    case invalidOptions(field: String, reason: String)
    /// A statistics collection with more buckets than allowed (`count` of `maximum`): a longer interval or a shorter
    /// window is needed.
    case tooManyBuckets(count: Int, maximum: Int)
    /// An output file (such as `--svg FILE`) that could not be written.
    case outputNotWritten(path: String, reason: String)
    /// Nothing the caller may see answers to the field's value (a workout, a route); said the same whether it does
    /// not exist or the caller may not read it.
    case notFound(field: String, reason: String)

    /// The error in words, naming the field and the value at fault where there is one.
    public var description: String {
        switch self {
        case let .invalidDate(field, value, reason): return "\(field): '\(value)' is not a date: \(reason)"
        case let .invalidInterval(field, value, reason): return "\(field): '\(value)' is not an interval: \(reason)"
        case let .unknownTimeZone(field, value):
            return "\(field): unknown time zone '\(value)' (use an IANA name such as America/Los_Angeles)"
        case let .emptyWindow(from, to): return "to (\(to)) must be after from (\(from))"
        case let .invalidOptions(field, reason): return "\(field): \(reason)"
        case let .tooManyBuckets(count, maximum):
            return
                "the window holds \(count == .max ? "too many" : String(count)) buckets of the interval; at most \(maximum) are allowed (use a longer interval or a shorter window)"
        case let .outputNotWritten(path, reason): return "cannot write \(path): \(reason)"
        case let .notFound(_, reason): return reason
        }
    }
}
