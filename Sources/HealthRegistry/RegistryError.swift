import Foundation
import HealthModel

/// Everything the registry refuses or fails at: a bad name, bundle identifier or grant, a person or client that
/// exists already or does not exist, a refused token, and the database or the file system failing.
///
/// The server answers these as its own errors (`HealthServerError.from(_:)`); `ohk people` and `ohk clients` print
/// them.
public enum RegistryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A person's name, a bundle identifier or a granted type is not allowed; `field` names the value at fault in the
    /// registry's own terms (`person`, `bundleIdentifier`, `share`, `read`), which `ohk` turns into its arguments.
    case invalidField(field: String, reason: String)
    /// A person with this name exists already.
    case personExists(String)
    /// No person has this name.
    case unknownPerson(String)
    /// The person has an active client of this bundle identifier already (one per app, as in HealthKit).
    case clientExists(person: String, bundleIdentifier: String)
    /// A presented token is malformed, unknown or revoked.
    case tokenRefused(String)
    /// No server directory was named and the environment names none.
    case noServerDirectory
    /// The registry's database failed (opening, migrating, reading or writing); the reason names the operation.
    case databaseFailure(String)
    /// A person was removed from the registry, but their store or uploads could not be erased.
    case erasureFailure(String)

    /// The error in words, naming the person, client or field at fault.
    public var description: String {
        switch self {
        case let .invalidField(field, reason): return "\(field): \(reason)"
        case let .personExists(name): return "a person named \(name) exists already"
        case let .unknownPerson(name): return "no person named \(name)"
        case let .clientExists(person, bundleIdentifier):
            return "\(bundleIdentifier) is registered for \(person) already"
        case let .tokenRefused(reason): return reason
        case .noServerDirectory:
            return "no server directory given and none of OHK_SERVER_STORE, XDG_DATA_HOME and HOME is set"
        case let .databaseFailure(reason), let .erasureFailure(reason): return reason
        }
    }
}

extension RegistryError: FieldError {
    /// What kind of refusal this is: a refused token is unauthenticated, a person or client that exists already a
    /// conflict, an unknown person not found, the database or the file system failing a failure.
    public var kind: FieldErrorKind {
        switch self {
        case .invalidField: return .invalid
        case .personExists, .clientExists: return .conflict
        case .unknownPerson: return .notFound
        case .tokenRefused: return .unauthenticated
        case .noServerDirectory, .databaseFailure, .erasureFailure: return .failure
        }
    }

    /// The field at fault, in the registry's own terms.
    public var field: String? {
        if case let .invalidField(field, _) = self { return field }
        return nil
    }

    /// Why, without the field's name.
    public var reason: String {
        if case let .invalidField(_, reason) = self { return reason }
        return description
    }
}
