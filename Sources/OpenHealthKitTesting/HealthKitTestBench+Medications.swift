import Foundation
import HealthModel
import HealthStore
import OpenHealthKit

/// The person's medications, as the Health app keeps them (apps cannot): the medication list, the doses logged, and
/// which medications the person shares with an app. Apps read them with `HKUserAnnotatedMedicationQuery` and dose
/// event samples after `requestPerObjectReadAuthorization(for: .userAnnotatedMedicationType(), predicate:)`.
extension HealthKitTestBench {
    /// One medication of the person's list.
    public struct Medication: Sendable, Hashable {
        /// The medication's concept identifier; its dose events carry it.
        public var identifier: String
        /// The name shown.
        public var displayText: String
        /// The form it is made in.
        public var generalForm: HKMedicationGeneralForm
        /// Its codes in clinical coding systems, as (system, version, code).
        public var relatedCodings: [ClinicalCoding]
        /// The person's name for it.
        public var nickname: String?
        /// Whether it is archived.
        public var isArchived: Bool
        /// Whether it has reminders.
        public var hasSchedule: Bool

        /// A medication of the list.
        public init(
            identifier: String, displayText: String, generalForm: HKMedicationGeneralForm,
            relatedCodings: [ClinicalCoding] = [], nickname: String? = nil, isArchived: Bool = false,
            hasSchedule: Bool = false
        ) {
            self.identifier = identifier
            self.displayText = displayText
            self.generalForm = generalForm
            self.relatedCodings = relatedCodings
            self.nickname = nickname
            self.isArchived = isArchived
            self.hasSchedule = hasSchedule
        }

        var model: UserAnnotatedMedication {
            UserAnnotatedMedication(
                concept: MedicationConcept(
                    identifier: identifier, displayText: displayText, generalForm: generalForm.rawValue,
                    relatedCodings: relatedCodings),
                nickname: nickname, isArchived: isArchived, hasSchedule: hasSchedule)
        }
    }

    /// The source the Health app's dose logs carry.
    public static let healthAppSource = Source(name: "Health", bundleIdentifier: "com.apple.Health")

    /// Replaces the person's medication list. Throws `errorInvalidArgument` naming the field for an empty name, an
    /// unknown general form or an identifier used twice.
    public func setMedications(_ medications: [Medication]) throws {
        do {
            try dataStore.setUserAnnotatedMedications(medications.map(\.model))
        } catch {
            throw HKError(.errorInvalidArgument, "\(error)")
        }
    }

    /// Logs a dose of a medication as the Health app does, at `date` (the sample's start and end); returns the dose
    /// event's identifier. Throws `errorInvalidArgument` naming the field for values out of range.
    @discardableResult
    public func logMedicationDose(
        of identifier: String, status: HKMedicationDoseEvent.LogStatus, at date: Date,
        scheduleType: HKMedicationDoseEvent.ScheduleType = .asNeeded, scheduledDate: Date? = nil,
        doseQuantity: Double? = nil, scheduledDoseQuantity: Double? = nil, unit: HKUnit = .count()
    ) throws -> UUID {
        let content = MedicationDoseEventContent(
            medicationConceptIdentifier: identifier, logStatus: status.rawValue, scheduleType: scheduleType.rawValue,
            scheduledDate: scheduledDate, doseQuantity: doseQuantity, scheduledDoseQuantity: scheduledDoseQuantity,
            unit: unit.unitString)
        do {
            // Saved as the system's data, as an import saves it: the type is read-only to every app.
            let sample = try Sample(
                type: .medicationDoseEvent, startDate: date, endDate: date,
                sourceRevision: SourceRevision(source: Self.healthAppSource),
                content: .payload(.medicationDoseEvent(content)))
            _ = try dataStore.saveImported([sample])
            return sample.uuid
        } catch {
            throw HKError(.errorInvalidArgument, "\(error)")
        }
    }

    /// Shares medications (by concept identifier) with an app, with their dose events, as the person ticking them in
    /// the Health app's sheet does (`requestPerObjectReadAuthorization` asks the bench's policy instead).
    public func shareMedications(_ identifiers: Set<String>, with app: HKSource) {
        dataStore.access.grantMedications(identifiers, client: app.bundleIdentifier)
    }

    /// Stops sharing medications with an app, as the person unticking them in Settings does.
    public func stopSharingMedications(_ identifiers: Set<String>, with app: HKSource) {
        dataStore.access.revokeMedications(identifiers, client: app.bundleIdentifier)
    }
}
