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

    /// How many buckets the half-open window `[from, to)` touches, from the bucket containing `from` to the one
    /// containing the window's last instant; found by index arithmetic, without visiting the buckets, so a caller can
    /// refuse a window too long for its interval before doing any work. Saturates at `Int.max`.
    public func bucketCount(from: Date, to: Date) -> Int {
        guard to > from else { return 0 }
        let first = index(containing: from)
        var last = index(containing: to)
        if start(of: last) >= to { last -= 1 }  // `to` is exclusive
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
