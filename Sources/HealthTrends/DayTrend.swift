import Foundation

/// A day's hourly totals and its cumulative curve from midnight.
public struct DayTrend: Sendable, Hashable {
    /// The day's start (local midnight).
    public let start: Date
    /// The next day's start.
    public let end: Date
    /// Every local hour of the day (23 or 25 on DST days), empty ones with 0.
    public let hours: [HourlyTotal]

    /// The cumulative curve: a midnight point of 0, then one point at the end of each hour.
    public var cumulative: [CumulativePoint] {
        var points = [CumulativePoint(date: start, total: 0)]
        var running = 0.0
        for hour in hours {
            running += hour.value
            points.append(CumulativePoint(date: hour.end, total: running))
        }
        return points
    }

    /// The day's total.
    public var total: Double { hours.reduce(0) { $0 + $1.value } }

    /// The total from midnight through the end of the last hour that ended at or before `date`.
    public func total(at date: Date) -> Double {
        hours.filter { $0.end <= date }.reduce(0) { $0 + $1.value }
    }

    /// Whether anything was recorded.
    public var hasData: Bool { hours.contains { $0.value != 0 } }
}

/// The typical day over recent days: by local clock hour, the average cumulative total (days with no data yet at that
/// hour left out, as the seed explains) and the plain average hourly amount.
public struct TypicalDay: Sendable, Hashable {
    /// Days averaged.
    public let days: Int
    /// By clock hour 0–23: the average cumulative total at the **end** of that hour over days whose cumulative total
    /// there is above 0 (0 when none is).
    public let cumulativeByHour: [Double]
    /// By clock hour 0–23: the average amount within that hour over the days that had the hour.
    public let averageByHour: [Double]

    /// The typical total at the end of the day.
    public var endOfDayTotal: Double { cumulativeByHour.last ?? 0 }
}
