import Foundation
import HealthEngine
import HealthModel

extension HealthDataStore {
    /// Asks, for this store's client, to read the stored objects of a per-object type (vision prescriptions) that
    /// match `predicate`, as HealthKit's per-object sheet does: the store's policy answers for the person (its read
    /// decision for the type), and when it allows, every matching object stored now becomes readable by the client
    /// (objects saved later need a new request). A denial looks the same as having nothing: the client is not told.
    /// Returns how many objects were granted; the store itself and full-access clients read everything already.
    @discardableResult
    public func requestObjectReadAccess(to type: SampleType, matching predicate: SamplePredicate) throws -> Int {
        guard type.requiresPerObjectAuthorization else {
            throw HealthStoreError.model(
                .invalidField(field: "type", reason: "\(type.identifier) is authorized by type, not object by object"))
        }
        guard type.kind != .medicationDoseEvent else {
            throw HealthStoreError.model(
                .invalidField(
                    field: "type",
                    reason:
                        "dose events are read with their medication: ask for the medications (HKUserAnnotatedMedicationType)"
                ))
        }
        guard let client, !access.hasFullAccess(client) else { return 0 }
        guard access.policy.decide(client, type.identifier, false) == .authorized else { return 0 }
        let matching = try wrapped {
            try SampleQueryEngine(storage: base).samples(for: SampleQueryRequest(type: type, predicate: predicate))
        }
        access.grantObjects(Set(matching.map(\.uuid)), client: client)
        return matching.count
    }
}
