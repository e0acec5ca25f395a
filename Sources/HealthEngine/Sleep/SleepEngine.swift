import Foundation
import HealthModel

/// Which nights to compute: waking days from `first` through `last` (inclusive) in a calendar.
public struct SleepNightsRequest: Sendable {
    /// The first waking day (year, month, day).
    public let first: DateComponents
    /// The last waking day (year, month, day), inclusive.
    public let last: DateComponents
    /// The calendar and time zone of the days.
    public let calendar: Calendar
    /// Midnight starting the first day.
    public let start: Date
    /// Midnight after the last day.
    public let end: Date
    /// The number of days asked for.
    public let dayCount: Int

    /// A request, checked once: a day that is not a calendar day names `from` or `to`, `last` before `first` names
    /// `to`, and more than `maximumDays` days (when given: every request has a bounded cost) name `to` too.
    public init(
        first: DateComponents, last: DateComponents, calendar: Calendar, maximumDays: Int? = nil
    ) throws(HealthEngineError) {
        guard let firstDay = calendar.date(from: first) else {
            throw .invalidQuery(field: "from", reason: "not a calendar day")
        }
        guard let lastDay = calendar.date(from: last),
            let end = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: lastDay))
        else { throw .invalidQuery(field: "to", reason: "not a calendar day") }
        let start = calendar.startOfDay(for: firstDay)
        guard start <= lastDay else { throw .invalidQuery(field: "to", reason: "the last day is before the first") }
        let count = (calendar.dateComponents([.day], from: start, to: calendar.startOfDay(for: lastDay)).day ?? 0) + 1
        if let maximumDays, count > maximumDays {
            throw .invalidQuery(field: "to", reason: "at most \(maximumDays) days at a time (asked for \(count))")
        }
        self.first = first
        self.last = last
        self.calendar = calendar
        self.start = start
        self.end = end
        self.dayCount = count
    }
}

/// Sleep nights from a storage: reads the sleep analysis samples around the requested days (as the storage's view
/// shows them, so an app sees the nights of the samples it may read) and hands them to `SleepNightCalculator`.
public struct SleepEngine: Sendable {
    /// The storage read.
    public let storage: any SampleStorage

    /// An engine over a storage.
    public init(storage: any SampleStorage) {
        self.storage = storage
    }

    /// The nights and naps whose waking day is in the request's range, in order, sources ranked by `priority`.
    public func nights(_ request: SleepNightsRequest, priority: SourcePriority) throws -> [SleepNight] {
        let calendar = request.calendar
        let from = request.start
        let afterLast = request.end
        // A night that ends on the first day began the day before; a day's margin on each side keeps sessions whole.
        let bounds = TimeBounds(
            startUpperBound: afterLast.timeIntervalSinceReferenceDate + Self.margin,
            endLowerBound: from.timeIntervalSinceReferenceDate - Self.margin)
        let type = try SampleType.named(SleepNightCalculator.sleepAnalysisIdentifier)
        let samples = try storage.candidates(of: type, within: bounds).filter {
            bounds.contains(
                start: $0.sample.startDate.timeIntervalSinceReferenceDate,
                end: $0.sample.endDate.timeIntervalSinceReferenceDate)
        }
        return SleepNightCalculator(priority: priority, calendar: calendar).nights(from: samples).filter {
            guard let day = calendar.date(from: $0.wakingDay) else { return false }
            return day >= from && day < afterLast
        }
    }

    /// How far before the first day and after the last the samples are read (one day).
    static let margin: TimeInterval = 86_400
}
