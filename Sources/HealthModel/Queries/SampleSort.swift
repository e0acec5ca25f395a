/// One sort key of a sample query, ascending or descending (HealthKit's sort identifiers).
public struct SampleSort: Sendable, Hashable {
    /// What samples are ordered by.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        case startDate, endDate
        case workoutDuration = "duration"
        case workoutTotalDistance = "totalDistance"
        case workoutTotalEnergyBurned = "totalEnergyBurned"
        case workoutTotalSwimmingStrokeCount = "totalSwimmingStrokeCount"
        case workoutTotalFlightsClimbed = "totalFlightsClimbed"
    }

    /// The key.
    public let key: Key
    /// Smallest first when true.
    public let ascending: Bool

    /// A sort on one key.
    public init(_ key: Key, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }
}
