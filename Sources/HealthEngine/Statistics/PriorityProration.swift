import HealthModel

/// Cumulative sums merged by source priority and prorated into buckets, in linear time over columns.
///
/// The same rule as the calculator's sweep (SEMANTICS §5.1–5.2), computed another way: a sample counts over the part
/// of its span that no better-ranked sample covers, prorated linearly; a point counts unless a better-ranked span
/// covers its instant. Ranks are taken best first, each subtracting the union of the spans of the ranks before it.
/// Written by hand because it is the hot path of daily totals: it needs no event sort and no per-slice bookkeeping,
/// only one pass per rank over rows already in start order (the order a time index keeps them in).
struct PriorityProration {
    /// Bucket edges, snapping and bucket lookup.
    let calculator: StatisticsCalculator

    /// Per-bucket sums and whether a bucket has data.
    struct Sums {
        var sum: [Double]
        var hasData: [Bool]

        init(_ bucketCount: Int) {
            sum = Array(repeating: 0, count: bucketCount)
            hasData = Array(repeating: false, count: bucketCount)
        }
    }

    /// Sorted, disjoint half-open spans.
    private struct SpanUnion {
        var starts: [Double] = []
        var ends: [Double] = []

        /// The union of these spans and the given ones (sorted by start).
        func merged(withSorted spanStarts: [Double], _ spanEnds: [Double]) -> SpanUnion {
            var result = SpanUnion()
            result.starts.reserveCapacity(starts.count + spanStarts.count)
            result.ends.reserveCapacity(starts.count + spanStarts.count)
            var left = 0
            var right = 0
            while left < starts.count || right < spanStarts.count {
                let start: Double
                let end: Double
                if right >= spanStarts.count || (left < starts.count && starts[left] <= spanStarts[right]) {
                    start = starts[left]
                    end = ends[left]
                    left += 1
                } else {
                    start = spanStarts[right]
                    end = spanEnds[right]
                    right += 1
                }
                if let last = result.ends.last, start <= last {
                    if end > last { result.ends[result.ends.count - 1] = end }
                } else {
                    result.starts.append(start)
                    result.ends.append(end)
                }
            }
            return result
        }

        /// The first span ending after `time`.
        func firstEnding(after time: Double) -> Int {
            var low = 0
            var high = ends.count
            while low < high {
                let middle = (low + high) >> 1
                if ends[middle] <= time { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// Merged sums (no attribution): see `mergedSums(starts:ends:values:rowsByRank:attribution:)`.
    func mergedSums(starts: [Double], ends: [Double], values: [Double], rowsByRank: [[Int32]]) -> Sums {
        var none: Attribution?
        return mergedSums(starts: starts, ends: ends, values: values, rowsByRank: rowsByRank, attribution: &none)
    }

    /// Merged sums. `rows` lists, for each rank from best to worst, the row indices of that rank in start order
    /// (nearly: a row out of order costs a binary search). Spans must already be snapped to edges.
    ///
    /// With `attribution` (provenance, only when asked), each rank's rows are also added per source group, over the
    /// same uncovered time, into `attribution.sums[group]`: the same rule, so the groups' sums add up to the merged.
    func mergedSums(
        starts: [Double], ends: [Double], values: [Double], rowsByRank: [[Int32]], attribution: inout Attribution?
    ) -> Sums {
        var sums = Sums(calculator.edges.count - 1)
        var covered = SpanUnion()
        for (rankIndex, rows) in rowsByRank.enumerated() {
            add(rows, starts: starts, ends: ends, values: values, outside: covered, into: &sums)
            if attribution != nil {
                for (group, groupRows) in attribution!.split(rows) {
                    add(
                        groupRows, starts: starts, ends: ends, values: values, outside: covered,
                        into: &attribution!.sums[group])
                }
            }
            guard rankIndex + 1 < rowsByRank.count else { break }
            // The union of this rank's spans joins the covered time.
            var spanStarts: [Double] = []
            var spanEnds: [Double] = []
            spanStarts.reserveCapacity(rows.count)
            spanEnds.reserveCapacity(rows.count)
            var sorted = true
            for row in rows.lazy.map(Int.init) where ends[row] > starts[row] {
                let start = starts[row]
                if let last = spanStarts.last, start < last { sorted = false }
                spanStarts.append(start)
                spanEnds.append(ends[row])
            }
            if !sorted {
                let order = spanStarts.indices.sorted { spanStarts[$0] < spanStarts[$1] }
                spanStarts = order.map { spanStarts[$0] }
                spanEnds = order.map { spanEnds[$0] }
            }
            covered = covered.merged(withSorted: spanStarts, spanEnds)
        }
        return sums
    }

    /// Sums of rows with nothing subtracted (one source's own samples, which add up).
    func ownSums(starts: [Double], ends: [Double], values: [Double], rows: [Int32]) -> Sums {
        var sums = Sums(calculator.edges.count - 1)
        add(rows, starts: starts, ends: ends, values: values, outside: SpanUnion(), into: &sums)
        return sums
    }

    /// Adds each row's value over the parts of its span outside `covered`.
    private func add(
        _ rows: [Int32], starts: [Double], ends: [Double], values: [Double], outside covered: SpanUnion,
        into sums: inout Sums
    ) {
        let edges = calculator.edges
        let bucketCount = edges.count - 1
        var hint = 0
        var position = 0  // first covered span ending after the current row's start
        var previousStart = -Double.infinity
        let coveredCount = covered.starts.count

        @inline(__always)
        func addPiece(from: Double, to: Double, rate: Double) {
            var index = calculator.bucket(containing: from, hint: hint)
            var from = from
            while from < to, index < bucketCount {
                let end = min(to, edges[index + 1])
                if end > from {
                    sums.sum[index] += rate * (end - from)
                    sums.hasData[index] = true
                }
                from = end
                if from < to { index += 1 }
            }
            hint = min(index, bucketCount - 1)
        }

        for row in rows.lazy.map(Int.init) {
            let start = starts[row]
            let end = ends[row]
            if coveredCount > 0 {
                if start < previousStart {
                    position = covered.firstEnding(after: start)
                } else {
                    while position < coveredCount, covered.ends[position] <= start { position += 1 }
                }
                previousStart = start
            }
            if end <= start {
                // A point counts unless a better-ranked span covers its instant.
                if position < coveredCount, covered.starts[position] <= start { continue }
                let index = calculator.bucket(containing: start, hint: hint)
                sums.sum[index] += values[row]
                sums.hasData[index] = true
                hint = index
                continue
            }
            let rate = values[row] / (end - start)
            var from = start
            var next = position
            while next < coveredCount, covered.starts[next] < end {
                if covered.starts[next] > from { addPiece(from: from, to: covered.starts[next], rate: rate) }
                from = max(from, covered.ends[next])
                next += 1
            }
            if from < end { addPiece(from: from, to: end, rate: rate) }
        }
    }
}
