import Foundation
import HTTPTypes
import HealthModel
import HealthReports
import HealthWire
import Hummingbird

@testable import HealthExport
@testable import HealthServer

/// The date readers: the export's (`DateReader.exportRecordDate`), the server's (`WireSample.date` for bodies, `QueryParameters`
/// for query parameters), the command line's (`DateReader.instant(_:timeZone:field:)`) and the clinical document's HL7 timestamps.
///
/// Each input is also read by a small strict reader here (`WrittenDate`). When that reader recognises the layout,
/// every parser that accepts the text must give the instant written (a wall-clock time in the zone given), and the
/// ISO 8601 readers must accept every well-formed date; a calendar date or time of day that does not exist must be
/// refused. Every accepted instant must print (`DateWriter.formatWithMilliseconds`, `DateWriter.format`) to text that reads back as the
/// same instant.
enum DateFuzzTarget {
    /// Whether UTC offsets beyond ±18:00 or with minutes of 60 and more must be refused. Until the fix of issue 17's
    /// defect 4 landed (UTCOffset), the properties skipped such texts; now every reader must refuse them.
    static let impossibleOffsetsRefused = true

    private static let zones = ["UTC", "Europe/Berlin", "America/Los_Angeles"].map { TimeZone(identifier: $0)! }

    static func run(_ data: Data) throws(ParserFuzzTargets.Violation) {
        guard data.count <= 64 else { return }
        let text = String(decoding: data, as: UTF8.self)
        let written = WrittenDate(text)
        // Before 1600 Foundation's calendar is Julian (the server goes through it there): not compared.
        if let written, written.year < 1600 { return }

        // The export's reader: `yyyy-MM-dd HH:mm:ss ±hhmm` (offset optional: UTC), ISO 8601 too.
        let export = data.withUnsafeBytes { DateReader.exportRecordDate($0) }
        if let written, written.offset != nil, !written.offsetIsPossible {
            try expect(export == nil, "DateReader.exportRecordDate accepts '\(text)', whose offset no place has")
        }
        if let written, written.offset != nil, !written.offsetIsPossible, !impossibleOffsetsRefused {
            // The server's readers still accept such offsets (issue 17's defect 4, fixed apart): not compared yet.
            return
        }
        if let written, written.hasSeconds {
            try check(
                written, export?.date, in: zones[0], parser: "DateReader.exportRecordDate", mustAccept: false,
                leapSecondAllowed: true)
            if let export, written.isValid, let offset = written.offset {
                try expect(
                    export.offset == offset, "DateReader.exportRecordDate gives offset \(export.offset) for '\(text)'")
            }
        }
        if let export { try printsBack(export.date, text: text, parser: "DateReader.exportRecordDate") }
        if let day = DateReader.day(text), let written, !written.hasTime {
            try expect(
                written.isValid && day.year == written.year && day.month == written.month && day.day == written.day,
                "DateReader.day accepts '\(text)' as \(day)")
        }

        // Bodies: ISO 8601 with an offset, nothing else.
        let body = try? WireSample.date(text, field: "startDate")
        if let written {
            let complete = written.hasTime && written.offset != nil && !written.spaceBeforeOffset
            try check(written, body, in: zones[0], parser: "WireSample.date", mustAccept: complete)
            if !complete {
                try expect(body == nil, "WireSample.date accepts '\(text)', which has no offset")
            }
        }
        if let body { try printsBack(body, text: text, parser: "WireSample.date") }
        if let fast = DateReader.instantWithOffset(text) {
            // The fast path must agree with the general reader it stands in for.
            let general = try? DateReader.instant(text, timeZone: zones[0], field: "startDate")
            try expect(
                general.map { abs($0.timeIntervalSince(fast)) < tolerance(fast) } ?? false,
                "DateReader.instantWithOffset reads '\(text)' as \(fast), the general way as \(String(describing: general))"
            )
        }

        // Query parameters and command-line arguments: also days and wall-clock times in a zone.
        for zone in zones {
            let argument = try? DateReader.instant(text, timeZone: zone, field: "--from")
            // A query parameter is read the same way, once a space after the time (an unencoded '+') is a '+'.
            var plus = text
            if let time = plus.firstIndex(of: "T"), let space = plus[time...].firstIndex(of: " ") {
                plus.replaceSubrange(space...space, with: "+")
            }
            let expected = plus == text ? argument : try? DateReader.instant(plus, timeZone: zone, field: "from")
            let parameter = queryParameter(text, timeZone: zone)
            try expect(
                expected == parameter,
                "'\(text)' in \(zone.identifier): the command line reads \(String(describing: expected)), the query parameter \(String(describing: parameter))"
            )
            if let written {
                // In UTC every well-formed time exists; elsewhere a wall-clock time may fall into a DST gap.
                let mustAccept =
                    !written.spaceBeforeOffset && (zone == zones[0] || written.offset != nil || !written.hasTime)
                try check(written, argument, in: zone, parser: "DateReader.instant", mustAccept: mustAccept)
            }
            if let argument { try printsBack(argument, text: text, parser: "DateReader.instant") }
        }

        // HL7 timestamps of clinical documents (`yyyyMMddHHmmss±zzzz`), checked as the ISO 8601 text they stand for.
        let stamp = ClinicalDocumentHeader.timestamp(text)
        if let iso = hl7AsISO8601(text), let written = WrittenDate(iso), written.year >= 1600, written.offsetIsPossible
        {
            try check(written, stamp, in: zones[0], parser: "ClinicalDocumentReader.timestamp", mustAccept: true)
        }
        if let stamp { try printsBack(stamp, text: text, parser: "ClinicalDocumentReader.timestamp") }
    }

    /// An HL7 timestamp written as ISO 8601 (`20240312100000-0700` → `2024-03-12T10:00:00-07:00`); missing hours,
    /// minutes or seconds are zero, a missing offset is UTC.
    private static func hl7AsISO8601(_ text: String) -> String? {
        let digits = Array(text.utf8.prefix { (48...57).contains($0) })
        guard digits.count >= 8 else { return nil }
        func part(_ from: Int, _ length: Int) -> String {
            digits.count >= from + length
                ? String(decoding: digits[from..<(from + length)], as: UTF8.self)
                : String(repeating: "0", count: length)
        }
        let rest = Array(text.utf8.dropFirst(digits.count).drop { $0 == 46 || (48...57).contains($0) })
        var offset = "Z"
        if let sign = rest.first, sign == 43 || sign == 45, rest.count >= 5,
            rest[1...4].allSatisfy({ (48...57).contains($0) })
        {
            let zone = String(decoding: rest[1...4], as: UTF8.self)
            offset = (sign == 43 ? "+" : "-") + zone.prefix(2) + ":" + zone.suffix(2)
        }
        return "\(part(0, 4))-\(part(4, 2))-\(part(6, 2))T\(part(8, 2)):\(part(10, 2)):\(part(12, 2))\(offset)"
    }

    /// The query parameter `from=text` of a request, read as `GET /samples` reads it.
    private static func queryParameter(_ text: String, timeZone: TimeZone) -> Date? {
        let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/samples?from=\(encoded)"),
            body: RequestBody(buffer: ByteBuffer()))
        guard let parameters = try? QueryParameters(request, known: ["from"]) else { return nil }
        return try? parameters.date("from", timeZone: timeZone)
    }

    /// Checks a parser's answer against the text as written: the instant written, or a refusal of what does not exist.
    private static func check(
        _ written: WrittenDate, _ parsed: Date?, in zone: TimeZone, parser: String, mustAccept: Bool,
        leapSecondAllowed: Bool = false
    ) throws(ParserFuzzTargets.Violation) {
        guard written.isValid else {
            if leapSecondAllowed, written.isValid(allowingLeapSecond: true) { return }
            try expect(
                parsed == nil,
                "\(parser) accepts '\(written.text)', which is not a date and time (as \(String(describing: parsed)))")
            return
        }
        if impossibleOffsetsRefused, written.offset != nil, !written.offsetIsPossible {
            try expect(
                parsed == nil,
                "\(parser) accepts '\(written.text)', whose offset no place has (as \(String(describing: parsed)))")
            return
        }
        guard let parsed else {
            try expect(!mustAccept, "\(parser) refuses '\(written.text)'")
            return
        }
        if let offset = written.offset {
            let expected = written.instant(offset: offset)
            try expect(
                abs(parsed.timeIntervalSince(expected)) < tolerance(expected),
                "\(parser) reads '\(written.text)' as \(parsed), not \(expected)")
        } else {
            // A day or wall-clock time in the zone: the instant shows that wall-clock time there (by the calendar:
            // DateWriter writes local mean time's offsets to the minute).
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            // Half a second into the written second: a fraction like .99999999907 is below `Date`'s precision.
            let shown = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second], from: parsed.addingTimeInterval(0.5 - written.fraction))
            try expect(
                [shown.year, shown.month, shown.day, shown.hour, shown.minute, shown.second]
                    == [written.year, written.month, written.day, written.hour, written.minute, written.second],
                "\(parser) reads '\(written.text)' in \(zone.identifier) as \(shown)")
        }
    }

    /// How far two readings of the same fraction of a second may differ: a microsecond, or a few of `Date`'s steps
    /// far from 2001 (they are 15 µs in the year 4000).
    private static func tolerance(_ date: Date) -> Double { 1e-6 + abs(date.timeIntervalSinceReferenceDate) * 1e-15 }

    /// An accepted instant, printed as the server prints it, reads back as the same instant (to the millisecond).
    private static func printsBack(_ date: Date, text: String, parser: String) throws(ParserFuzzTargets.Violation) {
        // Years 1600…9998 (the four-digit years the readers take, away from the ends).
        guard date.timeIntervalSince1970 > -11_676_096_000 + 86_400 * 2, date.timeIntervalSince1970 < 253_370_764_800
        else { return }
        for zone in zones {
            let printed = DateWriter.formatWithMilliseconds(date, in: zone)
            guard let read = try? WireSample.date(printed, field: "date") else {
                throw violation("\(parser) reads '\(text)' as \(date), printed '\(printed)', which does not read back")
            }
            try expect(
                abs(read.timeIntervalSince(date)) <= 0.0005 + tolerance(date),
                "\(parser): '\(text)' printed as '\(printed)' reads back as \(read), not \(date)")
        }
    }

    private static func expect(
        _ condition: Bool, _ message: @autoclosure () -> String
    ) throws(ParserFuzzTargets.Violation) {
        try ParserFuzzTargets.check(condition, "dates", message())
    }

    private static func violation(_ message: String) -> ParserFuzzTargets.Violation {
        .init(target: "dates", message: message)
    }
}

/// A date as written, read strictly: `YYYY-MM-DD`, optionally `[T ]hh:mm[:ss[.f…]]`, optionally spaces and `Z`,
/// `±hh:mm` or `±hhmm`; its fields are kept as written (not checked), so that what does not exist can be asked about.
struct WrittenDate {
    let text: String
    var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
    var fraction = 0.0
    var hasTime = false, hasSeconds = false, spaceBeforeOffset = false
    /// The offset in seconds east of UTC, if one is written.
    var offset: Int?
    var offsetHours = 0, offsetMinutes = 0

    /// The fields of `text`, or nil when it is not in this layout.
    init?(_ text: String) {
        self.text = text
        let bytes = Array(text.utf8)
        var position = 0
        func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<(position + count)] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            position += count
            return value
        }
        func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }
        guard let year = digits(4), take(45), let month = digits(2), take(45), let day = digits(2) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        if position < bytes.count {
            guard take(84) || take(32), let hour = digits(2), take(58), let minute = digits(2) else { return nil }
            (self.hour, self.minute, hasTime) = (hour, minute, true)
            if take(58) {
                guard let second = digits(2) else { return nil }
                (self.second, hasSeconds) = (second, true)
                if take(46) {
                    let start = position
                    while position < bytes.count, (48...57).contains(bytes[position]) { position += 1 }
                    guard position > start,
                        let value = Double("0." + String(decoding: bytes[start..<position], as: UTF8.self))
                    else { return nil }
                    fraction = value
                }
            }
            while take(32) { spaceBeforeOffset = true }
            if take(90) {
                offset = 0
            } else if position < bytes.count, bytes[position] == 43 || bytes[position] == 45 {
                let sign = bytes[position] == 43 ? 1 : -1
                position += 1
                guard let hours = digits(2) else { return nil }
                _ = take(58)
                guard let minutes = digits(2) else { return nil }
                (offsetHours, offsetMinutes) = (hours, minutes)
                offset = sign * (hours * 3600 + minutes * 60)
            } else if spaceBeforeOffset {
                return nil
            }
            guard position == bytes.count else { return nil }
        }
    }

    /// Whether the offset is one a place can have: at most ±18:00, minutes below 60.
    var offsetIsPossible: Bool { offsetMinutes < 60 && offsetHours * 60 + offsetMinutes <= 18 * 60 }

    /// Whether the date and time of day exist (the offset aside).
    var isValid: Bool { isValid(allowingLeapSecond: false) }

    func isValid(allowingLeapSecond: Bool) -> Bool {
        guard (1...12).contains(month), day >= 1, hour < 24, minute < 60, second < (allowingLeapSecond ? 61 : 60) else {
            return false
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// The instant written, with this offset (through Foundation's calendar, independent of the parsers' arithmetic).
    func instant(offset: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? TimeZone(secondsFromGMT: 0)!
        let date = calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
        return date.addingTimeInterval(fraction)
    }
}
