import Foundation

/// One change of zone during a live workout, as in HealthKit (iOS 27): what `HKLiveWorkoutBuilderDelegate`'s
/// `workoutBuilder(_:didUpdateWorkoutZone:)` receives. Only the builder makes one.
open class HKLiveWorkoutZoneUpdate: NSObject, @unchecked Sendable {
    /// The start of the latest sample processed when the zone changed.
    open private(set) var lastSampleProcessedDate: Date?
    /// The zone just entered, with the time spent in it so far; nil when no zone is active.
    public final let currentZoneDuration: HKWorkoutZoneDuration?
    /// The zone just left, with the time spent in it so far; nil on the first entry into a zone.
    public final let previousZoneDuration: HKWorkoutZoneDuration?
    /// The whole group, with the current totals.
    public final let zoneGroup: HKWorkoutZoneGroup?

    init(
        lastSampleProcessedDate: Date?, currentZoneDuration: HKWorkoutZoneDuration?,
        previousZoneDuration: HKWorkoutZoneDuration?, zoneGroup: HKWorkoutZoneGroup?
    ) {
        self.lastSampleProcessedDate = lastSampleProcessedDate
        self.currentZoneDuration = currentZoneDuration
        self.previousZoneDuration = previousZoneDuration
        self.zoneGroup = zoneGroup
        super.init()
    }
}
