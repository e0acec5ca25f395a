import Foundation
import HealthModel

/// One value over a time span that statistics count: a sample, or one entry of a series sample.
struct TimedValue: Sendable {
    var start: Double
    var end: Double
    /// The end as recorded, before spans are adjusted for counting.
    let recordedEnd: Double
    let value: Double
    var rank: Int
    let source: Int
    let sequence: Int64
}

/// The counting rules of SEMANTICS §5.1–5.2 over measurements and bucket edges, in one sweep along the time line.
///
/// The time line is cut into slices at every measurement start and end and at every bucket edge. In each slice the
/// measurements of the lowest rank present win; only they count there (a source's own overlapping samples add up).
/// Cumulative values are spread linearly over their span (proration); discrete values count once per bucket where they
/// win a slice (arithmetic), or by the time they hold (time-weighted, equivalent continuous level).
struct StatisticsCalculator {
    /// How far a sample may cross a bucket edge and still count wholly on one side (SEMANTICS §5.2).
    static let edgeTolerance = 0.010
    /// How long an instantaneous discrete sample holds its value at most (SEMANTICS §5.2, decision).
    static let instantaneousHold = 600.0

    let style: AggregationStyle
    let edges: [Double]
    /// Whether to find each bucket's most recent sample (only `mostRecent` needs it; costly for cumulative types).
    var tracksMostRecent = true

    /// Per-bucket accumulators.
    private struct Buckets {
        var hasData: [Bool]
        var sum: [Double]
        var weightedNumerator: [Double]
        var weightedDenominator: [Double]
        var levelNumerator: [Double]
        var covered: [Double]
        var count: [Int]
        var total: [Double]
        var minimum: [Double]
        var maximum: [Double]
        var latest: [Int]  // measurement index, -1 for none

        init(_ count: Int) {
            hasData = Array(repeating: false, count: count)
            sum = Array(repeating: 0, count: count)
            weightedNumerator = Array(repeating: 0, count: count)
            weightedDenominator = Array(repeating: 0, count: count)
            levelNumerator = Array(repeating: 0, count: count)
            covered = Array(repeating: 0, count: count)
            self.count = Array(repeating: 0, count: count)
            total = Array(repeating: 0, count: count)
            minimum = Array(repeating: .infinity, count: count)
            maximum = Array(repeating: -.infinity, count: count)
            latest = Array(repeating: -1, count: count)
        }
    }

    /// The bucket whose half-open span contains `time`.
    func bucket(containing time: Double) -> Int {
        var low = 0
        var high = edges.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if edges[middle] <= time { low = middle } else { high = middle }
        }
        return low
    }

    /// `bucket(containing:)`, trying `hint` and the bucket after it first (measurements mostly come in time order).
    @inline(__always)
    func bucket(containing time: Double, hint: Int) -> Int {
        if hint >= 0, hint + 1 < edges.count {
            if edges[hint] <= time, time < edges[hint + 1] { return hint }
            if hint + 2 < edges.count, edges[hint + 1] <= time, time < edges[hint + 2] { return hint + 1 }
        }
        return bucket(containing: time)
    }

    /// Figures of every bucket (nil for buckets without data), values in the canonical unit `unit`.
    func figures(of input: consuming [TimedValue], unit: HealthUnit) -> [StatisticsFigures?] {
        var tallies: SweepTallies?
        return figures(of: input, unit: unit, tallies: &tallies)
    }

    /// Figures of every bucket, and with `tallies` (provenance, only when asked) what the sweep counted from each
    /// source and the covered time per bucket.
    func figures(
        of input: consuming [TimedValue], unit: HealthUnit, tallies: inout SweepTallies?
    ) -> [StatisticsFigures?] {
        let bucketCount = edges.count - 1
        guard bucketCount > 0 else { return [] }
        var measurements = consume input
        if style.isCumulative {
            snapToEdges(&measurements)
        } else {
            holdInstantaneousValues(&measurements)
        }
        var buckets = Buckets(bucketCount)
        sweep(measurements, &buckets, &tallies)
        cover(measurements, &buckets)
        tallies?.covered = buckets.covered
        return (0..<bucketCount).map { index in
            guard buckets.hasData[index] else { return nil }
            return makeFigures(index, buckets, measurements, unit: unit)
        }
    }

    /// Moves sample ends that cross a bucket edge by at most the tolerance onto the edge.
    private func snapToEdges(_ measurements: inout [TimedValue]) {
        guard edges.count > 2 else { return }
        var hint = 0
        for index in measurements.indices {
            var start = measurements[index].start
            var end = measurements[index].end
            snap(&start, &end, hint: &hint)
            measurements[index].start = start
            measurements[index].end = end
        }
    }

    /// Moves a span's start or end that crosses a bucket edge by at most the tolerance onto the edge (SEMANTICS §5.2).
    /// `hint` is a bucket near the span, updated for the next call.
    @inline(__always)
    func snap(_ start: inout Double, _ end: inout Double, hint: inout Int) {
        guard edges.count > 2, end - start > 2 * StatisticsCalculator.edgeTolerance else { return }
        let first = bucket(containing: start, hint: hint)
        let next = edges[first + 1]
        if edges[first] <= start, next - start > StatisticsCalculator.edgeTolerance,
            end - next < -StatisticsCalculator.edgeTolerance
        {
            hint = first
            return  // well inside one bucket: nothing to snap
        }
        if next < end, next - start <= StatisticsCalculator.edgeTolerance {
            start = next
        }
        var last = bucket(containing: end, hint: first)
        hint = last
        if edges[last] == end { last -= 1 }
        if last >= 0, edges[last] > start, end - edges[last] <= StatisticsCalculator.edgeTolerance {
            end = edges[last]
        }
    }

    /// Gives each instantaneous discrete sample a span: until the next sample of its source, at most the hold, and
    /// never past its bucket's end.
    private func holdInstantaneousValues(_ measurements: inout [TimedValue]) {
        let order = measurements.indices.sorted {
            (measurements[$0].source, measurements[$0].start) < (measurements[$1].source, measurements[$1].start)
        }
        for (position, index) in order.enumerated() where measurements[index].end == measurements[index].start {
            let start = measurements[index].start
            var end = start + StatisticsCalculator.instantaneousHold
            var nextPosition = position + 1
            while nextPosition < order.count, measurements[order[nextPosition]].source == measurements[index].source {
                let nextStart = measurements[order[nextPosition]].start
                if nextStart > start {
                    end = min(end, nextStart)
                    break
                }
                nextPosition += 1
            }
            end = min(end, edges[bucket(containing: start) + 1])
            measurements[index].end = end
        }
    }

    /// Walks the time line: in each slice the lowest rank present wins; points count unless a better rank covers them.
    private func sweep(_ measurements: [TimedValue], _ buckets: inout Buckets, _ tallies: inout SweepTallies?) {
        // Dense ranks (few distinct values, in long runs: look a rank up only when it changes).
        var distinct = Set<Int>()
        var previousRank: Int?
        for measurement in measurements where measurement.rank != previousRank {
            distinct.insert(measurement.rank)
            previousRank = measurement.rank
        }
        let distinctRanks = distinct.sorted()
        var denseRank: [Int: Int] = [:]
        for (index, rank) in distinctRanks.enumerated() { denseRank[rank] = index }
        var ranks: [Int] = []
        ranks.reserveCapacity(measurements.count)
        var lastRank = Int.min
        var lastDense = 0
        for measurement in measurements {
            if measurement.rank != lastRank {
                lastRank = measurement.rank
                lastDense = denseRank[lastRank]!
            }
            ranks.append(lastDense)
        }

        // Span starts and span ends, each sorted by time (stably: ties in measurement order), merged as the sweep goes
        // with ends before starts at the same time. Measurements mostly come in time-ordered runs, which sort fast.
        var starts: [Int] = []
        var points: [Int] = []
        starts.reserveCapacity(measurements.count)
        for (index, measurement) in measurements.enumerated() {
            if measurement.end > measurement.start {
                starts.append(index)
            } else {
                points.append(index)
            }
        }
        var ends = starts
        starts.sort { measurements[$0].start < measurements[$1].start }
        ends.sort { measurements[$0].end < measurements[$1].end }
        points.sort { measurements[$0].start < measurements[$1].start }

        var activeCount = [Int](repeating: 0, count: distinctRanks.count)
        var activeRate = [Double](repeating: 0, count: distinctRanks.count)
        var activeMembers = [[Int]](repeating: [], count: distinctRanks.count)
        var activeTotal = 0
        var previous = -Double.infinity
        var startIndex = 0
        var endIndex = 0
        var pointIndex = 0

        func winner() -> Int? { activeCount.firstIndex { $0 > 0 } }
        let tracksMembers = !style.isCumulative || tracksMostRecent || tallies != nil
        // The last bucket each discrete measurement was counted in (it counts once in each bucket where it wins a slice).
        var countedIn = style.isCumulative ? [] : [Int](repeating: -1, count: measurements.count)

        // The bucket containing the sweep's current time, which only moves forward (what `bucket(containing:)` gives).
        var cursor = 0
        func bucketAtSweep(_ time: Double) -> Int {
            while cursor + 2 < edges.count, edges[cursor + 1] <= time { cursor += 1 }
            return cursor
        }

        func accumulate(from start: Double, to end: Double) {
            guard end > start, activeTotal > 0, let rank = winner() else { return }
            var from = start
            var index = bucketAtSweep(from)
            while from < end, index < edges.count - 1 {
                let to = min(end, edges[index + 1])
                let length = to - from
                if length > 0 {
                    buckets.hasData[index] = true
                    buckets.sum[index] += activeRate[rank] * length
                    // A cumulative sum needs no per-sample bookkeeping unless the most recent sample is wanted.
                    for member in activeMembers[rank] {
                        if style.isCumulative {
                            noteLatest(member, in: index, &buckets, measurements)
                            tallies?.countAmount(of: measurements[member], over: length, in: index)
                            continue
                        }
                        if countedIn[member] != index {
                            countedIn[member] = index
                            countOnce(member, in: index, &buckets, measurements)
                            tallies?.countSample(of: measurements[member], in: index)
                        }
                        tallies?.countTime(of: measurements[member], length, in: index)
                        let value = measurements[member].value
                        buckets.weightedNumerator[index] += value * length
                        buckets.weightedDenominator[index] += length
                        if style == .discreteEquivalentContinuousLevel {
                            buckets.levelNumerator[index] += pow(10, value / 10) * length
                        }
                    }
                }
                from = to
                index += 1
            }
        }

        while startIndex < starts.count || endIndex < ends.count || pointIndex < points.count {
            let startTime = startIndex < starts.count ? measurements[starts[startIndex]].start : .infinity
            let endTime = endIndex < ends.count ? measurements[ends[endIndex]].end : .infinity
            let pointTime = pointIndex < points.count ? measurements[points[pointIndex]].start : .infinity
            let time = min(startTime, endTime, pointTime)
            accumulate(from: previous, to: time)
            previous = time
            while endIndex < ends.count, measurements[ends[endIndex]].end == time {
                let index = ends[endIndex]
                let rank = ranks[index]
                let measurement = measurements[index]
                let rate = style.isCumulative ? measurement.value / (measurement.end - measurement.start) : 0
                activeCount[rank] -= 1
                activeTotal -= 1
                activeRate[rank] -= rate
                if tracksMembers, let position = activeMembers[rank].firstIndex(of: index) {
                    activeMembers[rank].remove(at: position)
                }
                if activeCount[rank] == 0 { activeRate[rank] = 0 }
                endIndex += 1
            }
            while startIndex < starts.count, measurements[starts[startIndex]].start == time {
                let index = starts[startIndex]
                let rank = ranks[index]
                let measurement = measurements[index]
                let rate = style.isCumulative ? measurement.value / (measurement.end - measurement.start) : 0
                activeCount[rank] += 1
                activeTotal += 1
                activeRate[rank] += rate
                if tracksMembers { activeMembers[rank].append(index) }
                startIndex += 1
            }
            while pointIndex < points.count, measurements[points[pointIndex]].start == time {
                let index = points[pointIndex]
                if let best = winner(), best < ranks[index] {
                    pointIndex += 1
                    continue
                }
                let bucketIndex = bucketAtSweep(time)
                if bucketIndex < edges.count - 1 {
                    buckets.hasData[bucketIndex] = true
                    buckets.sum[bucketIndex] += measurements[index].value
                    if style.isCumulative {
                        noteLatest(index, in: bucketIndex, &buckets, measurements)
                        tallies?.countAmount(of: measurements[index], over: 0, in: bucketIndex)
                    }
                }
                pointIndex += 1
            }
        }
    }

    private func noteLatest(_ index: Int, in bucket: Int, _ buckets: inout Buckets, _ measurements: [TimedValue]) {
        let current = buckets.latest[bucket]
        if current < 0 {
            buckets.latest[bucket] = index
            return
        }
        let candidate = measurements[index]
        let best = measurements[current]
        if (candidate.start, candidate.sequence) > (best.start, best.sequence) { buckets.latest[bucket] = index }
    }

    /// Arithmetic figures of a discrete measurement in a bucket where it wins some slice (once per bucket, whatever
    /// its duration); a bucket where it loses all its time does not count it.
    private func countOnce(_ index: Int, in bucketIndex: Int, _ buckets: inout Buckets, _ measurements: [TimedValue]) {
        let value = measurements[index].value
        buckets.count[bucketIndex] += 1
        buckets.total[bucketIndex] += value
        buckets.minimum[bucketIndex] = min(buckets.minimum[bucketIndex], value)
        buckets.maximum[bucketIndex] = max(buckets.maximum[bucketIndex], value)
        noteLatest(index, in: bucketIndex, &buckets, measurements)
    }

    /// `duration`: per bucket, the time covered by the union of the measurements' own intervals (SEMANTICS §5.2), as
    /// recorded for discrete types (the span an instantaneous value holds for the average covers no time), as snapped
    /// to edges for cumulative ones; overlaps count once, whatever their sources.
    private func cover(_ measurements: [TimedValue], _ buckets: inout Buckets) {
        var spans: [(start: Double, end: Double)] = []
        spans.reserveCapacity(measurements.count)
        for measurement in measurements {
            let end = style.isCumulative ? measurement.end : measurement.recordedEnd
            if end > measurement.start { spans.append((measurement.start, end)) }
        }
        addCoverage(of: &spans, to: &buckets.covered)
    }

    /// Adds, per bucket, the time covered by the union of the spans (sorted here unless already in start order).
    func addCoverage(of spans: inout [(start: Double, end: Double)], to covered: inout [Double]) {
        var isSorted = true
        for index in spans.indices.dropFirst() where spans[index].start < spans[index - 1].start {
            isSorted = false
            break
        }
        if !isSorted { spans.sort { $0.start < $1.start } }
        var position = 0
        var bucketIndex = 0
        while position < spans.count {
            let start = spans[position].start
            var end = spans[position].end
            position += 1
            while position < spans.count, spans[position].start <= end {
                end = max(end, spans[position].end)
                position += 1
            }
            var from = start
            bucketIndex = bucket(containing: from, hint: bucketIndex)
            while from < end, bucketIndex < edges.count - 1 {
                let to = min(end, edges[bucketIndex + 1])
                if to > from { covered[bucketIndex] += to - from }
                from = to
                if to < end { bucketIndex += 1 }
            }
        }
    }

    private func makeFigures(
        _ index: Int, _ buckets: Buckets, _ measurements: [TimedValue], unit: HealthUnit
    ) -> StatisticsFigures {
        var figures = StatisticsFigures()
        let bucketStart = edges[index]
        let bucketEnd = edges[index + 1]
        figures.duration = Quantity(buckets.covered[index], .second())
        if style.isCumulative {
            figures.sum = Quantity(buckets.sum[index], unit)
        } else if buckets.count[index] > 0 {
            let arithmetic = buckets.total[index] / Double(buckets.count[index])
            let denominator = buckets.weightedDenominator[index]
            let average: Double
            switch style {
            case .discreteTimeWeighted:
                average = denominator > 0 ? buckets.weightedNumerator[index] / denominator : arithmetic
            case .discreteEquivalentContinuousLevel:
                average = denominator > 0 ? 10 * log10(buckets.levelNumerator[index] / denominator) : arithmetic
            default:
                average = arithmetic
            }
            figures.average = Quantity(average, unit)
            figures.minimum = Quantity(buckets.minimum[index], unit)
            figures.maximum = Quantity(buckets.maximum[index], unit)
        }
        let latest = buckets.latest[index]
        if latest >= 0 {
            let measurement = measurements[latest]
            var value = measurement.value
            if style.isCumulative, measurement.end > measurement.start {
                let overlap = min(measurement.end, bucketEnd) - max(measurement.start, bucketStart)
                value *= max(0, overlap) / (measurement.end - measurement.start)
            }
            figures.mostRecent = Quantity(value, unit)
            figures.mostRecentDateInterval = DateInterval(
                start: Date(timeIntervalSinceReferenceDate: measurement.start),
                end: Date(timeIntervalSinceReferenceDate: max(measurement.start, measurement.recordedEnd)))
        }
        return figures
    }
}
