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
