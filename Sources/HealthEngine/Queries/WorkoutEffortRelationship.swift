import Foundation
import HealthModel

/// A workout, or one of its activities, with the effort score samples related to it, as the relationship query
/// returns it (HealthKit's `HKWorkoutEffortRelationship`).
public struct WorkoutEffortRelationship: Sendable, Hashable {
    /// The workout.
    public let workout: Sample
    /// The activity, nil when the samples are related to the whole workout.
    public let activity: WorkoutActivity?
    /// The related samples the reader may see, oldest first (only the most relevant with that option).
    public let samples: [Sample]

    /// A relationship.
    public init(workout: Sample, activity: WorkoutActivity?, samples: [Sample]) {
        self.workout = workout
        self.activity = activity
        self.samples = samples
    }
}
