import Foundation

/// One point of a workout route (a GPX track point or an inline `Location` of an old export).
public struct WorkoutRouteLocation: Sendable, Hashable {
    /// When the point was recorded.
    public let date: Date
    /// Latitude in degrees.
    public let latitude: Double
    /// Longitude in degrees.
    public let longitude: Double
    /// Altitude in meters, if known.
    public let altitude: Double?
    /// Speed in meters per second, if known.
    public let speed: Double?
    /// Course in degrees, if known.
    public let course: Double?
    /// Horizontal accuracy in meters, if known.
    public let horizontalAccuracy: Double?
    /// Vertical accuracy in meters, if known.
    public let verticalAccuracy: Double?

    /// A route point.
    public init(
        date: Date, latitude: Double, longitude: Double, altitude: Double? = nil, speed: Double? = nil, course: Double? = nil,
        horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil
    ) {
        self.date = date
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.speed = speed
        self.course = course
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
    }
}

/// A workout's route: its points and where they came from.
public struct WorkoutRoute: Sendable, Hashable {
    /// The route's own identifier, derived from its workout and its content.
    public let uuid: UUID
    /// The workout the route belongs to.
    public let workout: UUID
    /// The route's source name as the export wrote it.
    public let sourceName: String?
    /// The GPX path the export referenced, or nil for inline locations.
    public let filePath: String?
    /// The points in time order.
    public let locations: [WorkoutRouteLocation]

    /// A route.
    public init(uuid: UUID, workout: UUID, sourceName: String?, filePath: String?, locations: [WorkoutRouteLocation]) {
        self.uuid = uuid
        self.workout = workout
        self.sourceName = sourceName
        self.filePath = filePath
        self.locations = locations
    }
}

/// The beat-to-beat series under a heart rate variability record (`InstantaneousBeatsPerMinute`).
public struct HeartbeatSeries: Sendable, Hashable {
    /// One beat: when it happened and the instantaneous rate.
    public struct Beat: Sendable, Hashable {
        /// The time of the beat.
        public let date: Date
        /// Beats per minute at that beat.
        public let beatsPerMinute: Double

        /// A beat.
        public init(date: Date, beatsPerMinute: Double) {
            self.date = date
            self.beatsPerMinute = beatsPerMinute
        }
    }

    /// The HRV sample the series belongs to.
    public let sample: UUID
    /// The beats in file order.
    public let beats: [Beat]

    /// A series for a sample.
    public init(sample: UUID, beats: [Beat]) {
        self.sample = sample
        self.beats = beats
    }
}
