import Foundation
import HealthEngine
import HealthModel

/// Reads a workout route's locations in batches, the last with `done` (as HealthKit delivers them).
open class HKWorkoutRouteQuery: HKQuery, @unchecked Sendable {
    /// Locations per handler call.
    static let batchSize = 100

    private let route: HKWorkoutRoute
    private let dateInterval: DateInterval?
    private let dataHandler: (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void

    /// The whole route.
    public required init(
        route workoutRoute: HKWorkoutRoute,
        dataHandler: @escaping (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void
    ) {
        route = workoutRoute
        dateInterval = nil
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.workoutRoute(), predicate: nil)
    }

    /// The locations within a date interval.
    public required init(
        route workoutRoute: HKWorkoutRoute, dateInterval: DateInterval,
        dataHandler: @escaping (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void
    ) {
        route = workoutRoute
        self.dateInterval = dateInterval
        self.dataHandler = dataHandler
        super.init(objectType: HKSeriesType.workoutRoute(), predicate: nil)
    }

    override func deliverFailure(_ error: HKError) { dataHandler(self, nil, true, error) }

    override func run(in healthStore: HKHealthStore) {
        do {
            let locations = try Self.locations(of: route, within: dateInterval, in: healthStore)
            healthStore.deliver { [self] in
                if locations.isEmpty {
                    dataHandler(self, [], true, nil)
                    return
                }
                var start = 0
                while start < locations.count {
                    let end = min(locations.count, start + Self.batchSize)
                    dataHandler(self, Array(locations[start..<end]), end == locations.count, nil)
                    start = end
                }
            }
        } catch {
            healthStore.deliver { [self] in dataHandler(self, nil, true, HKError.from(error)) }
        }
    }

    /// A stored route's locations within an interval (nil: all), in time order as stored (shared with
    /// `HKWorkoutRouteQueryDescriptor`).
    static func locations(
        of route: HKWorkoutRoute, within dateInterval: DateInterval?, in healthStore: HKHealthStore
    ) throws -> [CLLocation] {
        // Read again, so that a deleted route or one the app may no longer read is not there.
        let request = SampleQueryRequest(type: .workoutRoute, predicate: .uuids([route.uuid]))
        guard let stored = try healthStore.dataStore.samples(request).first,
            case let .workoutRoute(content)? = stored.payload
        else {
            throw HKError(.errorInvalidArgument, "no stored workout route has uuid \(route.uuid)")
        }
        return content.locations.filter { dateInterval?.contains($0.date) ?? true }.map(Self.location)
    }

    static func location(_ point: WorkoutRouteLocation) -> CLLocation {
        CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: point.latitude, longitude: point.longitude),
            altitude: point.altitude ?? 0,
            horizontalAccuracy: point.horizontalAccuracy ?? -1, verticalAccuracy: point.verticalAccuracy ?? -1,
            course: point.course ?? -1, speed: point.speed ?? -1, timestamp: point.date)
    }
}
