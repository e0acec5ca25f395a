import HealthEngine

/// The time index of one sample type: short samples sorted by start, long ones kept apart.
///
/// Written by hand because no package here offers a sorted array with bulk merge: samples mostly arrive in time
/// order, so a batch is sorted and appended (or merged when it overlaps what is stored), and a window query is two
/// binary searches. A window on end dates widens the start search by the longest short duration seen; samples
/// longer than `longDuration` (rare: multi-day sleep or medication spans) are scanned separately so that one of
/// them cannot widen every search.
///
/// Beside start, end, row and change sequence, each entry can carry what statistics read (canonical value, source
/// entry, flags), kept in the same start order, so that statistics take whole column ranges instead of gathering rows.
/// That payload is built on the first statistics query of the type and kept in step with writes from then on, so a
/// type never asked for statistics costs nothing extra to save.
struct TypeIndex: Sendable {
    /// Samples longer than this many seconds are indexed apart.
    static let longDuration: Double = 86_400

    /// One indexed sample.
    struct Entry: Sendable {
        var start: Double
        var end: Double
        var row: Int32
        /// The value in the type's canonical unit (NaN for samples without one).
        var value: Double = .nan
        /// The source entry (see `InMemoryStorage`), -1 for none.
        var source: Int32 = -1
        /// `TypeIndex.userEntered`, `TypeIndex.series`.
        var flags: UInt8 = 0
        /// The change-sequence number of the insertion.
        var sequence: Int64 = 0
    }

    /// Flag: the sample was entered by hand.
    static let userEntered: UInt8 = 1
    /// Flag: the sample is a series sample (counted by its entries).
    static let series: UInt8 = 2

    private(set) var starts: [Double] = []
    private(set) var ends: [Double] = []
    private(set) var rows: [Int32] = []
    /// Whether entries carry their statistics payload (values, sources, flags); empty arrays until then.
    private(set) var hasPayload = false
    private(set) var values: [Double] = []
    private(set) var sources: [Int32] = []
    private(set) var flags: [UInt8] = []
    private(set) var sequences: [Int64] = []
    private(set) var longRows: [Entry] = []
    private var maximumShortDuration: Double = 0
    /// How many indexed samples are series samples (known once the payload is built).
    private(set) var seriesCount = 0

    /// The number of samples indexed.
    var count: Int { rows.count + longRows.count }

    /// Adds samples given by start, end and row only (no statistics payload); rows must be new.
    mutating func insert(_ entries: [(start: Double, end: Double, row: Int32)]) {
        insert(entries.map { Entry(start: $0.start, end: $0.end, row: $0.row) })
    }

    /// Adds samples; rows must be new.
    mutating func insert(_ entries: [Entry]) {
        var short: [Entry] = []
        short.reserveCapacity(entries.count)
        for entry in entries {
            if entry.flags & TypeIndex.series != 0 { seriesCount += 1 }
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
            reserve(adding: short.count)
            for entry in short { append(entry) }
        }
    }

    private mutating func reserve(adding extra: Int) {
        starts.reserveGeometrically(adding: extra)
        ends.reserveGeometrically(adding: extra)
        rows.reserveGeometrically(adding: extra)
        guard hasPayload else { return }
        values.reserveGeometrically(adding: extra)
        sources.reserveGeometrically(adding: extra)
        flags.reserveGeometrically(adding: extra)
        sequences.reserveGeometrically(adding: extra)
    }

    private mutating func append(_ entry: Entry) {
        starts.append(entry.start)
        ends.append(entry.end)
        rows.append(entry.row)
        sequences.append(entry.sequence)
        guard hasPayload else { return }
        values.append(entry.value)
        sources.append(entry.source)
        flags.append(entry.flags)
    }

    private mutating func set(_ index: Int, _ entry: Entry) {
        starts[index] = entry.start
        ends[index] = entry.end
        rows[index] = entry.row
        sequences[index] = entry.sequence
        guard hasPayload else { return }
        values[index] = entry.value
        sources[index] = entry.source
        flags[index] = entry.flags
    }

    private func entry(at index: Int) -> Entry {
        guard hasPayload else {
            return Entry(start: starts[index], end: ends[index], row: rows[index], sequence: sequences[index])
        }
        return Entry(
            start: starts[index], end: ends[index], row: rows[index], value: values[index], source: sources[index],
            flags: flags[index], sequence: sequences[index])
    }

    /// Gives every entry its statistics payload (from then on, inserted entries must carry theirs).
    mutating func buildPayload(_ payload: (_ row: Int32, _ sequence: Int64) -> Entry) {
        guard !hasPayload else { return }
        values = []
        sources = []
        flags = []
        values.reserveCapacity(rows.count)
        sources.reserveCapacity(rows.count)
        flags.reserveCapacity(rows.count)
        seriesCount = 0
        for index in rows.indices {
            let entry = payload(rows[index], sequences[index])
            values.append(entry.value)
            sources.append(entry.source)
            flags.append(entry.flags)
            if entry.flags & TypeIndex.series != 0 { seriesCount += 1 }
        }
        for index in longRows.indices {
            let entry = payload(longRows[index].row, longRows[index].sequence)
            longRows[index].value = entry.value
            longRows[index].source = entry.source
            longRows[index].flags = entry.flags
            if entry.flags & TypeIndex.series != 0 { seriesCount += 1 }
        }
        hasPayload = true
    }

    /// Merges a sorted batch in place, from the back: only the stored entries after the batch's first start move, so
    /// a few late samples cost as much as the data after them, not a copy of the whole index.
    private mutating func merge(_ sorted: [Entry]) {
        var old = starts.count - 1
        let extra = sorted.count
        reserve(adding: extra)
        for _ in 0..<extra { append(Entry(start: 0, end: 0, row: 0)) }
        var write = starts.count - 1
        var new = extra - 1
        // Equal starts keep stored entries first, as the earlier sequence numbers they have.
        while new >= 0 {
            if old >= 0 && starts[old] > sorted[new].start {
                set(write, entry(at: old))
                old -= 1
            } else {
                set(write, sorted[new])
                new -= 1
            }
            write -= 1
        }
    }

    /// Removes rows.
    mutating func remove(_ removed: Set<Int32>) {
        longRows.removeAll { entry in
            guard removed.contains(entry.row) else { return false }
            if entry.flags & TypeIndex.series != 0 { seriesCount -= 1 }
            return true
        }
        var write = 0
        for read in rows.indices {
            if removed.contains(rows[read]) {
                if hasPayload, flags[read] & TypeIndex.series != 0 { seriesCount -= 1 }
                continue
            }
            if write != read { set(write, entry(at: read)) }
            write += 1
        }
        starts.removeSubrange(write...)
        ends.removeSubrange(write...)
        rows.removeSubrange(write...)
        sequences.removeSubrange(write...)
        guard hasPayload else { return }
        values.removeSubrange(write...)
        sources.removeSubrange(write...)
        flags.removeSubrange(write...)
    }

    /// The range of short entries whose start may satisfy the bounds (before the exact test).
    private func shortRange(
        startAtLeast startLower: Double, startBefore startUpper: Double, endAtLeast endLower: Double,
        endBefore endUpper: Double
    ) -> Range<Int> {
        let low = max(startLower, endLower - maximumShortDuration)
        let high = min(startUpper, endUpper)
        let first = TypeIndex.lowerBound(starts, low)
        guard high > low else { return first..<first }
        return first..<max(first, TypeIndex.lowerBound(starts, high))
    }

    /// Rows whose start and end satisfy the bounds (seconds since the reference date), in no particular order.
    func rows(
        startAtLeast startLower: Double, startBefore startUpper: Double, endAtLeast endLower: Double,
        endBefore endUpper: Double
    ) -> [Int32] {
        var result: [Int32] = []
        for index in shortRange(
            startAtLeast: startLower, startBefore: startUpper, endAtLeast: endLower, endBefore: endUpper)
        {
            let start = starts[index]
            let end = ends[index]
            if start >= startLower && end >= endLower && end < endUpper { result.append(rows[index]) }
        }
        for entry in longRows
        where entry.start >= startLower && entry.start < startUpper && entry.end >= endLower && entry.end < endUpper {
            result.append(entry.row)
        }
        return result
    }

    /// The statistics columns of the entries whose start and end satisfy the bounds: short ones in start order, then
    /// long ones; whole arrays are shared (not copied) when every entry matches. Nil when a series sample matches.
    /// The payload must have been built.
    func columns(
        startAtLeast startLower: Double, startBefore startUpper: Double, endAtLeast endLower: Double,
        endBefore endUpper: Double
    ) -> QuantityColumns? {
        precondition(hasPayload, "statistics columns need the payload: call buildPayload first")
        var result = QuantityColumns()
        let range = shortRange(
            startAtLeast: startLower, startBefore: startUpper, endAtLeast: endLower, endBefore: endUpper)
        if seriesCount > 0 {
            let bounds = TimeBounds(
                startLowerBound: startLower, startUpperBound: startUpper, endLowerBound: endLower,
                endUpperBound: endUpper)
            for index in range
            where flags[index] & TypeIndex.series != 0 && bounds.contains(start: starts[index], end: ends[index]) {
                return nil
            }
            for entry in longRows
            where entry.flags & TypeIndex.series != 0 && bounds.contains(start: entry.start, end: entry.end) {
                return nil
            }
        }
        var allMatch = true
        for index in range where !(starts[index] >= startLower && ends[index] >= endLower && ends[index] < endUpper) {
            allMatch = false
            break
        }
        if allMatch {
            if range.count == starts.count {
                result.starts = starts
                result.ends = ends
                result.values = values
                result.sourceIndexes = sources
                result.sequences = sequences
                result.userEntered = flags.map { $0 & TypeIndex.userEntered != 0 }
            } else {
                result.starts = Array(starts[range])
                result.ends = Array(ends[range])
                result.values = Array(values[range])
                result.sourceIndexes = Array(sources[range])
                result.sequences = Array(sequences[range])
                result.userEntered = flags[range].map { $0 & TypeIndex.userEntered != 0 }
            }
        } else {
            for index in range where starts[index] >= startLower && ends[index] >= endLower && ends[index] < endUpper {
                result.append(entry(at: index))
            }
        }
        for entry in longRows
        where entry.start >= startLower && entry.start < startUpper && entry.end >= endLower && entry.end < endUpper {
            result.append(entry)
        }
        return result
    }

    /// The first index whose value is at or after `value`.
    static func lowerBound(_ values: [Double], _ value: Double) -> Int {
        var low = 0
        var high = values.count
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

extension QuantityColumns {
    /// Appends one index entry as a row.
    fileprivate mutating func append(_ entry: TypeIndex.Entry) {
        starts.append(entry.start)
        ends.append(entry.end)
        values.append(entry.value)
        sourceIndexes.append(entry.source)
        sequences.append(entry.sequence)
        userEntered.append(entry.flags & TypeIndex.userEntered != 0)
    }
}
