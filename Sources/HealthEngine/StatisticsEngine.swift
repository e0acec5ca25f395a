import Foundation
import HealthModel

/// A statistics question: a quantity type, the samples to count, the figures wanted and the source order.
public struct StatisticsRequest: Sendable {
    /// The quantity type.
    public let type: SampleType
    /// Which samples count.
    public let predicate: SamplePredicate
    /// What to compute.
    public let options: StatisticsOptions
    /// How sources rank when they overlap.
    public let priority: SourcePriority

    /// A request; the options are checked against the type when it runs.
    public init(type: SampleType, predicate: SamplePredicate = .all, options: StatisticsOptions, priority: SourcePriority = SourcePriority(order: nil)) {
        self.type = type
        self.predicate = predicate
        self.options = options
        self.priority = priority
    }
}

/// Evaluates statistics queries and statistics collections over any storage (SEMANTICS §5).
public struct StatisticsEngine: Sendable {
    /// The storage read.
    public let storage: any HealthStorage

    /// An engine over a storage.
    public init(storage: any HealthStorage) {
        self.storage = storage
    }

    /// The statistics of all matching samples, each counted whole; throws `noData` when nothing matches.
    public func statistics(for request: StatisticsRequest) throws -> QuantityStatistics {
        let (samples, unit, style) = try matchingSamples(request)
        guard let (first, last) = Self.span(of: samples) else {
            throw HealthEngineError.noData(type: request.type.identifier)
        }
        let calculator = StatisticsCalculator(style: style, edges: [-.infinity, .infinity], tracksMostRecent: request.options.contains(.mostRecent))
        let (merged, bySource) = try figures(samples, request, unit: unit, calculator: calculator, bucketCount: 1)
        return QuantityStatistics(
            type: request.type, startDate: first, endDate: last, options: request.options,
            merged: Self.filtered(merged[0] ?? StatisticsFigures(), request.options),
            bySource: bySource.compactMapValues { $0[0].map { Self.filtered($0, request.options) } })
    }

    /// The statistics of every bucket of a grid that holds data.
    public func collection(for request: StatisticsRequest, grid: BucketGrid) throws -> StatisticsCollection {
        let (samples, unit, style) = try matchingSamples(request)
        guard let (first, last) = Self.span(of: samples) else {
            return StatisticsCollection(type: request.type, options: request.options, grid: grid, buckets: [:])
        }
        let (firstIndex, edgeDates) = grid.edges(from: first, to: last)
        let edges = edgeDates.map(\.timeIntervalSinceReferenceDate)
        let calculator = StatisticsCalculator(style: style, edges: edges, tracksMostRecent: request.options.contains(.mostRecent))
        let bucketCount = edges.count - 1
        let (merged, bySource) = try figures(samples, request, unit: unit, calculator: calculator, bucketCount: bucketCount)
        var buckets: [Int: QuantityStatistics] = [:]
        for offset in 0..<bucketCount {
            guard let figures = merged[offset] else { continue }
            var sourceFigures: [Source: StatisticsFigures] = [:]
            for (source, perBucket) in bySource {
                if let figures = perBucket[offset] { sourceFigures[source] = Self.filtered(figures, request.options) }
            }
            buckets[firstIndex + offset] = QuantityStatistics(
                type: request.type, startDate: edgeDates[offset], endDate: edgeDates[offset + 1], options: request.options,
                merged: Self.filtered(figures, request.options), bySource: sourceFigures)
        }
        return StatisticsCollection(type: request.type, options: request.options, grid: grid, buckets: buckets)
    }

    /// The earliest start and latest end of the samples (one pass), or nil when there are none.
    private static func span(of samples: [StoredSample]) -> (Date, Date)? {
        guard let firstSample = samples.first?.sample else { return nil }
        var first = firstSample.startDate, last = firstSample.endDate
        for stored in samples.dropFirst() {
            let sample = stored.sample
            let start = sample.startDate, end = sample.endDate
            if start < first { first = start }
            if end > last { last = end }
        }
        return (first, last)
    }

    private func matchingSamples(_ request: StatisticsRequest) throws -> ([StoredSample], HealthUnit, AggregationStyle) {
        do {
            try request.options.check(for: request.type)
        } catch {
            throw HealthEngineError.invalidQuery(field: "options", reason: error.description)
        }
        guard let unit = request.type.canonicalUnit, let style = request.type.aggregationStyle else {
            throw HealthEngineError.invalidQuery(field: "type", reason: "\(request.type.identifier) is not a quantity type")
        }
        let samples = try SampleQueryEngine(storage: storage).matchingSamples(SampleQueryDescriptor(type: request.type, predicate: request.predicate))
        return (samples, unit, style)
    }

    /// Merged figures per bucket, and per source when asked for.
    private func figures(
        _ samples: [StoredSample], _ request: StatisticsRequest, unit: HealthUnit, calculator: StatisticsCalculator, bucketCount: Int
    ) throws -> ([StatisticsFigures?], [Source: [StatisticsFigures?]]) {
        // One pass: measurements (rank left as the sample's rank class for now), sources, rank classes.
        var sourceIndex: [Source: Int] = [:]
        var sources: [Source] = []
        var measurements: [TimedValue] = []
        measurements.reserveCapacity(samples.count)
        var classes = RankClasses()
        var converters: [HealthUnit: HealthModel.UnitConverter] = [:]
        var lastUnit: HealthUnit?, lastConverter = HealthModel.UnitConverter(scale: 1)
        var lastSource: Source?, lastSourceIndex = 0
        for (position, stored) in samples.enumerated() {
            let sample = stored.sample
            guard let content = sample.quantityContent else { continue }
            let revisionSource = sample.sourceRevision?.source
            let source = revisionSource ?? Source(name: "unknown", bundleIdentifier: "")
            let index: Int
            if let lastSource, lastSource == source {
                index = lastSourceIndex  // samples come in runs of one source
            } else if let known = sourceIndex[source] {
                index = known
            } else {
                index = sources.count
                sourceIndex[source] = index
                sources.append(source)
            }
            lastSource = source
            lastSourceIndex = index
            let manual = request.priority.order == nil && sample.wasUserEntered  // hand entry only counts in the default order
            let rankClass = classes.note(position, stored.sequence, source: revisionSource == nil ? nil : index, manual: manual)
            func canonical(_ quantity: Quantity) throws -> Double {
                if let lastUnit, lastUnit == quantity.unit { return lastConverter.convert(quantity.value) }
                let converter: HealthModel.UnitConverter
                if let known = converters[quantity.unit] {
                    converter = known
                } else {
                    converter = try quantity.unit.converter(to: unit)
                    converters[quantity.unit] = converter
                }
                lastUnit = quantity.unit
                lastConverter = converter
                return converter.convert(quantity.value)
            }
            if content.count > 1, !content.seriesEntries.isEmpty {
                for entry in content.seriesEntries {
                    let start = entry.startDate.timeIntervalSinceReferenceDate, end = entry.endDate.timeIntervalSinceReferenceDate
                    measurements.append(TimedValue(
                        start: start, end: end, recordedEnd: end, value: try canonical(entry.quantity), rank: rankClass,
                        source: index, sequence: stored.sequence))
                }
            } else {
                let start = sample.startDate.timeIntervalSinceReferenceDate, end = sample.endDate.timeIntervalSinceReferenceDate
                measurements.append(TimedValue(
                    start: start, end: end, recordedEnd: end, value: try canonical(content.quantity), rank: rankClass,
                    source: index, sequence: stored.sequence))
            }
        }
        let rankOfClass = classes.ranks(samples, request.priority)
        for index in measurements.indices { measurements[index].rank = rankOfClass[measurements[index].rank] }
        var bySource: [Source: [StatisticsFigures?]] = [:]
        if request.options.contains(.separateBySource) {
            for (index, source) in sources.enumerated() {
                let own = measurements.filter { $0.source == index }.map {
                    TimedValue(start: $0.start, end: $0.end, recordedEnd: $0.recordedEnd, value: $0.value, rank: 0, source: $0.source, sequence: $0.sequence)
                }
                bySource[source] = calculator.figures(of: own, unit: unit)
            }
        }
        let merged = calculator.figures(of: consume measurements, unit: unit)  // handed over: no copy to adjust spans
        return (merged, bySource)
    }

    /// The rank classes of samples: a sample's rank (`SourcePriority.ranks(of:)`) depends only on its source (or
    /// having none) and whether it was entered by hand, given each source's first-seen sample. So instead of ranking
    /// every sample (hashing its source twice), one sample of each class and each source's first-seen sample are
    /// ranked.
    struct RankClasses {
        private var classOfKey: [Int: Int] = [:]
        private var representatives: [Int] = []  // by class: a sample position
        private var firstSeen: [Int: (position: Int, sequence: Int64)] = [:]  // by source index
        private var lastKey = Int.min, lastClass = 0, lastSource = -1, lastSequence = Int64.max

        /// Notes the sample at `position` (`source` is nil when it has no source revision); returns its class.
        mutating func note(_ position: Int, _ sequence: Int64, source: Int?, manual: Bool) -> Int {
            let key = source.map { $0 * 2 + (manual ? 1 : 0) } ?? (manual ? -2 : -1)
            if let source, source != lastSource || sequence < lastSequence {
                if let seen = firstSeen[source], seen.sequence <= sequence {
                    lastSequence = seen.sequence
                } else {
                    firstSeen[source] = (position, sequence)
                    lastSequence = sequence
                }
                lastSource = source
            }
            if key == lastKey { return lastClass }
            let rankClass: Int
            if let known = classOfKey[key] {
                rankClass = known
            } else {
                rankClass = representatives.count
                classOfKey[key] = rankClass
                representatives.append(position)
            }
            lastKey = key
            lastClass = rankClass
            return rankClass
        }

        /// The rank of each class.
        func ranks(_ samples: [StoredSample], _ priority: SourcePriority) -> [Int] {
            let positions = Array(Set(representatives + firstSeen.values.map(\.position))).sorted()
            let ranks = priority.ranks(of: positions.map { samples[$0] })
            var rankAt: [Int: Int] = [:]
            for (index, position) in positions.enumerated() { rankAt[position] = ranks[index] }
            return representatives.map { rankAt[$0]! }
        }
    }

    /// Keeps only the figures the options ask for.
    static func filtered(_ figures: StatisticsFigures, _ options: StatisticsOptions) -> StatisticsFigures {
        var result = StatisticsFigures()
        if options.contains(.cumulativeSum) { result.sum = figures.sum }
        if options.contains(.discreteAverage) { result.average = figures.average }
        if options.contains(.discreteMin) { result.minimum = figures.minimum }
        if options.contains(.discreteMax) { result.maximum = figures.maximum }
        if options.contains(.mostRecent) {
            result.mostRecent = figures.mostRecent
            result.mostRecentDateInterval = figures.mostRecentDateInterval
        }
        if options.contains(.duration) { result.duration = figures.duration }
        return result
    }
}
