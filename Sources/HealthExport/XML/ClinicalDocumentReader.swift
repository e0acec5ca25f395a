import Foundation
import HealthModel

/// Reads the clinical document of an export (`export_cda.xml`, an HL7 CDA `ClinicalDocument`) into the fields
/// HealthKit shows of it (`ClinicalDocumentHeader`), tolerating the malformed files recent iOS versions write.
enum ClinicalDocumentReader {
    /// The HealthKit identifier of CDA documents.
    static let documentTypeIdentifier = "HKDocumentTypeIdentifierCDA"

    /// The document in `bytes`, or nil when they hold no `ClinicalDocument`; `fallbackDate` (the export's date) is used
    /// when the document gives no effective time. Its identifier comes from its bytes, so a re-import finds it again.
    static func read(_ bytes: Data, fallbackDate: Date?) -> ClinicalDocument? {
        guard let header = ClinicalDocumentHeader.read(bytes) else { return nil }
        guard let first = header.start ?? header.end ?? fallbackDate else { return nil }
        let last = max(header.end ?? first, first)
        var hasher = ContentHasher(seed: 0xCDA)
        bytes.withUnsafeBytes { hasher.combine($0) }
        return try? ClinicalDocument(
            uuid: hasher.finalize().uuid(startingAt: first), startDate: first, endDate: last, title: header.title,
            patientName: header.patientName, authorName: header.authorName, custodianName: header.custodianName,
            data: bytes)
    }
}
