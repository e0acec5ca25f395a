import Foundation
import HealthModel

/// A medication on the person's list in the Health app, with what the person set for it: a nickname, whether it is
/// archived and whether it has reminders. Apps read the medications the person shared with them
/// (`HKUserAnnotatedMedicationQuery`); they cannot make or save them.
open class HKUserAnnotatedMedication: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// Whether the person set up reminders for the medication (it may still be taken as needed).
    open private(set) var hasSchedule: Bool
    /// Whether the person moved the medication to the archived section.
    open private(set) var isArchived: Bool
    /// The medication itself; its identifier is the one the dose events carry.
    open private(set) var medication: HKMedicationConcept
    /// The person's name for the medication.
    open private(set) var nickname: String?

    init(model: UserAnnotatedMedication) {
        hasSchedule = model.hasSchedule
        isArchived = model.isArchived
        medication = HKMedicationConcept(model: model.concept)
        nickname = model.nickname
        super.init()
    }

    /// Unarchives a medication; fails without one that reads.
    public required init?(coder: NSCoder) {
        guard let model = ObjectArchive.json(UserAnnotatedMedication.self, coder, "HKUserAnnotatedMedication") else {
            ObjectArchive.report(coder, "HKUserAnnotatedMedication", "no medication that reads")
            return nil
        }
        hasSchedule = model.hasSchedule
        isArchived = model.isArchived
        medication = HKMedicationConcept(model: model.concept)
        nickname = model.nickname
        super.init()
    }

    /// Medications decode only as medications.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the concept, nickname, archived flag and schedule flag.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(
            json: UserAnnotatedMedication(
                concept: medication.model, nickname: nickname, isArchived: isArchived, hasSchedule: hasSchedule),
            forKey: "HKUserAnnotatedMedication", to: coder)
    }

    /// This medication (medications read from the store are immutable).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when every property is.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKUserAnnotatedMedication else { return false }
        return other.medication == medication && other.nickname == nickname && other.isArchived == isArchived
            && other.hasSchedule == hasSchedule
    }

    /// Hashes the medication's concept.
    open override var hash: Int { medication.hash }

    /// The nickname or the name shown.
    open override var description: String { nickname ?? medication.displayText }
}
