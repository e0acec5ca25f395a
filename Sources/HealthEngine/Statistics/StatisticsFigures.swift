import Foundation
import HealthModel

/// The figures of one bucket (or of a whole statistics query), merged or for one source, in the type's canonical unit.
public struct StatisticsFigures: Sendable, Hashable {
    /// Sum (cumulative types).
    public var sum: Quantity?
    /// Average (discrete types; time-weighted or Leq by the type's aggregation style).
    public var average: Quantity?
    /// Smallest value (discrete types).
    public var minimum: Quantity?
    /// Largest value (discrete types).
    public var maximum: Quantity?
    /// The value of the sample with the latest start (prorated to the bucket for cumulative types).
    public var mostRecent: Quantity?
    /// When that most recent sample was.
    public var mostRecentDateInterval: DateInterval?
    /// Time covered by samples (union of their intervals), in seconds.
    public var duration: Quantity?

    /// Empty figures.
    public init() {}

    /// Whether no figure is set.
    public var isEmpty: Bool {
        sum == nil && average == nil && minimum == nil && maximum == nil && mostRecent == nil && duration == nil
    }
}

/// Statistics of one bucket of a collection, or of a whole statistics query.
public struct QuantityStatistics: Sendable, Hashable {
    /// The quantity type.
    public let type: SampleType
    /// The bucket's start (for a single query: the earliest start of the matching samples).
    public let startDate: Date
    /// The bucket's end (for a single query: the latest end of the matching samples).
    public let endDate: Date
    /// What was asked for; figures not asked for are nil.
    public let options: StatisticsOptions
    /// Figures with sources merged by priority.
    public let merged: StatisticsFigures
    /// Figures of each source from its own samples alone (only with `.separateBySource`).
    public let bySource: [Source: StatisticsFigures]
    /// Which sources the merged figures took how much from (only when the request asked for provenance: a single
    /// query's with `summary` or `perBucket`, a collection bucket's with `perBucket`).
    public let provenance: StatisticsProvenance?

    /// Statistics from their parts.
    public init(
        type: SampleType, startDate: Date, endDate: Date, options: StatisticsOptions, merged: StatisticsFigures,
        bySource: [Source: StatisticsFigures], provenance: StatisticsProvenance? = nil
    ) {
        self.provenance = provenance
        self.type = type
        self.startDate = startDate
        self.endDate = endDate
        self.options = options
        self.merged = merged
        self.bySource = bySource
    }

    /// Whether the bucket had no data.
    public var isEmpty: Bool { merged.isEmpty }

    /// The sources with data, when `.separateBySource` was asked for.
    public var sources: [Source]? {
        options.contains(.separateBySource) ? bySource.keys.sorted() : nil
    }

    /// The figures of one source, or the merged ones for nil.
    public func figures(for source: Source?) -> StatisticsFigures? {
        guard let source else { return merged }
        return bySource[source]
    }
}
