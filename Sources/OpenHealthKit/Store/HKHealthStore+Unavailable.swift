import Foundation
import HealthModel

/// Store calls that mean nothing off-device: each exists with HealthKit's signature and fails the way HealthKit fails
/// when the feature is unavailable (`errorHealthDataUnavailable`), after checking its arguments as HealthKit does.
extension HKHealthStore {
    /// Shows the authorization sheet an app extension asked for: there are no app extensions off-device.
    public func handleAuthorizationForExtension(completion: @escaping (Bool, (any Error)?) -> Void) {
        fail(completion, "there are no app extensions to authorize off-device")
    }

    /// Shows the authorization sheet an app extension asked for: there are no app extensions off-device.
    public func handleAuthorizationForExtension() async throws {
        throw HKError(.errorHealthDataUnavailable, "there are no app extensions to authorize off-device")
    }

    /// Recalibrates the device's estimates of a type from a date; the type must allow it
    /// (`allowsRecalibrationForEstimates`, else `errorInvalidArgument`), and off-device there are no device estimates.
    public func recalibrateEstimates(
        sampleType: HKSampleType, date: Date, completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        do {
            try checkRecalibration(sampleType)
            fail(completion, "there are no device estimates to recalibrate off-device")
        } catch {
            fail(completion, error)
        }
    }

    /// Recalibrates the device's estimates of a type from a date (see the completion-handler form).
    public func recalibrateEstimates(sampleType: HKSampleType, date: Date) async throws {
        try checkRecalibration(sampleType)
        throw HKError(.errorHealthDataUnavailable, "there are no device estimates to recalibrate off-device")
    }

    /// Splits a total energy into resting and active energy from the person's basal metabolic rate, which exists only
    /// on a device.
    @available(*, deprecated, message: "Save active energy burned instead")
    public func splitTotalEnergy(
        _ totalEnergy: HKQuantity, start startDate: Date, end endDate: Date,
        resultsHandler: @escaping (HKQuantity?, HKQuantity?, (any Error)?) -> Void
    ) {
        let handler = UncheckedSendable(resultsHandler)
        let error = HKError(.errorHealthDataUnavailable, "splitting total energy needs the device's resting energy")
        callbackQueue.async { handler.value(nil, nil, error) }
    }

    private func checkRecalibration(_ sampleType: HKSampleType) throws {
        guard sampleType.allowsRecalibrationForEstimates else {
            throw HKError(.errorInvalidArgument, "estimates of \(sampleType.identifier) cannot be recalibrated")
        }
    }

    private func fail(_ completion: @escaping (Bool, (any Error)?) -> Void, _ message: String) {
        fail(completion, HKError(.errorHealthDataUnavailable, message))
    }

    private func fail(_ completion: @escaping (Bool, (any Error)?) -> Void, _ error: any Error) {
        let handler = UncheckedSendable(completion)
        callbackQueue.async { handler.value(false, error) }
    }
}
