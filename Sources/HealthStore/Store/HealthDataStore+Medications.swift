import Foundation
import HealthEngine
import HealthModel

/// The person's medication list (`HKUserAnnotatedMedication`) and who may read it. The list is not made of samples:
/// it is kept per person as records (`MedicationRecord`, one per medication), set by the Health app (the store itself or a full-access client)
/// and read-only to apps. An app reads the medications the person shared with it, one by one, and the dose events of
/// those medications; of anything else it sees nothing, exactly as if there were no data (docs/decisions/
/// medications.md).
extension HealthDataStore {
    /// The medications this store's client may read that meet `predicate`, in the list's order; `limit` nil or 0
    /// means all of them.
    public func userAnnotatedMedications(
        matching predicate: MedicationPredicate = .all, limit: Int? = nil
    ) throws -> [UserAnnotatedMedication] {
        try wrapped { try MedicationQueryEngine(storage: storage).medications(matching: predicate, limit: limit) }
    }

    /// Replaces the person's medication list, as the Health app does when the person adds, edits or archives one.
    /// Refused for apps (medications are read-only to them); errors name the field
    /// (`medications[1].medication.generalForm`).
    public func setUserAnnotatedMedications(_ medications: [UserAnnotatedMedication]) throws {
        // Read unfiltered: the writes replace the whole list, and only a full-access client may write them (its
        // view refuses the commit otherwise).
        let writes = try wrapped {
            try UserAnnotatedMedication.validate(medications)
            return try MedicationRecord.replacing(
                try base.records(MedicationRecord.self, keys: .all), with: medications)
        }
        try write(records: writes)
    }

    /// Asks, for this store's client, to read the medications meeting `predicate`, as HealthKit's per-object sheet
    /// for `HKUserAnnotatedMedicationType` does: the store's policy answers for the person (its read decision for
    /// the medication type), and when it allows, every matching medication on the list now becomes readable by the
    /// client with all its dose events, past and future (medications added later need a new request). A denial
    /// looks the same as having no medications. Returns how many medications were granted; the store itself and
    /// full-access clients read everything already.
    @discardableResult
    public func requestMedicationReadAccess(matching predicate: MedicationPredicate = .all) throws -> Int {
        // The view decides; the matching medications are read past it (the client may see none of them yet).
        guard let view else { return 0 }
        return try view.requestMedicationReadAccess {
            try wrapped { try MedicationQueryEngine(storage: base).medications(matching: predicate, limit: nil) }
                .map(\.concept.identifier)
        }
    }
}
