import Foundation

/// One point of a workout route (a GPX track point or an inline `Location` of an old export).
public struct WorkoutRouteLocation: Sendable, Hashable, Codable {
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
        date: Date, latitude: Double, longitude: Double, altitude: Double? = nil, speed: Double? = nil,
        course: Double? = nil,
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
