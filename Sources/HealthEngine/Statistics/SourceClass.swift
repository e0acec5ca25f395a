import HealthModel

/// The class of a source in the default source order (SEMANTICS §5.1): an Apple Watch, another Apple device (an
/// iPhone), or a third party. Hand entry is not a class: it is a property of a sample (`HKWasUserEntered`), which ranks
/// above every class whatever its source.
///
/// Devices decide (docs/decisions/source-order.md). A sample is Apple's when its device's manufacturer is `Apple` or
/// `Apple Inc.` or its source's bundle identifier starts with `com.apple.`; it is a Watch's when, besides, the device's
/// model or hardware version or the source revision's product type starts with `Watch`. Every other sample (no device,
/// another manufacturer, an app's own bundle identifier) is a third party's. So a third-party app whose samples carry
/// an Apple Watch or an iPhone as their device ranks with that device's class, and an Apple source whose samples carry
/// no device is recognised by its `com.apple.` bundle identifier alone.
///
/// A source's class in a ranking is the best class of its samples there: a source with samples from a Watch and from
/// an iPhone ranks as a Watch.
public enum SourceClass: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// An Apple Watch.
    case appleWatch = 0
    /// An iPhone or another Apple device.
    case appleDevice = 1
    /// Any other app or device.
    case thirdParty = 2

    /// The class of a sample's provenance: its source's bundle identifier, its source revision's product type and
    /// its device's manufacturer, model and hardware version, each if known.
    public init(
        bundleIdentifier: String?, productType: String?, manufacturer: String?, model: String?,
        hardwareVersion: String?
    ) {
        let isApple =
            manufacturer.map(SourceClass.isAppleManufacturer) == true
            || bundleIdentifier?.hasPrefix("com.apple.") == true
        guard isApple else {
            self = .thirdParty
            return
        }
        let isWatch = [model, hardwareVersion, productType].contains { $0?.hasPrefix("Watch") == true }
        self = isWatch ? .appleWatch : .appleDevice
    }

    /// The class of a source revision with a device, either possibly absent.
    public init(_ revision: SourceRevision?, device: Device?) {
        self.init(
            bundleIdentifier: revision?.source.bundleIdentifier, productType: revision?.productType,
            manufacturer: device?.manufacturer, model: device?.model, hardwareVersion: device?.hardwareVersion)
    }

    /// The class of one sample.
    public init(_ sample: Sample) {
        self.init(sample.sourceRevision, device: sample.device)
    }

    /// Whether a manufacturer names Apple: `Apple` or `Apple Inc.` (exports spell it both ways).
    static func isAppleManufacturer(_ manufacturer: String) -> Bool {
        manufacturer == "Apple" || manufacturer == "Apple Inc." || manufacturer == "Apple Inc"
    }

    /// Orders by rank: Watch, other Apple device, third party.
    public static func < (lhs: SourceClass, rhs: SourceClass) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `Apple Watch`, `Apple device` or `third party`.
    public var description: String {
        switch self {
        case .appleWatch: return "Apple Watch"
        case .appleDevice: return "Apple device"
        case .thirdParty: return "third party"
        }
    }
}

/// The class of samples in runs: samples come in runs of one source revision and device, so each run's class is
/// worked out once (comparing the shared boxes of the previous sample's revision and device, not their strings).
struct SourceClassCache {
    private var lastRevision: SourceRevision?
    private var lastDevice: Device?
    private var lastClass: SourceClass?

    /// The class of a sample.
    mutating func sourceClass(of sample: Sample) -> SourceClass {
        let revision = sample.sourceRevision
        let device = sample.device
        if let lastClass, revision == lastRevision, device == lastDevice { return lastClass }
        let found = SourceClass(revision, device: device)
        lastRevision = revision
        lastDevice = device
        lastClass = found
        return found
    }
}
