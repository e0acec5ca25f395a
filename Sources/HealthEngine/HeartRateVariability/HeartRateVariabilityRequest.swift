import Foundation
import HealthModel

/// Which heart rate variability figures to compute: the waking days from `days.first` through `days.last` in a
/// calendar, per measurement or per night. Checked once, where it is made (the days' order and their budget, as
/// `SleepNightsRequest` checks them).
public struct HeartRateVariabilityRequest: Sendable {
    /// How figures are grouped.
    public enum Grouping: String, Sendable, CaseIterable, Codable {
        /// One row per heartbeat series (measurement) that started on one of the days.
        case measurement
        /// One row per night whose waking day is one of the days, its measurements pooled.
        case night
    }

    /// The days (and their calendar), as the sleep engine takes them.
    public let days: SleepNightsRequest
    /// Per measurement or per night.
    public let grouping: Grouping

    /// A request; a day that is not a calendar day names `from` or `to`, a last day before the first or more than
    /// `maximumDays` days name `to`.
    public init(
        first: DateComponents, last: DateComponents, calendar: Calendar, grouping: Grouping,
        maximumDays: Int? = nil
    ) throws(HealthEngineError) {
        days = try SleepNightsRequest(first: first, last: last, calendar: calendar, maximumDays: maximumDays)
        self.grouping = grouping
    }

    /// The window of days `[from, to)` (local midnights), one day at least.
    public init(
        from: Date, to: Date, calendar: Calendar, grouping: Grouping, maximumDays: Int? = nil
    ) throws(HealthEngineError) {
        let last = calendar.date(byAdding: .day, value: -1, to: to) ?? from
        try self.init(
            first: calendar.dateComponents([.year, .month, .day], from: from),
            last: calendar.dateComponents([.year, .month, .day], from: max(from, last)), calendar: calendar,
            grouping: grouping, maximumDays: maximumDays)
    }
}
