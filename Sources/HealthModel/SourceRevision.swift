/// A source at a particular version, on a particular product and operating system.
public struct SourceRevision: Sendable, Hashable, CustomStringConvertible {
    /// The app or device.
    public let source: Source
    /// The app's version string, if known.
    public let version: String?
    /// The hardware product type, e.g. `Watch6,1`, if known.
    public let productType: String?
    /// The operating system version, e.g. `10.1`, if known.
    public let operatingSystemVersion: String?

    /// A source revision; every field but the source is optional.
    public init(source: Source, version: String? = nil, productType: String? = nil, operatingSystemVersion: String? = nil) {
        self.source = source
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }

    public var description: String {
        "\(source) version \(version ?? "-") on \(productType ?? "-") \(operatingSystemVersion ?? "-")"
    }
}
