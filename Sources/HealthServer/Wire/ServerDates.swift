import Foundation
import HealthModel
import HealthReports

/// Dates as the API takes and gives them: ISO 8601 with an offset (`2024-03-10T08:00:00-08:00`, `…Z`), fractions of
/// a second kept. Query parameters may also give a day or a wall-clock time, read in the request's `timeZone`.
enum ServerDates {
    /// A date in a body: ISO 8601 with an offset (no wall-clock times: a body has no time zone to read them in).
    static func parseWithOffset(_ text: String, field: String) throws(HealthServerError) -> Date {
        if let date = fastParse(text) { return date }
        let date = try parse(text, timeZone: TimeZone(identifier: "UTC")!, field: field)
        guard let time = text.firstIndex(where: { $0 == "T" || $0 == " " }),
              text[time...].contains(where: { $0 == "Z" || $0 == "+" || $0 == "-" }) else {
            throw .invalidField(field: field, reason: "'\(text)' has no offset: give ISO 8601 with an offset, e.g. 2024-03-10T08:00:00-08:00 or …Z")
        }
        return date
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff…](Z|±HH:MM|±HHMM)` computed directly (days from the civil date, no `Calendar`), or
    /// nil for anything else (and for years before 1600, where Foundation's Gregorian calendar turns Julian), which
    /// then goes the general way with its precise errors. A save of 1,000 samples reads 2,000 dates, and the general
    /// parser builds a calendar and its components for each.
    static func fastParse(_ text: String) -> Date? {
        var utf8 = text.utf8.makeIterator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        while let byte = utf8.next() {
            bytes.append(byte)
            if bytes.count > 40 { return nil }
        }
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for index in start..<(start + count) {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 32, bytes[13] == 58, bytes[16] == 58,
              let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), let hour = digits(11, 2),
              let minute = digits(14, 2), let second = digits(17, 2),
              year >= 1600, (1...12).contains(month), day >= 1, hour < 24, minute < 60, second < 60 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= monthDays[month - 1] else { return nil }
        var position = 19
        var fraction = 0.0
        if position < bytes.count, bytes[position] == 46 {
            let digitsStart = position + 1
            var digitsEnd = digitsStart
            while digitsEnd < bytes.count, (48...57).contains(bytes[digitsEnd]) { digitsEnd += 1 }
            guard digitsEnd > digitsStart, let value = Double("0." + String(decoding: bytes[digitsStart..<digitsEnd], as: UTF8.self)) else { return nil }
            fraction = value
            position = digitsEnd
        }
        guard position < bytes.count else { return nil }
        var offset = 0
        switch bytes[position] {
        case 90:  // Z
            position += 1
        case 43, 45:  // + -
            let negative = bytes[position] == 45
            guard let hours = digits(position + 1, 2) else { return nil }
            position += 3
            if position < bytes.count, bytes[position] == 58 { position += 1 }
            // An impossible offset goes the general way, which refuses it with its reason.
            guard let minutes = digits(position, 2), let seconds = UTCOffset.seconds(negative: negative, hours: hours, minutes: minutes) else { return nil }
            position += 2
            offset = seconds
        default:
            return nil
        }
        guard position == bytes.count else { return nil }
        // Days from 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// A date in a query parameter: ISO 8601 with an offset, or a day or wall-clock time in `timeZone`.
    static func parse(_ text: String, timeZone: TimeZone, field: String) throws(HealthServerError) -> Date {
        do {
            return try DateArgument.parse(text, timeZone: timeZone, field: field)
        } catch {
            throw .invalidField(field: field, reason: "'\(text)' is not a date: \(reasonOnly(error))")
        }
    }

    /// The text of an instant in a time zone, with milliseconds when it has a fraction of a second.
    static func format(_ date: Date, in timeZone: TimeZone) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let milliseconds = Int(((date.timeIntervalSince1970 - whole) * 1000).rounded())
        let text = ISO8601Text.format(Date(timeIntervalSince1970: whole), in: timeZone)
        guard milliseconds > 0, milliseconds < 1000 else { return milliseconds == 1000 ? ISO8601Text.format(Date(timeIntervalSince1970: whole + 1), in: timeZone) : text }
        let fraction = ".\(String(milliseconds + 1000).dropFirst())"
        let offsetStart = text.index(text.startIndex, offsetBy: 19)
        return String(text[..<offsetStart]) + fraction + String(text[offsetStart...])
    }

    private static func reasonOnly(_ error: HealthReportsError) -> String {
        if case let .invalidDate(_, _, reason) = error { return reason }
        return error.description
    }
}
