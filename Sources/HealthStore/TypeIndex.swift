/// The time index of one sample type: short samples sorted by start, long ones kept apart.
///
/// Written by hand because no package here offers a sorted array with bulk merge: samples mostly arrive in time
/// order, so a batch is sorted and appended (or merged when it overlaps what is stored), and a window query is two
/// binary searches. A window on end dates widens the start search by the longest short duration seen; samples
/// longer than `longDuration` (rare: multi-day sleep or medication spans) are scanned separately so that one of
/// them cannot widen every search.
struct TypeIndex: Sendable {
    /// Samples longer than this many seconds are indexed apart.
    static let longDuration: Double = 86_400

    private(set) var starts: [Double] = []
    private(set) var ends: [Double] = []
    private(set) var rows: [Int32] = []
    private(set) var longRows: [(start: Double, end: Double, row: Int32)] = []
    private var maximumShortDuration: Double = 0

    /// The number of samples indexed.
    var count: Int { rows.count + longRows.count }

    /// Adds samples; rows must be new.
    mutating func insert(_ entries: [(start: Double, end: Double, row: Int32)]) {
        var short: [(start: Double, end: Double, row: Int32)] = []
        short.reserveCapacity(entries.count)
        for entry in entries {
            let duration = entry.end - entry.start
            if duration > TypeIndex.longDuration {
                longRows.append(entry)
            } else {
                short.append(entry)
                if duration > maximumShortDuration { maximumShortDuration = duration }
            }
        }
        if short.isEmpty { return }
        var isSorted = true
        for index in short.indices.dropFirst() where short[index].start < short[index - 1].start {
            isSorted = false
            break
        }
        if !isSorted { short.sort { ($0.start, $0.row) < ($1.start, $1.row) } }
        if let last = starts.last, short[0].start < last {
            merge(short)
        } else {
            starts.reserveGeometrically(adding: short.count)
            ends.reserveGeometrically(adding: short.count)
            rows.reserveGeometrically(adding: short.count)
            for entry in short {
                starts.append(entry.start)
                ends.append(entry.end)
                rows.append(entry.row)
            }
        }
    }

    /// Merges a sorted batch in place, from the back: only the stored entries after the batch's first start move, so
    /// a few late samples cost as much as the data after them, not a copy of the whole index.
    private mutating func merge(_ sorted: [(start: Double, end: Double, row: Int32)]) {
        var old = starts.count - 1
        let extra = sorted.count
        starts.reserveGeometrically(adding: extra)
        ends.reserveGeometrically(adding: extra)
        rows.reserveGeometrically(adding: extra)
        starts.append(contentsOf: repeatElement(0, count: extra))
        ends.append(contentsOf: repeatElement(0, count: extra))
        rows.append(contentsOf: repeatElement(0, count: extra))
        var write = starts.count - 1
        var new = extra - 1
        // Equal starts keep stored entries first, as the earlier sequence numbers they have.
        while new >= 0 {
            if old >= 0 && starts[old] > sorted[new].start {
                starts[write] = starts[old]; ends[write] = ends[old]; rows[write] = rows[old]
                old -= 1
            } else {
                starts[write] = sorted[new].start; ends[write] = sorted[new].end; rows[write] = sorted[new].row
                new -= 1
            }
            write -= 1
        }
    }

    /// Removes rows.
    mutating func remove(_ removed: Set<Int32>) {
        longRows.removeAll { removed.contains($0.row) }
        var write = 0
        for read in rows.indices where !removed.contains(rows[read]) {
            starts[write] = starts[read]
            ends[write] = ends[read]
            rows[write] = rows[read]
            write += 1
        }
        starts.removeSubrange(write...)
        ends.removeSubrange(write...)
        rows.removeSubrange(write...)
    }

    /// Rows whose start and end satisfy the bounds (seconds since the reference date), in no particular order.
    func rows(startAtLeast startLower: Double, startBefore startUpper: Double, endAtLeast endLower: Double, endBefore endUpper: Double) -> [Int32] {
        var result: [Int32] = []
        let low = max(startLower, endLower - maximumShortDuration)
        let high = min(startUpper, endUpper)
        var index = TypeIndex.lowerBound(starts, low)
        while index < starts.count, starts[index] < high {
            let start = starts[index], end = ends[index]
            if start >= startLower && end >= endLower && end < endUpper { result.append(rows[index]) }
            index += 1
        }
        for entry in longRows
        where entry.start >= startLower && entry.start < startUpper && entry.end >= endLower && entry.end < endUpper {
            result.append(entry.row)
        }
        return result
    }

    /// The first index whose value is at or after `value`.
    static func lowerBound(_ values: [Double], _ value: Double) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) >> 1
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension Array {
    /// Makes room for `extra` more elements, at least doubling the capacity when it must grow.
    ///
    /// `reserveCapacity(count + extra)` allocates exactly what is asked, so calling it once per batch reallocates and
    /// copies the whole array on every batch (quadratic in the number of batches); this keeps appends amortized O(1).
    mutating func reserveGeometrically(adding extra: Int) {
        let needed = count + extra
        if needed > capacity { reserveCapacity(Swift.max(needed, capacity * 2)) }
    }
}
