import Foundation
import HealthModel

/// Everything that can go wrong while evaluating a query, naming the part of the query at fault.
public enum HealthEngineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The predicate cannot be evaluated for the queried type; the reason says which part.
    case predicateNotEvaluable(type: String, reason: String)
    /// A query parameter is invalid.
    case invalidQuery(field: String, reason: String)
    /// A statistics query matched no data (HealthKit's `errorNoData`).
    case noData(type: String)
    /// The data or request was invalid at the model level.
    case model(HealthModelError)
    /// A change query's anchor predates the change-log horizon: deletions after it were forgotten (SEMANTICS §6).
    case anchorTooOld(anchor: Int64, horizon: Int64)
    /// A statistics collection would have more buckets than the caller's budget allows (`count` of `maximum`).
    case tooManyBuckets(count: Int, maximum: Int)
    /// A stored record of a kind does not read back as its kind's value (`RecordKind.decoded(_:key:)`).
    case corruptRecord(kind: String, key: String, reason: String)

    /// The error in words; a wrapped model error keeps its own description.
    public var description: String {
        switch self {
        case let .predicateNotEvaluable(type, reason): return "the predicate cannot be evaluated on \(type): \(reason)"
        case let .invalidQuery(field, reason): return "\(field): \(reason)"
        case let .noData(type): return "no data available for \(type)"
        case let .model(error): return error.description
        case let .anchorTooOld(anchor, horizon):
            return
                "the anchor \(anchor) is too old: deletions up to change \(horizon) are no longer remembered; start again without an anchor"
        case let .tooManyBuckets(count, maximum):
            return
                "the statistics collection would have \(count) buckets; at most \(maximum) are allowed (use a longer interval or a shorter window)"
        case let .corruptRecord(kind, key, reason):
            return "the stored \(kind) record \"\(key)\" does not read back: \(reason)"
        }
    }
}

extension HealthEngineError: FieldError {
    /// The bucket budget's name, as `ohk serve --max-buckets` and `ServerLimits.maximumBuckets` spell it.
    public static let bucketLimitName = "maximumBuckets"

    /// What kind of refusal this is; a wrapped model error keeps its own.
    public var kind: FieldErrorKind {
        switch self {
        case .predicateNotEvaluable, .invalidQuery: return .invalid
        case .noData: return .noData
        case let .model(error): return error.kind
        case .anchorTooOld: return .expired
        case .tooManyBuckets: return .limitExceeded
        case .corruptRecord: return .failure
        }
    }

    /// The part of the query at fault.
    public var field: String? {
        switch self {
        case .predicateNotEvaluable: return "predicate"
        case let .invalidQuery(field, _): return field
        case let .model(error): return error.field
        case .anchorTooOld: return "anchor"
        case .noData, .tooManyBuckets, .corruptRecord: return nil
        }
    }

    /// The value given, where the error holds it.
    public var value: String? {
        switch self {
        case let .model(error): return error.value
        case let .anchorTooOld(anchor, _): return String(anchor)
        default: return nil
        }
    }

    /// Why, without the field's name.
    public var reason: String {
        switch self {
        case let .invalidQuery(_, reason): return reason
        case let .model(error): return error.reason
        default: return description
        }
    }

    /// The bucket budget, for `tooManyBuckets`.
    public var limit: FieldLimit? {
        guard case let .tooManyBuckets(count, maximum) = self else { return nil }
        return FieldLimit(name: Self.bucketLimitName, maximum: Double(maximum), requested: Double(count))
    }
}
