import Foundation
import HealthModel

/// Everything a JSON body is refused for, naming the field at fault (`samples[3].unit`); the server answers each
/// with its documented error body (`HealthServerError.from(_:)`), the CLI with a message.
public enum WireError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A field holds something that is not allowed.
    case invalidField(field: String, reason: String)
    /// The body is not JSON (or is empty).
    case malformedBody(reason: String)
    /// The value at `field` (a sample: `samples[3]`) breaks a rule of the data model; the model error names the part
    /// of it (`endDate`, `electrocardiogram.voltages[2]`).
    case model(HealthModelError, field: String)
    /// An array holds more elements than the reader takes (`WireDecoder.maximumSamples`).
    case tooMany(field: String, count: Int, maximum: Int)

    /// The error of a `DecodingError` (the one mapping, `DecodingFieldError`): text that is not JSON is a malformed
    /// body, anything else names its field (`body` for the body itself).
    public init(_ error: DecodingError) {
        if case let .dataCorrupted(context) = error, context.codingPath.isEmpty,
            let underlying = context.underlyingError
        {
            self = .malformedBody(
                reason: (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                    ?? context.debugDescription)
            return
        }
        let failure = DecodingFieldError(error)
        self = .invalidField(field: failure.field.isEmpty ? "body" : failure.field, reason: failure.reason)
    }

    /// The error in words.
    public var description: String {
        switch self {
        case let .invalidField(field, reason): return "\(field): \(reason)"
        case let .malformedBody(reason): return "the body is not valid JSON: \(reason)"
        case let .model(error, field): return "\(field): \(error)"
        case let .tooMany(field, count, maximum): return "\(field): \(count) elements, more than \(maximum)"
        }
    }
}

extension WireError: FieldError {
    /// The budget name of `tooMany`: the server's batch limit, which sets `WireDecoder.maximumSamples`.
    public static let batchLimitName = "maximumBatchSamples"

    /// Text that is not JSON is malformed; a value the model refuses keeps the model's kind; too many elements go over
    /// the batch budget; anything else is an invalid value.
    public var kind: FieldErrorKind {
        switch self {
        case .invalidField: return .invalid
        case .malformedBody: return .malformed
        case let .model(error, _): return error.kind
        case .tooMany: return .limitExceeded
        }
    }

    /// The field at fault, as a path into the body (`samples[3].endDate`).
    public var field: String? {
        switch self {
        case let .model(error, field): return error.field.map { "\(field).\($0)" } ?? field
        case let .invalidField(field, _), let .tooMany(field, _, _): return field
        case .malformedBody: return "body"
        }
    }

    /// Why, without the field's name.
    public var reason: String {
        switch self {
        case let .invalidField(_, reason), let .malformedBody(reason): return reason
        case let .model(error, _): return error.reason
        case let .tooMany(_, count, maximum): return "\(count) elements, more than \(maximum)"
        }
    }

    /// The batch budget, for `tooMany`.
    public var limit: FieldLimit? {
        guard case let .tooMany(_, count, maximum) = self else { return nil }
        return FieldLimit(name: Self.batchLimitName, maximum: Double(maximum), requested: Double(count))
    }
}
