import Foundation
import HealthEngine
import HealthModel

/// A workout, or one of its activities, with the effort score samples related to it, as in HealthKit (iOS 18):
/// what `HKWorkoutEffortRelationshipQuery` returns.
open class HKWorkoutEffortRelationship: NSObject, NSCopying, @unchecked Sendable {
    /// The workout.
    open internal(set) var workout: HKWorkout
    /// The activity the samples are related to; nil when they are related to the whole workout.
    open internal(set) var activity: HKWorkoutActivity?
    /// The related effort score samples the app may read, oldest first.
    open internal(set) var samples: [HKSample]?

    init(_ relationship: WorkoutEffortRelationship) {
        workout = HKSample.wrap(relationship.workout) as! HKWorkout
        activity = relationship.activity.map(HKWorkoutActivity.init)
        samples = HKSample.wrap(relationship.samples)
        super.init()
    }

    /// Not supported: relationships are not archived.
    public required init?(coder: NSCoder) { nil }

    /// The relationship itself: it is immutable.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
