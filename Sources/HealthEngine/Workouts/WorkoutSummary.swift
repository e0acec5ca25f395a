import Foundation
import HealthModel

/// A workout as people look at it: what, when, how long, how far, how much energy, and the heart rate during it.
public struct WorkoutSummary: Sendable, Hashable {
    /// The workout's identifier.
    public let uuid: UUID
    /// The activity's case name (`running`, `cycling`; `other` when unknown).
    public let activityType: String
    /// When it started.
    public let start: Date
    /// When it ended.
    public let end: Date
    /// Active time in seconds (pauses taken out).
    public let duration: TimeInterval
    /// Distance in meters, when the workout recorded one.
    public let distance: Double?
    /// Active energy in kilocalories, when recorded.
    public let energy: Double?
    /// Average heart rate (beats per minute) of the heart rate samples inside the workout, sources merged by
    /// priority as for any statistics; nil without samples.
    public let averageHeartRate: Double?
    /// Maximum heart rate inside the workout, merged the same way.
    public let maximumHeartRate: Double?
    /// The app or device that saved the workout.
    public let source: Source?
    /// Metres climbed and descended, from the route's altitudes or the workout's metadata; nil without either.
    public let elevation: WorkoutElevation?
    /// Time in each heart rate zone (docs/decisions/workout-zones.md); nil without zones or heart rate samples.
    public let heartRateZones: WorkoutZoneGroup?

    /// A summary with its figures.
    public init(
        uuid: UUID, activityType: String, start: Date, end: Date, duration: TimeInterval, distance: Double?,
        energy: Double?, averageHeartRate: Double?, maximumHeartRate: Double?, source: Source?,
        elevation: WorkoutElevation? = nil, heartRateZones: WorkoutZoneGroup? = nil
    ) {
        self.uuid = uuid
        self.activityType = activityType
        self.start = start
        self.end = end
        self.duration = duration
        self.distance = distance
        self.energy = energy
        self.averageHeartRate = averageHeartRate
        self.maximumHeartRate = maximumHeartRate
        self.source = source
        self.elevation = elevation
        self.heartRateZones = heartRateZones
    }

    /// The activities whose speed is told as a pace (time per kilometre) rather than a speed.
    public static let paceActivities: Set<String> = [
        "running", "walking", "hiking", "wheelchairRunPace",
        "wheelchairWalkPace", "crossCountrySkiing", "swimming", "rowing", "paddleSports",
    ]

    /// Seconds per kilometre, for activities told by pace with a distance; else nil.
    public var pace: TimeInterval? {
        guard Self.paceActivities.contains(activityType), let distance, distance > 0, duration > 0 else { return nil }
        return duration / (distance / 1000)
    }

    /// Kilometres per hour, for the other activities with a distance; else nil.
    public var speed: Double? {
        guard !Self.paceActivities.contains(activityType), let distance, distance > 0, duration > 0 else { return nil }
        return distance / 1000 / (duration / 3600)
    }
}
