import Foundation
import HealthModel

/// The buckets of a statistics collection query (SEMANTICS §5.3).
public struct StatisticsCollection: Sendable {
    /// The quantity type.
    public let type: SampleType
    /// What was computed.
    public let options: StatisticsOptions
    /// The bucket grid.
    public let grid: BucketGrid
    /// Buckets with data, by bucket index.
    public let buckets: [Int: QuantityStatistics]
    /// The indexes of the buckets the collection answers for, empty ones included (`BucketWindow.rows(dataSpan:)`);
    /// nil when its window is open and nothing matched.
    public let rows: ClosedRange<Int>?
    /// Which sources the merged figures of the buckets in `rows` took how much from, and how much of them has data
    /// (only when the request asked for provenance).
    public let provenance: StatisticsProvenance?

    /// A collection from its buckets.
    public init(
        type: SampleType, options: StatisticsOptions, grid: BucketGrid, buckets: [Int: QuantityStatistics],
        rows: ClosedRange<Int>? = nil, provenance: StatisticsProvenance? = nil
    ) {
        self.provenance = provenance
        self.type = type
        self.options = options
        self.grid = grid
        self.buckets = buckets
        self.rows = rows
    }

    /// The buckets that hold data, in time order.
    public func statistics() -> [QuantityStatistics] {
        buckets.keys.sorted().map { buckets[$0]! }
    }

    /// The bucket that contains `date`; empty (nil figures) when it holds no data.
    public func statistics(for date: Date) -> QuantityStatistics {
        let index = grid.index(containing: date)
        return buckets[index] ?? emptyBucket(index)
    }

    /// Visits every bucket from the one containing `start` to the one containing `end`, empty ones included;
    /// set the flag to true to stop early.
    public func enumerateStatistics(
        from start: Date, to end: Date, _ body: (QuantityStatistics, inout Bool) throws -> Void
    ) rethrows {
        guard start <= end else { return }
        let first = grid.index(containing: start)
        let last = grid.index(containing: end)
        var stop = false
        for index in first...last {
            try body(buckets[index] ?? emptyBucket(index), &stop)
            if stop { return }
        }
    }

    private func emptyBucket(_ index: Int) -> QuantityStatistics {
        QuantityStatistics(
            type: type, startDate: grid.start(of: index), endDate: grid.start(of: index + 1), options: options,
            merged: StatisticsFigures(), bySource: [:])
    }
}
