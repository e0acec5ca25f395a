import Foundation

/// A clinical document (HL7 CDA), as an Apple Health export carries it in `export_cda.xml`: the document itself and
/// the fields HealthKit shows of it.
public struct ClinicalDocument: Sendable, Hashable {
    /// The document's identifier (derived from its content, so a re-import finds it again).
    public let uuid: UUID
    /// The start of the period the document covers.
    public let startDate: Date
    /// The end of that period.
    public let endDate: Date
    /// The document's title.
    public let title: String
    /// The patient's name.
    public let patientName: String
    /// The author's name.
    public let authorName: String
    /// The custodian's (issuing organization's) name.
    public let custodianName: String
    /// The document as stored (the file's bytes).
    public let data: Data

    /// A document; the end must not be before the start.
    public init(
        uuid: UUID, startDate: Date, endDate: Date, title: String, patientName: String, authorName: String,
        custodianName: String,
        data: Data
    ) throws(HealthModelError) {
        try Validation.checkInterval(start: startDate, end: endDate)
        self.uuid = uuid
        self.startDate = startDate
        self.endDate = endDate
        self.title = title
        self.patientName = patientName
        self.authorName = authorName
        self.custodianName = custodianName
        self.data = data
    }
}
