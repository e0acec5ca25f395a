import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// HealthKit's error domain.
public let HKErrorDomain = "com.apple.healthkit"

/// Matches an error against a code, so that `catch HKError.errorNoData` works.
public func ~= (code: HKError.Code, error: any Error) -> Bool { (error as? HKError)?.code == code }

/// A HealthKit error: a code with HealthKit's number and a message naming what went wrong.
public struct HKError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError, CustomNSError {
    /// HealthKit's error codes, with HealthKit's numbers.
    public enum Code: Int, Sendable, Hashable {
        case errorUnknown = 0
        case errorHealthDataUnavailable = 1
        case errorHealthDataRestricted = 2
        case errorInvalidArgument = 3
        case errorAuthorizationDenied = 4
        case errorAuthorizationNotDetermined = 5
        case errorDatabaseInaccessible = 6
        case errorUserCanceled = 7
        case errorAnotherWorkoutSessionStarted = 8
        case errorUserExitedWorkoutSession = 9
        case errorRequiredAuthorizationDenied = 10
        case errorNoData = 11
        case errorWorkoutActivityNotAllowed = 12
        case errorDataSizeExceeded = 13
        case errorBackgroundWorkoutSessionNotAllowed = 14
        case errorNotPermissibleForGuestUserMode = 15
    }

    /// The code.
    public let code: Code
    /// What went wrong, naming the field or object.
    public let message: String

    /// An error with a code and a message.
    public init(_ code: Code, _ message: String = "") {
        self.code = code
        self.message = message
    }

    /// The error domain, for `CustomNSError`.
    public static var errorDomain: String { HKErrorDomain }
    /// The numeric code, for `CustomNSError`.
    public var errorCode: Int { code.rawValue }
    /// The message, for `LocalizedError`.
    public var errorDescription: String? { message.isEmpty ? "\(code)" : message }
    public var description: String { "HKError(\(code), \(code.rawValue)): \(message)" }

    public static var errorUnknown: Code { .errorUnknown }
    public static var errorHealthDataUnavailable: Code { .errorHealthDataUnavailable }
    public static var errorHealthDataRestricted: Code { .errorHealthDataRestricted }
    public static var errorInvalidArgument: Code { .errorInvalidArgument }
    public static var errorAuthorizationDenied: Code { .errorAuthorizationDenied }
    public static var errorAuthorizationNotDetermined: Code { .errorAuthorizationNotDetermined }
    public static var errorDatabaseInaccessible: Code { .errorDatabaseInaccessible }
    public static var errorUserCanceled: Code { .errorUserCanceled }
    public static var errorNoData: Code { .errorNoData }
    public static var errorNotPermissibleForGuestUserMode: Code { .errorNotPermissibleForGuestUserMode }

    /// Translates an error of the modules below into HealthKit's terms.
    static func from(_ error: any Error) -> HKError {
        switch error {
        case let error as HKError:
            return error
        case let error as HealthModelError:
            return HKError(.errorInvalidArgument, error.description)
        case let error as HealthEngineError:
            if case .noData = error { return HKError(.errorNoData, error.description) }
            return HKError(.errorInvalidArgument, error.description)
        case let error as HealthStoreError:
            switch error {
            case let .engine(inner): return from(inner)
            case .capacityExceeded: return HKError(.errorDataSizeExceeded, error.description)
            case .authorizationNotDetermined: return HKError(.errorAuthorizationNotDetermined, error.description)
            case .authorizationDenied: return HKError(.errorAuthorizationDenied, error.description)
            case .healthDataUnavailable: return HKError(.errorHealthDataUnavailable, error.description)
            case .databaseInaccessible: return HKError(.errorDatabaseInaccessible, error.description)
            case .notPermissibleInGuestMode: return HKError(.errorNotPermissibleForGuestUserMode, error.description)
            default: return HKError(.errorInvalidArgument, error.description)
            }
        default:
            return HKError(.errorUnknown, String(describing: error))
        }
    }
}
