import Foundation

/// The async form of a heartbeat series query, as in HealthKit: `results(for:)` gives the series' beats in order.
public struct HKHeartbeatSeriesQueryDescriptor: Sendable {
    /// One beat.
    public struct Heartbeat: Hashable, Sendable {
        /// The time of the beat since the series' first beat.
        public let timeIntervalSinceStart: TimeInterval
        /// Whether beats may be missing just before this one.
        public let precededByGap: Bool
    }

    /// The asynchronous sequence of beats.
    public typealias Results = QueryResults<Heartbeat>

    /// The series whose beats are read.
    public var sample: HKHeartbeatSeriesSample

    /// A descriptor for a series.
    public init(_ sample: HKHeartbeatSeriesSample) {
        self.sample = sample
    }

    /// The series' beats, one element per beat.
    public func results(for healthStore: HKHealthStore) -> Results {
        let series = sample
        return QueryResults(
            healthStore, kind: "HKHeartbeatSeriesQueryDescriptor", types: [HKSeriesType.heartbeat().identifier]
        ) {
            try HKHeartbeatSeriesQuery.heartbeats(of: series, in: healthStore).map {
                Heartbeat(timeIntervalSinceStart: $0.time, precededByGap: $0.precededByGap)
            }
        }
    }
}
