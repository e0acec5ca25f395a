import Foundation

/// The locations of a workout route (`HKWorkoutRoute`), in time order: what an app's `HKWorkoutRouteBuilder` inserted
/// or what an export's GPX file or inline `Location`s held. The route is a sample of `SampleType.workoutRoute` whose
/// start and end are its first and last location; it belongs to its workout by association.
public struct WorkoutRouteContent: Sendable, Hashable, Codable {
    /// The points, oldest first.
    public var locations: [WorkoutRouteLocation]

    /// The most points one route holds: more than a day of one point a second (a 24-hour race at 1 Hz is 86,400).
    public static let maximumCount = 250_000

    /// A route's content; validated when a sample is built from it.
    public init(locations: [WorkoutRouteLocation]) {
        self.locations = locations
    }

    func validate(start: Date, end: Date) throws(HealthModelError) {
        guard !locations.isEmpty else {
            throw .invalidField(field: "workoutRoute.locations", reason: "a route needs at least one location")
        }
        guard locations.count <= Self.maximumCount else {
            throw .invalidField(
                field: "workoutRoute.locations", reason: "\(locations.count) locations, more than \(Self.maximumCount)")
        }
        // Field names are built only for a location at fault: a stored route is checked again each time it is read.
        var previous = -Double.infinity
        for (index, location) in locations.enumerated() {
            func field(_ name: String) -> String { "workoutRoute.locations[\(index)].\(name)" }
            let time = location.date.timeIntervalSinceReferenceDate
            if !time.isFinite { try Validation.checkFinite(time, field: field("date")) }
            guard time >= previous else {
                throw .invalidField(field: field("date"), reason: "is before the previous location's")
            }
            previous = time
            if !(-90...90).contains(location.latitude) {
                try PayloadCheck.number(location.latitude, in: -90...90, field: field("latitude"))
            }
            if !(-180...180).contains(location.longitude) {
                try PayloadCheck.number(location.longitude, in: -180...180, field: field("longitude"))
            }
            func finite(_ value: Double?) -> Bool { value?.isFinite ?? true }
            guard
                finite(location.altitude) && finite(location.speed) && finite(location.course)
                    && finite(location.horizontalAccuracy) && finite(location.verticalAccuracy)
            else {
                for (name, value) in [
                    ("altitude", location.altitude), ("speed", location.speed), ("course", location.course),
                    ("horizontalAccuracy", location.horizontalAccuracy),
                    ("verticalAccuracy", location.verticalAccuracy),
                ] where !finite(value) {
                    try Validation.checkFinite(value!, field: field(name))
                }
                continue
            }
        }
        guard locations[0].date >= start, locations[locations.count - 1].date <= end else {
            throw .invalidField(
                field: "workoutRoute.locations", reason: "the locations lie outside the route's start and end")
        }
    }
}
