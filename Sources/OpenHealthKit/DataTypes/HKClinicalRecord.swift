import Foundation
import HealthModel

/// The identifiers of clinical record types.
public struct HKClinicalTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// The identifier string, e.g. `HKClinicalTypeIdentifierLabResultRecord`.
    public let rawValue: String

    /// An identifier from its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    private init(_ category: ClinicalRecordContent.Category) { rawValue = category.rawValue }

    /// Allergy and intolerance records.
    public static let allergyRecord = HKClinicalTypeIdentifier(.allergy)
    /// Clinical note records.
    public static let clinicalNoteRecord = HKClinicalTypeIdentifier(.clinicalNote)
    /// Condition records.
    public static let conditionRecord = HKClinicalTypeIdentifier(.condition)
    /// Immunization records.
    public static let immunizationRecord = HKClinicalTypeIdentifier(.immunization)
    /// Laboratory result records.
    public static let labResultRecord = HKClinicalTypeIdentifier(.labResult)
    /// Medication records.
    public static let medicationRecord = HKClinicalTypeIdentifier(.medication)
    /// Procedure records.
    public static let procedureRecord = HKClinicalTypeIdentifier(.procedure)
    /// Vital sign records.
    public static let vitalSignRecord = HKClinicalTypeIdentifier(.vitalSign)
    /// Insurance coverage records.
    public static let coverageRecord = HKClinicalTypeIdentifier(.coverage)
}

/// The sample type of one kind of clinical record.
open class HKClinicalType: HKSampleType, @unchecked Sendable {
    /// The clinical type with this identifier (stops the program for an unknown one, as HealthKit does).
    public convenience init(_ identifier: HKClinicalTypeIdentifier) {
        guard let category = ClinicalRecordContent.Category(rawValue: identifier.rawValue) else {
            fatalError("HKClinicalType: unknown identifier \(identifier.rawValue)")
        }
        self.init(sampleType: .clinicalRecord(category))
    }
}

extension HKObjectType {
    /// The clinical type with this identifier; nil for an unknown one.
    public class func clinicalType(forIdentifier identifier: HKClinicalTypeIdentifier) -> HKClinicalType? {
        ClinicalRecordContent.Category(rawValue: identifier.rawValue).map {
            HKClinicalType(sampleType: .clinicalRecord($0))
        }
    }
}

/// A clinical record from a healthcare institution: its type, the name Health shows and the FHIR resource with its
/// data. Its start and end dates are when it was received. Apps read clinical records and never save them.
open class HKClinicalRecord: HKSample, @unchecked Sendable {
    private let content: ClinicalRecordContent

    /// Unarchives a clinical record (`NSSecureCoding`); fails, with the reason, on an archive that holds none.
    public required init?(coder: NSCoder) {
        guard let sample = ObjectArchive.sample(coder, "HKClinicalRecord", fits: { $0.type.kind == .clinicalRecord }),
            case let .clinicalRecord(content)? = sample.payload
        else { return nil }
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKClinicalType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(model sample: Sample) {
        guard case let .clinicalRecord(content)? = sample.payload else {
            preconditionFailure("HKClinicalRecord(model:) needs a clinical record")
        }
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKClinicalType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    /// The record's type.
    open var clinicalType: HKClinicalType { sampleType as! HKClinicalType }

    /// The name Health shows for the record.
    open var displayName: String { content.displayName }

    /// The FHIR resource holding the record's data.
    open var fhirResource: HKFHIRResource? { HKFHIRResource(content.resource) }
}

/// The type of a FHIR resource (`Observation`, `AllergyIntolerance`, …).
public struct HKFHIRResourceType: RawRepresentable, Hashable, Sendable {
    /// The FHIR name of the type.
    public let rawValue: String

    /// A type from its FHIR name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Allergies and intolerances.
    public static let allergyIntolerance = HKFHIRResourceType(rawValue: "AllergyIntolerance")
    /// Conditions.
    public static let condition = HKFHIRResourceType(rawValue: "Condition")
    /// Insurance coverage.
    public static let coverage = HKFHIRResourceType(rawValue: "Coverage")
    /// Diagnostic reports.
    public static let diagnosticReport = HKFHIRResourceType(rawValue: "DiagnosticReport")
    /// Document references.
    public static let documentReference = HKFHIRResourceType(rawValue: "DocumentReference")
    /// Immunizations.
    public static let immunization = HKFHIRResourceType(rawValue: "Immunization")
    /// Medication dispenses.
    public static let medicationDispense = HKFHIRResourceType(rawValue: "MedicationDispense")
    /// Medication orders (FHIR DSTU2).
    public static let medicationOrder = HKFHIRResourceType(rawValue: "MedicationOrder")
    /// Medication requests (FHIR R4).
    public static let medicationRequest = HKFHIRResourceType(rawValue: "MedicationRequest")
    /// Medication statements.
    public static let medicationStatement = HKFHIRResourceType(rawValue: "MedicationStatement")
    /// Observations (lab results, vital signs).
    public static let observation = HKFHIRResourceType(rawValue: "Observation")
    /// Procedures.
    public static let procedure = HKFHIRResourceType(rawValue: "Procedure")
}

/// A FHIR resource as the institution sent it.
open class HKFHIRResource: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    private let content: FHIRResourceContent

    init(_ content: FHIRResourceContent) {
        self.content = content
        super.init()
    }

    /// Unarchives a resource; fails without one that reads.
    public required init?(coder: NSCoder) {
        guard let content = ObjectArchive.json(FHIRResourceContent.self, coder, "HKFHIRResourceContent") else {
            ObjectArchive.report(coder, "HKFHIRResource", "no resource that reads")
            return nil
        }
        self.content = content
        super.init()
    }

    /// Resources decode only as resources.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the resource: type, identifier, JSON, source address and FHIR version.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(json: content, forKey: "HKFHIRResourceContent", to: coder)
    }

    /// Resources are immutable: the copy is the resource itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The resource's type.
    open var resourceType: HKFHIRResourceType { HKFHIRResourceType(rawValue: content.resourceType) }

    /// The resource's identifier at its source.
    open var identifier: String { content.identifier }

    /// The resource's JSON.
    open var data: Data { Data(content.json.utf8) }

    /// The resource's address at its source, when known.
    open var sourceURL: URL? { content.sourceURL.flatMap(URL.init(string:)) }

    /// The FHIR version the resource is written in.
    open var fhirVersion: HKFHIRVersion {
        // Validated when the record was stored; an unreadable one reads as the version HealthKit reads most.
        (try? HKFHIRVersion(fromVersionString: content.fhirVersion)) ?? .primaryR4()
    }

    /// Equal when both hold the same resource.
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKFHIRResource)?.content == content }

    /// Hashes the resource.
    open override var hash: Int { content.hashValue }
}

/// A FHIR release.
public struct HKFHIRRelease: RawRepresentable, Hashable, Sendable {
    /// The release's name.
    public let rawValue: String

    /// A release from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// DSTU2 (versions 1.0.x).
    public static let dstu2 = HKFHIRRelease(rawValue: FHIRResourceContent.dstu2)
    /// R4 (versions 4.0.x).
    public static let r4 = HKFHIRRelease(rawValue: FHIRResourceContent.r4)
    /// Any other release.
    public static let unknown = HKFHIRRelease(rawValue: FHIRResourceContent.unknownRelease)
}

/// A FHIR version (`4.0.1`) and the release it belongs to.
open class HKFHIRVersion: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The major version.
    open private(set) var majorVersion: Int
    /// The minor version.
    open private(set) var minorVersion: Int
    /// The patch version.
    open private(set) var patchVersion: Int

    /// The version in a string like `4.0.1`; throws `errorInvalidArgument` for anything but three numbers.
    public required init(fromVersionString versionString: String) throws {
        guard let numbers = FHIRResourceContent.versionNumbers(versionString) else {
            throw HKError(.errorInvalidArgument, "'\(versionString)' is not a FHIR version like 4.0.1")
        }
        majorVersion = numbers.major
        minorVersion = numbers.minor
        patchVersion = numbers.patch
        super.init()
    }

    /// Unarchives a version; fails without three numbers like `4.0.1`.
    public required init?(coder: NSCoder) {
        guard let text = ObjectArchive.string(coder, "HKFHIRVersionString"),
            let numbers = FHIRResourceContent.versionNumbers(text)
        else {
            ObjectArchive.report(coder, "HKFHIRVersion", "no version like 4.0.1")
            return nil
        }
        majorVersion = numbers.major
        minorVersion = numbers.minor
        patchVersion = numbers.patch
        super.init()
    }

    /// Versions decode only as versions.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the version as `major.minor.patch`.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(stringRepresentation, forKey: "HKFHIRVersionString", to: coder)
    }

    /// Versions are immutable: the copy is the version itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The version written as `major.minor.patch`.
    open var stringRepresentation: String { "\(majorVersion).\(minorVersion).\(patchVersion)" }

    /// The release the version belongs to.
    open var fhirRelease: HKFHIRRelease {
        HKFHIRRelease(rawValue: FHIRResourceContent.release(ofVersion: stringRepresentation))
    }

    /// The DSTU2 version HealthKit reads (1.0.2).
    open class func primaryDSTU2() -> Self { version(FHIRResourceContent.primaryDSTU2) }

    /// The R4 version HealthKit reads (4.0.1).
    open class func primaryR4() -> Self { version(FHIRResourceContent.primaryR4) }

    private class func version(_ string: String) -> Self {
        do {
            return try self.init(fromVersionString: string)
        } catch {
            preconditionFailure("\(string) is a FHIR version")
        }
    }

    /// Equal when the numbers are.
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? HKFHIRVersion)?.stringRepresentation == stringRepresentation
    }

    /// Hashes the numbers.
    open override var hash: Int { stringRepresentation.hashValue }

    /// The version written as `major.minor.patch`.
    open override var description: String { stringRepresentation }
}

extension HKSamplePredicate where Sample == HKClinicalRecord {
    /// Clinical records of a type.
    public static func clinicalRecord(
        type clinicalType: HKClinicalType, predicate: NSPredicate? = nil
    ) -> HKSamplePredicate<HKClinicalRecord> {
        HKSamplePredicate(sampleType: clinicalType, predicate: predicate)
    }
}

extension HKQuery {
    /// Clinical records whose FHIR resource is of this type.
    public class func predicateForClinicalRecords(withFHIRResourceType resourceType: HKFHIRResourceType) -> NSPredicate
    {
        HealthPredicate(.payload(.clinicalRecordResourceType(resourceType.rawValue)))
    }

    /// The clinical record of one FHIR resource: its identifier is unique only with its type and source.
    public class func predicateForClinicalRecords(
        from source: HKSource, fhirResourceType resourceType: HKFHIRResourceType, identifier: String
    ) -> NSPredicate {
        HealthPredicate(
            .and([
                .sources([source.source]), .payload(.clinicalRecordResourceType(resourceType.rawValue)),
                .payload(.clinicalRecordResourceIdentifier(identifier)),
            ]))
    }
}

/// The key path of a clinical record's FHIR resource identifier in predicates.
public let HKPredicateKeyPathClinicalRecordFHIRResourceIdentifier = "fhirResource.identifier"
/// The key path of a clinical record's FHIR resource type in predicates.
public let HKPredicateKeyPathClinicalRecordFHIRResourceType = "fhirResource.resourceType"
