/// Dates of the proleptic Gregorian calendar and days counted from 1970-01-01, computed directly (Howard Hinnant's
/// civil_from_days and days_from_civil) for code that reads or writes many dates: Foundation's `Calendar` builds its components per call, and
/// turns Julian before October 1582, so callers use this from 1600 on.
public enum ProlepticGregorian {
    /// Year, month (1–12) and day (1–31) of the day `days` after 1970-01-01 (negative: before).
    public static func date(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    }

    /// Days since 1970-01-01 (negative: before) of a proleptic Gregorian date (Howard Hinnant's days_from_civil); the
    /// inverse of `date(daysSince1970:)`.
    @inlinable
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The number of days of a month (1–12) of a proleptic Gregorian year: a day past it (`2024-02-30`) is refused,
    /// not read as a day of the next month.
    @inlinable
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether month (1–12) and day name a day of `year` (`2023-02-29` does not).
    @inlinable
    public static func isDay(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysInMonth(year: year, month: month)
    }
}
