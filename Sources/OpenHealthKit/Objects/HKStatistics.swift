import Foundation
import HealthEngine
import HealthModel

/// The result of a statistics query, or one time interval of a statistics collection, as in HealthKit.
///
/// Each accessor returns nil when its option was not requested or when the interval holds no data; the `for:` forms
/// return a source's own figures (only with `.separateBySource`), computed from that source's samples alone, while
/// the plain forms return the figures with sources merged by priority (SEMANTICS §5.1).
open class HKStatistics: NSObject, @unchecked Sendable {
    /// The engine's statistics.
    let statistics: QuantityStatistics

    /// The quantity type.
    open internal(set) var quantityType: HKQuantityType

    init(_ statistics: QuantityStatistics) {
        self.statistics = statistics
        self.quantityType = HKQuantityType(sampleType: statistics.type)
        super.init()
    }

    /// The interval's start (for a statistics query: the earliest start of the matching samples).
    open var startDate: Date { statistics.startDate }
    /// The interval's end (for a statistics query: the latest end of the matching samples).
    open var endDate: Date { statistics.endDate }
    /// The sources with data in the interval, when `.separateBySource` was requested; otherwise nil.
    open var sources: [HKSource]? { statistics.sources?.map(HKSource.init) }

    // MARK: Sum

    /// The sum (cumulative types, `.cumulativeSum`).
    open func sumQuantity() -> HKQuantity? { quantity(\.sum, for: nil) }
    /// One source's sum.
    open func sumQuantity(for source: HKSource) -> HKQuantity? { quantity(\.sum, for: source) }

    // MARK: Discrete

    /// The average (discrete types, `.discreteAverage`).
    open func averageQuantity() -> HKQuantity? { quantity(\.average, for: nil) }
    /// One source's average.
    open func averageQuantity(for source: HKSource) -> HKQuantity? { quantity(\.average, for: source) }
    /// The smallest value (discrete types, `.discreteMin`).
    open func minimumQuantity() -> HKQuantity? { quantity(\.minimum, for: nil) }
    /// One source's smallest value.
    open func minimumQuantity(for source: HKSource) -> HKQuantity? { quantity(\.minimum, for: source) }
    /// The largest value (discrete types, `.discreteMax`).
    open func maximumQuantity() -> HKQuantity? { quantity(\.maximum, for: nil) }
    /// One source's largest value.
    open func maximumQuantity(for source: HKSource) -> HKQuantity? { quantity(\.maximum, for: source) }

    // MARK: Most recent

    /// The most recent value (`.mostRecent`); for a cumulative type in a collection, its portion in the interval.
    open func mostRecentQuantity() -> HKQuantity? { quantity(\.mostRecent, for: nil) }
    /// One source's most recent value.
    open func mostRecentQuantity(for source: HKSource) -> HKQuantity? { quantity(\.mostRecent, for: source) }
    /// When the most recent sample was.
    open func mostRecentQuantityDateInterval() -> DateInterval? {
        statistics.figures(for: nil)?.mostRecentDateInterval
    }
    /// When one source's most recent sample was.
    open func mostRecentQuantityDateInterval(for source: HKSource) -> DateInterval? {
        statistics.figures(for: source.source)?.mostRecentDateInterval
    }

    // MARK: Duration

    /// The time covered by samples in the interval, overlaps counted once (`.duration`), in seconds.
    open func duration() -> HKQuantity? { quantity(\.duration, for: nil) }
    /// The time covered by one source's samples.
    open func duration(for source: HKSource) -> HKQuantity? { quantity(\.duration, for: source) }

    private func quantity(_ figure: KeyPath<StatisticsFigures, Quantity?>, for source: HKSource?) -> HKQuantity? {
        statistics.figures(for: source?.source)?[keyPath: figure].map(HKQuantity.init)
    }

    open override var description: String {
        "HKStatistics(\(quantityType.identifier) \(startDate) - \(endDate)\(statistics.isEmpty ? ", no data" : ""))"
    }
}
