import Foundation
import HealthModel

/// The buckets of a statistics collection: `[anchor + i·interval, anchor + (i+1)·interval)` for every integer i,
/// computed with calendar arithmetic (SEMANTICS §5.3): the interval is multiplied by i and added to the anchor in one
/// step, so monthly buckets anchored on the 31st do not drift and a day across a DST change lasts 23 or 25 hours.
public struct BucketGrid: Sendable {
    /// The anchor; only its position matters.
    public let anchor: Date
    /// The length of one bucket.
    public let interval: DateComponents
    /// The calendar (and time zone) the arithmetic is done in.
    public let calendar: Calendar
    /// The fixed length in seconds when the interval has only hours, minutes, seconds (absolute time); else nil.
    private let fixedSeconds: Double?
    /// A rough length in seconds, to guess bucket indexes before correcting them.
    private let approximateSeconds: Double

    /// A grid; throws when the interval is empty or negative, naming the component.
    public init(anchor: Date, interval: DateComponents, calendar: Calendar) throws(HealthEngineError) {
        let parts: [(String, Int?, Double)] = [
            ("year", interval.year, 365.2425 * 86_400), ("month", interval.month, 30.436875 * 86_400),
            ("weekOfYear", interval.weekOfYear, 7 * 86_400), ("day", interval.day, 86_400),
            ("hour", interval.hour, 3_600),
            ("minute", interval.minute, 60), ("second", interval.second, 1),
        ]
        var approximate = 0.0
        var calendarDependent = false
        for (name, value, seconds) in parts {
            guard let value else { continue }
            guard value >= 0 else {
                throw .invalidQuery(field: "intervalComponents.\(name)", reason: "must not be negative (got \(value))")
            }
            approximate += Double(value) * seconds
            if value > 0, seconds >= 86_400 { calendarDependent = true }
        }
        if let nanosecond = interval.nanosecond, nanosecond != 0 {
            throw .invalidQuery(
                field: "intervalComponents.nanosecond", reason: "sub-second intervals are not supported")
        }
        if interval.weekday != nil || interval.weekOfMonth != nil || interval.quarter != nil || interval.era != nil {
            throw .invalidQuery(
                field: "intervalComponents",
                reason: "use year, month, weekOfYear, day, hour, minute or second components")
        }
        guard approximate > 0 else { throw .invalidQuery(field: "intervalComponents", reason: "the interval is empty") }
        self.anchor = anchor
        self.interval = interval
        self.calendar = calendar
        self.approximateSeconds = approximate
        self.fixedSeconds = calendarDependent ? nil : approximate
    }

    /// The start of bucket `index`.
    public func start(of index: Int) -> Date {
        if let fixedSeconds { return anchor.addingTimeInterval(Double(index) * fixedSeconds) }
        var scaled = DateComponents()
        scaled.year = interval.year.map { $0 * index }
        scaled.month = interval.month.map { $0 * index }
        // Weeks are 7 days (SEMANTICS §5.3).
        let days = (interval.day ?? 0) + 7 * (interval.weekOfYear ?? 0)
        scaled.day = days == 0 ? nil : days * index
        scaled.hour = interval.hour.map { $0 * index }
        scaled.minute = interval.minute.map { $0 * index }
        scaled.second = interval.second.map { $0 * index }
        return calendar.date(byAdding: scaled, to: anchor)
            ?? anchor.addingTimeInterval(Double(index) * approximateSeconds)
    }

    /// The index of the bucket that contains `date` (buckets are half-open: a date on an edge opens the next one).
    public func index(containing date: Date) -> Int {
        if let fixedSeconds { return Int((date.timeIntervalSince(anchor) / fixedSeconds).rounded(.down)) }
        var guess = Int((date.timeIntervalSince(anchor) / approximateSeconds).rounded(.down))
        while start(of: guess) > date { guess -= 1 }
        while start(of: guess + 1) <= date { guess += 1 }
        return guess
    }

    /// The buckets the half-open window `[from, to)` touches, from the one containing `from` to the one containing the
    /// window's last instant, or nil when the window is empty; found by index arithmetic, without visiting them.
    public func indexes(from: Date, to: Date) -> ClosedRange<Int>? {
        guard to > from else { return nil }
        let first = index(containing: from)
        var last = index(containing: to)
        if start(of: last) >= to { last -= 1 }  // `to` is exclusive
        return first...last
    }

    /// How many buckets the half-open window `[from, to)` touches (`indexes(from:to:)`), so a caller can refuse a
    /// window too long for its interval before doing any work. Saturates at `Int.max`.
    public func bucketCount(from: Date, to: Date) -> Int {
        guard let indexes = indexes(from: from, to: to) else { return 0 }
        return Self.count(indexes.lowerBound, indexes.upperBound)
    }

    /// The number of buckets from `first` to `last`, saturating at `Int.max`.
    static func count(_ first: Int, _ last: Int) -> Int {
        let (difference, overflow) = last.subtractingReportingOverflow(first)
        return overflow || difference == .max ? .max : difference + 1
    }

    /// The bucket edges from the bucket containing `from` to the end of the bucket containing `to`, with the index of
    /// the first bucket: `edges[k]` is the start of bucket `firstIndex + k`.
    public func edges(from: Date, to: Date) -> (firstIndex: Int, edges: [Date]) {
        let first = index(containing: from)
        let last = index(containing: max(from, to))
        var edges: [Date] = []
        edges.reserveCapacity(last - first + 2)
        for index in first...(last + 1) { edges.append(start(of: index)) }
        return (first, edges)
    }
}

/// The buckets a statistics collection answers for, counted once: from the bucket holding `start` (else the matched
/// data's first instant) to the one holding the last instant before `end` (else the data's last), at most `maximum`.
///
/// A closed window (`start` and `end` given) is counted when it is made, before any data is read, so a caller can
/// charge or refuse its cost up front (`rows`); an open one is counted by the engine as soon as the matched samples'
/// span is known. Either way the engine also bounds the buckets it computes, which follow the matched samples (a sample
/// may reach past the window's ends).
public struct BucketWindow: Sendable {
    /// The grid the buckets belong to.
    public let grid: BucketGrid
    /// The window's start, or nil for the data's first instant.
    public let start: Date?
    /// The window's end (exclusive), or nil for the data's last instant.
    public let end: Date?
    /// The most buckets the collection may answer for or compute; nil for no limit (HealthKit's collection query).
    public let maximum: Int?
    /// The buckets of a closed window, known before any data is read; nil when the window is open at either end.
    public let rows: ClosedRange<Int>?

    /// A window; throws `tooManyBuckets` when a closed window holds more than `maximum` buckets.
    public init(grid: BucketGrid, start: Date? = nil, end: Date? = nil, maximum: Int? = nil) throws(HealthEngineError) {
        self.grid = grid
        self.start = start
        self.end = end
        self.maximum = maximum
        rows = start.flatMap { start in end.flatMap { grid.indexes(from: start, to: $0) } }
        if let rows { try Self.check(rows, maximum) }
    }

    /// The number of buckets of a closed window (0 for an empty one); nil when the window is open.
    public var count: Int? {
        guard start != nil, end != nil else { return nil }
        return rows.map { BucketGrid.count($0.lowerBound, $0.upperBound) } ?? 0
    }

    /// The buckets answered for, given the matched data's span (nil when nothing matched); throws `tooManyBuckets` when
    /// they, or the buckets the data touches, are more than `maximum`. Nil when there is nothing to answer for (an open
    /// window without data, or an empty closed one).
    func rows(dataSpan: (Date, Date)?) throws(HealthEngineError) -> ClosedRange<Int>? {
        var answered = rows
        if start == nil || end == nil, let lower = start ?? dataSpan?.0, let upper = end ?? dataSpan?.1 {
            // The data's end is exclusive as a window's is (a sample ending at midnight is not in the next day), unless
            // the data is one instant.
            answered =
                upper == lower && end == nil
                ? grid.index(containing: lower)...grid.index(containing: lower)
                : grid.indexes(from: lower, to: upper)
        }
        // One count of everything the collection touches: the rows answered for and the buckets computed, which
        // follow the data (a sample may reach past the window); a closed window's rows alone were counted already.
        var touched = answered
        if let (first, last) = dataSpan {
            let data = grid.index(containing: first)...grid.index(containing: last)
            touched = touched.map { min($0.lowerBound, data.lowerBound)...max($0.upperBound, data.upperBound) } ?? data
        }
        if let touched, touched != rows { try Self.check(touched, maximum) }
        return answered
    }

    /// Throws `tooManyBuckets` when `buckets` are more than `maximum` (counted saturating at `Int.max`).
    private static func check(_ buckets: ClosedRange<Int>, _ maximum: Int?) throws(HealthEngineError) {
        guard let maximum else { return }
        let count = BucketGrid.count(buckets.lowerBound, buckets.upperBound)
        guard count <= maximum else { throw .tooManyBuckets(count: count, maximum: maximum) }
    }
}
