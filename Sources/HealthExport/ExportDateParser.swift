import Foundation
import HealthModel

/// Reads the date forms of Apple Health exports straight from bytes, without a DateFormatter: `2019-12-29 08:47:08
/// +0200` (records), `2019-12-29` (days), and ISO 8601 `2020-01-18T07:13:15Z` (GPX).
enum ExportDateParser {
    /// A record date and its UTC offset in seconds (`offset`); nil when the text is not in the export's form.
    static func parseRecordDate(_ bytes: UnsafeRawBufferPointer) -> (date: Date, offset: Int)? {
        // yyyy-MM-dd HH:mm:ss ±hhmm (the offset may be missing in hand-made files: then UTC).
        guard bytes.count >= 19,
              let year = number(bytes, 0, 4), bytes[4] == UInt8(ascii: "-"), let month = number(bytes, 5, 2),
              bytes[7] == UInt8(ascii: "-"), let day = number(bytes, 8, 2),
              bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
              let hour = number(bytes, 11, 2), bytes[13] == UInt8(ascii: ":"), let minute = number(bytes, 14, 2),
              bytes[16] == UInt8(ascii: ":"), let second = number(bytes, 17, 2),
              (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month), hour < 24, minute < 60,
              second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            while index < bytes.count, let digit = digit(bytes[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
        }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        var offset = 0
        if index < bytes.count {
            let sign = bytes[index]
            if sign == UInt8(ascii: "Z") {
                index += 1
            } else {
                guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes.count - index >= 5,
                      let hours = number(bytes, index + 1, 2) else { return nil }
                var minutesAt = index + 3
                if bytes[minutesAt] == UInt8(ascii: ":") { minutesAt += 1 }
                // An offset no place has (`+9900`, `+0060`) is refused rather than read as some other instant.
                guard let minutes = number(bytes, minutesAt, 2),
                      let seconds = UTCOffset.seconds(negative: sign == UInt8(ascii: "-"), hours: hours, minutes: minutes) else { return nil }
                offset = seconds
                index = minutesAt + 2
            }
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return (Date(timeIntervalSince1970: seconds), offset)
    }

    /// An ISO 8601 date (`2020-01-18T07:13:15Z`, fractional seconds and offsets allowed).
    static func parseISO8601(_ bytes: UnsafeRawBufferPointer) -> Date? {
        parseRecordDate(bytes)?.date
    }

    /// A calendar day `yyyy-MM-dd` as date components (year, month, day).
    static func parseDay(_ text: String) -> DateComponents? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        return DateComponents(year: year, month: month, day: day)
    }

    /// The number of days of a month (1–12) of a proleptic Gregorian year: a day past it (`2024-02-30`) is refused,
    /// not read as a day of the next month.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    @inline(__always)
    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }

    @inline(__always)
    private static func number(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ length: Int) -> Int? {
        guard start + length <= bytes.count else { return nil }
        var value = 0
        for index in start..<(start + length) {
            guard let digit = digit(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
