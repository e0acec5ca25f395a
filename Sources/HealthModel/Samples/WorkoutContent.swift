import Foundation

/// What a workout holds: its activity, active duration, events and per-type statistics.
public struct WorkoutContent: Sendable, Hashable {
    /// HealthKit's raw value of the activity type (running is 37, other is 3000).
    public let activityTypeRawValue: UInt
    /// The active time in seconds, excluding pauses.
    public let duration: TimeInterval
    /// Pauses, laps, segments and markers, in time order.
    public let events: [WorkoutEvent]
    /// Figures per quantity type identifier.
    public let statistics: [String: WorkoutStatistic]
    /// The activities of a multi-sport or interval workout, in time order (empty for a single-activity workout).
    public let activities: [WorkoutActivity]

    /// Workout content; use `Sample.workout(...)` to build a validated workout sample.
    public init(
        activityTypeRawValue: UInt, duration: TimeInterval, events: [WorkoutEvent],
        statistics: [String: WorkoutStatistic], activities: [WorkoutActivity] = []
    ) {
        self.activityTypeRawValue = activityTypeRawValue
        self.duration = duration
        self.events = events
        self.statistics = statistics
        self.activities = activities
    }

    /// The activity type's table entry, when known.
    public var activityType: WorkoutActivityTypeDescription? {
        TypeTable.workoutActivityType(rawValue: activityTypeRawValue)
    }

    /// Total active energy burned.
    public var totalEnergyBurned: Quantity? { statistics["HKQuantityTypeIdentifierActiveEnergyBurned"]?.sum }

    /// Total distance, from whichever distance type the workout recorded.
    public var totalDistance: Quantity? {
        for identifier in WorkoutContent.distanceTypeIdentifiers {
            if let sum = statistics[identifier]?.sum { return sum }
        }
        return nil
    }

    /// Total swimming strokes.
    public var totalSwimmingStrokeCount: Quantity? { statistics["HKQuantityTypeIdentifierSwimmingStrokeCount"]?.sum }

    /// Total flights climbed.
    public var totalFlightsClimbed: Quantity? { statistics["HKQuantityTypeIdentifierFlightsClimbed"]?.sum }

    /// Distance types, in the order in which `totalDistance` looks for them.
    public static let distanceTypeIdentifiers = [
        "HKQuantityTypeIdentifierDistanceWalkingRunning", "HKQuantityTypeIdentifierDistanceCycling",
        "HKQuantityTypeIdentifierDistanceSwimming", "HKQuantityTypeIdentifierDistanceWheelchair",
        "HKQuantityTypeIdentifierDistanceDownhillSnowSports", "HKQuantityTypeIdentifierDistanceCrossCountrySkiing",
        "HKQuantityTypeIdentifierDistancePaddleSports", "HKQuantityTypeIdentifierDistanceRowing",
        "HKQuantityTypeIdentifierDistanceSkatingSports",
    ]

    /// Active time between `start` and `end` once the paused spans between pause and resume events are taken out.
    public static func activeDuration(start: Date, end: Date, events: [WorkoutEvent]) -> TimeInterval {
        let paused = pausedIntervals(start: start, end: end, events: events).reduce(0) { $0 + $1.duration }
        return max(0, end.timeIntervalSince(start) - paused)
    }

    /// The paused spans between `start` and `end`, in time order: each from a pause (or motion pause) to the next
    /// resume (or motion resume), or to `end` when none follows; a second pause while paused changes nothing. The one
    /// rule for what a pause takes out (active duration, time in zone).
    public static func pausedIntervals(start: Date, end: Date, events: [WorkoutEvent]) -> [DateInterval] {
        var paused: [DateInterval] = []
        var pausedSince: Date?
        for event in events.sorted(by: { $0.startDate < $1.startDate }) {
            switch event.type {
            case .pause, .motionPaused:
                if pausedSince == nil { pausedSince = max(event.startDate, start) }
            case .resume, .motionResumed:
                if let since = pausedSince {
                    let until = min(event.startDate, end)
                    if until > since { paused.append(DateInterval(start: since, end: until)) }
                    pausedSince = nil
                }
            default:
                break
            }
        }
        if let since = pausedSince, end > since { paused.append(DateInterval(start: since, end: end)) }
        return paused
    }
}
