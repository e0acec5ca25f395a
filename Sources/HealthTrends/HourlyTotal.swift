import Foundation

/// One local hour of a day and what was recorded in it (sources merged by priority, samples prorated at the edges).
public struct HourlyTotal: Sendable, Hashable {
    /// The hour's start.
    public let start: Date
    /// The hour's end (the next hour's start; DST changes make a day 23 or 25 of these).
    public let end: Date
    /// The local clock hour (0–23) the hour starts at; on a fall-back day two hours share one.
    public let clockHour: Int
    /// The total in the hour, in the report's unit.
    public let value: Double
}

/// A point of a cumulative curve: the total so far at a moment, labelled by the **end** of the hour it completes
/// (the seed's rule: "cumulative total AT 8 AM" covers everything up to 8 AM).
public struct CumulativePoint: Sendable, Hashable {
    /// When.
    public let date: Date
    /// The total from midnight to `date`.
    public let total: Double

    /// A point.
    public init(date: Date, total: Double) {
        self.date = date
        self.total = total
    }
}
