import Foundation
import HealthModel

/// Provenance (`StatisticsProvenance`): the hooks the evaluation paths call, and the answer made of their tallies.
extension StatisticsEngine {
    /// The calculator's sweep over the merged measurements; with `tallies` (provenance asked for), also what it
    /// counted from each source and what each source holds alone. `sources` names the measurements' source indexes.
    func sweep(
        _ measurements: consuming [TimedValue], sources: [Source], calculator: StatisticsCalculator, unit: HealthUnit,
        _ tallies: inout ProvenanceTallies?
    ) -> [StatisticsFigures?] {
        guard tallies != nil else { return calculator.figures(of: measurements, unit: unit) }
        let own = ProvenanceTallies.ownParts(of: measurements, sources: sources, calculator: calculator, unit: unit)
        var sweepTallies: SweepTallies? = SweepTallies(
            sourceCount: sources.count, bucketCount: calculator.edges.count - 1)
        let merged = calculator.figures(of: measurements, unit: unit, tallies: &sweepTallies)
        tallies = ProvenanceTallies(counted: ProvenanceTallies.parts(of: sweepTallies!, sources: sources), own: own)
        return merged
    }

    /// A single query's provenance: its one bucket, over the window its predicate implies (the data's span where the
    /// predicate leaves it open).
    func singleProvenance(
        _ tallies: ProvenanceTallies, _ matched: MatchedSamples, _ request: StatisticsRequest, span: (Date, Date)
    ) -> StatisticsProvenance {
        let bounds = TimeBounds.implied(by: request.predicate)
        let first = span.0.timeIntervalSinceReferenceDate
        let last = span.1.timeIntervalSinceReferenceDate
        let start = [bounds.startLowerBound, bounds.endLowerBound].first(where: \.isFinite) ?? first
        let end = max(start, [bounds.endUpperBound, bounds.startUpperBound].first(where: \.isFinite) ?? last)
        let covered = end > start ? coveredTime(matched, edges: [start, end], snapping: false)[0] : 0
        return tallies.provenance(
            offsets: [0], style: request.query.style, unit: request.query.unit,
            coverage: StatisticsProvenance.Coverage(
                coveredSeconds: covered, windowSeconds: end - start, bucketsWithData: 1, buckets: 1))
    }

    /// A collection's provenance: the summary over the buckets of `rows`, and per bucket offset (with data) when
    /// asked for.
    func collectionProvenance(
        _ tallies: ProvenanceTallies, _ matched: MatchedSamples, _ request: StatisticsRequest,
        calculator: StatisticsCalculator, grid: BucketGrid, merged: [StatisticsFigures?], firstIndex: Int,
        rows: ClosedRange<Int>?
    ) -> (summary: StatisticsProvenance, buckets: [Int: StatisticsProvenance]) {
        let edges = calculator.edges
        let covered = coveredTime(matched, edges: edges, snapping: request.query.style.isCumulative)
        let style = request.query.style
        let unit = request.query.unit
        let rows = rows ?? firstIndex...(firstIndex + edges.count - 2)
        let offsets = merged.indices.filter { rows.contains(firstIndex + $0) }
        let grid = StatisticsProvenance.Coverage(
            coveredSeconds: offsets.reduce(0) { $0 + covered[$1] },
            windowSeconds: grid.start(of: rows.upperBound + 1).timeIntervalSince(grid.start(of: rows.lowerBound)),
            bucketsWithData: offsets.filter { merged[$0] != nil }.count, buckets: rows.count)
        let summary = tallies.provenance(offsets: offsets, style: style, unit: unit, coverage: grid)
        var buckets: [Int: StatisticsProvenance] = [:]
        if request.provenance == .perBucket {
            for offset in merged.indices where merged[offset] != nil {
                buckets[offset] = tallies.provenance(
                    offsets: [offset], style: style, unit: unit,
                    coverage: StatisticsProvenance.Coverage(
                        coveredSeconds: covered[offset], windowSeconds: edges[offset + 1] - edges[offset],
                        bucketsWithData: 1, buckets: 1))
            }
        }
        return (summary, buckets)
    }

    /// Per bucket between `edges`, the time covered by the union of the matched samples' intervals, clipped to the
    /// edges (snapped to bucket edges as the sum counts them for cumulative types).
    func coveredTime(_ matched: MatchedSamples, edges: [Double], snapping: Bool) -> [Double] {
        let calculator = StatisticsCalculator(style: .cumulative, edges: edges, tracksMostRecent: false)
        var spans: [(start: Double, end: Double)] = []
        let low = edges[0]
        let high = edges[edges.count - 1]
        var hint = 0
        func note(_ start: Double, _ end: Double) {
            var start = start
            var end = end
            if snapping { calculator.snap(&start, &end, hint: &hint) }
            start = max(start, low)
            end = min(end, high)
            if end > start { spans.append((start, end)) }
        }
        switch matched {
        case let .columns(columns):
            spans.reserveCapacity(columns.count)
            for row in 0..<columns.count { note(columns.starts[row], columns.ends[row]) }
        case let .samples(samples):
            spans.reserveCapacity(samples.count)
            for stored in samples {
                note(
                    stored.sample.startDate.timeIntervalSinceReferenceDate,
                    stored.sample.endDate.timeIntervalSinceReferenceDate)
            }
        }
        var covered = [Double](repeating: 0, count: edges.count - 1)
        calculator.addCoverage(of: &spans, to: &covered)
        return covered
    }
}

extension ProvenanceTallies {
    /// The tallies of the cumulative column path: what `PriorityProration` attributed to each group (the last group
    /// holding the rows without a source), and each group's own sums.
    static func ofProration(
        _ attribution: PriorityProration.Attribution, proration: PriorityProration, starts: [Double], ends: [Double],
        values: [Double], rowsByRank: [[Int32]], sources: [Source]
    ) -> ProvenanceTallies {
        let bucketCount = proration.calculator.edges.count - 1
        var rowsOfGroup = [[Int32]](repeating: [], count: sources.count + 1)
        for rows in rowsByRank {
            for row in rows { rowsOfGroup[Int(attribution.groupOfRow[Int(row)])].append(row) }
        }
        var tallies = ProvenanceTallies()
        let zeros = [Double](repeating: 0, count: bucketCount)
        for (group, rows) in rowsOfGroup.enumerated() where !rows.isEmpty {
            let source = group < sources.count ? sources[group] : unknownSource
            let own = proration.ownSums(starts: starts, ends: ends, values: values, rows: rows)
            tallies.own[source] = Parts(amount: own.sum, time: zeros)
            tallies.counted[source] = Parts(amount: attribution.sums[group].sum, time: zeros)
        }
        return tallies
    }
}
