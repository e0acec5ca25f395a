import Foundation
import HealthModel

/// Store calls that mean nothing off-device (declared in `HKHealthStore`'s body so that subclasses can override
/// them): each fails the way HealthKit fails when the feature is unavailable (`errorHealthDataUnavailable`), after
/// checking its arguments as HealthKit does.
extension HKHealthStore {
    static func noAppExtensions() -> HKError {
        HKError(.errorHealthDataUnavailable, "there are no app extensions to authorize off-device")
    }

    /// Checks that the type allows recalibration, then fails: there are no device estimates off-device.
    func recalibrateEstimatesNow(_ sampleType: HKSampleType) throws -> Never {
        guard sampleType.allowsRecalibrationForEstimates else {
            throw HKError(.errorInvalidArgument, "estimates of \(sampleType.identifier) cannot be recalibrated")
        }
        throw HKError(.errorHealthDataUnavailable, "there are no device estimates to recalibrate off-device")
    }

    func fail(_ completion: @escaping (Bool, (any Error)?) -> Void, _ error: any Error) {
        deliver { completion(false, error) }
    }
}
