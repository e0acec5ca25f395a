import Foundation
import HealthModel

/// How per-object read authorization is asked for (`requestPerObjectReadAuthorization`, declared in `HKHealthStore`'s
/// body so that subclasses can override it).
extension HKHealthStore {
    func requestPerObjectReadAuthorizationOnStoreExecutor(
        for objectType: HKObjectType, predicate: NSPredicate?
    ) async throws {
        try await onStoreExecutor {
            try self.requestPerObjectReadAuthorizationNow(for: objectType, predicate: predicate)
        }
    }

    func requestPerObjectReadAuthorizationInBackground(
        for objectType: HKObjectType, predicate: NSPredicate?, completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        let type = UncheckedSendable(objectType)
        let filter = UncheckedSendable(predicate)
        reportInBackground(to: completion) {
            try self.requestPerObjectReadAuthorizationNow(for: type.value, predicate: filter.value)
        }
    }

    private func requestPerObjectReadAuthorizationNow(for objectType: HKObjectType, predicate: NSPredicate?) throws {
        if objectType is HKUserAnnotatedMedicationType {
            do {
                try dataStore.requestMedicationReadAccess(matching: try PredicateBridge.medicationPredicate(predicate))
                return
            } catch {
                throw HKError.from(error)
            }
        }
        guard let sampleType = (objectType as? HKSampleType)?.sampleType, sampleType.requiresPerObjectAuthorization
        else {
            throw HKError(
                .errorInvalidArgument, "\(objectType.identifier) is authorized by type: use requestAuthorization")
        }
        do {
            try dataStore.requestObjectReadAccess(
                to: sampleType, matching: try PredicateBridge.samplePredicate(predicate))
        } catch {
            throw HKError.from(error)
        }
    }
}

extension HKObjectType {
    /// Whether the person authorizes reading each object of this type one by one: vision prescriptions, the person's
    /// medications and their dose events.
    public func requiresPerObjectAuthorization() -> Bool {
        self is HKUserAnnotatedMedicationType
            || ((self as? HKSampleType)?.sampleType.requiresPerObjectAuthorization ?? false)
    }
}
