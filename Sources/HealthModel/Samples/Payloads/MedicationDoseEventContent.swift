import Foundation

/// A logged dose of a medication on the person's list: which medication (its concept identifier), what became of the
/// dose (taken, skipped, snoozed …), whether it was scheduled or taken as needed, when it was scheduled and how much
/// was taken and scheduled, in one unit. The sample's start and end are when the dose was logged.
public struct MedicationDoseEventContent: Sendable, Hashable, Codable {
    /// The concept identifier of the medication (`MedicationConcept.identifier`).
    public var medicationConceptIdentifier: String
    /// `HKMedicationDoseEvent.LogStatus`'s raw value: 1 not interacted, 2 notification not sent, 3 snoozed, 4 taken,
    /// 5 skipped, 6 not logged.
    public var logStatus: Int
    /// `HKMedicationDoseEvent.ScheduleType`'s raw value: 1 as needed, 2 schedule.
    public var scheduleType: Int
    /// When the dose was scheduled; nil for doses taken as needed.
    public var scheduledDate: Date?
    /// How much was taken, in `unit`.
    public var doseQuantity: Double?
    /// How much was scheduled, in `unit`.
    public var scheduledDoseQuantity: Double?
    /// The unit of both quantities, in HealthKit's spelling (`count`, `mg`, `mL`).
    public var unit: String

    /// The raw values of `HKMedicationDoseEvent.LogStatus`.
    public static let logStatusRange = 1...6
    /// The raw values of `HKMedicationDoseEvent.ScheduleType`.
    public static let scheduleTypeRange = 1...2

    /// A dose event's content; validated when a sample is built from it.
    public init(
        medicationConceptIdentifier: String, logStatus: Int, scheduleType: Int, scheduledDate: Date?,
        doseQuantity: Double?, scheduledDoseQuantity: Double?, unit: String
    ) {
        self.medicationConceptIdentifier = medicationConceptIdentifier
        self.logStatus = logStatus
        self.scheduleType = scheduleType
        self.scheduledDate = scheduledDate
        self.doseQuantity = doseQuantity
        self.scheduledDoseQuantity = scheduledDoseQuantity
        self.unit = unit
    }

    func validate() throws(HealthModelError) {
        try MedicationCheck.text(medicationConceptIdentifier, field: "medicationDoseEvent.medicationConceptIdentifier")
        try PayloadCheck.rawValue(
            logStatus, allowed: Self.logStatusRange, field: "medicationDoseEvent.logStatus",
            meaning: "HKMedicationDoseEvent.LogStatus")
        try PayloadCheck.rawValue(
            scheduleType, allowed: Self.scheduleTypeRange, field: "medicationDoseEvent.scheduleType",
            meaning: "HKMedicationDoseEvent.ScheduleType")
        if let scheduledDate {
            try Validation.checkFinite(
                scheduledDate.timeIntervalSinceReferenceDate, field: "medicationDoseEvent.scheduledDate")
        }
        if let doseQuantity {
            try PayloadCheck.number(
                doseQuantity, in: 0...Double.greatestFiniteMagnitude, field: "medicationDoseEvent.doseQuantity")
        }
        if let scheduledDoseQuantity {
            try PayloadCheck.number(
                scheduledDoseQuantity, in: 0...Double.greatestFiniteMagnitude,
                field: "medicationDoseEvent.scheduledDoseQuantity")
        }
        do {
            _ = try HealthUnit(parsing: unit)
        } catch {
            throw .invalidField(field: "medicationDoseEvent.unit", reason: "\"\(unit)\" is not a unit")
        }
    }
}
