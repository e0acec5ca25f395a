import Foundation

/// One generated day as the person lived it: where (the home time zone or the trip's), what kind of day, and which
/// devices recorded it. Decided from the day's index (missing days, the trip) and the seeded generator (the rest).
struct SyntheticDay {
    /// How active the day is.
    enum Kind: Sendable {
        /// An ordinary day.
        case normal
        /// A lazy day: two short walks, no workout.
        case lazy
        /// A long day: a long walk (a walking workout) in the afternoon.
        case long
    }

    /// The day's index from the first generated day.
    let index: Int
    /// The calendar the day is lived in: the home calendar, or the same calendar in the trip's time zone.
    let calendar: Calendar
    /// Local midnight.
    let start: Date
    /// The weekday, 1 (Sunday) to 7 (Saturday).
    let weekday: Int
    /// Lazy, normal or long.
    let kind: Kind
    /// A day-to-day factor for walk lengths, 0.8 to 1.2.
    let activity: Double
    /// Whether the Watch recorded the day and the night before (false: it was charging).
    let watchWorn: Bool
    /// Whether the phone was carried (false: left at home; its bedtime schedule still records the night).
    let phoneCarried: Bool
    /// Whether anything was recorded at all.
    let recorded: Bool
    /// Whether the day is spent on the trip.
    let away: Bool
    /// The local hour after which nothing is recorded awake (earlier on the day of the flight home).
    let endHour: Double

    /// A Saturday or a Sunday.
    var isWeekend: Bool { weekday == 1 || weekday == 7 }

    /// The time zone the day is lived in.
    var timeZone: TimeZone { calendar.timeZone }

    /// Wall-clock time on this day in its own time zone (negative hours fall on the day before), so meals stay at
    /// 7:30 across DST changes and in the trip's time zone.
    func at(_ hour: Double) -> Date {
        let dayShift = Int((hour / 24).rounded(.down))
        let seconds = Int(((hour - Double(dayShift * 24)) * 3600).rounded())
        var components = calendar.dateComponents(
            [.year, .month, .day], from: calendar.date(byAdding: .day, value: dayShift, to: start) ?? start)
        components.hour = seconds / 3600
        components.minute = seconds % 3600 / 60
        components.second = seconds % 60
        return calendar.date(from: components) ?? start
    }
}
