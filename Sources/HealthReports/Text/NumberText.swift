import Foundation

/// Numbers written for people: thousands grouped with commas (`12,345`), a fixed number of decimals, and a minus sign
/// for negatives. Locale-independent on purpose, so a report reads the same on every machine and tests can compare it;
/// written by hand because `NumberFormatter`'s grouping depends on the machine's ICU data on Linux.
public enum NumberText {
    /// `value` with `places` decimals and its whole part grouped by thousands: `12345.67` with 1 place is `12,345.7`.
    /// Not-a-number and infinities are written as `–`.
    public static func grouped(_ value: Double, places: Int = 0) -> String {
        guard value.isFinite else { return "–" }
        let fixed = String(format: "%.\(max(0, places))f", abs(value))
        let parts = fixed.split(separator: ".", maxSplits: 1)
        let whole = Array(parts[0])
        var text = ""
        for (index, digit) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        if parts.count > 1 { text += "." + parts[1] }
        let isZero = fixed.allSatisfy { $0 == "0" || $0 == "." }
        return value < 0 && !isZero ? "-" + text : text
    }

    /// A duration as hours and minutes, `7 h 32 min` (`45 min` under an hour), rounded to the minute.
    public static func hoursAndMinutes(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return "–" }
        let minutes = Int((seconds / 60).rounded())
        return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
    }

    /// A time of day from seconds after midnight (values past 24 h wrap: 24.5 h is `00:30`), `23:41`.
    public static func clockTime(_ secondsAfterMidnight: TimeInterval) -> String {
        guard secondsAfterMidnight.isFinite else { return "–" }
        let minutes = (Int((secondsAfterMidnight / 60).rounded()) % 1440 + 1440) % 1440
        return String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}
