/// A source at a particular version, on a particular product and operating system.
///
/// Stored behind a shared immutable box (like `Device`), so that copying one into every sample of a batch, and
/// comparing it with the previous sample's, costs one reference count and one pointer comparison instead of five
/// strings (the SQLite bulk save compares it once per row).
public struct SourceRevision: Sendable, Hashable, CustomStringConvertible {
    private struct Fields: Sendable, Hashable {
        let source: Source
        let version: String?
        let productType: String?
        let operatingSystemVersion: String?
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private let box: Box

    /// The app or device.
    public var source: Source { box.fields.source }
    /// The app's version string, if known.
    public var version: String? { box.fields.version }
    /// The hardware product type, e.g. `Watch6,1`, if known.
    public var productType: String? { box.fields.productType }
    /// The operating system version, e.g. `10.1`, if known.
    public var operatingSystemVersion: String? { box.fields.operatingSystemVersion }

    /// A source revision; every field but the source is optional.
    public init(
        source: Source, version: String? = nil, productType: String? = nil, operatingSystemVersion: String? = nil
    ) {
        box = Box(
            Fields(
                source: source, version: version, productType: productType,
                operatingSystemVersion: operatingSystemVersion))
    }

    /// Two revisions are equal when source, version, product type and system version are all equal.
    public static func == (lhs: SourceRevision, rhs: SourceRevision) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }
    /// Hashes every field.
    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

    /// The source, then its version, product type and system version, with `-` for each one unknown.
    public var description: String {
        "\(source) version \(version ?? "-") on \(productType ?? "-") \(operatingSystemVersion ?? "-")"
    }
}

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
