import Foundation

/// Instants written as ISO 8601 local time with the zone's offset at that instant: `2024-03-10T03:00:00-07:00`.
public enum ISO8601Text {
    /// The text of an instant in a time zone (whole seconds; an offset of zero is written `+00:00`).
    public static func format(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = timeZone.secondsFromGMT(for: date)
        let magnitude = abs(offset)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = parts.year ?? 0
        let yearText = year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(yearText)-\(two(parts.month ?? 0))-\(two(parts.day ?? 0))T\(two(parts.hour ?? 0)):\(two(parts.minute ?? 0)):"
            + "\(two(parts.second ?? 0))\(offset < 0 ? "-" : "+")\(two(magnitude / 3600)):\(two(magnitude % 3600 / 60))"
    }
}
