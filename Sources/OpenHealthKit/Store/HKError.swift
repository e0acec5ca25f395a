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
        /// A failure HealthKit cannot classify (`HKUnknownError`).
        case unknownError = 0
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

        /// The old name of `unknownError` (`HKNoError`, code 0), which HealthKit deprecates.
        @available(*, deprecated, renamed: "unknownError")
        public static var noError: Code { .unknownError }
    }

    /// The code.
    public let code: Code
    /// What went wrong, naming the field or object.
    public let message: String
    /// Why a CDA document failed validation, under `HKDetailedCDAValidationErrorKey` in the user info.
    var detailedCDAValidationError: String?

    /// An error with a code and a message.
    public init(_ code: Code, _ message: String = "") {
        self.code = code
        self.message = message
    }

    /// An error with a code and a user info dictionary, as Swift's HealthKit builds one; the message is the
    /// dictionary's `NSLocalizedDescriptionKey` (other entries are not kept).
    public init(_ code: Code, userInfo: [String: Any]) {
        self.init(code, userInfo[NSLocalizedDescriptionKey] as? String ?? "")
    }

    /// The error domain, for `CustomNSError`.
    public static var errorDomain: String { HKErrorDomain }
    /// The numeric code, for `CustomNSError`.
    public var errorCode: Int { code.rawValue }
    /// The message, for `LocalizedError`.
    public var errorDescription: String? { message.isEmpty ? "\(code)" : message }
    /// The message under `NSLocalizedDescriptionKey`, for `CustomNSError`: on Linux, `localizedDescription` and
    /// `NSError` read it from here (not from `errorDescription`), so without it an app would print a generic text.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: errorDescription ?? "\(code)"]
        userInfo[HKDetailedCDAValidationErrorKey] = detailedCDAValidationError
        return userInfo
    }
    /// The code's name and number, then the message: `HKError(errorNoData, 11): …`.
    public var description: String { "HKError(\(code), \(code.rawValue)): \(message)" }

    /// HealthKit's code for a failure it cannot classify; raised here for an error from outside the store's modules.
    public static var unknownError: Code { .unknownError }
    /// The old name of `unknownError` (`HKNoError`, code 0), which HealthKit deprecates.
    @available(*, deprecated, renamed: "unknownError")
    public static var noError: Code { .unknownError }
    /// HealthKit's code for a device without health data; raised when the store's condition is unavailable.
    public static var errorHealthDataUnavailable: Code { .errorHealthDataUnavailable }
    /// HealthKit's code for health data restricted on the device by a policy; not raised by the store itself.
    public static var errorHealthDataRestricted: Code { .errorHealthDataRestricted }
    /// HealthKit's code for a bad argument or an object that fails validation; also the code of other store and
    /// engine errors that have no closer HealthKit code.
    public static var errorInvalidArgument: Code { .errorInvalidArgument }
    /// HealthKit's code for an operation the client is not allowed: sharing a type it was denied, changing another
    /// app's data or subscriptions, or a setting that needs full access.
    public static var errorAuthorizationDenied: Code { .errorAuthorizationDenied }
    /// HealthKit's code for a write to a type the client has not yet been asked to share.
    public static var errorAuthorizationNotDetermined: Code { .errorAuthorizationNotDetermined }
    /// HealthKit's code for a store that cannot be read (a locked device); raised when the store's condition is locked.
    public static var errorDatabaseInaccessible: Code { .errorDatabaseInaccessible }
    /// HealthKit's code for a request the user abandoned; not raised by the store itself.
    public static var errorUserCanceled: Code { .errorUserCanceled }
    /// HealthKit's code for a query that found nothing to answer with; raised by statistics over no matching sample.
    public static var errorNoData: Code { .errorNoData }
    /// HealthKit's code for an operation refused in guest mode; raised by a save or delete while the store is in the
    /// guest condition.
    public static var errorNotPermissibleForGuestUserMode: Code { .errorNotPermissibleForGuestUserMode }
    /// HealthKit's code for a workout session ended because another app started one; not raised here yet.
    public static var errorAnotherWorkoutSessionStarted: Code { .errorAnotherWorkoutSessionStarted }
    /// HealthKit's code for a workout session the person left; not raised here yet.
    public static var errorUserExitedWorkoutSession: Code { .errorUserExitedWorkoutSession }
    /// HealthKit's code for a request refused because a required type was denied; not raised here yet.
    public static var errorRequiredAuthorizationDenied: Code { .errorRequiredAuthorizationDenied }
    /// HealthKit's code for a workout activity the session does not allow; not raised here yet.
    public static var errorWorkoutActivityNotAllowed: Code { .errorWorkoutActivityNotAllowed }
    /// HealthKit's code for data above the size HealthKit accepts; not raised here yet.
    public static var errorDataSizeExceeded: Code { .errorDataSizeExceeded }
    /// HealthKit's code for a workout session that may not start in the background; not raised here yet.
    public static var errorBackgroundWorkoutSessionNotAllowed: Code { .errorBackgroundWorkoutSessionNotAllowed }

    /// Translates an error of the modules below into HealthKit's terms: the store's conditions HealthKit has a code
    /// for keep it, a statistics query that matched nothing is `errorNoData`, any other refusal (`FieldError`) is an
    /// invalid argument, anything else `unknownError`.
    static func from(_ error: any Error) -> HKError {
        if let error = error as? HKError { return error }
        switch error as? HealthStoreError {
        case .capacityExceeded?: return HKError(.errorDataSizeExceeded, "\(error)")
        case .authorizationNotDetermined?: return HKError(.errorAuthorizationNotDetermined, "\(error)")
        case .authorizationDenied?: return HKError(.errorAuthorizationDenied, "\(error)")
        case .healthDataUnavailable?: return HKError(.errorHealthDataUnavailable, "\(error)")
        case .databaseInaccessible?: return HKError(.errorDatabaseInaccessible, "\(error)")
        case .notPermissibleInGuestMode?: return HKError(.errorNotPermissibleForGuestUserMode, "\(error)")
        default: break
        }
        guard let error = error as? any FieldError else { return HKError(.unknownError, String(describing: error)) }
        return HKError(error.kind == .noData ? .errorNoData : .errorInvalidArgument, error.description)
    }
}
