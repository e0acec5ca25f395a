import Foundation

/// How a source revision given to a source-revision predicate matches stored revisions: the source must be equal; the
/// version, product type and operating system version must be equal or be the field's wildcard (HealthKit's
/// `HKSourceRevisionAny…` constants). Operating system versions compare as numbers, so `17.4` matches `17.4.0`.
extension SourceRevision {
    /// A version that matches any version.
    public static let anyVersion = "HKSourceRevisionAnyVersion"
    /// A product type that matches any product type.
    public static let anyProductType = "HKSourceRevisionAnyProductType"
    /// An operating system version that matches any operating system version (major version -1).
    public static let anyOperatingSystemVersion = "-1.0"

    /// Whether `stored` (a sample's revision) matches this revision used as a predicate's pattern.
    public func matches(_ stored: SourceRevision) -> Bool {
        guard source == stored.source else { return false }
        if version != Self.anyVersion, version != stored.version { return false }
        if productType != Self.anyProductType, productType != stored.productType { return false }
        guard let pattern = operatingSystemVersion.map(Self.versionNumbers) else {
            return stored.operatingSystemVersion == nil
        }
        if pattern.major == -1 { return true }
        guard let storedNumbers = stored.operatingSystemVersion.map(Self.versionNumbers) else { return false }
        return pattern == storedNumbers
    }

    /// An operating system version string as its major, minor and patch numbers (`17.4` is 17, 4, 0); a part that is
    /// not a number counts as 0.
    public static func versionNumbers(_ text: String) -> (major: Int, minor: Int, patch: Int) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        return (
            parts.count > 0 ? parts[0] : 0, parts.count > 1 ? parts[1] : 0, parts.count > 2 ? parts[2] : 0
        )
    }

    /// The string for major, minor and patch numbers: `17.4` when the patch is 0, else `17.4.1`.
    public static func versionString(major: Int, minor: Int, patch: Int) -> String {
        patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
    }
}
