import Foundation
import HealthModel

/// A medication as an idea (ibuprofen, insulin): its identifier, the name shown, the form it is made in and its codes
/// in clinical coding systems such as RxNorm. Apps receive concepts from the store; they do not make them.
open class HKMedicationConcept: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The unique identifier of the concept; dose events of the medication carry it.
    open private(set) var identifier: HKHealthConceptIdentifier
    /// The name shown for the medication.
    open private(set) var displayText: String
    /// The form the medication is manufactured in.
    open private(set) var generalForm: HKMedicationGeneralForm
    /// Codes of the medication in clinical coding systems.
    open private(set) var relatedCodings: Set<HKClinicalCoding>

    init(model: MedicationConcept) {
        identifier = HKHealthConceptIdentifier(domain: .medication, value: model.identifier)
        displayText = model.displayText
        generalForm = HKMedicationGeneralForm(rawValue: model.generalForm)
        relatedCodings = Set(model.relatedCodings.map(HKClinicalCoding.init(model:)))
        super.init()
    }

    /// Unarchives a concept; fails without one that reads.
    public required init?(coder: NSCoder) {
        guard let model = ObjectArchive.json(MedicationConcept.self, coder, "HKMedicationConcept") else {
            ObjectArchive.report(coder, "HKMedicationConcept", "no concept that reads")
            return nil
        }
        identifier = HKHealthConceptIdentifier(domain: .medication, value: model.identifier)
        displayText = model.displayText
        generalForm = HKMedicationGeneralForm(rawValue: model.generalForm)
        relatedCodings = Set(model.relatedCodings.map(HKClinicalCoding.init(model:)))
        super.init()
    }

    /// Concepts decode only as concepts.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the identifier, name shown, general form and codings.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(json: model, forKey: "HKMedicationConcept", to: coder)
    }

    /// The model concept.
    var model: MedicationConcept {
        MedicationConcept(
            identifier: identifier.value, displayText: displayText, generalForm: generalForm.rawValue,
            relatedCodings: relatedCodings.map(\.model).sorted {
                ($0.system, $0.version ?? "", $0.code) < ($1.system, $1.version ?? "", $1.code)
            })
    }

    /// This concept (concepts are immutable).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when every property is.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKMedicationConcept else { return false }
        return other.identifier == identifier && other.displayText == displayText
            && other.generalForm == generalForm && other.relatedCodings == relatedCodings
    }

    /// Hashes the identifier.
    open override var hash: Int { identifier.hash }

    /// The name shown and the identifier.
    open override var description: String { "\(displayText) (\(identifier))" }
}
