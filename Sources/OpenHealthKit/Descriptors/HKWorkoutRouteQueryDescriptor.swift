import Foundation

/// The async form of a workout route query, as in HealthKit: `results(for:)` gives the route's locations in time order.
public struct HKWorkoutRouteQueryDescriptor: Sendable {
    /// The asynchronous sequence of locations.
    public typealias Results = QueryResults<CLLocation>

    /// The route whose locations are read.
    public var workoutRoute: HKWorkoutRoute

    /// A descriptor for a route.
    public init(_ workoutRoute: HKWorkoutRoute) {
        self.workoutRoute = workoutRoute
    }

    /// The route's locations, one element per location.
    public func results(for healthStore: HKHealthStore) -> Results {
        let route = workoutRoute
        return QueryResults(
            healthStore, kind: "HKWorkoutRouteQueryDescriptor", types: [HKSeriesType.workoutRoute().identifier]
        ) {
            try HKWorkoutRouteQuery.locations(of: route, within: nil, in: healthStore)
        }
    }
}
