import Foundation
import HealthModel

/// One medication of the person's list (`HKUserAnnotatedMedication`), keyed by its concept identifier, with its place
/// in the list. The Health app (a full-access client) keeps the list; an app sees the medications the person shared
/// with it, one by one (docs/decisions/medications.md).
public enum MedicationRecord: RecordKind {
    /// A medication and its place in the list.
    public struct Value: Codable, Sendable, Hashable {
        /// The place in the list, from 0.
        public let position: Int
        /// The medication.
        public let medication: UserAnnotatedMedication

        /// A medication at its place.
        public init(position: Int, medication: UserAnnotatedMedication) {
            self.position = position
            self.medication = medication
        }
    }

    /// The stored name.
    public static let name = "medication"

    /// Medications are read-only to apps.
    public static func writer(ofKey key: String) -> RecordWriter {
        .fullAccess(denial: "medications are read-only: only the Health app changes them")
    }

    /// A medication the person shared with the reader.
    public static func shown(_ value: Value, key: String, to reader: some RecordReader) throws -> Value? {
        reader.canRead(medication: key) ? value : nil
    }

    /// The writes that replace the stored list (`stored`, as read unfiltered) with `medications`: the new list's
    /// entries, and deletions of the medications no longer on it.
    public static func replacing(
        _ stored: [Record<MedicationRecord>], with medications: [UserAnnotatedMedication]
    ) throws -> [RecordWrite] {
        var writes: [RecordWrite] = []
        let kept = Set(medications.map(\.concept.identifier))
        for record in stored where !kept.contains(record.key) {
            writes.append(try .delete(MedicationRecord.self, key: record.key))
        }
        let current = Dictionary(stored.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        for (position, medication) in medications.enumerated() {
            let value = Value(position: position, medication: medication)
            if current[medication.concept.identifier] != value {
                writes.append(try .put(MedicationRecord.self, key: medication.concept.identifier, value))
            }
        }
        return writes
    }
}

extension RecordStorage {
    /// The person's medication list (`HKUserAnnotatedMedication`s) as this storage shows it, in the list's order.
    public func userAnnotatedMedications() throws -> [UserAnnotatedMedication] {
        try records(MedicationRecord.self, keys: .all).map(\.value).sorted { $0.position < $1.position }
            .map(\.medication)
    }
}
