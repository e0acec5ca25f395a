import Foundation
import HealthEngine
import HealthModel

/// A workout, or one of its activities, with the effort score samples related to it, as in HealthKit (iOS 18):
/// what `HKWorkoutEffortRelationshipQuery` returns.
open class HKWorkoutEffortRelationship: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
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

    init(workout: HKWorkout, activity: HKWorkoutActivity?, samples: [HKSample]?) {
        self.workout = workout
        self.activity = activity
        self.samples = samples
        super.init()
    }

    /// Unarchives a relationship; fails without a workout, or with an activity or samples that do not decode.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "HKWorkoutEffortRelationshipWorkout"),
            let workout = coder.decodeObject(of: HKWorkout.self, forKey: "HKWorkoutEffortRelationshipWorkout")
        else {
            ObjectArchive.report(coder, "HKWorkoutEffortRelationship", "no workout")
            return nil
        }
        var activity: HKWorkoutActivity?
        if coder.containsValue(forKey: "HKWorkoutEffortRelationshipActivity") {
            activity = coder.decodeObject(of: HKWorkoutActivity.self, forKey: "HKWorkoutEffortRelationshipActivity")
            guard activity != nil else { return nil }
        }
        var samples: [HKSample]?
        if coder.containsValue(forKey: "HKWorkoutEffortRelationshipSamples") {
            samples =
                coder.decodeObject(of: [NSArray.self, HKSample.self], forKey: "HKWorkoutEffortRelationshipSamples")
                as? [HKSample]
            guard samples != nil else { return nil }
        }
        self.workout = workout
        self.activity = activity
        self.samples = samples
        super.init()
    }

    /// Relationships decode only as relationships.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the workout, the activity and the samples (each an archived object of its own).
    open func encode(with coder: NSCoder) {
        coder.encode(workout, forKey: "HKWorkoutEffortRelationshipWorkout")
        if let activity { coder.encode(activity, forKey: "HKWorkoutEffortRelationshipActivity") }
        if let samples { coder.encode(samples as NSArray, forKey: "HKWorkoutEffortRelationshipSamples") }
    }

    /// Equal when the workout, activity and samples are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKWorkoutEffortRelationship else { return false }
        return other.workout == workout && other.activity == activity && other.samples == samples
    }

    /// Hashes the workout.
    open override var hash: Int { workout.hash }

    /// The relationship itself: it is immutable.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
