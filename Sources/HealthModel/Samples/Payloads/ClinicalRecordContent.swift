import Foundation

/// A clinical record downloaded from a healthcare institution: the name Health shows for it and the FHIR resource
/// that holds its data. Which kind of record it is (lab result, allergy, …) is the sample's type
/// (`ClinicalRecordContent.Category`); its start and end are when it was received, not dates from the resource.
public struct ClinicalRecordContent: Sendable, Hashable, Codable {
    /// The name Health shows for the record (`HKClinicalRecord.displayName`).
    public var displayName: String
    /// The FHIR resource the record holds.
    public var resource: FHIRResourceContent

    /// The kinds of clinical record HealthKit knows: one sample type each (`HKClinicalTypeIdentifier`).
    public enum Category: String, Sendable, CaseIterable {
        /// Allergies and intolerances.
        case allergy = "HKClinicalTypeIdentifierAllergyRecord"
        /// Clinical notes.
        case clinicalNote = "HKClinicalTypeIdentifierClinicalNoteRecord"
        /// Conditions (problems, diagnoses).
        case condition = "HKClinicalTypeIdentifierConditionRecord"
        /// Immunizations.
        case immunization = "HKClinicalTypeIdentifierImmunizationRecord"
        /// Laboratory results.
        case labResult = "HKClinicalTypeIdentifierLabResultRecord"
        /// Medications.
        case medication = "HKClinicalTypeIdentifierMedicationRecord"
        /// Procedures.
        case procedure = "HKClinicalTypeIdentifierProcedureRecord"
        /// Vital signs.
        case vitalSign = "HKClinicalTypeIdentifierVitalSignRecord"
        /// Insurance coverage.
        case coverage = "HKClinicalTypeIdentifierCoverageRecord"

        /// The short name (`labResultRecord`), as `HKClinicalTypeIdentifier`'s Swift constants spell it.
        public var shortName: String { "\(self)Record" }
    }

    /// A clinical record's content; validated when a sample is built from it.
    public init(displayName: String, resource: FHIRResourceContent) {
        self.displayName = displayName
        self.resource = resource
    }

    func validate() throws(HealthModelError) {
        guard !displayName.isEmpty else {
            throw .invalidField(field: "clinicalRecord.displayName", reason: "must not be empty")
        }
        try resource.validate(field: "clinicalRecord.resource")
    }
}

/// A FHIR resource as a healthcare institution sent it: its type and identifier, the resource itself as JSON, where it
/// came from and the FHIR version it is written in.
public struct FHIRResourceContent: Sendable, Hashable, Codable {
    /// The resource's type (`Observation`, `AllergyIntolerance`, …), as its JSON's `resourceType` says.
    public var resourceType: String
    /// The resource's identifier at its source (its JSON's `id`).
    public var identifier: String
    /// The resource as the institution sent it (a JSON object, UTF-8).
    public var json: String
    /// The resource's address at its source, when known.
    public var sourceURL: String?
    /// The FHIR version it is written in (`4.0.1`, `1.0.2`).
    public var fhirVersion: String

    /// A resource; validated when a sample is built from it.
    public init(resourceType: String, identifier: String, json: String, sourceURL: String?, fhirVersion: String) {
        self.resourceType = resourceType
        self.identifier = identifier
        self.json = json
        self.sourceURL = sourceURL
        self.fhirVersion = fhirVersion
    }

    /// The major, minor and patch numbers of a FHIR version string (`4.0.1`); nil when it is not three numbers.
    public static func versionNumbers(_ string: String) -> (major: Int, minor: Int, patch: Int)? {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }) else { return nil }
        guard let major = Int(parts[0]), let minor = Int(parts[1]), let patch = Int(parts[2]),
            major >= 0, minor >= 0, patch >= 0
        else { return nil }
        return (major, minor, patch)
    }

    /// HealthKit's name of the FHIR release of versions 1.0.x.
    public static let dstu2 = "DSTU2"
    /// HealthKit's name of the FHIR release of versions 4.0.x.
    public static let r4 = "R4"
    /// HealthKit's name for any other release.
    public static let unknownRelease = "Unknown"
    /// The DSTU2 version HealthKit reads.
    public static let primaryDSTU2 = "1.0.2"
    /// The R4 version HealthKit reads.
    public static let primaryR4 = "4.0.1"

    /// The FHIR release of a version: `DSTU2` for 1.0.x, `R4` for 4.0.x, else `Unknown` (HealthKit's releases).
    public static func release(ofVersion string: String) -> String {
        switch versionNumbers(string).map({ ($0.major, $0.minor) }) {
        case (1, 0)?: return dstu2
        case (4, 0)?: return r4
        default: return unknownRelease
        }
    }

    /// The `resourceType` and `id` of a resource's JSON, or the reason it is not a FHIR resource (naming the field
    /// under `field`).
    public static func header(
        ofJSON data: Data, field: String
    ) throws(HealthModelError) -> (resourceType: String, id: String?) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidField(field: field, reason: "is not JSON (\(error.localizedDescription))")
        }
        guard let resource = object as? [String: Any] else {
            throw .invalidField(field: field, reason: "is not a JSON object (a FHIR resource)")
        }
        guard let resourceType = resource["resourceType"] as? String, !resourceType.isEmpty else {
            throw .invalidField(field: "\(field).resourceType", reason: "is required (a FHIR resource's type)")
        }
        return (resourceType, resource["id"] as? String)
    }

    /// The name a person would know a resource by: the text or first coding's display of its main concept (`code`,
    /// `medicationCodeableConcept`, `vaccineCode`, …); nil when it has none.
    public static func displayName(ofJSON data: Data) -> String? {
        guard let resource = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        for key in ["code", "medicationCodeableConcept", "vaccineCode", "substance", "type", "class"] {
            guard let concept = resource[key] as? [String: Any] else { continue }
            if let text = concept["text"] as? String, !text.isEmpty { return text }
            let codings = concept["coding"] as? [[String: Any]] ?? []
            if let display = codings.lazy.compactMap({ $0["display"] as? String }).first(where: { !$0.isEmpty }) {
                return display
            }
        }
        return nil
    }

    func validate(field: String) throws(HealthModelError) {
        guard !resourceType.isEmpty else { throw .invalidField(field: "\(field).resourceType", reason: "is required") }
        guard !identifier.isEmpty else { throw .invalidField(field: "\(field).identifier", reason: "is required") }
        guard Self.versionNumbers(fhirVersion) != nil else {
            throw .invalidField(
                field: "\(field).fhirVersion", reason: "'\(fhirVersion)' is not a FHIR version like 4.0.1")
        }
        if let sourceURL, URL(string: sourceURL)?.scheme == nil {
            throw .invalidField(field: "\(field).sourceURL", reason: "'\(sourceURL)' is not an absolute URL")
        }
        let header = try Self.header(ofJSON: Data(json.utf8), field: "\(field).json")
        guard header.resourceType == resourceType else {
            throw .invalidField(
                field: "\(field).json.resourceType",
                reason: "is '\(header.resourceType)', but the record says '\(resourceType)'")
        }
    }
}
