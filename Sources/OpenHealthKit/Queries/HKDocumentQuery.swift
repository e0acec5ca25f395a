import Foundation
import HealthEngine
import HealthModel

/// The identifier of a document type, as in HealthKit.
public struct HKDocumentTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// The identifier string, e.g. `HKDocumentTypeIdentifierCDA`.
    public let rawValue: String
    /// An identifier from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Clinical documents in HL7 CDA form.
    public static let CDA = HKDocumentTypeIdentifier(rawValue: "HKDocumentTypeIdentifierCDA")
}

/// A type of document, as in HealthKit.
open class HKDocumentType: HKSampleType, @unchecked Sendable {
    /// The document type with this identifier (stops the program for an unknown one, as HealthKit does).
    public convenience init(_ identifier: HKDocumentTypeIdentifier) {
        guard identifier == .CDA else { fatalError("HKDocumentType: unknown identifier \(identifier.rawValue)") }
        self.init(sampleType: .clinicalDocument)
    }
}

/// The user info key of an `HKCDADocumentSample(data:start:end:metadata:)` error: why the document is not valid.
public let HKDetailedCDAValidationErrorKey = "HKDetailedCDAValidationErrorKey"

extension HKObjectType {
    /// The document type with this identifier, or nil for an unknown one.
    public class func documentType(forIdentifier identifier: HKDocumentTypeIdentifier) -> HKDocumentType? {
        identifier == .CDA ? HKDocumentType(sampleType: .clinicalDocument) : nil
    }
}

/// A document sample, as in HealthKit.
open class HKDocumentSample: HKSample, @unchecked Sendable {
    /// The document's type.
    open var documentType: HKDocumentType { sampleType as! HKDocumentType }
}

/// A clinical document (CDA) sample: the document's fields, and its data when the query asked for it.
open class HKCDADocumentSample: HKDocumentSample, @unchecked Sendable {
    /// The document; its data is nil unless the query set `includeDocumentData`.
    open internal(set) var document: HKCDADocument?

    /// Document samples are not archived here (their document lives beside the sample, not in it): decoding fails.
    public required init?(coder: NSCoder) {
        ObjectArchive.report(coder, "HKCDADocumentSample", "document samples cannot be archived")
        return nil
    }

    init(_ stored: ClinicalDocument, includeData: Bool, metadata: [String: Any]? = nil) {
        document = HKCDADocument(stored, includeData: includeData)
        super.init(
            backing: .failure(
                .invalidField(
                    field: "document", reason: "documents come from imports and cannot be saved or deleted here")),
            uuid: stored.uuid, sampleType: HKDocumentType(sampleType: .clinicalDocument), startDate: stored.startDate,
            endDate: stored.endDate, metadata: metadata, device: nil)
    }

    /// A CDA document sample from the document's XML: its title, patient, author and custodian are read from the
    /// document's header. Data that holds no HL7 `ClinicalDocument` (or lacks its title, patient, author or
    /// custodian), or an end before the start, fails with `errorInvalidArgument`; the reason is also under
    /// `HKDetailedCDAValidationErrorKey`. Saving it fails: documents come only from imports here.
    public convenience init(
        data documentData: Data, start startDate: Date, end endDate: Date, metadata: [String: Any]?
    ) throws {
        func invalid(_ reason: String) -> HKError {
            var error = HKError(.errorInvalidArgument, "the document is not a valid CDA document: \(reason)")
            error.detailedCDAValidationError = reason
            return error
        }
        guard let header = ClinicalDocumentHeader.read(documentData) else {
            throw invalid("no ClinicalDocument element")
        }
        for (field, value) in [
            ("title", header.title), ("patient", header.patientName), ("author", header.authorName),
            ("custodian", header.custodianName),
        ] where value.isEmpty {
            throw invalid("the header has no \(field) name")
        }
        do {
            let stored = try ClinicalDocument(
                uuid: RandomUUID.make(), startDate: startDate, endDate: endDate, title: header.title,
                patientName: header.patientName, authorName: header.authorName, custodianName: header.custodianName,
                data: documentData)
            self.init(stored, includeData: true, metadata: metadata)
        } catch {
            throw HKError.from(error)
        }
    }
}

/// A CDA document's fields, as in HealthKit.
open class HKCDADocument: NSObject, @unchecked Sendable {
    /// The document (XML), or nil when the query did not ask for it.
    open internal(set) var documentData: Data?
    /// The title.
    open internal(set) var title: String
    /// The patient's name.
    open internal(set) var patientName: String
    /// The author's name.
    open internal(set) var authorName: String
    /// The custodian's name.
    open internal(set) var custodianName: String

    init(_ stored: ClinicalDocument, includeData: Bool) {
        documentData = includeData ? stored.data : nil
        title = stored.title
        patientName = stored.patientName
        authorName = stored.authorName
        custodianName = stored.custodianName
        super.init()
    }
}

/// Finds documents of a type; the results handler may be called several times, `done` on the last call.
open class HKDocumentQuery: HKQuery, @unchecked Sendable {
    /// The most documents returned; `HKObjectQueryNoLimit` for all.
    open internal(set) var limit: Int
    /// The order of the results.
    open internal(set) var sortDescriptors: [NSSortDescriptor]?
    /// Whether the documents' data is returned.
    open internal(set) var includeDocumentData: Bool
    private let resultsHandler: (HKDocumentQuery, [HKDocumentSample]?, Bool, (any Error)?) -> Void

    /// A document query (date and object-identifier predicates apply).
    public required init(
        documentType: HKDocumentType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
        includeDocumentData: Bool,
        resultsHandler: @escaping (HKDocumentQuery, [HKDocumentSample]?, Bool, (any Error)?) -> Void
    ) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.includeDocumentData = includeDocumentData
        self.resultsHandler = resultsHandler
        super.init(objectType: documentType, predicate: predicate)
    }

    override func deliverFailure(_ error: HKError) { resultsHandler(self, nil, true, error) }

    override func run(in healthStore: HKHealthStore) {
        do {
            guard limit >= 0 else { throw HKError(.errorInvalidArgument, "limit must not be negative (got \(limit))") }
            let model = try PredicateBridge.samplePredicate(predicate)
            var uuids: Set<UUID>?
            try Self.collect(model, uuids: &uuids)
            let window = TimeBounds.implied(by: model)
            var documents = try healthStore.dataStore.records.clinicalDocuments().filter { document in
                (uuids?.contains(document.uuid) ?? true)
                    && window.contains(
                        start: document.startDate.timeIntervalSinceReferenceDate,
                        end: document.endDate.timeIntervalSinceReferenceDate)
            }
            // Sorted by start date unless a descriptor says otherwise (start or end date, either way).
            if let sort = try sortDescriptors?.first.map(SortKeyPaths.sort(for:)) {
                let byEnd = sort.key == .endDate
                documents.sort { first, second in
                    let (a, b) = byEnd ? (first.endDate, second.endDate) : (first.startDate, second.startDate)
                    return sort.ascending ? a < b : a > b
                }
            }
            if limit > 0, documents.count > limit { documents.removeSubrange(limit...) }
            let samples = documents.map { HKCDADocumentSample($0, includeData: includeDocumentData) }
            healthStore.deliver { [self] in resultsHandler(self, samples, true, nil) }
        } catch {
            healthStore.deliver { [self] in resultsHandler(self, nil, true, HKError.from(error)) }
        }
    }

    private static func collect(_ predicate: SamplePredicate, uuids: inout Set<UUID>?) throws {
        switch predicate {
        case .all, .date: return
        case let .uuids(set): uuids = uuids.map { $0.intersection(set) } ?? set
        case let .and(parts): for part in parts { try collect(part, uuids: &uuids) }
        default:
            throw HKError(
                .errorInvalidArgument,
                "document queries take date and object-identifier predicates (and their conjunction)")
        }
    }
}

/// The key path of a CDA document's title in predicates. HealthKit's CDA predicates are format predicates
/// (`NSPredicate(format: "%K == %@", HKPredicateKeyPathCDATitle, …)`), which swift-corelibs-foundation cannot build, so
/// document queries here filter by date and object identifier only.
public let HKPredicateKeyPathCDATitle = "title"
/// The key path of a CDA document's patient name in predicates (see `HKPredicateKeyPathCDATitle`).
public let HKPredicateKeyPathCDAPatientName = "patientName"
/// The key path of a CDA document's author name in predicates (see `HKPredicateKeyPathCDATitle`).
public let HKPredicateKeyPathCDAAuthorName = "authorName"
/// The key path of a CDA document's custodian name in predicates (see `HKPredicateKeyPathCDATitle`).
public let HKPredicateKeyPathCDACustodianName = "custodianName"
