import Foundation
import HealthModel

/// Relating effort scores to workouts, as in HealthKit (iOS 18).
extension HKHealthStore {
    /// Relates a saved effort score sample (`workoutEffortScore` or `estimatedWorkoutEffortScore`) to a saved
    /// workout, or to one of its activities; reports on a background queue. Fails with `errorInvalidArgument` when
    /// the sample is of another type or the workout, sample or activity is unknown, and with the authorization errors
    /// when the app may not share the sample's type. Relating it again succeeds and changes nothing.
    public func relateWorkoutEffortSample(
        _ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let ids = (sample.uuid, workout.uuid, activity?.uuid)
        reportInBackground(to: completion) {
            try self.dataStore.relateWorkoutEffort(
                sample: ids.0, workout: ids.1, activity: ids.2, as: self.clientRevision)
        }
    }

    /// Removes the relation of an effort score sample to a workout (to the activity when given); reports on a
    /// background queue. Fails with `errorInvalidArgument` when the sample is not so related.
    public func unrelateWorkoutEffortSample(
        _ sample: HKSample, from workout: HKWorkout, activity: HKWorkoutActivity?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let ids = (sample.uuid, workout.uuid, activity?.uuid)
        reportInBackground(to: completion) {
            try self.dataStore.unrelateWorkoutEffort(sample: ids.0, workout: ids.1, activity: ids.2)
        }
    }
}
