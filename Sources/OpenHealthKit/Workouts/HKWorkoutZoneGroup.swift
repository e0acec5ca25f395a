import Foundation
import HealthModel

/// The time spent in one zone, as in HealthKit (iOS 27).
public struct HKWorkoutZoneDuration: Sendable {
    /// The zone.
    public let zone: HKWorkoutZone
    /// Seconds spent in it.
    public let duration: TimeInterval
}

/// The time spent in each zone of a configuration over a workout or an activity, as in HealthKit (iOS 27).
public struct HKWorkoutZoneGroup: Sendable {
    /// The zones counted.
    public let configuration: HKWorkoutZoneConfiguration
    /// The time in each zone, one per zone, lowest first.
    public let zoneDurations: [HKWorkoutZoneDuration]

    init(_ group: WorkoutZoneGroup) {
        let configuration = HKWorkoutZoneConfiguration(group.configuration)
        self.configuration = configuration
        zoneDurations = zip(configuration.zones, group.durations).map {
            HKWorkoutZoneDuration(zone: $0, duration: $1)
        }
    }

    /// The groups of each type, keyed by HealthKit's type objects.
    static func byType(_ groups: [SampleType: WorkoutZoneGroup]) -> [HKQuantityType: HKWorkoutZoneGroup] {
        var result: [HKQuantityType: HKWorkoutZoneGroup] = [:]
        for (type, group) in groups { result[HKQuantityType(sampleType: type)] = HKWorkoutZoneGroup(group) }
        return result
    }
}
