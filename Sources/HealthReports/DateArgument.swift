import Foundation
import HealthModel

/// Dates as a person types them on a command line: `2024-03-10` (midnight), `2024-03-10T08:00` or
/// `2024-03-10T08:00:30` (wall-clock time in a given time zone), or ISO 8601 with an offset
/// (`2024-03-10T08:00:00-07:00`, `…Z`, `…+0200`).
///
/// Written by hand rather than with `DateFormatter`/`ISO8601DateFormatter`: each of those accepts one layout, they
/// depend on locale settings, and their errors say nothing about what was wrong. A wall-clock time that does not exist
/// (inside a spring-forward gap) is refused; one that exists twice (fall-back) is the first of the two.
public enum DateArgument {
    /// The instant a date argument names; `field` is used in the error (e.g. `--from`).
    public static func parse(_ text: String, timeZone: TimeZone, field: String) throws(HealthReportsError) -> Date {
        func fail(_ reason: String) -> HealthReportsError { .invalidDate(field: field, value: text, reason: reason) }
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ digits: Int, _ name: String) throws(HealthReportsError) -> Int {
            guard position + digits <= bytes.count else { throw fail("expected \(digits) digits for the \(name)") }
            var value = 0
            for offset in 0..<digits {
                let byte = bytes[position + offset]
                guard byte >= 48, byte <= 57 else { throw fail("expected \(digits) digits for the \(name)") }
                value = value * 10 + Int(byte - 48)
            }
            position += digits
            return value
        }
        func expect(_ character: UInt8, _ what: String) throws(HealthReportsError) {
            guard position < bytes.count, bytes[position] == character else { throw fail("expected \(what)") }
            position += 1
        }
        let year = try number(4, "year")
        try expect(UInt8(ascii: "-"), "'-' after the year (YYYY-MM-DD)")
        let month = try number(2, "month")
        try expect(UInt8(ascii: "-"), "'-' after the month (YYYY-MM-DD)")
        let day = try number(2, "day")
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offsetSeconds: Int?
        if position < bytes.count {
            guard bytes[position] == UInt8(ascii: "T") || bytes[position] == UInt8(ascii: " ") else {
                throw fail("expected 'T' and a time after the date")
            }
            position += 1
            hour = try number(2, "hour")
            try expect(UInt8(ascii: ":"), "':' between hour and minute (HH:MM)")
            minute = try number(2, "minute")
            if position < bytes.count, bytes[position] == UInt8(ascii: ":") {
                position += 1
                second = try number(2, "second")
                if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                    position += 1
                    var scale = 0.1
                    let start = position
                    while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 {
                        fraction += Double(bytes[position] - 48) * scale
                        scale /= 10
                        position += 1
                    }
                    guard position > start else { throw fail("expected digits after '.'") }
                }
            }
            if position < bytes.count {
                let sign = bytes[position]
                if sign == UInt8(ascii: "Z") {
                    position += 1
                    offsetSeconds = 0
                } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                    position += 1
                    let offsetHours = try number(2, "offset hours")
                    if position < bytes.count, bytes[position] == UInt8(ascii: ":") { position += 1 }
                    let offsetMinutes = try number(2, "offset minutes")
                    let negative = sign == UInt8(ascii: "-")
                    guard let seconds = UTCOffset.seconds(negative: negative, hours: offsetHours, minutes: offsetMinutes) else {
                        throw fail(UTCOffset.refusal(negative: negative, hours: offsetHours, minutes: offsetMinutes))
                    }
                    offsetSeconds = seconds
                } else {
                    throw fail("unexpected '\(String(decoding: bytes[position...], as: UTF8.self))' after the time")
                }
            }
            guard position == bytes.count else { throw fail("unexpected text after the offset") }
        }
        guard (1...12).contains(month) else { throw fail("month \(month) is not 1–12") }
        guard hour < 24, minute < 60, second < 60 else { throw fail("time \(hour):\(minute):\(second) is not a time of day") }
        var calendar = Calendar(identifier: .gregorian)
        if let offsetSeconds {
            // Within UTCOffset's range Foundation always makes the zone; never fall back to `timeZone` silently.
            guard let zone = TimeZone(secondsFromGMT: offsetSeconds) else { throw fail("the offset is not a UTC offset") }
            calendar.timeZone = zone
        } else {
            calendar.timeZone = timeZone
        }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { throw fail("not a calendar date") }
        let check = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard check.day == day, check.month == month, check.year == year else {
            throw fail("\(year)-\(month)-\(day) is not a day of the calendar")
        }
        guard check.hour == hour, check.minute == minute else {
            throw fail("\(text) does not exist in \(timeZone.identifier) (the clocks skip it at a daylight-saving change)")
        }
        return date.addingTimeInterval(fraction)
    }
}
