import Foundation
import HealthModel

extension HKHealthStore {
    /// Asks the person to choose which objects of a per-object type (vision prescriptions; medications, with
    /// `HKObjectType.userAnnotatedMedicationType()` and a `predicateForUserAnnotatedMedications` predicate) matching
    /// `predicate` the app may read; the store's authorization policy answers for the person. Succeeds whatever was chosen: an app
    /// that was not granted an object sees nothing of it, as if there were no data.
    public func requestPerObjectReadAuthorization(for objectType: HKObjectType, predicate: NSPredicate?) async throws {
        try await onStoreExecutor {
            try self.requestPerObjectReadAuthorizationNow(for: objectType, predicate: predicate)
        }
    }

    /// Completion-handler form of `requestPerObjectReadAuthorization(for:predicate:)`; the handler runs on a
    /// background queue.
    public func requestPerObjectReadAuthorization(
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
