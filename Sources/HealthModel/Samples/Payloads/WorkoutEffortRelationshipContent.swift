import Foundation

/// One effort score sample related to a workout, or to one of the workout's activities, as
/// `relateWorkoutEffortSample(_:with:activity:completion:)` records it. Each related sample is one record (a sample of
/// `SampleType.workoutEffortRelationship` spanning the workout), so relating and unrelating are commits with change-log
/// entries, and the relationship query is an anchored query over these records (docs/decisions/workout-effort.md).
public struct WorkoutEffortRelationshipContent: Sendable, Hashable, Codable {
    /// The workout's identifier.
    public var workout: UUID
    /// The activity's identifier, nil when the sample is related to the whole workout.
    public var activity: UUID?
    /// The effort score sample's identifier.
    public var sample: UUID
    /// The effort score sample's type identifier (one of `effortTypeIdentifiers`).
    public var sampleType: String

    /// The types HealthKit relates to workouts: the effort score a person gives and the one the system estimates.
    public static let effortTypeIdentifiers: [String] = [
        "HKQuantityTypeIdentifierWorkoutEffortScore", "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore",
    ]

    /// A record's content; validated when a sample is built from it.
    public init(workout: UUID, activity: UUID?, sample: UUID, sampleType: String) {
        self.workout = workout
        self.activity = activity
        self.sample = sample
        self.sampleType = sampleType
    }

    /// Whether samples of the type may be related to a workout.
    public static func isEffortType(_ type: SampleType) -> Bool {
        type.kind == .quantity && effortTypeIdentifiers.contains(type.identifier)
    }

    func validate() throws(HealthModelError) {
        guard Self.effortTypeIdentifiers.contains(sampleType) else {
            throw .invalidField(
                field: "workoutEffortRelationship.sampleType",
                reason: "\(sampleType) is not an effort score type (workoutEffortScore, estimatedWorkoutEffortScore)")
        }
    }
}
