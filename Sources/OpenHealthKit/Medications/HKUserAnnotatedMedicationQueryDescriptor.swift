import Foundation
import HealthModel

/// The async form of `HKUserAnnotatedMedicationQuery`: `try await descriptor.result(for: store)` returns the
/// medications the app may read that match, in the list's order (empty when there are none, or none shared).
public struct HKUserAnnotatedMedicationQueryDescriptor: HKAsyncQuery, @unchecked Sendable {
    /// The predicate the medications must match (`predicateForUserAnnotatedMedications`); nil for all.
    public var predicate: NSPredicate?
    /// The most medications returned; nil for all.
    public var limit: Int?

    /// A descriptor for the medications matching `predicate`, at most `limit` of them.
    public init(predicate: NSPredicate? = nil, limit: Int? = nil) {
        self.predicate = predicate
        self.limit = limit
    }

    /// The matching medications the app may read.
    public func result(for healthStore: HKHealthStore) async throws -> [HKUserAnnotatedMedication] {
        try await healthStore.admitDescriptor(
            kind: "HKUserAnnotatedMedicationQueryDescriptor", types: [TypeTable.userAnnotatedMedicationTypeIdentifier],
            predicate: predicate?.description)
        let predicate = UncheckedSendable(self.predicate)
        let limit = self.limit
        do {
            return try await healthStore.onStoreExecutor {
                try HKUserAnnotatedMedicationQuery.medications(
                    matching: predicate.value, limit: limit, in: healthStore)
            }
        } catch {
            throw HKError.from(error)
        }
    }
}
