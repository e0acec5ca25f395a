import Foundation
import HealthModel

/// One value over a time span that statistics count: a sample, or one entry of a series sample.
struct TimedValue: Sendable {
    var start: Double
    var end: Double
    /// The end as recorded, before spans are adjusted for counting.
    let recordedEnd: Double
    let value: Double
    let rank: Int
    let source: Int
    let sequence: Int64
}

/// The counting rules of SEMANTICS §5.1–5.2 over measurements and bucket edges, in one sweep along the time line.
///
/// The time line is cut into slices at every measurement start and end and at every bucket edge. In each slice the
/// measurements of the lowest rank present win; only they count there (a source's own overlapping samples add up).
/// Cumulative values are spread linearly over their span (proration); discrete values count once per bucket they
/// touch (arithmetic), or by the time they hold (time-weighted, equivalent continuous level).
struct StatisticsCalculator {
    /// How far a sample may cross a bucket edge and still count wholly on one side (SEMANTICS §5.2).
    static let edgeTolerance = 0.010
    /// How long an instantaneous discrete sample holds its value at most (SEMANTICS §5.2, decision).
    static let instantaneousHold = 600.0

    let style: AggregationStyle
    let edges: [Double]

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
        var low = 0, high = edges.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if edges[middle] <= time { low = middle } else { high = middle }
        }
        return low
    }

    /// Figures of every bucket (nil for buckets without data), values in the canonical unit `unit`.
    func figures(of input: [TimedValue], unit: HealthUnit) -> [StatisticsFigures?] {
        let bucketCount = edges.count - 1
        guard bucketCount > 0 else { return [] }
        var measurements = input
        if style.isCumulative {
            snapToEdges(&measurements)
        } else {
            holdInstantaneousValues(&measurements)
        }
        var buckets = Buckets(bucketCount)
        var included = [Bool](repeating: false, count: measurements.count)
        sweep(measurements, &buckets, &included)
        if !style.isCumulative {
            countDiscrete(measurements, included, &buckets)
        }
        return (0..<bucketCount).map { index in
            guard buckets.hasData[index] else { return nil }
            return makeFigures(index, buckets, measurements, unit: unit)
        }
    }

    /// Moves sample ends that cross a bucket edge by at most the tolerance onto the edge.
    private func snapToEdges(_ measurements: inout [TimedValue]) {
        guard edges.count > 2 else { return }
        for index in measurements.indices {
            var measurement = measurements[index]
            guard measurement.end - measurement.start > 2 * StatisticsCalculator.edgeTolerance else { continue }
            let first = bucket(containing: measurement.start)
            let next = edges[first + 1]
            if next < measurement.end, next - measurement.start <= StatisticsCalculator.edgeTolerance {
                measurement.start = next
            }
            var last = bucket(containing: measurement.end)
            if edges[last] == measurement.end { last -= 1 }
            if last >= 0, edges[last] > measurement.start, measurement.end - edges[last] <= StatisticsCalculator.edgeTolerance {
                measurement.end = edges[last]
            }
            measurements[index] = measurement
        }
    }

    /// Gives each instantaneous discrete sample a span: until the next sample of its source, at most the hold, and
    /// never past its bucket's end.
    private func holdInstantaneousValues(_ measurements: inout [TimedValue]) {
        let order = measurements.indices.sorted { (measurements[$0].source, measurements[$0].start) < (measurements[$1].source, measurements[$1].start) }
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

    private enum EventKind: Int { case end = 0, start = 1 }

    /// Walks the time line: in each slice the lowest rank present wins; points count unless a better rank covers them.
    private func sweep(_ measurements: [TimedValue], _ buckets: inout Buckets, _ included: inout [Bool]) {
        // Dense ranks.
        let distinctRanks = Array(Set(measurements.map(\.rank))).sorted()
        var denseRank: [Int: Int] = [:]
        for (index, rank) in distinctRanks.enumerated() { denseRank[rank] = index }
        let ranks = measurements.map { denseRank[$0.rank]! }

        var events: [(time: Double, kind: EventKind, index: Int)] = []
        var points: [Int] = []
        events.reserveCapacity(measurements.count * 2)
        for (index, measurement) in measurements.enumerated() {
            if measurement.end > measurement.start {
                events.append((measurement.start, .start, index))
                events.append((measurement.end, .end, index))
            } else {
                points.append(index)
            }
        }
        events.sort { ($0.time, $0.kind.rawValue) < ($1.time, $1.kind.rawValue) }
        points.sort { measurements[$0].start < measurements[$1].start }

        var activeCount = [Int](repeating: 0, count: distinctRanks.count)
        var activeRate = [Double](repeating: 0, count: distinctRanks.count)
        var activeMembers = [[Int]](repeating: [], count: distinctRanks.count)
        var activeTotal = 0
        var previous = -Double.infinity
        var eventIndex = 0, pointIndex = 0

        func winner() -> Int? { activeCount.firstIndex { $0 > 0 } }

        func accumulate(from start: Double, to end: Double) {
            guard end > start, activeTotal > 0, let rank = winner() else { return }
            var from = start
            var index = bucket(containing: from)
            while from < end, index < edges.count - 1 {
                let to = min(end, edges[index + 1])
                let length = to - from
                if length > 0 {
                    buckets.hasData[index] = true
                    buckets.covered[index] += length
                    buckets.sum[index] += activeRate[rank] * length
                    for member in activeMembers[rank] {
                        included[member] = true
                        if style.isCumulative {
                            noteLatest(member, in: index, &buckets, measurements)
                            continue
                        }
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

        while eventIndex < events.count || pointIndex < points.count {
            let eventTime = eventIndex < events.count ? events[eventIndex].time : .infinity
            let pointTime = pointIndex < points.count ? measurements[points[pointIndex]].start : .infinity
            let time = min(eventTime, pointTime)
            accumulate(from: previous, to: time)
            previous = time
            while eventIndex < events.count, events[eventIndex].time == time {
                let event = events[eventIndex]
                let rank = ranks[event.index]
                let measurement = measurements[event.index]
                let rate = style.isCumulative ? measurement.value / (measurement.end - measurement.start) : 0
                switch event.kind {
                case .end:
                    activeCount[rank] -= 1
                    activeTotal -= 1
                    activeRate[rank] -= rate
                    if let position = activeMembers[rank].firstIndex(of: event.index) { activeMembers[rank].remove(at: position) }
                    if activeCount[rank] == 0 { activeRate[rank] = 0 }
                case .start:
                    activeCount[rank] += 1
                    activeTotal += 1
                    activeRate[rank] += rate
                    activeMembers[rank].append(event.index)
                }
                eventIndex += 1
            }
            while pointIndex < points.count, measurements[points[pointIndex]].start == time {
                let index = points[pointIndex]
                if let best = winner(), best < ranks[index] {
                    pointIndex += 1
                    continue
                }
                included[index] = true
                let bucketIndex = bucket(containing: time)
                if bucketIndex < edges.count - 1 {
                    buckets.hasData[bucketIndex] = true
                    buckets.sum[bucketIndex] += measurements[index].value
                    if style.isCumulative { noteLatest(index, in: bucketIndex, &buckets, measurements) }
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
        let candidate = measurements[index], best = measurements[current]
        if (candidate.start, candidate.sequence) > (best.start, best.sequence) { buckets.latest[bucket] = index }
    }

    /// Arithmetic figures of discrete measurements: each included one counts once in every bucket it touches.
    private func countDiscrete(_ measurements: [TimedValue], _ included: [Bool], _ buckets: inout Buckets) {
        for (index, measurement) in measurements.enumerated() where included[index] {
            let first = bucket(containing: measurement.start)
            var last = bucket(containing: measurement.end)
            if last > first, edges[last] == measurement.end { last -= 1 }
            for bucketIndex in first...max(first, last) where bucketIndex < edges.count - 1 {
                buckets.hasData[bucketIndex] = true
                buckets.count[bucketIndex] += 1
                buckets.total[bucketIndex] += measurement.value
                buckets.minimum[bucketIndex] = min(buckets.minimum[bucketIndex], measurement.value)
                buckets.maximum[bucketIndex] = max(buckets.maximum[bucketIndex], measurement.value)
                noteLatest(index, in: bucketIndex, &buckets, measurements)
            }
        }
    }

    private func makeFigures(_ index: Int, _ buckets: Buckets, _ measurements: [TimedValue], unit: HealthUnit) -> StatisticsFigures {
        var figures = StatisticsFigures()
        let bucketStart = edges[index], bucketEnd = edges[index + 1]
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
