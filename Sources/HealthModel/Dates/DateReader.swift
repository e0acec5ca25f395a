import Foundation

/// The one reader of written dates, straight from bytes and without a `DateFormatter`. Every date the project reads
/// goes through `scan(_:_:)` with the `DateLayout` its caller accepts:
///
/// - `exportRecord`: Apple Health export records, `2019-12-29 08:47:08 +0200` (an offset may be missing: UTC; spaces
///   before it, ISO 8601's `T` and `Z`, fractions and leap seconds are read too). `exportRecordDate(_:)`.
/// - `instantWithOffset`: ISO 8601 with an offset, `2024-03-10T08:00:00-08:00`, `…Z`, `…+0200` (API bodies).
///   `instantWithOffset(_:)` computes it directly (nil before 1600, where Foundation's calendar is Julian).
/// - `argument`: what a person types (command line, query parameters): also a day (`2024-03-10`, midnight) or a
///   wall-clock time (`2024-03-10T08:00`, `…T08:00:30`) in a given time zone. `instant(_:timeZone:)`, whose errors
///   say what is wrong.
/// - `day(_:)`: a calendar day `yyyy-MM-dd`.
///
/// UTC offsets are checked by `UTCOffset`, days counted by `ProlepticGregorian`.
public enum DateReader {
    /// The instant and UTC offset (seconds east) of an export record's date; nil when the bytes are not in its form.
    @inlinable
    public static func exportRecordDate(_ bytes: UnsafeRawBufferPointer) -> (date: Date, offset: Int)? {
        guard case let .success(fields) = scan(bytes, .exportRecord),
            ProlepticGregorian.isDay(year: fields.year, month: fields.month, day: fields.day)
        else { return nil }
        return (Date(timeIntervalSince1970: fields.secondsSince1970), fields.offset ?? 0)
    }

    /// An ISO 8601 instant with an offset, computed directly; nil for anything else and for years before 1600, which
    /// callers then read the general way (`instant(_:timeZone:)`) for its precise errors.
    public static func instantWithOffset(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { buffer -> Date? in
            guard case let .success(fields) = scan(UnsafeRawBufferPointer(buffer), .instantWithOffset),
                fields.year >= 1600,
                ProlepticGregorian.isDay(year: fields.year, month: fields.month, day: fields.day)
            else { return nil }
            return Date(timeIntervalSince1970: fields.secondsSince1970)
        }
    }

    /// `instant(_:timeZone:)` for a value of a named field (a query parameter, a command-line option): a refusal is
    /// `invalidField` naming the field, the one date error every edge reads (`FieldError`).
    public static func instant(_ text: String, timeZone: TimeZone, field: String) throws(HealthModelError) -> Date {
        do {
            return try instant(text, timeZone: timeZone)
        } catch {
            throw .invalidField(field: field, reason: "'\(text)' is not a date: \(error.reason)")
        }
    }

    /// A date of a body, which has no time zone to read a wall-clock time in: ISO 8601 with an offset, fractions of a
    /// second kept; a refusal is `invalidField` naming the field. The common form is computed directly (no `Calendar`:
    /// a save of 1,000 samples reads 2,000 dates); anything else, and years before 1600, go the general way with its
    /// precise errors.
    public static func instantWithOffset(_ text: String, field: String) throws(HealthModelError) -> Date {
        if let date = instantWithOffset(text) { return date }
        let date = try instant(text, timeZone: TimeZone(identifier: "UTC")!, field: field)
        guard let time = text.firstIndex(where: { $0 == "T" || $0 == " " }),
            text[time...].contains(where: { $0 == "Z" || $0 == "+" || $0 == "-" })
        else {
            throw .invalidField(
                field: field,
                reason: "'\(text)' has no offset: give ISO 8601 with an offset, e.g. 2024-03-10T08:00:00-08:00 or …Z")
        }
        return date
    }

    /// The instant a typed date names: a day (midnight) or wall-clock time in `timeZone`, or ISO 8601 with an offset.
    /// A wall-clock time that does not exist (inside a spring-forward gap) is refused; one that exists twice
    /// (fall-back) is the first of the two.
    public static func instant(_ text: String, timeZone: TimeZone) throws(DateReadingFailure) -> Date {
        var copy = text
        let scanned = copy.withUTF8 { scan(UnsafeRawBufferPointer($0), .argument) }
        let fields: DateFields
        switch scanned {
        case let .success(read): fields = read
        case let .failure(failure): throw failure.named(in: text)
        }
        var calendar = Calendar(identifier: .gregorian)
        if let offsetSeconds = fields.offset {
            // Within UTCOffset's range Foundation always makes the zone; never fall back to `timeZone` silently.
            guard let zone = TimeZone(secondsFromGMT: offsetSeconds) else {
                throw DateReadingFailure("the offset is not a UTC offset")
            }
            calendar.timeZone = zone
        } else {
            calendar.timeZone = timeZone
        }
        let (year, month, day) = (fields.year, fields.month, fields.day)
        let components = DateComponents(
            year: year, month: month, day: day, hour: fields.hour, minute: fields.minute, second: fields.second)
        guard let date = calendar.date(from: components) else { throw DateReadingFailure("not a calendar date") }
        let check = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard check.day == day, check.month == month, check.year == year else {
            throw DateReadingFailure("\(year)-\(month)-\(day) is not a day of the calendar")
        }
        guard check.hour == fields.hour, check.minute == fields.minute else {
            throw DateReadingFailure(
                "\(text) does not exist in \(timeZone.identifier) (the clocks skip it at a daylight-saving change)")
        }
        return date.addingTimeInterval(fields.fraction)
    }

    /// A calendar day written `yyyy-MM-dd` (numbers of any width, as exports and `ohk demo --date` take them): year,
    /// month and day, or nil when it is not a day of the proleptic Gregorian calendar (`2024-02-30`).
    public static func day(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            ProlepticGregorian.isDay(year: year, month: month, day: day)
        else { return nil }
        return (year, month, day)
    }

    /// Reads `yyyy-MM-dd[(T| )HH:mm[:ss[.f…]]][ ][Z|±hh[:]mm]` as `layout` allows it, checking the month and the time
    /// of day (the day of the month is the caller's: before 1600 the calendars disagree).
    @inlinable
    public static func scan(
        _ bytes: UnsafeRawBufferPointer, _ layout: DateLayout
    ) -> Result<DateFields, DateScanFailure> {
        let count = bytes.count
        guard count <= layout.maximumLength else { return .failure(.tooLong) }
        // Two digits at `at` as a number, or -1 (no Result in the loop: this is the 1 GB import's hot path).
        @inline(__always) func two(_ at: Int) -> Int {
            guard at + 2 <= count else { return -1 }
            let high = bytes[at] &- 48
            let low = bytes[at + 1] &- 48
            guard high < 10, low < 10 else { return -1 }
            return Int(high) * 10 + Int(low)
        }
        var fields = DateFields()
        guard count >= 4 else { return .failure(.expectedDigits(4, .year)) }
        let century = two(0)
        let yearOfCentury = two(2)
        guard century >= 0, yearOfCentury >= 0 else { return .failure(.expectedDigits(4, .year)) }
        fields.year = century * 100 + yearOfCentury
        guard count > 4, bytes[4] == 45 else { return .failure(.expected(.dashAfterYear)) }
        fields.month = two(5)
        guard fields.month >= 0 else { return .failure(.expectedDigits(2, .month)) }
        guard count > 7, bytes[7] == 45 else { return .failure(.expected(.dashAfterMonth)) }
        fields.day = two(8)
        guard fields.day >= 0 else { return .failure(.expectedDigits(2, .day)) }
        var position = 10
        if position < count {
            guard bytes[10] == 84 || bytes[10] == 32 else { return .failure(.expected(.timeAfterDate)) }
            fields.hour = two(11)
            guard fields.hour >= 0 else { return .failure(.expectedDigits(2, .hour)) }
            guard count > 13, bytes[13] == 58 else { return .failure(.expected(.colonAfterHour)) }
            fields.minute = two(14)
            guard fields.minute >= 0 else { return .failure(.expectedDigits(2, .minute)) }
            position = 16
            if position < count, bytes[16] == 58 {
                fields.second = two(17)
                guard fields.second >= 0 else { return .failure(.expectedDigits(2, .second)) }
                position = 19
                if position < count, bytes[19] == 46 {
                    // Digits as an integer over a power of ten: correctly rounded up to 15 digits, no text built.
                    position = 20
                    var value = 0
                    var scale = 1.0
                    while position < count, bytes[position] &- 48 < 10 {
                        if position < 38 {
                            value = value * 10 + Int(bytes[position] &- 48)
                            scale *= 10
                        }
                        position += 1
                    }
                    guard position > 20 || layout.allowsEmptyFraction else {
                        return .failure(.expected(.digitsAfterDot))
                    }
                    fields.fraction = Double(value) / scale
                }
            } else if layout.requiresSeconds {
                return .failure(.expected(.colonAfterMinute))
            }
            if layout.allowsSpaceBeforeOffset { while position < count, bytes[position] == 32 { position += 1 } }
            if position < count {
                let sign = bytes[position]
                if sign == 90 {  // Z
                    position += 1
                    fields.offset = 0
                } else if sign == 43 || sign == 45 {  // + -
                    let hours = two(position + 1)
                    guard hours >= 0 else { return .failure(.expectedDigits(2, .offsetHours)) }
                    position += 3
                    if position < count, bytes[position] == 58 { position += 1 }
                    let minutes = two(position)
                    guard minutes >= 0 else { return .failure(.expectedDigits(2, .offsetMinutes)) }
                    position += 2
                    guard let seconds = UTCOffset.seconds(negative: sign == 45, hours: hours, minutes: minutes) else {
                        return .failure(.impossibleOffset(negative: sign == 45, hours: hours, minutes: minutes))
                    }
                    fields.offset = seconds
                } else {
                    return .failure(.unexpectedAfterTime(at: position))
                }
            }
            guard position == count else { return .failure(.unexpectedAfterOffset) }
            fields.hasTime = true
        } else if layout.requiresSeconds {
            return .failure(.expected(.timeAfterDate))
        }
        if fields.offset == nil, layout.requiresOffset { return .failure(.missingOffset) }
        guard fields.month >= 1, fields.month <= 12 else { return .failure(.month(fields.month)) }
        guard fields.hour < 24, fields.minute < 60, fields.second < layout.secondsLimit else {
            return .failure(.timeOfDay(fields.hour, fields.minute, fields.second))
        }
        return .success(fields)
    }
}

/// What a layout of `DateReader.scan` accepts beyond `yyyy-MM-dd`.
public struct DateLayout: Sendable {
    // Layouts are computed properties over an inlinable initializer, not `static let`s: inlined, their flags are
    // constants and the export's hot path pays no lazy-global check per date.
    /// A time with seconds is required (no day alone, no `HH:mm`).
    public var requiresSeconds: Bool
    /// A `Z` or `±hh[:]mm` offset is required.
    public var requiresOffset: Bool
    /// Spaces may stand between the time and the offset (or end the text).
    public var allowsSpaceBeforeOffset: Bool
    /// A `.` after the seconds may have no digits.
    public var allowsEmptyFraction: Bool
    /// Seconds must be below this (61 lets a leap second through).
    public var secondsLimit: Int
    /// Longer texts are refused unread.
    public var maximumLength: Int

    /// A layout with these rules.
    @inlinable
    public init(
        requiresSeconds: Bool, requiresOffset: Bool, allowsSpaceBeforeOffset: Bool, allowsEmptyFraction: Bool,
        secondsLimit: Int,
        maximumLength: Int
    ) {
        self.requiresSeconds = requiresSeconds
        self.requiresOffset = requiresOffset
        self.allowsSpaceBeforeOffset = allowsSpaceBeforeOffset
        self.allowsEmptyFraction = allowsEmptyFraction
        self.secondsLimit = secondsLimit
        self.maximumLength = maximumLength
    }

    /// Apple Health export records (`2019-12-29 08:47:08 +0200`, offset optional, leap seconds read).
    @inlinable public static var exportRecord: DateLayout {
        DateLayout(
            requiresSeconds: true, requiresOffset: false, allowsSpaceBeforeOffset: true, allowsEmptyFraction: true,
            secondsLimit: 61,
            maximumLength: .max)
    }
    /// ISO 8601 with seconds and an offset, at most 40 bytes (API bodies).
    @inlinable public static var instantWithOffset: DateLayout {
        DateLayout(
            requiresSeconds: true, requiresOffset: true, allowsSpaceBeforeOffset: false, allowsEmptyFraction: false,
            secondsLimit: 60,
            maximumLength: 40)
    }
    /// What a person types: a day, a wall-clock time or an instant with an offset.
    @inlinable public static var argument: DateLayout {
        DateLayout(
            requiresSeconds: false, requiresOffset: false, allowsSpaceBeforeOffset: false, allowsEmptyFraction: false,
            secondsLimit: 60,
            maximumLength: .max)
    }
}

/// The parts of a written date, as `DateReader.scan` read them.
public struct DateFields: Sendable, Equatable {
    public var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
    /// The fraction of a second.
    public var fraction = 0.0
    /// Seconds east of UTC, when an offset (or `Z`) was written.
    public var offset: Int?
    /// Whether a time of day was written.
    public var hasTime = false

    /// Every part zero, with no offset and no time of day written.
    @inlinable public init() {}

    /// Seconds since 1970 of the proleptic Gregorian date and time at `offset` (UTC when none was written).
    @inlinable
    public var secondsSince1970: Double {
        let days = ProlepticGregorian.daysSince1970(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - (offset ?? 0)) + fraction
    }
}

/// Why `DateReader.scan` refused a text; `named(in:)` says it in words.
public enum DateScanFailure: Error, Sendable, Equatable {
    /// A part of a date, for messages.
    public enum Part: String, Sendable {
        case year, month, day, hour, minute, second
        case offsetHours = "offset hours"
        case offsetMinutes = "offset minutes"
    }
    /// A separator or part that had to follow.
    public enum Expectation: String, Sendable {
        case dashAfterYear = "'-' after the year (YYYY-MM-DD)"
        case dashAfterMonth = "'-' after the month (YYYY-MM-DD)"
        case timeAfterDate = "'T' and a time after the date"
        case colonAfterHour = "':' between hour and minute (HH:MM)"
        case colonAfterMinute = "':' between minute and second (HH:MM:SS)"
        case digitsAfterDot = "digits after '.'"
    }
    case tooLong
    case expectedDigits(Int, Part)
    case expected(Expectation)
    case unexpectedAfterTime(at: Int)
    case unexpectedAfterOffset
    case impossibleOffset(negative: Bool, hours: Int, minutes: Int)
    case missingOffset
    case month(Int)
    case timeOfDay(Int, Int, Int)

    /// The failure in words, for the text that was read.
    public func named(in text: String) -> DateReadingFailure {
        switch self {
        case .tooLong: return DateReadingFailure("too long for a date")
        case let .expectedDigits(count, part):
            return DateReadingFailure("expected \(count) digits for the \(part.rawValue)")
        case let .expected(expectation): return DateReadingFailure("expected \(expectation.rawValue)")
        case let .unexpectedAfterTime(position):
            return DateReadingFailure(
                "unexpected '\(String(decoding: Array(text.utf8).dropFirst(position), as: UTF8.self))' after the time")
        case .unexpectedAfterOffset: return DateReadingFailure("unexpected text after the offset")
        case let .impossibleOffset(negative, hours, minutes):
            return DateReadingFailure(UTCOffset.refusal(negative: negative, hours: hours, minutes: minutes))
        case .missingOffset: return DateReadingFailure("expected an offset (Z or ±hh:mm)")
        case let .month(month): return DateReadingFailure("month \(month) is not 1–12")
        case let .timeOfDay(hour, minute, second):
            return DateReadingFailure("time \(hour):\(minute):\(second) is not a time of day")
        }
    }
}

/// A date text refused by `DateReader`, with the reason in words (`"expected 2 digits for the month"`).
public struct DateReadingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, without the text or the field.
    public let reason: String

    /// A failure for `reason`.
    public init(_ reason: String) { self.reason = reason }

    /// The reason alone.
    public var description: String { reason }
}
