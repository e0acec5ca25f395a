/// Dates of the proleptic Gregorian calendar from days counted from 1970-01-01, computed directly (Howard Hinnant's
/// civil_from_days) for code that writes many dates: Foundation's `Calendar` builds its components per call, and
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
}
