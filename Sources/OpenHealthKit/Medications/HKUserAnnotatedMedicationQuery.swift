import Foundation
import HealthModel

/// Reads the person's medications the app may read, one per call of the results handler, then once more with
/// `done` true (and no medication). An app the person shared no medication with gets only the final call, exactly
/// as if the person had none.
open class HKUserAnnotatedMedicationQuery: HKQuery, @unchecked Sendable {
    private let limit: Int
    private let resultsHandler: (HKUserAnnotatedMedicationQuery, HKUserAnnotatedMedication?, Bool, (any Error)?) -> Void
    private let stopped = LockedFlag()

    /// A query for the medications matching `predicate` (`predicateForUserAnnotatedMedications`), at most `limit`
    /// of them (`HKObjectQueryNoLimit` for all).
    public required init(
        predicate: NSPredicate?, limit: Int,
        resultsHandler:
            @escaping (HKUserAnnotatedMedicationQuery, HKUserAnnotatedMedication?, Bool, (any Error)?) ->
            Void
    ) {
        self.limit = limit
        self.resultsHandler = resultsHandler
        super.init(objectType: HKObjectType.userAnnotatedMedicationType(), predicate: predicate)
    }

    override func deliverFailure(_ error: HKError) { resultsHandler(self, nil, false, error) }

    override func stopRunning() { stopped.set() }

    override func run(in healthStore: HKHealthStore) {
        do {
            let medications = try Self.medications(matching: predicate, limit: limit, in: healthStore)
            healthStore.deliver { [self] in
                for medication in medications {
                    if stopped.isSet { return }
                    resultsHandler(self, medication, false, nil)
                }
                resultsHandler(self, nil, true, nil)
            }
        } catch {
            healthStore.deliver { [self] in resultsHandler(self, nil, false, HKError.from(error)) }
        }
    }

    /// The medications the health store's app may read that match, in the list's order.
    static func medications(
        matching predicate: NSPredicate?, limit: Int?, in healthStore: HKHealthStore
    ) throws -> [HKUserAnnotatedMedication] {
        if let limit, limit < 0 { throw HKError(.errorInvalidArgument, "limit must not be negative (got \(limit))") }
        let model = try PredicateBridge.medicationPredicate(predicate)
        return try healthStore.dataStore.userAnnotatedMedications(matching: model, limit: limit)
            .map(HKUserAnnotatedMedication.init(model:))
    }
}
