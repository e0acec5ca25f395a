import Foundation
import HealthEngine
import HealthModel

/// Turns the rows of the retired tables of imported data (schemas before those became records: SQLite v14,
/// PostgreSQL v9) into records of their kinds, as the kinds encode them. Two of the tables hold blobs in
/// `ImportedDataCoding`'s binary layout (activity summaries, kept elements), which SQL cannot read, so both backends
/// read the rows in the migration's transaction, ask this for the records, insert them with sequence 0 and drop the
/// tables: a store migrates with nothing lost, or not at all.
package enum ImportedRecordsMigration {
    /// A record to insert: its kind's name, its key, its value's JSON text.
    package struct Row: Sendable, Hashable {
        /// The kind's stored name.
        package let kind: String
        /// The key.
        package let key: String
        /// The value's JSON.
        package let value: String

        init<Kind: RecordKind>(_ kind: Kind.Type, key: String, _ value: Kind.Value) throws {
            self.kind = Kind.name
            self.key = key
            self.value = String(decoding: try Kind.encoded(value), as: UTF8.self)
        }
    }

    /// An `activity_summaries` row: the day key (`year * 10_000 + month * 100 + day`) and the summary's blob.
    package static func activitySummary(day: Int64, summary: [UInt8]) throws -> Row {
        let decoded = try ImportedDataCoding.decodeActivitySummary(summary, dayKey: day)
        return try Row(
            ActivitySummaryRecord.self, key: ActivitySummaryRecord.key(of: decoded.day),
            ActivitySummaryRecord.Value(decoded))
    }

    /// A `characteristics` row.
    package static func characteristic(identifier: String, value: String) throws -> Row {
        try Row(CharacteristicRecord.self, key: identifier, value)
    }

    /// The `export_information` row: the date in seconds since 2001, the locale.
    package static func exportInformation(exportDate: Double?, locale: String?) throws -> Row {
        let information = ExportInformation(
            exportDate: exportDate.map(Date.init(timeIntervalSinceReferenceDate:)), locale: locale)
        return try Row(
            ExportInformationRecord.self, key: ExportInformationRecord.key, ExportInformationRecord.Value(information))
    }

    /// A `kept_elements` row: its position (the order first saved, kept in the value), identity, parent and blob.
    package static func keptElement(position: Int64, identity: UUID, parent: UUID?, element: [UInt8]) throws -> Row {
        let kept = KeptElement(
            identity: identity, parent: parent,
            element: try ImportedDataCoding.decodeElement(element, identity: identity))
        return try Row(
            KeptElementRecord.self, key: KeptElementRecord.key(identity),
            KeptElementRecord.Value(kept, position: position))
    }

    /// A `clinical_documents` row.
    package static func clinicalDocument(
        uuid: UUID, startTime: Double, endTime: Double, title: String, patientName: String, authorName: String,
        custodianName: String, data: Data
    ) throws -> Row {
        let document: ClinicalDocument
        do {
            document = try ClinicalDocument(
                uuid: uuid, startDate: Date(timeIntervalSinceReferenceDate: startTime),
                endDate: Date(timeIntervalSinceReferenceDate: endTime), title: title, patientName: patientName,
                authorName: authorName, custodianName: custodianName, data: data)
        } catch {
            throw HealthStoreError.corruptStore("clinical document \(uuid): \(error)")
        }
        return try Row(ClinicalDocumentRecord.self, key: uuid.uuidString, ClinicalDocumentRecord.Value(document))
    }

    /// The tables the records replace, dropped once their rows moved.
    package static let retiredTables = [
        "activity_summaries", "characteristics", "export_information", "kept_elements", "clinical_documents",
    ]
}
