import Foundation
import HealthModel

/// Finding the effort scores related to a workout, as in HealthKit (iOS 18).
extension HKQuery {
    /// Effort score samples related to a workout: to the activity when given, otherwise to the workout or any of its
    /// activities.
    public class func predicateForWorkoutEffortSamplesRelated(
        workout: HKWorkout, activity: HKWorkoutActivity?
    ) -> NSPredicate {
        HealthPredicate(.workoutEffortRelated(workout: workout.uuid, activity: activity?.uuid))
    }
}

/// The key path of the workout effort relationship of effort score samples.
public let HKPredicateKeyPathWorkoutEffortRelationship = "workoutEffortRelationship"
