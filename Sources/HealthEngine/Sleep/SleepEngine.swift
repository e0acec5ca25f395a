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

    /// A request; `last` before `first` is an error naming the field.
    public init(first: DateComponents, last: DateComponents, calendar: Calendar) throws(HealthEngineError) {
        guard let start = calendar.date(from: first), let end = calendar.date(from: last) else {
            throw .invalidQuery(field: "from", reason: "not a calendar day")
        }
        guard start <= end else { throw .invalidQuery(field: "to", reason: "the last day is before the first") }
        self.first = first
        self.last = last
        self.calendar = calendar
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
        guard let firstDay = calendar.date(from: request.first), let lastDay = calendar.date(from: request.last),
            let afterLast = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: lastDay))
        else { throw HealthEngineError.invalidQuery(field: "from", reason: "not a calendar day") }
        let from = calendar.startOfDay(for: firstDay)
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
