import Foundation

/// A condition on a payload sample's content (HealthKit's predicates for electrocardiograms, states of mind and
/// clinical records).
public enum PayloadCondition: Sendable, Hashable {
    /// Electrocardiograms with this classification (raw value).
    case electrocardiogramClassification(Int)
    /// Electrocardiograms with this symptoms status (raw value).
    case electrocardiogramSymptomsStatus(Int)
    /// States of mind whose valence compares with the value.
    case stateOfMindValence(ComparisonOperator, Double)
    /// States of mind of this kind (raw value).
    case stateOfMindKind(Int)
    /// States of mind with this label among theirs (raw value).
    case stateOfMindLabel(Int)
    /// States of mind with this association among theirs (raw value).
    case stateOfMindAssociation(Int)
    /// Clinical records whose FHIR resource is of this type (`Observation`).
    case clinicalRecordResourceType(String)
    /// Clinical records whose FHIR resource has this identifier at its source.
    case clinicalRecordResourceIdentifier(String)
    /// Medication dose events of any of these medications (concept identifiers).
    case medicationConcepts(Set<String>)
    /// Medication dose events with this log status (raw value).
    case medicationLogStatus(Int)
    /// Medication dose events scheduled at exactly one of these dates.
    case medicationScheduledDates(Set<Date>)
    /// Medication dose events scheduled in `start ..< end` (a nil side is unbounded).
    case medicationScheduledBetween(Date?, Date?)

    /// The kind of sample the condition concerns.
    public var kind: SampleKind {
        switch self {
        case .electrocardiogramClassification, .electrocardiogramSymptomsStatus: return .electrocardiogram
        case .stateOfMindValence, .stateOfMindKind, .stateOfMindLabel, .stateOfMindAssociation: return .stateOfMind
        case .clinicalRecordResourceType, .clinicalRecordResourceIdentifier: return .clinicalRecord
        case .medicationConcepts, .medicationLogStatus, .medicationScheduledDates, .medicationScheduledBetween:
            return .medicationDoseEvent
        }
    }

    /// Whether the sample's content meets the condition (samples of other kinds never do).
    public func holds(on payload: SamplePayload?) -> Bool {
        switch (self, payload) {
        case let (.electrocardiogramClassification(value), .electrocardiogram(content)?):
            return content.classification == value
        case let (.electrocardiogramSymptomsStatus(value), .electrocardiogram(content)?):
            return content.symptomsStatus == value
        case let (.stateOfMindValence(comparison, value), .stateOfMind(content)?):
            return comparison.holds(content.valence, value)
        case let (.stateOfMindKind(value), .stateOfMind(content)?):
            return content.kind == value
        case let (.stateOfMindLabel(value), .stateOfMind(content)?):
            return content.labels.contains(value)
        case let (.stateOfMindAssociation(value), .stateOfMind(content)?):
            return content.associations.contains(value)
        case let (.clinicalRecordResourceType(value), .clinicalRecord(content)?):
            return content.resource.resourceType == value
        case let (.clinicalRecordResourceIdentifier(value), .clinicalRecord(content)?):
            return content.resource.identifier == value
        case let (.medicationConcepts(identifiers), .medicationDoseEvent(content)?):
            return identifiers.contains(content.medicationConceptIdentifier)
        case let (.medicationLogStatus(value), .medicationDoseEvent(content)?):
            return content.logStatus == value
        case let (.medicationScheduledDates(dates), .medicationDoseEvent(content)?):
            return content.scheduledDate.map(dates.contains) ?? false
        case let (.medicationScheduledBetween(start, end), .medicationDoseEvent(content)?):
            guard let date = content.scheduledDate else { return false }
            return (start.map { date >= $0 } ?? true) && (end.map { date < $0 } ?? true)
        default:
            return false
        }
    }
}
