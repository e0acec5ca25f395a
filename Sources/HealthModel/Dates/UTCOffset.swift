/// The rule for UTC offsets written in dates (`+02:00`, `-0800`): hours 00–18 and minutes 00–59, at most 18 hours
/// either way (the range Foundation's `TimeZone(secondsFromGMT:)` accepts; every offset in use lies within −12:00 and
/// +14:00). Every date reader (API bodies and parameters, Health Auto Export, export files, command-line arguments)
/// checks its offset here, so `+99:00` or `+00:60` is refused the same way everywhere instead of being read as some
/// other instant.
public enum UTCOffset {
    /// The largest offset either way, in seconds (18 hours).
    public static let maximumSeconds = 18 * 3600

    /// The offset in seconds east of UTC that a sign and the written hours and minutes name, or nil when they name
    /// no offset (minutes of 60 or more, or more than 18 hours).
    public static func seconds(negative: Bool, hours: Int, minutes: Int) -> Int? {
        guard (0...18).contains(hours), (0...59).contains(minutes) else { return nil }
        let magnitude = hours * 3600 + minutes * 60
        guard magnitude <= maximumSeconds else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// Why an offset is refused, for error messages: `"+99:00 is not a UTC offset (−18:00 to +18:00, minutes below 60)"`.
    public static func refusal(negative: Bool, hours: Int, minutes: Int) -> String {
        let text = "\(negative ? "-" : "+")\(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes)"
        return "\(text) is not a UTC offset (-18:00 to +18:00, minutes below 60)"
    }
}
