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
