import Foundation

/// Averages and consistency over the nights of a period (naps left out): how long, which stages, and how regular
/// bedtimes and wake times were.
public struct SleepSummary: Sendable, Hashable {
    /// The nights counted (days without a night are not zeros: they are not counted).
    public let nights: Int
    /// Average time asleep per night.
    public let averageAsleep: TimeInterval?
    /// Average time in bed over the nights that recorded it.
    public let averageInBed: TimeInterval?
    /// Average time in each stage per night (over all counted nights; a night without the stage counts 0).
    public let averageStages: [SleepStage: TimeInterval]
    /// Average time sleep began, in seconds after the local midnight before it (may exceed 24 h for after-midnight
    /// bedtimes: 24.5 h is 00:30), or nil without nights.
    public let averageBedtime: TimeInterval?
    /// Average wake time, in seconds after local midnight.
    public let averageWakeTime: TimeInterval?
    /// Standard deviation of the bedtimes (seconds): lower is more regular.
    public let bedtimeDeviation: TimeInterval?
    /// Standard deviation of the wake times (seconds).
    public let wakeTimeDeviation: TimeInterval?

    /// The summary of nights in a calendar (its time zone gives the clock times).
    public init(nights all: [SleepNight], calendar: Calendar) {
        let nights = all.filter { !$0.isNap }
        self.nights = nights.count
        averageAsleep = Self.mean(nights.map(\.asleep))
        averageInBed = Self.mean(nights.compactMap(\.inBed))
        var stages: [SleepStage: TimeInterval] = [:]
        for stage in SleepStage.allCases where stage != .inBed {
            let times = nights.map { $0.time(in: stage) }
            if times.contains(where: { $0 > 0 }) { stages[stage] = Self.mean(times) }
        }
        averageStages = stages
        // Bedtimes before noon belong to the evening before: 00:30 is 24.5 h, so 23:30 and 00:30 average to 24 h.
        let bedtimes = nights.compactMap { night in
            night.sleepStart.map { start in
                let clock = Self.clockTime(of: start, calendar: calendar)
                return clock < 12 * 3600 ? clock + 86_400 : clock
            }
        }
        let wakeTimes = nights.compactMap { $0.sleepEnd.map { Self.clockTime(of: $0, calendar: calendar) } }
        averageBedtime = Self.mean(bedtimes)
        averageWakeTime = Self.mean(wakeTimes)
        bedtimeDeviation = Self.deviation(bedtimes)
        wakeTimeDeviation = Self.deviation(wakeTimes)
    }

    /// Seconds after the local midnight of the day the date falls on (the wall clock: 23 h 30 on a 25-hour day is
    /// 23 h 30).
    static func clockTime(of date: Date, calendar: Calendar) -> TimeInterval {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return TimeInterval((parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0))
    }

    private static func mean(_ values: [TimeInterval]) -> TimeInterval? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The population standard deviation.
    private static func deviation(_ values: [TimeInterval]) -> TimeInterval? {
        guard let mean = mean(values) else { return nil }
        return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
    }
}
