import Foundation
import HealthModel

/// A statistics question checked once, where it is asked: a quantity type, the samples to count and the figures
/// wanted, which must fit the type's aggregation style (SEMANTICS §5). Everything below trusts it.
public struct StatisticsQuery: Sendable {
    /// The quantity type.
    public let type: SampleType
    /// Which samples count.
    public let predicate: SamplePredicate
    /// What to compute.
    public let options: StatisticsOptions
    /// The type's canonical unit.
    public let unit: HealthUnit
    /// The type's aggregation style.
    public let style: AggregationStyle

    /// A query; throws `invalidQuery` naming `type` when the type is not a quantity type and `options` when an option
    /// does not fit its aggregation style.
    public init(
        type: SampleType, predicate: SamplePredicate = .all, options: StatisticsOptions
    ) throws(HealthEngineError) {
        guard let unit = type.canonicalUnit, let style = type.aggregationStyle else {
            throw .invalidQuery(field: "type", reason: "\(type.identifier) is not a quantity type; statistics need one")
        }
        do {
            try options.check(for: type)
        } catch {
            throw .invalidQuery(field: "options", reason: error.reason)
        }
        self.type = type
        self.predicate = predicate
        self.options = options
        self.unit = unit
        self.style = style
    }
}

/// A statistics question with the source order its merge follows.
public struct StatisticsRequest: Sendable {
    /// The checked question.
    public let query: StatisticsQuery
    /// How sources rank when they overlap.
    public let priority: SourcePriority
    /// Which sources the merged figures took how much from (`StatisticsProvenance`): none (the default, no extra
    /// work), for the whole answer, or per bucket as well.
    public var provenance: StatisticsProvenance.Detail = .none

    /// The quantity type.
    public var type: SampleType { query.type }
    /// Which samples count.
    public var predicate: SamplePredicate { query.predicate }
    /// What to compute.
    public var options: StatisticsOptions { query.options }

    /// A request for a checked query.
    public init(_ query: StatisticsQuery, priority: SourcePriority = SourcePriority(order: nil)) {
        self.query = query
        self.priority = priority
    }

    /// A request; checks the query (see `StatisticsQuery.init`).
    public init(
        type: SampleType, predicate: SamplePredicate = .all, options: StatisticsOptions,
        priority: SourcePriority = SourcePriority(order: nil)
    ) throws(HealthEngineError) {
        self.init(try StatisticsQuery(type: type, predicate: predicate, options: options), priority: priority)
    }
}

/// Evaluates statistics queries and statistics collections over any storage (SEMANTICS §5).
public struct StatisticsEngine: Sendable {
    /// The storage read.
    public let storage: any SampleStorage

    /// An engine over a storage.
    public init(storage: any SampleStorage) {
        self.storage = storage
    }

    /// The statistics of all matching samples, each counted whole; throws `noData` when nothing matches.
    public func statistics(for request: StatisticsRequest) throws -> QuantityStatistics {
        let matched = try matchingSamples(request)
        guard let (first, last) = matched.span else {
            throw HealthEngineError.noData(type: request.type.identifier)
        }
        let calculator = StatisticsCalculator(
            style: request.query.style, edges: [-.infinity, .infinity],
            tracksMostRecent: request.options.contains(.mostRecent))
        var tallies: ProvenanceTallies? = request.provenance == .none ? nil : ProvenanceTallies()
        let (merged, bySource) = try figures(
            matched, request, unit: request.query.unit, calculator: calculator, &tallies)
        return QuantityStatistics(
            type: request.type, startDate: first, endDate: last, options: request.options,
            merged: Self.filtered(merged[0] ?? StatisticsFigures(), request.options),
            bySource: bySource.compactMapValues { $0[0].map { Self.filtered($0, request.options) } },
            provenance: tallies.map { singleProvenance($0, matched, request, span: (first, last)) })
    }

    /// The statistics of the window's buckets that hold data (every bucket the matched samples touch when the window
    /// is open at both ends, as HealthKit's collection query has them). The buckets are counted once: by the window
    /// when it is closed, else here as soon as the matched samples' span is known, before anything is allocated per
    /// bucket; over the window's maximum, `tooManyBuckets`.
    public func collection(for request: StatisticsRequest, window: BucketWindow) throws -> StatisticsCollection {
        let matched = try matchingSamples(request)
        let grid = window.grid
        let span = matched.span
        let rows = try window.rows(dataSpan: span)
        guard let (first, last) = span else {
            return StatisticsCollection(
                type: request.type, options: request.options, grid: grid, buckets: [:], rows: rows)
        }
        // The buckets the matched samples touch are computed (the window has bounded them with the rows above).
        let (firstIndex, edgeDates) = grid.edges(from: first, to: last)
        let edges = edgeDates.map(\.timeIntervalSinceReferenceDate)
        let calculator = StatisticsCalculator(
            style: request.query.style, edges: edges, tracksMostRecent: request.options.contains(.mostRecent))
        let bucketCount = edges.count - 1
        var tallies: ProvenanceTallies? = request.provenance == .none ? nil : ProvenanceTallies()
        let (merged, bySource) = try figures(
            matched, request, unit: request.query.unit, calculator: calculator, &tallies)
        let provenance = tallies.map {
            collectionProvenance(
                $0, matched, request, calculator: calculator, grid: grid, merged: merged, firstIndex: firstIndex,
                rows: rows)
        }
        var buckets: [Int: QuantityStatistics] = [:]
        for offset in 0..<bucketCount {
            guard let figures = merged[offset] else { continue }
            var sourceFigures: [Source: StatisticsFigures] = [:]
            for (source, perBucket) in bySource {
                if let figures = perBucket[offset] { sourceFigures[source] = Self.filtered(figures, request.options) }
            }
            buckets[firstIndex + offset] = QuantityStatistics(
                type: request.type, startDate: edgeDates[offset], endDate: edgeDates[offset + 1],
                options: request.options,
                merged: Self.filtered(figures, request.options), bySource: sourceFigures,
                provenance: provenance?.buckets[offset])
        }
        return StatisticsCollection(
            type: request.type, options: request.options, grid: grid, buckets: buckets, rows: rows,
            provenance: provenance?.summary)
    }

    /// What a statistics query counts: stored samples, or the storage's columns when the predicate is a time window.
    enum MatchedSamples {
        case samples([StoredSample])
        case columns(QuantityColumns)

        /// The earliest start and latest end (one pass), or nil when nothing matched.
        var span: (Date, Date)? {
            switch self {
            case let .samples(samples):
                guard let firstSample = samples.first?.sample else { return nil }
                var first = firstSample.startDate
                var last = firstSample.endDate
                for stored in samples.dropFirst() {
                    let sample = stored.sample
                    let start = sample.startDate
                    let end = sample.endDate
                    if start < first { first = start }
                    if end > last { last = end }
                }
                return (first, last)
            case let .columns(columns):
                guard columns.count > 0 else { return nil }
                var first = Double.infinity
                var last = -Double.infinity
                for index in 0..<columns.count {
                    first = min(first, columns.starts[index])
                    last = max(last, columns.ends[index])
                }
                return (Date(timeIntervalSinceReferenceDate: first), Date(timeIntervalSinceReferenceDate: last))
            }
        }
    }

    private func matchingSamples(_ request: StatisticsRequest) throws -> MatchedSamples {
        if Self.isTimeWindow(request.predicate) {
            let bounds = TimeBounds.implied(by: request.predicate)
            if bounds.isEmpty { return .columns(QuantityColumns()) }
            if let columns = try storage.quantityColumns(of: request.type, within: bounds) {
                return .columns(Self.exactly(columns, within: bounds))
            }
        }
        return .samples(
            try SampleQueryEngine(storage: storage).matchingSamples(
                SampleQueryDescriptor(type: request.type, predicate: request.predicate)))
    }

    /// Whether only start and end dates decide a match (all samples, a date window, or an AND of them).
    static func isTimeWindow(_ predicate: SamplePredicate) -> Bool {
        switch predicate {
        case .all, .date: return true
        case let .and(predicates): return predicates.allSatisfy(isTimeWindow)
        default: return false
        }
    }

    /// The rows whose start and end satisfy the bounds (a storage may give a superset); no copy when all do.
    static func exactly(_ columns: QuantityColumns, within bounds: TimeBounds) -> QuantityColumns {
        guard bounds != .unbounded else { return columns }
        var keep: [Int] = []
        var allKept = true
        for index in 0..<columns.count {
            if bounds.contains(start: columns.starts[index], end: columns.ends[index]) {
                if !allKept { keep.append(index) }
            } else if allKept {
                allKept = false
                keep = Array(0..<index)
            }
        }
        if allKept { return columns }
        var result = QuantityColumns()
        result.starts = keep.map { columns.starts[$0] }
        result.ends = keep.map { columns.ends[$0] }
        result.values = keep.map { columns.values[$0] }
        result.sourceIndexes = keep.map { columns.sourceIndexes[$0] }
        result.sequences = keep.map { columns.sequences[$0] }
        result.userEntered = keep.map { columns.userEntered[$0] }
        result.sources = columns.sources
        result.productTypes = columns.productTypes
        result.sourceClasses = columns.sourceClasses
        return result
    }

    /// Merged figures per bucket, and per source when asked for, from samples or columns.
    private func figures(
        _ matched: MatchedSamples, _ request: StatisticsRequest, unit: HealthUnit, calculator: StatisticsCalculator,
        _ tallies: inout ProvenanceTallies?
    ) throws -> ([StatisticsFigures?], [Source: [StatisticsFigures?]]) {
        switch matched {
        case let .samples(samples):
            return try figures(samples, request, unit: unit, calculator: calculator, &tallies)
        case let .columns(columns):
            return figures(columns, request, unit: unit, calculator: calculator, &tallies)
        }
    }

    /// Figures from columns: ranks per source, then the linear cumulative path, or the calculator's sweep.
    private func figures(
        _ columns: QuantityColumns, _ request: StatisticsRequest, unit: HealthUnit, calculator: StatisticsCalculator,
        _ tallies: inout ProvenanceTallies?
    ) -> ([StatisticsFigures?], [Source: [StatisticsFigures?]]) {
        // Entries of the columns' source table grouped by source (one source may have several entries).
        var groupOfSource: [Source: Int] = [:]
        var groups: [Source] = []
        let groupOfEntry: [Int] = columns.sources.map { source in
            if let known = groupOfSource[source] { return known }
            groupOfSource[source] = groups.count
            groups.append(source)
            return groups.count - 1
        }
        // Each source's latest end and best class over the rows: the latest end per entry (an entry's rows share
        // its class), then per source.
        var entryLatestEnd = [Double](repeating: -.infinity, count: columns.sources.count)
        for row in 0..<columns.count {
            let entry = Int(columns.sourceIndexes[row])
            if entry >= 0, columns.ends[row] > entryLatestEnd[entry] { entryLatestEnd[entry] = columns.ends[row] }
        }
        var latestEnd = [Double](repeating: -.infinity, count: groups.count)
        var bestClass = [SourceClass?](repeating: nil, count: groups.count)
        for entry in entryLatestEnd.indices where entryLatestEnd[entry] > -.infinity {
            let group = groupOfEntry[entry]
            let entryClass = columns.sourceClasses[entry]
            if bestClass[group].map({ entryClass < $0 }) ?? true { bestClass[group] = entryClass }
            latestEnd[group] = max(latestEnd[group], entryLatestEnd[entry])
        }
        let seenGroups = groups.indices.filter { bestClass[$0] != nil }
        let groupRanks = request.priority.ranks(
            of: seenGroups.map {
                SourcePriority.SourceSighting(
                    source: groups[$0], sourceClass: bestClass[$0]!, latestEnd: latestEnd[$0])
            })
        var rankOfEntry = [Int](repeating: SourcePriority.sourcelessRank, count: columns.sources.count)
        var rankOfGroup = [Int](repeating: SourcePriority.sourcelessRank, count: groups.count)
        for (position, group) in seenGroups.enumerated() { rankOfGroup[group] = groupRanks[position] }
        for entry in rankOfEntry.indices { rankOfEntry[entry] = rankOfGroup[groupOfEntry[entry]] }
        let manualFirst = request.priority.order == nil

        @inline(__always)
        func rank(_ row: Int) -> Int {
            if manualFirst, columns.userEntered[row] { return SourcePriority.manualRank }
            let entry = columns.sourceIndexes[row]
            return entry < 0 ? SourcePriority.sourcelessRank : rankOfEntry[Int(entry)]
        }
        @inline(__always)
        func group(_ row: Int) -> Int {
            let entry = columns.sourceIndexes[row]
            return entry < 0 ? -1 : groupOfEntry[Int(entry)]
        }

        if calculator.style.isCumulative, !request.options.contains(.mostRecent) {
            return cumulativeFigures(
                columns, request, unit: unit, calculator: calculator, rankOfEntry: rankOfEntry,
                groupOfEntry: groupOfEntry,
                sources: groups, &tallies)
        }
        // Everything else: the calculator's sweep over measurements made from the columns.
        var measurements: [TimedValue] = []
        measurements.reserveCapacity(columns.count)
        for row in 0..<columns.count {
            measurements.append(
                TimedValue(
                    start: columns.starts[row], end: columns.ends[row], recordedEnd: columns.ends[row],
                    value: columns.values[row],
                    rank: rank(row), source: group(row), sequence: columns.sequences[row]))
        }
        var bySource: [Source: [StatisticsFigures?]] = [:]
        if request.options.contains(.separateBySource) {
            for (index, source) in groups.enumerated() {
                let own = measurements.filter { $0.source == index }.map {
                    TimedValue(
                        start: $0.start, end: $0.end, recordedEnd: $0.recordedEnd, value: $0.value, rank: 0,
                        source: $0.source, sequence: $0.sequence)
                }
                if !own.isEmpty { bySource[source] = calculator.figures(of: own, unit: unit) }
            }
        }
        let merged = sweep(consume measurements, sources: groups, calculator: calculator, unit: unit, &tallies)
        return (merged, bySource)
    }

    /// Cumulative sums (and durations) without a sweep: `PriorityProration` over rows grouped by rank.
    private func cumulativeFigures(
        _ columns: QuantityColumns, _ request: StatisticsRequest, unit: HealthUnit, calculator: StatisticsCalculator,
        rankOfEntry: [Int], groupOfEntry: [Int], sources: [Source], _ tallies: inout ProvenanceTallies?
    ) -> ([StatisticsFigures?], [Source: [StatisticsFigures?]]) {
        let count = columns.count
        // Spans snapped to bucket edges; the columns are copied only when some span moves (rare).
        var starts = columns.starts
        var ends = columns.ends
        var moved: [(row: Int, start: Double, end: Double)] = []
        var hint = 0
        for row in 0..<count {
            var start = columns.starts[row]
            var end = columns.ends[row]
            calculator.snap(&start, &end, hint: &hint)
            if start != columns.starts[row] || end != columns.ends[row] { moved.append((row, start, end)) }
        }
        for change in moved {
            starts[change.row] = change.start
            ends[change.row] = change.end
        }
        // Dense ranks per row through small per-entry tables (sources interleave row by row: no hashing per row).
        let manualFirst = request.priority.order == nil
        let sourcelessEntry = rankOfEntry.count
        let manualEntry = rankOfEntry.count + 1
        var entryUsed = [Bool](repeating: false, count: rankOfEntry.count + 2)
        for row in 0..<count {
            let entry = columns.sourceIndexes[row]
            if manualFirst, columns.userEntered[row] {
                entryUsed[manualEntry] = true
            } else {
                entryUsed[entry < 0 ? sourcelessEntry : Int(entry)] = true
            }
        }
        let rankOfTableEntry = rankOfEntry + [SourcePriority.sourcelessRank, SourcePriority.manualRank]
        let distinctRanks = Set(entryUsed.indices.filter { entryUsed[$0] }.map { rankOfTableEntry[$0] }).sorted()
        let denseOfEntry: [Int32] = rankOfTableEntry.map { Int32(distinctRanks.firstIndex(of: $0) ?? 0) }
        var denseRanks = [Int32](repeating: 0, count: count)
        for row in 0..<count {
            let entry = columns.sourceIndexes[row]
            let tableEntry =
                manualFirst && columns.userEntered[row] ? manualEntry : (entry < 0 ? sourcelessEntry : Int(entry))
            denseRanks[row] = denseOfEntry[tableEntry]
        }
        // Rows in start order, then split by rank keeping that order.
        var order: [Int32] = []
        var isSorted = true
        for row in 1..<max(1, count) where starts[row] < starts[row - 1] {
            isSorted = false
            break
        }
        if !isSorted {
            order = (0..<Int32(count)).map { $0 }
            order.sort { starts[Int($0)] < starts[Int($1)] }
        }
        var rowsByRank = [[Int32]](repeating: [], count: distinctRanks.count)
        var counts = [Int](repeating: 0, count: distinctRanks.count)
        for dense in denseRanks { counts[Int(dense)] += 1 }
        for index in rowsByRank.indices { rowsByRank[index].reserveCapacity(counts[index]) }
        if isSorted {
            for row in 0..<count { rowsByRank[Int(denseRanks[row])].append(Int32(row)) }
        } else {
            for row in order { rowsByRank[Int(denseRanks[Int(row)])].append(row) }
        }
        func group(_ row: Int) -> Int {
            let entry = columns.sourceIndexes[row]
            return entry < 0 ? -1 : groupOfEntry[Int(entry)]
        }

        let proration = PriorityProration(calculator: calculator)
        let bucketCount = calculator.edges.count - 1
        let wantsDuration = request.options.contains(.duration)
        func coverage(_ rowLists: [[Int32]]) -> [Double] {
            var covered = [Double](repeating: 0, count: bucketCount)
            guard wantsDuration else { return covered }
            var spans: [(start: Double, end: Double)] = []
            spans.reserveCapacity(count)
            for rows in rowLists {
                for row in rows.lazy.map(Int.init) where ends[row] > starts[row] {
                    spans.append((starts[row], ends[row]))
                }
            }
            calculator.addCoverage(of: &spans, to: &covered)
            return covered
        }
        func figures(_ sums: PriorityProration.Sums, _ covered: [Double]) -> [StatisticsFigures?] {
            (0..<bucketCount).map { index in
                guard sums.hasData[index] else { return nil }
                var figures = StatisticsFigures()
                figures.sum = Quantity(sums.sum[index], unit)
                figures.duration = Quantity(covered[index], .second())
                return figures
            }
        }
        var bySource: [Source: [StatisticsFigures?]] = [:]
        if request.options.contains(.separateBySource) {
            var rowsOfGroup = [[Int32]](repeating: [], count: sources.count)
            for rows in rowsByRank {
                for row in rows {
                    let rowGroup = group(Int(row))
                    if rowGroup >= 0 { rowsOfGroup[rowGroup].append(row) }
                }
            }
            for (index, source) in sources.enumerated() where !rowsOfGroup[index].isEmpty {
                let own = proration.ownSums(
                    starts: starts, ends: ends, values: columns.values, rows: rowsOfGroup[index])
                bySource[source] = figures(own, coverage([rowsOfGroup[index]]))
            }
        }
        var attribution = tallies.map { _ in
            PriorityProration.Attribution(
                groupOfRow: (0..<count).map { Int32(group($0) < 0 ? sources.count : group($0)) },
                groupCount: sources.count + 1, bucketCount: bucketCount)
        }
        let merged = proration.mergedSums(
            starts: starts, ends: ends, values: columns.values, rowsByRank: rowsByRank, attribution: &attribution)
        if let attribution {
            tallies = ProvenanceTallies.ofProration(
                attribution, proration: proration, starts: starts, ends: ends, values: columns.values,
                rowsByRank: rowsByRank, sources: sources)
        }
        return (figures(merged, coverage(rowsByRank)), bySource)
    }

    /// Merged figures per bucket, and per source when asked for, from stored samples.
    private func figures(
        _ samples: [StoredSample], _ request: StatisticsRequest, unit: HealthUnit, calculator: StatisticsCalculator,
        _ tallies: inout ProvenanceTallies?
    ) throws -> ([StatisticsFigures?], [Source: [StatisticsFigures?]]) {
        // One pass: measurements (rank left as the sample's rank class for now), sources, rank classes.
        var sourceIndex: [Source: Int] = [:]
        var sources: [Source] = []
        var measurements: [TimedValue] = []
        measurements.reserveCapacity(samples.count)
        var classes = RankClasses()
        var values = CanonicalValues(unit)
        var lastSource: Source?
        var lastSourceIndex = 0
        // Pushed copies set against their devices' own samples first (nil: none pushed); series summaries' extremes.
        let pushedPieces = try PushedConvergence.pieces(of: samples, style: request.query.style, values: &values)
        var extremes: [Int: StatisticsCalculator.Extremes] = [:]
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
            // A hand entry counts as such only in the default order.
            let manual = request.priority.order == nil && sample.wasUserEntered
            let rankClass = classes.note(sample, source: revisionSource == nil ? nil : index, manual: manual)
            if let pieces = pushedPieces?[position] {
                for piece in pieces {
                    measurements.append(
                        TimedValue(
                            start: piece.start, end: piece.end, recordedEnd: piece.end, value: piece.value,
                            rank: rankClass, source: index, sequence: stored.sequence))
                }
            } else if content.count > 1, !content.seriesEntries.isEmpty {
                for entry in content.seriesEntries {
                    let start = entry.startDate.timeIntervalSinceReferenceDate
                    let end = entry.endDate.timeIntervalSinceReferenceDate
                    measurements.append(
                        TimedValue(
                            start: start, end: end, recordedEnd: end, value: try values.value(of: entry.quantity),
                            rank: rankClass,
                            source: index, sequence: stored.sequence))
                }
            } else {
                let start = sample.startDate.timeIntervalSinceReferenceDate
                let end = sample.endDate.timeIntervalSinceReferenceDate
                if let summary = content.summary {
                    extremes[measurements.count] = StatisticsCalculator.Extremes(
                        minimum: try values.value(of: summary.minimum), maximum: try values.value(of: summary.maximum))
                }
                measurements.append(
                    TimedValue(
                        start: start, end: end, recordedEnd: end, value: try values.value(of: content.quantity),
                        rank: rankClass,
                        source: index, sequence: stored.sequence))
            }
        }
        let rankOfClass = classes.ranks(sources, request.priority)
        for index in measurements.indices { measurements[index].rank = rankOfClass[measurements[index].rank] }
        var bySource: [Source: [StatisticsFigures?]] = [:]
        if request.options.contains(.separateBySource) {
            for (index, source) in sources.enumerated() {
                var own: [TimedValue] = []
                var ownExtremes: [Int: StatisticsCalculator.Extremes] = [:]
                for (position, measurement) in measurements.enumerated() where measurement.source == index {
                    if !extremes.isEmpty, let known = extremes[position] { ownExtremes[own.count] = known }
                    own.append(
                        TimedValue(
                            start: measurement.start, end: measurement.end, recordedEnd: measurement.recordedEnd,
                            value: measurement.value, rank: 0, source: measurement.source,
                            sequence: measurement.sequence))
                }
                bySource[source] = calculator.figures(of: own, unit: unit, extremes: ownExtremes)
            }
        }
        // Handed over: no copy to adjust spans.
        let merged = sweep(
            consume measurements, sources: sources, calculator: calculator, unit: unit, extremes: extremes, &tallies)
        return (merged, bySource)
    }

    /// The rank classes of samples: a sample's rank (`SourcePriority.ranks(of:)`) depends only on its source (or
    /// having none) and whether it was entered by hand, given each source's sighting (its latest sample end and best
    /// class). So instead of ranking every sample (hashing its source twice), the sightings are tallied as the
    /// samples go by and each class is ranked once.
    struct RankClasses {
        private var classOfKey: [Int: Int] = [:]
        private var keys: [Int] = []  // by class: its key (source index * 2 + manual; -1 sourceless, -2 manual)
        private var sightings: [Int: (latestEnd: Double, sourceClass: SourceClass)] = [:]  // by source index
        private var sourceClasses = SourceClassCache()
        private var lastKey = Int.min, lastClass = 0, lastSource = -1, lastLatestEnd = -Double.infinity
        private var lastSourceClass = SourceClass.thirdParty

        /// Notes a sample (`source` is the index of its source, nil when it has no source revision); returns its
        /// class.
        mutating func note(_ sample: Sample, source: Int?, manual: Bool) -> Int {
            let key = source.map { $0 * 2 + (manual ? 1 : 0) } ?? (manual ? -2 : -1)
            if let source {
                let sourceClass = sourceClasses.sourceClass(of: sample)
                let end = sample.endDate.timeIntervalSinceReferenceDate
                if source != lastSource || end > lastLatestEnd || sourceClass < lastSourceClass {
                    var seen = sightings[source] ?? (end, sourceClass)
                    seen = (max(seen.latestEnd, end), min(seen.sourceClass, sourceClass))
                    sightings[source] = seen
                    lastLatestEnd = seen.latestEnd
                    lastSourceClass = seen.sourceClass
                    lastSource = source
                }
            }
            if key == lastKey { return lastClass }
            let rankClass: Int
            if let known = classOfKey[key] {
                rankClass = known
            } else {
                rankClass = keys.count
                classOfKey[key] = rankClass
                keys.append(key)
            }
            lastKey = key
            lastClass = rankClass
            return rankClass
        }

        /// The rank of each class, `sources` being the sources by index.
        func ranks(_ sources: [Source], _ priority: SourcePriority) -> [Int] {
            let indexes = Array(sightings.keys)
            let ranks = priority.ranks(
                of: indexes.map {
                    SourcePriority.SourceSighting(
                        source: sources[$0], sourceClass: sightings[$0]!.sourceClass,
                        latestEnd: sightings[$0]!.latestEnd)
                })
            var rankOfSource: [Int: Int] = [:]
            for (position, index) in indexes.enumerated() { rankOfSource[index] = ranks[position] }
            return keys.map { key in
                if key == -2 || (key >= 0 && key % 2 == 1) { return SourcePriority.manualRank }
                if key == -1 { return SourcePriority.sourcelessRank }
                return rankOfSource[key / 2] ?? SourcePriority.sourcelessRank
            }
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
