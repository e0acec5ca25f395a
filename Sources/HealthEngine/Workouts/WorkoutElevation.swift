import Foundation
import HealthModel

/// The elevation a workout climbed and descended, in metres: from the altitudes of its stored route, or else from the
/// workout's `HKElevationAscended`/`HKElevationDescended` metadata (docs/decisions/workout-routes.md).
///
/// GPS and barometric altitudes jitter by a metre or so from one second to the next; summing every rise would count
/// that jitter as climbing (the ipyhealth route: 997 m summed point to point, 778 m with the rule here). So a change
/// counts only once the altitude has moved at least `threshold` metres away from the last level counted (a dead band,
/// or hysteresis): it then counts whole, and the new altitude becomes the level. Points without an altitude, or whose
/// vertical accuracy is negative (CoreLocation's mark of an invalid altitude), are skipped; each route of a workout
/// is counted on its own and the routes added up (no climb is counted across the gap between two routes).
public struct WorkoutElevation: Sendable, Hashable {
    /// Where the figures come from.
    public enum Origin: String, Sendable, Hashable {
        /// The altitudes of the workout's route points.
        case route
        /// The workout's `HKElevationAscended` (and `HKElevationDescended`) metadata.
        case metadata
    }

    /// Metres climbed.
    public let ascended: Double
    /// Metres descended; nil when only the ascent is known (metadata without `HKElevationDescended`).
    public let descended: Double?
    /// Where the figures come from.
    public let origin: Origin

    /// The smallest change of altitude, in metres, that counts (see the type's description).
    public static let threshold: Double = 3

    /// The metadata key of the elevation climbed, a length (`HKMetadataKeyElevationAscended`).
    public static let ascendedKey = "HKElevationAscended"
    /// The metadata key of the elevation descended, a length (`HKMetadataKeyElevationDescended`).
    public static let descendedKey = "HKElevationDescended"

    /// Figures as given.
    public init(ascended: Double, descended: Double?, origin: Origin) {
        self.ascended = ascended
        self.descended = descended
        self.origin = origin
    }

    /// The elevation of a workout: from its routes when one of them has two usable altitudes, else from its metadata,
    /// else nil.
    public static func of(workout: Sample, routes: [WorkoutRoute]) -> WorkoutElevation? {
        fromRoutes(routes) ?? fromMetadata(workout.metadata ?? [:])
    }

    /// The climb and descent of routes by the dead-band rule; nil when no route has two points with a usable altitude.
    public static func fromRoutes(_ routes: [WorkoutRoute], threshold: Double = threshold) -> WorkoutElevation? {
        var ascended = 0.0
        var descended = 0.0
        var measured = false
        for route in routes {
            var level: Double?
            for location in route.locations {
                guard let altitude = location.altitude, altitude.isFinite,
                    (location.verticalAccuracy ?? 0) >= 0
                else { continue }
                guard let current = level else {
                    level = altitude
                    continue
                }
                measured = true
                if altitude - current >= threshold {
                    ascended += altitude - current
                    level = altitude
                } else if current - altitude >= threshold {
                    descended += current - altitude
                    level = altitude
                }
            }
        }
        return measured ? WorkoutElevation(ascended: ascended, descended: descended, origin: .route) : nil
    }

    /// The figures of `HKElevationAscended` and `HKElevationDescended` (lengths, as HealthKit requires) in metres;
    /// nil without a usable ascent.
    public static func fromMetadata(_ metadata: [String: MetadataValue]) -> WorkoutElevation? {
        func metres(_ key: String) -> Double? {
            guard case let .quantity(quantity)? = metadata[key], let value = try? quantity.value(in: .meter()),
                value.isFinite, value >= 0
            else { return nil }
            return value
        }
        guard let ascended = metres(ascendedKey) else { return nil }
        return WorkoutElevation(ascended: ascended, descended: metres(descendedKey), origin: .metadata)
    }
}
