import HealthModel

/// What an assistant's tool call got wrong, naming the argument: an argument that is not one the tool takes, a value
/// it cannot read, or a question over an answer's budget (with coarser questions that fit). Errors of the modules
/// below (`HealthReportsError`, `HealthEngineError`, `HealthStoreError`, …) reach the answer as they are, through
/// `FieldError`.
public enum HealthAssistantError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A value the tool cannot take: the argument, the value given, the values it accepts and why.
    case invalidArgument(field: String, value: String?, accepted: [String], reason: String)
    /// A question whose answer would go over a budget (buckets, days, samples): the argument, the value given, why,
    /// the budget, and questions that fit (coarser intervals, shorter periods), never chosen in the caller's place.
    case tooLarge(field: String, value: String, reason: String, limit: FieldLimit, suggestions: [String])
    /// A tool, resource or prompt name that is not one of the server's.
    case unknownName(field: String, value: String, accepted: [String])

    /// The error in words: `<field>: <reason>`.
    public var description: String { message() }
}

extension HealthAssistantError: FieldError {
    /// Invalid values and unknown names are `invalid`; an answer over its budget is `limitExceeded`.
    public var kind: FieldErrorKind {
        switch self {
        case .invalidArgument, .unknownName: return .invalid
        case .tooLarge: return .limitExceeded
        }
    }

    /// The argument at fault.
    public var field: String? {
        switch self {
        case let .invalidArgument(field, _, _, _), let .tooLarge(field, _, _, _, _), let .unknownName(field, _, _):
            return field
        }
    }

    /// The value given.
    public var value: String? {
        switch self {
        case let .invalidArgument(_, value, _, _): return value
        case let .tooLarge(_, value, _, _, _), let .unknownName(_, value, _): return value
        }
    }

    /// The values accepted (for a budget: the suggested values that fit).
    public var accepted: [String] {
        switch self {
        case let .invalidArgument(_, _, accepted, _), let .unknownName(_, _, accepted): return accepted
        case let .tooLarge(_, _, _, _, suggestions): return suggestions
        }
    }

    /// Why, without the argument's name.
    public var reason: String {
        switch self {
        case let .invalidArgument(_, _, _, reason), let .tooLarge(_, _, reason, _, _): return reason
        case let .unknownName(_, value, _): return "'\(value)' is not one of this server's"
        }
    }

    /// The budget, for `tooLarge`.
    public var limit: FieldLimit? {
        if case let .tooLarge(_, _, _, limit, _) = self { return limit }
        return nil
    }
}
