import HealthModel

/// A payload sample's content in a few words, for the value column of sample listings.
enum PayloadSummary {
    static func text(_ payload: SamplePayload) -> String {
        switch payload {
        case let .workoutRoute(content):
            return "\(content.locations.count) locations"
        case let .electrocardiogram(content):
            let classification = classificationNames[content.classification] ?? String(content.classification)
            return "\(classification), \(content.voltages.count) voltages"
        case let .audiogram(content):
            return "\(content.sensitivityPoints.count) frequencies"
        case let .stateOfMind(content):
            return "valence \(StatisticsReport.number(content.valence))"
        case let .scoredAssessment(content):
            return "score \(content.score)"
        case let .visionPrescription(content):
            return content.prescriptionType == 2 ? "contacts" : "glasses"
        case let .clinicalRecord(content):
            return "\(content.resource.resourceType): \(content.displayName)"
        case let .workoutEffortRelationship(content):
            return "effort \(content.sample) on workout \(content.workout)"
        case let .heartbeatSeries(content):
            return "\(content.beats.count) beats"
        case let .medicationDoseEvent(content):
            let status = logStatusNames[content.logStatus] ?? String(content.logStatus)
            return "\(status) \(content.medicationConceptIdentifier)"
        }
    }

    private static let logStatusNames = [
        1: "notInteracted", 2: "notificationNotSent", 3: "snoozed", 4: "taken", 5: "skipped", 6: "notLogged",
    ]

    private static let classificationNames = [
        0: "notSet", 1: "sinusRhythm", 2: "atrialFibrillation", 3: "inconclusiveLowHeartRate",
        4: "inconclusiveHighHeartRate", 5: "inconclusivePoorReading", 6: "inconclusiveOther", 100: "unrecognized",
    ]
}
