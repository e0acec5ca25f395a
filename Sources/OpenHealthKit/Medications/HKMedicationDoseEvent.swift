import Foundation
import HealthModel

/// The sample type of medication dose events.
open class HKMedicationDoseEventType: HKSampleType, @unchecked Sendable {}

/// A logged dose of a medication on the person's list: taken, skipped, snoozed …, scheduled or as needed, with the
/// amounts. The Health app logs them; apps read the dose events of the medications the person shared with them and
/// cannot save any (HealthKit's medication API is read-only).
open class HKMedicationDoseEvent: HKSample, @unchecked Sendable {
    /// What became of a dose.
    public enum LogStatus: Int, Sendable, Hashable {
        /// The person did not answer a scheduled reminder.
        case notInteracted = 1
        /// The reminder could not be delivered.
        case notificationNotSent = 2
        /// The person snoozed the reminder.
        case snoozed = 3
        /// The person took the dose.
        case taken = 4
        /// The person skipped the dose.
        case skipped = 5
        /// The person undid an earlier log.
        case notLogged = 6
    }

    /// Whether the dose was scheduled.
    public enum ScheduleType: Int, Sendable, Hashable {
        /// Logged without a schedule.
        case asNeeded = 1
        /// Logged from a scheduled reminder.
        case schedule = 2
    }

    private let content: MedicationDoseEventContent

    /// Unarchives a medication dose event (`NSSecureCoding`); fails, with the reason, on an archive that holds none.
    public required init?(coder: NSCoder) {
        guard
            let sample = ObjectArchive.sample(
                coder, "HKMedicationDoseEvent", fits: { $0.type.kind == .medicationDoseEvent }),
            case let .medicationDoseEvent(content)? = sample.payload
        else { return nil }
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid,
            sampleType: HKMedicationDoseEventType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(model sample: Sample) {
        guard case let .medicationDoseEvent(content)? = sample.payload else {
            preconditionFailure("HKMedicationDoseEvent(model:) needs a medication dose event")
        }
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid,
            sampleType: HKMedicationDoseEventType(sampleType: sample.type), startDate: sample.startDate,
            endDate: sample.endDate, metadata: nil, device: nil)
    }

    /// What became of the dose.
    open var logStatus: HKMedicationDoseEvent.LogStatus { LogStatus(rawValue: content.logStatus) ?? .notLogged }
    /// The identifier of the medication (`HKMedicationConcept.identifier`).
    open var medicationConceptIdentifier: HKHealthConceptIdentifier {
        HKHealthConceptIdentifier(domain: .medication, value: content.medicationConceptIdentifier)
    }
    /// The dose event type.
    open var medicationDoseEventType: HKMedicationDoseEventType {
        sampleType as? HKMedicationDoseEventType ?? HKObjectType.medicationDoseEventType()
    }
    /// Whether the dose was scheduled or taken as needed.
    open var scheduleType: HKMedicationDoseEvent.ScheduleType {
        ScheduleType(rawValue: content.scheduleType) ?? .asNeeded
    }
    /// When the dose was scheduled; nil for doses taken as needed.
    open var scheduledDate: Date? { content.scheduledDate }
    /// The unit of the quantities.
    open var unit: HKUnit { HKUnit(from: content.unit) }
    /// How much was scheduled, in `unit`.
    open var scheduledDoseQuantity: Double? { content.scheduledDoseQuantity }
    /// How much was taken, in `unit`.
    open var doseQuantity: Double? { content.doseQuantity }
}
