import Foundation
import HealthModel

/// Heart rate variability from a storage: reads the heartbeat series samples (as the storage's view shows them, so
/// an app without the heartbeat series read grant sees no measurement) and groups them by night with the nights the
/// sleep engine gives.
public struct HeartRateVariabilityEngine: Sendable {
    /// The storage read.
    public let storage: any SampleStorage

    /// An engine over a storage.
    public init(storage: any SampleStorage) {
        self.storage = storage
    }

    /// The measurements (heartbeat series) that start in `[from, to)`, in time order.
    public func measurements(from: Date, to: Date) throws -> [HeartRateVariabilityMeasurement] {
        let (lower, upper) = (from.timeIntervalSinceReferenceDate, to.timeIntervalSinceReferenceDate)
        let bounds = TimeBounds(startLowerBound: lower, startUpperBound: upper)
        return try storage.candidates(of: .heartbeatSeries, within: bounds)
            .filter { $0.sample.startDate >= from && $0.sample.startDate < to }
            .compactMap { HeartRateVariabilityMeasurement(series: $0.sample) }
            .sorted { ($0.start, $0.series.uuidString) < ($1.start, $1.series.uuidString) }
    }

    /// The measurements of the request's days (those starting from the first day's midnight to the last's end).
    public func measurements(_ request: HeartRateVariabilityRequest) throws -> [HeartRateVariabilityMeasurement] {
        try measurements(from: request.days.start, to: request.days.end)
    }

    /// The nights of the request's waking days that hold a measurement, in order. A day's window is its main sleep
    /// night among `sleepNights` (naps are not nights), or the assumed window (`assumedWindow`) when it has none; a
    /// measurement belongs to the window its start falls in.
    public func nights(
        _ request: HeartRateVariabilityRequest, sleepNights: [SleepNight]
    ) throws -> [HeartRateVariabilityNight] {
        let calendar = request.days.calendar
        var windows: [(day: DateComponents, start: Date, end: Date, window: HeartRateVariabilityNight.Window)] = []
        for offset in 0..<request.days.dayCount {
            guard let date = calendar.date(byAdding: .day, value: offset, to: request.days.start) else { continue }
            let day = calendar.dateComponents([.year, .month, .day], from: date)
            if let night = sleepNights.first(where: { !$0.isNap && Self.sameDay($0.wakingDay, day) }) {
                windows.append((day, night.start, night.end, .sleep))
            } else if let assumed = Self.assumedWindow(for: day, calendar: calendar) {
                windows.append((day, assumed.start, assumed.end, .assumed))
            }
        }
        guard let from = windows.map(\.start).min(), let to = windows.map(\.end).max() else { return [] }
        var remaining = try measurements(from: from, to: to)
        var nights: [HeartRateVariabilityNight] = []
        for window in windows {
            let inside = remaining.filter { $0.start >= window.start && $0.start < window.end }
            guard !inside.isEmpty else { continue }
            let taken = Set(inside.map(\.series))
            remaining.removeAll { taken.contains($0.series) }
            nights.append(
                HeartRateVariabilityNight(
                    wakingDay: window.day, start: window.start, end: window.end, window: window.window,
                    measurements: inside))
        }
        return nights
    }

    /// The window of a waking day without a sleep night: from 20:00 the evening before to 10:00 of the day, wall
    /// clock in the calendar's time zone (so 13 or 15 hours across a daylight saving change).
    public static func assumedWindow(
        for day: DateComponents, calendar: Calendar
    ) -> (start: Date, end: Date)? {
        guard let midnight = calendar.date(from: day).map({ calendar.startOfDay(for: $0) }),
            let evening = calendar.date(byAdding: .day, value: -1, to: midnight),
            let start = calendar.date(bySettingHour: assumedStartHour, minute: 0, second: 0, of: evening),
            let end = calendar.date(bySettingHour: assumedEndHour, minute: 0, second: 0, of: midnight)
        else { return nil }
        return (start, end)
    }

    /// The assumed night's first hour, the evening before the waking day.
    public static let assumedStartHour = 20
    /// The assumed night's end hour on the waking day.
    public static let assumedEndHour = 10

    static func sameDay(_ one: DateComponents, _ other: DateComponents) -> Bool {
        one.year == other.year && one.month == other.month && one.day == other.day
    }
}
