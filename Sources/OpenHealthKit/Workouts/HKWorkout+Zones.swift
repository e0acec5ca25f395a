import Foundation
import HealthModel
import HealthStore

/// A workout's time in zone, as in HealthKit (iOS 27): over the whole workout (its primary activity), from the heart
/// rate and cycling power samples stored in its range, merged by source priority, pauses taken out, by the zones it
/// was built with, else the person's preferred ones (docs/decisions/workout-zones.md). Computed the first time it is
/// asked; a client without read authorization for the type gets nil, as when there is no data.
extension HKWorkout {
    /// The time in zone of each type with zone data, or nil when there is none.
    public var zoneGroupsByType: [HKQuantityType: HKWorkoutZoneGroup]? { zoneLookup.groups }

    /// The time in zone of one type, or nil when it has none.
    public func zoneGroup(for quantityType: HKQuantityType) -> HKWorkoutZoneGroup? {
        zoneGroupsByType?[quantityType]
    }
}

/// An activity's time in zone, as in HealthKit (iOS 27): the same as the workout's, over the activity's range.
extension HKWorkoutActivity {
    /// The time in zone of each type with zone data over the activity, or nil when there is none.
    public var zoneGroupsByType: [HKQuantityType: HKWorkoutZoneGroup]? { zoneLookup.groups }

    /// The time in zone of one type over the activity, or nil when it has none.
    public func zoneGroup(for quantityType: HKQuantityType) -> HKWorkoutZoneGroup? {
        zoneGroupsByType?[quantityType]
    }
}
