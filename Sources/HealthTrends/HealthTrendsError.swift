import Foundation
import HealthModel
import HealthStore

/// What can go wrong computing trends, naming the part at fault.
public enum HealthTrendsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The type is not a cumulative quantity type (trends add samples up).
    case notCumulative(type: String)
    /// A parameter is out of range.
    case invalidParameter(name: String, reason: String)
    /// The store is locked (it cannot be read until unlocked).
    case storeLocked
    /// The store could not answer.
    case store(String)
    /// The typical-day cache file could not be written (the figures computed are still right).
    case cacheNotWritten(path: String, reason: String)

    /// The error for a store failure: locked stores are told apart, since callers fall back to cached data then.
    static func from(_ error: any Error) -> HealthTrendsError {
        if let error = error as? HealthTrendsError { return error }
        if let error = error as? HealthStoreError, error == .databaseInaccessible { return .storeLocked }
        return .store("\(error)")
    }

    /// The error in words; a store error keeps the store's message.
    public var description: String {
        switch self {
        case let .notCumulative(type): return "\(type) is not a cumulative quantity type: trends add samples up"
        case let .invalidParameter(name, reason): return "invalid \(name): \(reason)"
        case .storeLocked: return "the store is locked and cannot be read until it is unlocked"
        case let .store(message): return message
        case let .cacheNotWritten(path, reason): return "the typical-day cache \(path) could not be written: \(reason)"
        }
    }
}

extension HealthTrendsError: FieldError {
    /// A type or parameter the caller gave is invalid; a store that is locked or failed, or a cache not written, is a
    /// failure.
    public var kind: FieldErrorKind {
        switch self {
        case .notCumulative, .invalidParameter: return .invalid
        case .storeLocked, .store, .cacheNotWritten: return .failure
        }
    }

    /// The type or parameter at fault.
    public var field: String? {
        switch self {
        case .notCumulative: return "type"
        case let .invalidParameter(name, _): return name
        case .storeLocked, .store, .cacheNotWritten: return nil
        }
    }

    /// Why, without the field's name.
    public var reason: String {
        switch self {
        case let .notCumulative(type): return "\(type) is not a cumulative quantity type: trends add samples up"
        case let .invalidParameter(_, reason): return reason
        default: return description
        }
    }
}
