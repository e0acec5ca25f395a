import Foundation
import HealthModel

/// A workout's activities and statistics, as in HealthKit (iOS 16 and later).
extension HKWorkout {
    /// The workout's content as saved or built, when its values are valid.
    private var content: WorkoutContent? { try? backing.get().workoutContent }

    /// The workout's activities, in time order. As in HealthKit, every workout has at least one: a workout saved
    /// without activities (or imported) has one activity over its whole interval with its configuration, events and
    /// statistics, identified by the workout's identifier.
    public var workoutActivities: [HKWorkoutActivity] {
        guard let content else { return [] }
        let attachment = zoneLookup.attachment
        guard content.activities.isEmpty else {
            return content.activities.map { activity in
                let made = HKWorkoutActivity(activity)
                if let attachment {
                    made.zoneLookup.attach(
                        store: attachment.store, workout: attachment.workout, activity: activity.uuid)
                }
                return made
            }
        }
        let whole = try? WorkoutActivity(
            uuid: uuid, configuration: WorkoutConfiguration(activityTypeRawValue: content.activityTypeRawValue),
            startDate: startDate, endDate: endDate, events: content.events, statistics: content.statistics)
        return whole.map { whole in
            let made = HKWorkoutActivity(whole)
            // The one activity of a workout without activities spans the whole workout.
            if let attachment { made.zoneLookup.attach(store: attachment.store, workout: attachment.workout) }
            return [made]
        } ?? []
    }

    /// The statistics of the samples recorded during the workout (or the totals an export or an initializer gave),
    /// by quantity type.
    public var allStatistics: [HKQuantityType: HKStatistics] {
        guard let content else { return [:] }
        return HKStatistics.of(content.statistics, startDate: startDate, endDate: endDate)
    }

    /// The statistics of one quantity type over the workout, or nil when none was recorded.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        allStatistics[quantityType]
    }

    /// A workout with a given active duration, totals and the device that recorded it.
    public convenience init(
        activityType workoutActivityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
        duration: TimeInterval, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(
            activityType: workoutActivityType, start: startDate, end: endDate, workoutEvents: nil,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, duration: duration, device: device,
            metadata: metadata)
    }
}

/// HealthKit's deprecated point-in-time workout events.
extension HKWorkoutEvent {
    /// When the event happened: the start of its interval (deprecated in HealthKit in favour of `dateInterval`).
    @available(*, deprecated, message: "Use dateInterval")
    public var date: Date { dateInterval.start }

    /// An event at one instant (deprecated in HealthKit in favour of `init(type:dateInterval:metadata:)`).
    @available(*, deprecated, message: "Use init(type:dateInterval:metadata:)")
    public convenience init(type: HKWorkoutEventType, date: Date) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
    }

    /// An event at one instant with metadata (deprecated in HealthKit in favour of
    /// `init(type:dateInterval:metadata:)`).
    @available(*, deprecated, message: "Use init(type:dateInterval:metadata:)")
    public convenience init(type: HKWorkoutEventType, date: Date, metadata: [String: Any]) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: metadata)
    }
}
