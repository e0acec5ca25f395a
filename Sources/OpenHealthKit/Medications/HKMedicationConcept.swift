import Foundation
import HealthModel

/// A medication as an idea (ibuprofen, insulin): its identifier, the name shown, the form it is made in and its codes
/// in clinical coding systems such as RxNorm. Apps receive concepts from the store; they do not make them.
open class HKMedicationConcept: NSObject, NSCopying, @unchecked Sendable {
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

    /// Not supported: concepts are not archived off-device.
    public required init?(coder: NSCoder) { nil }

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
