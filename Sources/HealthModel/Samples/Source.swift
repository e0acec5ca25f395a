/// An app or device that saves health data, identified by its bundle identifier.
public struct Source: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The name people see, e.g. "Alex's Apple Watch".
    public let name: String
    /// The bundle identifier, e.g. `com.apple.health.8C4A…`; unique per source.
    public let bundleIdentifier: String

    /// A source with a display name and bundle identifier.
    public init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
    }

    /// The name with the bundle identifier in parentheses.
    public var description: String { "\(name) (\(bundleIdentifier))" }

    /// Orders by bundle identifier, then by name.
    public static func < (lhs: Source, rhs: Source) -> Bool {
        (lhs.bundleIdentifier, lhs.name) < (rhs.bundleIdentifier, rhs.name)
    }
}
