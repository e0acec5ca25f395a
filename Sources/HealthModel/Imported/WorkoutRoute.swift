import Foundation

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
