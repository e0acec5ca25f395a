import Foundation
import HealthEngine
import HealthModel

/// The result of a statistics query, or one time interval of a statistics collection, as in HealthKit.
///
/// Each accessor returns nil when its option was not requested or when the interval holds no data; the `for:` forms
/// return a source's own figures (only with `.separateBySource`), computed from that source's samples alone, while
/// the plain forms return the figures with sources merged by priority (SEMANTICS §5.1).
open class HKStatistics: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
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

    // MARK: NSSecureCoding, NSCopying

    /// Statistics decode only as statistics.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the type, interval, options, the merged figures and each source's figures.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(statistics.type.identifier, forKey: "HKStatisticsType", to: coder)
        ObjectArchive.encode(statistics.startDate, forKey: "HKStatisticsStart", to: coder)
        ObjectArchive.encode(statistics.endDate, forKey: "HKStatisticsEnd", to: coder)
        ObjectArchive.encode(statistics.options.rawValue, forKey: "HKStatisticsOptions", to: coder)
        HKStatistics.encode(statistics.merged, prefix: "HKStatisticsMerged", to: coder)
        let sources = statistics.bySource.keys.sorted()
        ObjectArchive.encode(sources.count, forKey: "HKStatisticsSourceCount", to: coder)
        for (index, source) in sources.enumerated() {
            let prefix = "HKStatisticsSource\(index)"
            ObjectArchive.encode(source.name, forKey: prefix + "Name", to: coder)
            ObjectArchive.encode(source.bundleIdentifier, forKey: prefix + "BundleIdentifier", to: coder)
            HKStatistics.encode(statistics.bySource[source]!, prefix: prefix, to: coder)
        }
    }

    /// Unarchives statistics; fails on a type that is not a quantity type, a reversed interval or a figure that does
    /// not read.
    public required init?(coder: NSCoder) {
        func fail(_ reason: String) { ObjectArchive.report(coder, "HKStatistics", reason) }
        guard let identifier = ObjectArchive.string(coder, "HKStatisticsType"),
            let type = try? SampleType.named(identifier), type.kind == .quantity
        else {
            fail("no quantity type")
            return nil
        }
        guard let start = ObjectArchive.date(coder, "HKStatisticsStart"),
            let end = ObjectArchive.date(coder, "HKStatisticsEnd"), start <= end,
            let options = ObjectArchive.integer(coder, "HKStatisticsOptions"),
            let merged = HKStatistics.figures(coder, prefix: "HKStatisticsMerged"),
            let count = ObjectArchive.integer(coder, "HKStatisticsSourceCount"), count >= 0
        else {
            fail("no valid interval, options or figures")
            return nil
        }
        var bySource: [Source: StatisticsFigures] = [:]
        for index in 0..<count {
            let prefix = "HKStatisticsSource\(index)"
            guard let name = ObjectArchive.string(coder, prefix + "Name"),
                let bundleIdentifier = ObjectArchive.string(coder, prefix + "BundleIdentifier"),
                let figures = HKStatistics.figures(coder, prefix: prefix)
            else {
                fail("source \(index) does not read")
                return nil
            }
            bySource[Source(name: name, bundleIdentifier: bundleIdentifier)] = figures
        }
        statistics = QuantityStatistics(
            type: type, startDate: start, endDate: end, options: StatisticsOptions(rawValue: options),
            merged: merged, bySource: bySource)
        quantityType = HKQuantityType(sampleType: type)
        super.init()
    }

    /// The figures' quantities, with their archive key suffixes.
    private static var figureKeys: [(String, WritableKeyPath<StatisticsFigures, Quantity?>)] {
        [
            ("Sum", \.sum), ("Average", \.average), ("Minimum", \.minimum), ("Maximum", \.maximum),
            ("MostRecent", \.mostRecent), ("Duration", \.duration),
        ]
    }

    private static func encode(_ figures: StatisticsFigures, prefix: String, to coder: NSCoder) {
        for (suffix, keyPath) in figureKeys {
            ObjectArchive.encode(figures[keyPath: keyPath], forKey: prefix + suffix, to: coder)
        }
        if let interval = figures.mostRecentDateInterval {
            ObjectArchive.encode(interval.start, forKey: prefix + "MostRecentStart", to: coder)
            ObjectArchive.encode(interval.end, forKey: prefix + "MostRecentEnd", to: coder)
        }
    }

    /// Figures written by `encode(_:prefix:to:)`, or nil when one does not read.
    private static func figures(_ coder: NSCoder, prefix: String) -> StatisticsFigures? {
        var figures = StatisticsFigures()
        for (suffix, keyPath) in figureKeys {
            switch ObjectArchive.quantity(coder, prefix + suffix) {
            case let .value(quantity): figures[keyPath: keyPath] = quantity
            case .invalid: return nil
            case .absent: break
            }
        }
        let start = ObjectArchive.date(coder, prefix + "MostRecentStart")
        let end = ObjectArchive.date(coder, prefix + "MostRecentEnd")
        if let start, let end, start <= end {
            figures.mostRecentDateInterval = DateInterval(start: start, end: end)
        } else if start != nil || end != nil {
            return nil
        }
        return figures
    }

    /// Statistics are immutable: the copy is the object itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when the type, interval, options and every figure are.
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKStatistics)?.statistics == statistics }

    /// Hashes the type and interval.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(statistics.type)
        hasher.combine(statistics.startDate)
        hasher.combine(statistics.endDate)
        return hasher.finalize()
    }

    open override var description: String {
        "HKStatistics(\(quantityType.identifier) \(startDate) - \(endDate)\(statistics.isEmpty ? ", no data" : ""))"
    }
}
