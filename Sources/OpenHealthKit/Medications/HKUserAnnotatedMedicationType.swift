import Foundation
import HealthModel

/// The type of the person's medications: what an app names to ask to read them, one by one
/// (`HKHealthStore.requestPerObjectReadAuthorization(for:predicate:)`).
open class HKUserAnnotatedMedicationType: HKObjectType, @unchecked Sendable {}

/// The identifier of the medication type (`HKUserAnnotatedMedicationType`).
public let HKDataTypeIdentifierUserAnnotatedMedicationConcept = TypeTable.userAnnotatedMedicationTypeIdentifier

/// The identifier of the medication dose event type.
public let HKMedicationDoseEventTypeIdentifierMedicationDoseEvent = TypeTable.medicationDoseEventTypeIdentifier

/// The key path of a medication's archived status, for predicates on medications.
public let HKUserAnnotatedMedicationPredicateKeyPathIsArchived = "isArchived"

/// The key path of whether a medication has a schedule, for predicates on medications.
public let HKUserAnnotatedMedicationPredicateKeyPathHasSchedule = "hasSchedule"

/// The key path of a dose event's scheduled date, for predicates on dose events.
public let HKPredicateKeyPathScheduledDate = "scheduledDate"

/// The key path of a dose event's log status, for predicates on dose events.
public let HKPredicateKeyPathStatus = "status"

/// The key path of a dose event's log origin, for predicates on dose events.
public let HKPredicateKeyPathLogOrigin = "logOrigin"

/// The key path of a dose event's medication concept identifier, for predicates on dose events.
public let HKPredicateKeyPathMedicationConceptIdentifier = "medicationConceptIdentifier"

extension HKObjectType {
    /// The type of the person's medications, read one by one as the person shares each.
    public class func userAnnotatedMedicationType() -> HKUserAnnotatedMedicationType {
        HKUserAnnotatedMedicationType(identifier: TypeTable.userAnnotatedMedicationTypeIdentifier)
    }

    /// The medication dose event type.
    public class func medicationDoseEventType() -> HKMedicationDoseEventType {
        HKMedicationDoseEventType(sampleType: .medicationDoseEvent)
    }
}

extension HKQuery {
    /// Medications with (true) or without (false) a reminder schedule, for `HKUserAnnotatedMedicationQuery`.
    public class func predicateForUserAnnotatedMedications(hasSchedule: Bool) -> NSPredicate {
        HealthPredicate(medication: .hasSchedule(hasSchedule))
    }

    /// Archived (true) or active (false) medications, for `HKUserAnnotatedMedicationQuery`.
    public class func predicateForUserAnnotatedMedications(isArchived: Bool) -> NSPredicate {
        HealthPredicate(medication: .isArchived(isArchived))
    }

    /// Dose events of one medication.
    public class func predicateForMedicationDoseEvent(
        medicationConceptIdentifier: HKHealthConceptIdentifier
    ) -> NSPredicate {
        HealthPredicate(.payload(.medicationConcepts([medicationConceptIdentifier.value])))
    }

    /// Dose events of any of these medications.
    public class func predicateForMedicationDoseEvent(
        medicationConceptIdentifiers: Set<HKHealthConceptIdentifier>
    ) -> NSPredicate {
        HealthPredicate(.payload(.medicationConcepts(Set(medicationConceptIdentifiers.map(\.value)))))
    }

    /// Dose events with this log status.
    public class func predicateForMedicationDoseEvent(status: HKMedicationDoseEvent.LogStatus) -> NSPredicate {
        HealthPredicate(.payload(.medicationLogStatus(status.rawValue)))
    }

    /// Dose events scheduled at exactly this date.
    public class func predicateForMedicationDoseEvent(scheduledDate: Date) -> NSPredicate {
        HealthPredicate(.payload(.medicationScheduledDates([scheduledDate])))
    }

    /// Dose events scheduled at exactly one of these dates.
    public class func predicateForMedicationDoseEvent(scheduledDates: Set<Date>) -> NSPredicate {
        HealthPredicate(.payload(.medicationScheduledDates(scheduledDates)))
    }

    /// Dose events scheduled from `startDate` (included) to `endDate` (excluded); nil leaves that side open. Dose
    /// events without a scheduled date (taken as needed) never match.
    public class func predicateForMedicationDoseEvent(
        scheduledStart startDate: Date?, end endDate: Date?
    ) -> NSPredicate {
        HealthPredicate(.payload(.medicationScheduledBetween(startDate, endDate)))
    }
}
