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
        guard let first = samples.min(by: { $0.sample.startDate < $1.sample.startDate }),
              let last = samples.max(by: { $0.sample.endDate < $1.sample.endDate }) else {
            throw HealthEngineError.noData(type: request.type.identifier)
        }
        let calculator = StatisticsCalculator(style: style, edges: [-.infinity, .infinity])
        let (merged, bySource) = try figures(samples, request, unit: unit, calculator: calculator, bucketCount: 1)
        return QuantityStatistics(
            type: request.type, startDate: first.sample.startDate, endDate: last.sample.endDate, options: request.options,
            merged: Self.filtered(merged[0] ?? StatisticsFigures(), request.options),
            bySource: bySource.compactMapValues { $0[0].map { Self.filtered($0, request.options) } })
    }

    /// The statistics of every bucket of a grid that holds data.
    public func collection(for request: StatisticsRequest, grid: BucketGrid) throws -> StatisticsCollection {
        let (samples, unit, style) = try matchingSamples(request)
        guard let first = samples.min(by: { $0.sample.startDate < $1.sample.startDate }),
              let last = samples.max(by: { $0.sample.endDate < $1.sample.endDate }) else {
            return StatisticsCollection(type: request.type, options: request.options, grid: grid, buckets: [:])
        }
        let (firstIndex, edgeDates) = grid.edges(from: first.sample.startDate, to: last.sample.endDate)
        let edges = edgeDates.map(\.timeIntervalSinceReferenceDate)
        let calculator = StatisticsCalculator(style: style, edges: edges)
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
        let ranks = request.priority.ranks(of: samples)
        var sourceIndex: [Source: Int] = [:]
        var sources: [Source] = []
        var measurements: [TimedValue] = []
        measurements.reserveCapacity(samples.count)
        var converters: [HealthUnit: HealthModel.UnitConverter] = [:]
        for (position, stored) in samples.enumerated() {
            let sample = stored.sample
            guard let content = sample.quantityContent else { continue }
            let source = sample.sourceRevision?.source ?? Source(name: "unknown", bundleIdentifier: "")
            let index: Int
            if let known = sourceIndex[source] {
                index = known
            } else {
                index = sources.count
                sourceIndex[source] = index
                sources.append(source)
            }
            func canonical(_ quantity: Quantity) throws -> Double {
                if let converter = converters[quantity.unit] { return converter.convert(quantity.value) }
                let converter = try quantity.unit.converter(to: unit)
                converters[quantity.unit] = converter
                return converter.convert(quantity.value)
            }
            if content.count > 1, !content.seriesEntries.isEmpty {
                for entry in content.seriesEntries {
                    let start = entry.startDate.timeIntervalSinceReferenceDate, end = entry.endDate.timeIntervalSinceReferenceDate
                    measurements.append(TimedValue(
                        start: start, end: end, recordedEnd: end, value: try canonical(entry.quantity), rank: ranks[position],
                        source: index, sequence: stored.sequence))
                }
            } else {
                let start = sample.startDate.timeIntervalSinceReferenceDate, end = sample.endDate.timeIntervalSinceReferenceDate
                measurements.append(TimedValue(
                    start: start, end: end, recordedEnd: end, value: try canonical(content.quantity), rank: ranks[position],
                    source: index, sequence: stored.sequence))
            }
        }
        let merged = calculator.figures(of: measurements, unit: unit)
        var bySource: [Source: [StatisticsFigures?]] = [:]
        if request.options.contains(.separateBySource) {
            for (index, source) in sources.enumerated() {
                let own = measurements.filter { $0.source == index }.map {
                    TimedValue(start: $0.start, end: $0.end, recordedEnd: $0.recordedEnd, value: $0.value, rank: 0, source: $0.source, sequence: $0.sequence)
                }
                bySource[source] = calculator.figures(of: own, unit: unit)
            }
        }
        return (merged, bySource)
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
