import Foundation

/// A workout's route as an import meets it and as reports read it: its points, its workout and where it came from.
/// The store keeps it as a route sample (`Sample.workoutRoute`) associated with its workout.
public struct WorkoutRoute: Sendable, Hashable {
    /// The route's own identifier (an imported route's is derived from its workout and its content).
    public let uuid: UUID
    /// The workout the route belongs to.
    public let workout: UUID
    /// The route's source name as the export wrote it.
    public let sourceName: String?
    /// The GPX path the export referenced, or nil for inline locations and for routes read back from a store.
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

    /// The route a stored route sample holds, belonging to `workout`; nil for any other sample.
    public init?(sample: Sample, workout: UUID) {
        guard case let .workoutRoute(content)? = sample.payload else { return nil }
        self.init(
            uuid: sample.uuid, workout: workout, sourceName: sample.sourceRevision?.source.name, filePath: nil,
            locations: content.locations)
    }
}
