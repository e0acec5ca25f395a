/// A medication as an idea (ibuprofen 200 mg tablets, insulin): the identifier its dose events name, the name shown,
/// the form it is made in and its codes in clinical coding systems.
public struct MedicationConcept: Sendable, Hashable, Codable {
    /// The identifier of the concept, unique in the person's store; dose events name it.
    public var identifier: String
    /// The name shown for the medication.
    public var displayText: String
    /// `HKMedicationGeneralForm`'s raw value (`tablet`, `capsule`, … `unknown`).
    public var generalForm: String
    /// Codes of the medication in clinical coding systems (RxNorm).
    public var relatedCodings: [ClinicalCoding]

    /// The general forms HealthKit names (`HKMedicationGeneralForm`'s constants).
    public static let generalForms: Set<String> = [
        "capsule", "cream", "device", "drops", "foam", "gel", "inhaler", "injection", "liquid", "lotion", "ointment",
        "patch", "powder", "spray", "suppository", "tablet", "topical", "unknown",
    ]

    /// A concept; checked when a medication holding it is stored.
    public init(identifier: String, displayText: String, generalForm: String, relatedCodings: [ClinicalCoding] = []) {
        self.identifier = identifier
        self.displayText = displayText
        self.generalForm = generalForm
        self.relatedCodings = relatedCodings
    }

    func validate(field: String) throws(HealthModelError) {
        try MedicationCheck.text(identifier, field: "\(field).identifier")
        try MedicationCheck.text(displayText, field: "\(field).displayText")
        guard Self.generalForms.contains(generalForm) else {
            throw .invalidField(
                field: "\(field).generalForm",
                reason:
                    "\"\(generalForm)\" is not a general form (\(Self.generalForms.sorted().joined(separator: ", ")))")
        }
        for (index, coding) in relatedCodings.enumerated() {
            try coding.validate(field: "\(field).relatedCodings[\(index)]")
        }
    }
}

/// Checks shared by the medication types.
enum MedicationCheck {
    /// Text that is neither empty nor longer than `limit` characters.
    static func text(_ value: String, field: String, limit: Int = 1_000) throws(HealthModelError) {
        guard !value.isEmpty else { throw .invalidField(field: field, reason: "must not be empty") }
        guard value.count <= limit else {
            throw .invalidField(field: field, reason: "is \(value.count) characters long, at most \(limit) are kept")
        }
    }
}

/// A code of a medical concept in a standardized coding system (a FHIR Coding: system, optional version, code), such
/// as a medication's RxNorm code.
public struct ClinicalCoding: Sendable, Hashable, Codable {
    /// The coding system, typically an HL7 URL (`http://www.nlm.nih.gov/research/umls/rxnorm`).
    public var system: String
    /// The version of the system, when it matters.
    public var version: String?
    /// The code within the system.
    public var code: String

    /// A coding; checked when the medication holding it is stored.
    public init(system: String, version: String?, code: String) {
        self.system = system
        self.version = version
        self.code = code
    }

    func validate(field: String) throws(HealthModelError) {
        try MedicationCheck.text(system, field: "\(field).system")
        try MedicationCheck.text(code, field: "\(field).code")
        if let version { try MedicationCheck.text(version, field: "\(field).version") }
    }
}
