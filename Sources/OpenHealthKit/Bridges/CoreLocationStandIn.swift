#if canImport(CoreLocation)
import CoreLocation
#else
import Foundation

/// Latitude or longitude in degrees (CoreLocation's type; CoreLocation does not exist on Linux).
public typealias CLLocationDegrees = Double
/// A distance in meters.
public typealias CLLocationDistance = Double
/// A direction in degrees from true north.
public typealias CLLocationDirection = Double
/// A speed in meters per second.
public typealias CLLocationSpeed = Double
/// An accuracy in meters.
public typealias CLLocationAccuracy = Double

/// A latitude and longitude, as CoreLocation spells it, so route code compiles unchanged on Linux.
public struct CLLocationCoordinate2D: Sendable, Hashable {
    /// Degrees north of the equator.
    public var latitude: CLLocationDegrees
    /// Degrees east of Greenwich.
    public var longitude: CLLocationDegrees

    /// A coordinate.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The origin.
    public init() { self.init(latitude: 0, longitude: 0) }
}

/// A location fix, as CoreLocation's `CLLocation`: the fields workout routes carry. A negative accuracy, speed or
/// course means "not known", as in CoreLocation.
public final class CLLocation: NSObject, @unchecked Sendable {
    /// Where.
    public let coordinate: CLLocationCoordinate2D
    /// Height above sea level in meters.
    public let altitude: CLLocationDistance
    /// Radius of uncertainty of the coordinate in meters (negative: unknown).
    public let horizontalAccuracy: CLLocationAccuracy
    /// Uncertainty of the altitude in meters (negative: unknown).
    public let verticalAccuracy: CLLocationAccuracy
    /// Direction of travel in degrees (negative: unknown).
    public let course: CLLocationDirection
    /// Speed in meters per second (negative: unknown).
    public let speed: CLLocationSpeed
    /// When the fix was taken.
    public let timestamp: Date

    /// A location with every field, as CoreLocation's initializer.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
        self.timestamp = timestamp
        super.init()
    }

    /// A location without course or speed (both unknown, -1), as CoreLocation's
    /// `init(coordinate:altitude:horizontalAccuracy:verticalAccuracy:timestamp:)`.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
        verticalAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: verticalAccuracy, course: -1, speed: -1, timestamp: timestamp)
    }

    /// A location from a latitude and longitude, now.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
            horizontalAccuracy: 0,
            verticalAccuracy: -1, course: -1, speed: -1, timestamp: Date())
    }

    /// The great-circle distance to another location in meters (haversine, mean Earth radius).
    public func distance(from location: CLLocation) -> CLLocationDistance {
        let radius = 6_371_008.8
        let latitude1 = coordinate.latitude * .pi / 180
        let latitude2 = location.coordinate.latitude * .pi / 180
        let deltaLatitude = latitude2 - latitude1
        let deltaLongitude = (location.coordinate.longitude - coordinate.longitude) * .pi / 180
        let a =
            sin(deltaLatitude / 2) * sin(deltaLatitude / 2) + cos(latitude1) * cos(latitude2) * sin(deltaLongitude / 2)
            * sin(deltaLongitude / 2)
        return 2 * radius * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
#endif
