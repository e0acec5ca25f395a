import Foundation

/// Bucket intervals as a person types them: a whole count and a unit, `15min`, `1h`, `1d`, `1w`, `1mo`, `1y` (also
/// `30s`, and the words `minute(s)`, `hour(s)`, `day(s)`, `week(s)`, `month(s)`, `year(s)`).
public enum IntervalArgument {
    /// The calendar components of an interval argument; weeks are 7 days (SEMANTICS §5.3).
    public static func parse(_ text: String, field: String = "interval") throws(HealthReportsError) -> DateComponents {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let unit = text.dropFirst(digits.count).lowercased()
        let count = digits.isEmpty ? 1 : Int(digits)
        guard let count, count > 0 else {
            throw .invalidInterval(field: field, value: text, reason: "the count must be a whole number above zero")
        }
        switch unit {
        case "s", "sec", "second", "seconds": return DateComponents(second: count)
        case "min", "minute", "minutes": return DateComponents(minute: count)
        case "h", "hr", "hour", "hours": return DateComponents(hour: count)
        case "d", "day", "days": return DateComponents(day: count)
        case "w", "week", "weeks": return DateComponents(day: 7 * count)
        case "mo", "month", "months": return DateComponents(month: count)
        case "y", "year", "years": return DateComponents(year: count)
        default:
            throw .invalidInterval(
                field: field, value: text, reason: "use a count and one of s, min, h, d, w, mo, y (e.g. 15min, 1d, 1mo)"
            )
        }
    }
}
