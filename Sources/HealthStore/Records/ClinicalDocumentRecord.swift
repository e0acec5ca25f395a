import Foundation
import HealthEngine
import HealthModel

/// A clinical document (HL7 CDA) an import brought, keyed by its identifier (uppercase uuid text): the document's
/// bytes (base64 in the JSON) and the fields HealthKit shows of it. A document replaces the stored one with its
/// identifier. Shown to clients the person let read `HKDocumentTypeIdentifierCDA`.
public enum ClinicalDocumentRecord: RecordKind {
    /// A document as stored.
    public struct Value: Codable, Sendable, Hashable {
        /// The start of the period covered, in seconds since 2001-01-01 UTC.
        public var startDate: Double
        /// The end of that period.
        public var endDate: Double
        /// The title.
        public var title: String
        /// The patient's name.
        public var patientName: String
        /// The author's name.
        public var authorName: String
        /// The custodian's name.
        public var custodianName: String
        /// The document's bytes.
        public var data: Data

        /// The stored form of a document.
        public init(_ document: ClinicalDocument) {
            startDate = document.startDate.timeIntervalSinceReferenceDate
            endDate = document.endDate.timeIntervalSinceReferenceDate
            title = document.title
            patientName = document.patientName
            authorName = document.authorName
            custodianName = document.custodianName
            data = document.data
        }

        /// The document under `key`; throws `corruptRecord` when the key is no uuid or the period is reversed.
        public func document(key: String) throws -> ClinicalDocument {
            guard let uuid = UUID(uuidString: key) else {
                throw HealthEngineError.corruptRecord(kind: ClinicalDocumentRecord.name, key: key, reason: "not a uuid")
            }
            do {
                return try ClinicalDocument(
                    uuid: uuid, startDate: Date(timeIntervalSinceReferenceDate: startDate),
                    endDate: Date(timeIntervalSinceReferenceDate: endDate), title: title, patientName: patientName,
                    authorName: authorName, custodianName: custodianName, data: data)
            } catch {
                throw HealthEngineError.corruptRecord(kind: ClinicalDocumentRecord.name, key: key, reason: "\(error)")
            }
        }
    }

    /// The stored name.
    public static let name = "clinicalDocument"

    /// Only imports write documents.
    public static func writer(ofKey key: String) -> RecordWriter {
        .fullAccess(denial: "only a client with full access imports clinical documents")
    }

    /// Shown to a client with the read grant of CDA documents.
    public static func shown(_ value: Value, key: String, to reader: some RecordReader) throws -> Value? {
        reader.hasReadGrant(typeIdentifier: SampleType.clinicalDocument.identifier) ? value : nil
    }
}

extension RecordStorage {
    /// The clinical documents this storage shows, by start date (then identifier).
    public func clinicalDocuments() throws -> [ClinicalDocument] {
        try records(ClinicalDocumentRecord.self, keys: .all).map { try $0.value.document(key: $0.key) }.sorted {
            ($0.startDate, $0.uuid.uuidString) < ($1.startDate, $1.uuid.uuidString)
        }
    }
}
