import Foundation
import HealthEngine
import HealthModel

/// What a client may do and read, as its view decides (`ClientStorage`, with `AccessControl` or the grants it was
/// given): the facade asks and passes the answer on; the store itself, which has no view, may do everything.
extension HealthDataStore {
    /// This store object's client's decision about sharing (saving) a type, as HealthKit's `authorizationStatus(for:)`
    /// reports it; the store itself may share everything. Says nothing about reading, which a client is never told.
    public func shareDecision(for typeIdentifier: String) -> AuthorizationDecision {
        view?.permissions.shareDecision(type: typeIdentifier) ?? .authorized
    }

    /// The earliest start date this store object's client may read of each type the person shared only a recent
    /// window of (HealthKit in iOS 27), by type identifier; types read in full, denied or never asked for are left
    /// out alike (none at all for the store itself). Throws `healthDataUnavailable` when the store is unavailable.
    public func readWindowStarts(of typeIdentifiers: Set<String>) throws -> [String: Date] {
        guard let view else {
            if condition == .unavailable { throw HealthStoreError.healthDataUnavailable }
            return [:]
        }
        return try view.readWindowStarts(of: typeIdentifiers)
    }

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
        // The view decides; the matching objects are read past it (the client may see none of them yet).
        guard let view else { return 0 }
        return try view.requestObjectReadAccess(typeIdentifier: type.identifier) {
            try wrapped {
                try SampleQueryEngine(storage: base).samples(for: SampleQueryRequest(type: type, predicate: predicate))
            }.map(\.uuid)
        }
    }
}
