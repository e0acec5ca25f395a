import Foundation

/// Everything that can go wrong while building or validating health data, naming the field or input at fault.
public enum HealthModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A unit string could not be parsed; `position` is the character offset where parsing failed.
    case invalidUnit(string: String, position: Int, reason: String)
    /// A value cannot be converted between two units of different dimensions.
    case incompatibleUnits(from: String, to: String)
    /// A unit does not measure what the sample type measures.
    case unitNotCompatibleWithType(unit: String, type: String, expected: String)
    /// A numeric field holds NaN or an infinity.
    case nonFiniteValue(field: String)
    /// A sample's end date lies before its start date.
    case endBeforeStart(start: Date, end: Date)
    /// An identifier is not a known HealthKit type identifier of the expected kind.
    case unknownTypeIdentifier(String)
    /// A category value is not one of the values of the category type.
    case invalidCategoryValue(type: String, value: Int)
    /// A field holds a value outside what is allowed; `reason` says why.
    case invalidField(field: String, reason: String)
    /// A correlation breaks the content rules of its type.
    case invalidCorrelation(type: String, reason: String)
    /// The type is computed by the system and cannot be saved by a client.
    case readOnlyType(String)
    /// A sync identifier was given without a sync version (or the reverse).
    case syncMetadataIncomplete(missing: String)

    /// The error in words, naming the unit, type or field at fault.
    public var description: String {
        switch self {
        case let .invalidUnit(string, position, reason):
            return "invalid unit \"\(string)\" at character \(position): \(reason)"
        case let .incompatibleUnits(from, to):
            return "cannot convert \(from) to \(to): the units measure different things"
        case let .unitNotCompatibleWithType(unit, type, expected):
            return "unit \(unit) is not compatible with \(type) (expected a unit like \(expected))"
        case let .nonFiniteValue(field):
            return "\(field) must be a finite number"
        case let .endBeforeStart(start, end):
            return "endDate \(end) is before startDate \(start)"
        case let .unknownTypeIdentifier(identifier):
            return "unknown type identifier \(identifier)"
        case let .invalidCategoryValue(type, value):
            return "value \(value) is not a valid value of \(type)"
        case let .invalidField(field, reason):
            return "\(field): \(reason)"
        case let .invalidCorrelation(type, reason):
            return "invalid \(type): \(reason)"
        case let .readOnlyType(type):
            return "\(type) is read-only and cannot be saved"
        case let .syncMetadataIncomplete(missing):
            return "sync metadata is incomplete: \(missing) is missing"
        }
    }
}

extension HealthModelError: FieldError {
    /// A saved type that only the system writes is forbidden; everything else is an invalid value.
    public var kind: FieldErrorKind {
        if case .readOnlyType = self { return .forbidden }
        return .invalid
    }

    /// The field at fault, relative to the object being read (`unit`, `endDate`, `metadata`, or the field named).
    public var field: String? {
        switch self {
        case let .invalidField(field, _), let .nonFiniteValue(field): return field
        case .invalidUnit, .incompatibleUnits, .unitNotCompatibleWithType: return "unit"
        case .endBeforeStart: return "endDate"
        case .unknownTypeIdentifier, .readOnlyType: return "type"
        case .invalidCategoryValue: return "value"
        case .invalidCorrelation: return "objects"
        case .syncMetadataIncomplete: return "metadata"
        }
    }

    /// The value given, where the error holds it.
    public var value: String? {
        switch self {
        case let .invalidUnit(string, _, _): return string
        case let .unknownTypeIdentifier(identifier): return identifier
        case let .invalidCategoryValue(_, value): return String(value)
        default: return nil
        }
    }

    /// Why, without the field's name.
    public var reason: String {
        switch self {
        case let .invalidField(_, reason): return reason
        case .nonFiniteValue: return "must be a finite number"
        case .endBeforeStart: return "endDate is before startDate"
        default: return description
        }
    }
}
