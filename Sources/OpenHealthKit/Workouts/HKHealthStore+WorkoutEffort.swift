import Foundation
import HealthModel

/// Relating effort scores to workouts, as in HealthKit (iOS 18): the store work behind
/// `relateWorkoutEffortSample` and `unrelateWorkoutEffortSample`, declared in `HKHealthStore`'s body so that subclasses
/// can override them.
extension HKHealthStore {
    /// The identifiers of a sample, the workout and the activity it is related to (or unrelated from).
    struct EffortRelation: Sendable {
        let sample: UUID
        let workout: UUID
        let activity: UUID?

        init(_ sample: HKSample, _ workout: HKWorkout, _ activity: HKWorkoutActivity?) {
            (self.sample, self.workout, self.activity) = (sample.uuid, workout.uuid, activity?.uuid)
        }
    }

    func relateWorkoutEffortNow(_ ids: EffortRelation) throws {
        do {
            try dataStore.relateWorkoutEffort(
                sample: ids.sample, workout: ids.workout, activity: ids.activity, as: clientRevision)
        } catch {
            throw HKError.from(error)
        }
    }

    func unrelateWorkoutEffortNow(_ ids: EffortRelation) throws {
        do {
            try dataStore.unrelateWorkoutEffort(sample: ids.sample, workout: ids.workout, activity: ids.activity)
        } catch {
            throw HKError.from(error)
        }
    }
}
