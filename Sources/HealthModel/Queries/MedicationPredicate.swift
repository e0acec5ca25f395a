/// Which medications of the person's list a query returns (HealthKit's `predicateForUserAnnotatedMedications`).
public indirect enum MedicationPredicate: Sendable, Hashable {
    /// Every medication.
    case all
    /// Medications with (or without) a reminder schedule.
    case hasSchedule(Bool)
    /// Archived (or active) medications.
    case isArchived(Bool)
    /// Medications meeting every predicate.
    case and([MedicationPredicate])
    /// Medications meeting any predicate.
    case or([MedicationPredicate])
    /// Medications not meeting the predicate.
    case not(MedicationPredicate)

    /// Whether the medication meets the predicate.
    public func matches(_ medication: UserAnnotatedMedication) -> Bool {
        switch self {
        case .all: return true
        case let .hasSchedule(value): return medication.hasSchedule == value
        case let .isArchived(value): return medication.isArchived == value
        case let .and(parts): return parts.allSatisfy { $0.matches(medication) }
        case let .or(parts): return parts.contains { $0.matches(medication) }
        case let .not(part): return !part.matches(medication)
        }
    }
}
