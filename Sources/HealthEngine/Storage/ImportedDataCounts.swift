/// How much a store holds besides plain samples: the records an import brings besides them, and the route and
/// heartbeat series samples (counted by the store's facade, `HealthDataStore.importedDataCounts()`).
public struct ImportedDataCounts: Sendable, Hashable {
    /// Days with an activity summary.
    public var activitySummaries = 0
    /// Workout routes.
    public var workoutRoutes = 0
    /// Points of every workout route.
    public var routeLocations = 0
    /// Heartbeat series.
    public var heartbeatSeries = 0
    /// Beats of every heartbeat series.
    public var heartbeats = 0
    /// Characteristics.
    public var characteristics = 0
    /// Elements kept as written.
    public var keptElements = 0

    /// Counts.
    public init(
        activitySummaries: Int = 0, workoutRoutes: Int = 0, routeLocations: Int = 0, heartbeatSeries: Int = 0,
        heartbeats: Int = 0,
        characteristics: Int = 0, keptElements: Int = 0
    ) {
        self.activitySummaries = activitySummaries
        self.workoutRoutes = workoutRoutes
        self.routeLocations = routeLocations
        self.heartbeatSeries = heartbeatSeries
        self.heartbeats = heartbeats
        self.characteristics = characteristics
        self.keptElements = keptElements
    }
}
