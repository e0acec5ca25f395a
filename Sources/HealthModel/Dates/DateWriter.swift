import Foundation

/// The one writer of dates: instants as ISO 8601 local time with the zone's offset at that instant,
/// `2024-03-10T03:00:00-07:00`, in whole seconds (reports, the command line) or with milliseconds when there is a
/// fraction (the HTTP API). `DateReader` reads all of it back.
public enum DateWriter {
    /// The text of an instant in a time zone (whole seconds; an offset of zero is written `+00:00`).
    ///
    /// The local date is computed from the zone's offset (Howard Hinnant's civil_from_days) rather than with a
    /// `Calendar`: building a calendar and its components per date was 8 % of the server's statistics answers.
    /// Before 1600 it goes through Foundation's Gregorian calendar, which is Julian before October 1582.
    ///
    /// Local mean time (a zone's offset before its standard time, e.g. +00:53:28 in Berlin before 1893) has seconds,
    /// which `±hh:mm` cannot write: the offset is written to the minute and the local time shifted with it, so that
    /// the text still names the same instant.
    public static func format(_ date: Date, in timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: date) / 60 * 60
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds > -11_676_096_000, seconds < 253_402_300_800 else {  // 1600…9999
            return formatWithCalendar(date, in: TimeZone(secondsFromGMT: offset) ?? timeZone, offset: offset)
        }
        let local = Int(seconds) + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let time = local - days * 86_400
        let (year, month, day) = ProlepticGregorian.date(daysSince1970: days)
        return text(
            year: year, month: month, day: day, hour: time / 3600, minute: time / 60 % 60, second: time % 60,
            offset: offset)
    }

    /// The text of an instant in a time zone with milliseconds when it has a fraction of a second
    /// (`2024-03-10T03:00:00.250-07:00`), whole seconds otherwise.
    public static func formatWithMilliseconds(_ date: Date, in timeZone: TimeZone) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let milliseconds = Int(((date.timeIntervalSince1970 - whole) * 1000).rounded())
        let text = format(Date(timeIntervalSince1970: whole), in: timeZone)
        guard milliseconds > 0, milliseconds < 1000 else {
            return milliseconds == 1000 ? format(Date(timeIntervalSince1970: whole + 1), in: timeZone) : text
        }
        let fraction = ".\(String(milliseconds + 1000).dropFirst())"
        let offsetStart = text.index(text.startIndex, offsetBy: 19)
        return String(text[..<offsetStart]) + fraction + String(text[offsetStart...])
    }

    private static func formatWithCalendar(_ date: Date, in timeZone: TimeZone, offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return text(
            year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0,
            minute: parts.minute ?? 0,
            second: parts.second ?? 0, offset: offset)
    }

    /// A calendar day as `yyyy-MM-dd` (the year padded to four digits), as exports write a summary's day and a date of
    /// birth; `DateReader.day(_:)` reads it back.
    public static func day(year: Int, month: Int, day: Int) -> String {
        let yearText = year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(yearText)-\(two(month))-\(two(day))"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func text(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int
    ) -> String {
        let magnitude = abs(offset)
        return "\(Self.day(year: year, month: month, day: day))T\(two(hour)):\(two(minute)):"
            + "\(two(second))\(offset < 0 ? "-" : "+")\(two(magnitude / 3600)):\(two(magnitude % 3600 / 60))"
    }
}
