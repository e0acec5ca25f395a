import Foundation
import HealthModel

/// A medication on the person's list in the Health app, with what the person set for it: a nickname, whether it is
/// archived and whether it has reminders. Apps read the medications the person shared with them
/// (`HKUserAnnotatedMedicationQuery`); they cannot make or save them.
open class HKUserAnnotatedMedication: NSObject, NSCopying, @unchecked Sendable {
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

    /// Not supported: medications are not archived off-device.
    public required init?(coder: NSCoder) { nil }

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
