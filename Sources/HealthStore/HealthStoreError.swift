import Foundation
import HealthEngine
import HealthModel

/// Everything that can go wrong when writing to or reading from a store, naming the object or field at fault.
public enum HealthStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An object with this identifier is already stored (or appears twice in one batch).
    case duplicateObject(UUID)
    /// No stored object has this identifier.
    case objectNotFound(UUID)
    /// A save or delete was asked for with nothing in it.
    case emptyRequest(String)
    /// The store cannot take more objects.
    case capacityExceeded(String)
    /// The type is computed by the system and cannot be saved.
    case readOnlyType(String)
    /// The data was invalid at the model level.
    case model(HealthModelError)
    /// The query could not be evaluated.
    case engine(HealthEngineError)
    /// The file at the path is not an OpenHealthKit store; it was left untouched.
    case notAStore(path: String, reason: String)
    /// The store at the path was written by a newer version of OpenHealthKit; it was left untouched.
    case newerStore(path: String, unknownMigrations: [String])
    /// The store at the path cannot be opened or created.
    case storeUnavailable(path: String, reason: String)
    /// The database of the store (SQLite or PostgreSQL) failed while doing something.
    case database(operation: String, message: String)
    /// Stored data could not be read back; the message says what and where.
    case corruptStore(String)
    /// The client has not asked for permission to share (save) this type.
    case authorizationNotDetermined(type: String)
    /// The client may not do this: the message says what was refused.
    case authorizationDenied(String)
    /// Health data is not available in this store (its condition says so).
    case healthDataUnavailable
    /// The store is locked: it cannot be read until unlocked.
    case databaseInaccessible
    /// The store is in guest mode: nothing can be saved or deleted.
    case notPermissibleInGuestMode(String)

    /// The error in words; wrapped model and engine errors keep their own description.
    public var description: String {
        switch self {
        case let .duplicateObject(uuid): return "an object with uuid \(uuid) is already stored"
        case let .objectNotFound(uuid): return "no stored object has uuid \(uuid)"
        case let .emptyRequest(what): return "nothing to \(what)"
        case let .capacityExceeded(reason): return "the store is full: \(reason)"
        case let .readOnlyType(type): return "\(type) is read-only and cannot be saved"
        case let .model(error): return error.description
        case let .engine(error): return error.description
        case let .notAStore(path, reason):
            return "\(path) is not an OpenHealthKit store (\(reason)); it was left untouched"
        case let .newerStore(path, migrations):
            return
                "\(path) was written by a newer version of OpenHealthKit (unknown migrations: \(migrations.joined(separator: ", "))); it was left untouched"
        case let .storeUnavailable(path, reason): return "cannot open the store at \(path): \(reason)"
        case let .database(operation, message): return "the database failed while \(operation): \(message)"
        case let .corruptStore(message): return "the store is damaged: \(message)"
        case let .authorizationNotDetermined(type):
            return "not authorized to share \(type): request authorization first"
        case let .authorizationDenied(what): return "not authorized: \(what)"
        case .healthDataUnavailable: return "health data is not available in this store"
        case .databaseInaccessible: return "the store is locked and cannot be read until it is unlocked"
        case let .notPermissibleInGuestMode(what): return "cannot \(what) in guest mode"
        }
    }
}

extension HealthStoreError {
    /// The error a commit fails with when its plan breaks a commit rule.
    package init(_ violation: CommitViolation) {
        switch violation {
        case let .objectNotFound(uuid): self = .objectNotFound(uuid)
        case let .duplicateObject(uuid): self = .duplicateObject(uuid)
        }
    }
}

extension CommitPlan {
    /// Throws the plan's violation, if it has one, as the store's error.
    package func throwViolation() throws {
        if let violation { throw HealthStoreError(violation) }
    }
}

extension HealthStoreError: FieldError {
    /// What kind of refusal this is; wrapped model and engine errors keep their own.
    public var kind: FieldErrorKind {
        switch self {
        case .duplicateObject: return .conflict
        case .objectNotFound: return .notFound
        case .emptyRequest: return .invalid
        case .readOnlyType, .authorizationNotDetermined, .authorizationDenied: return .forbidden
        case let .model(error): return error.kind
        case let .engine(error): return error.kind
        case .capacityExceeded, .notAStore, .newerStore, .storeUnavailable, .database, .corruptStore,
            .healthDataUnavailable, .databaseInaccessible, .notPermissibleInGuestMode:
            return .failure
        }
    }

    /// The field at fault, for wrapped model and engine errors; the store's own errors are about the object or the
    /// request the caller names (the edge puts its field in front).
    public var field: String? {
        switch self {
        case let .model(error): return error.field
        case let .engine(error): return error.field
        default: return nil
        }
    }

    /// The value given, for wrapped errors and the objects named by identifier.
    public var value: String? {
        switch self {
        case let .duplicateObject(uuid), let .objectNotFound(uuid): return uuid.uuidString
        case let .model(error): return error.value
        case let .engine(error): return error.value
        default: return nil
        }
    }

    /// Why, without the field's name.
    public var reason: String {
        switch self {
        case let .model(error): return error.reason
        case let .engine(error): return error.reason
        case let .authorizationNotDetermined(type): return "this client was not granted sharing \(type)"
        default: return description
        }
    }

    /// The budget, for a wrapped engine error that went over one.
    public var limit: FieldLimit? {
        if case let .engine(error) = self { return error.limit }
        return nil
    }
}
