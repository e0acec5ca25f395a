import Foundation
import HealthModel
import Synchronization

/// An app or device that saves data, as in HealthKit.
public final class HKSource: NSObject, @unchecked Sendable {
    /// The model source.
    public let source: Source

    /// Wraps a model source.
    public init(_ source: Source) {
        self.source = source
        super.init()
    }

    /// The display name.
    public var name: String { source.name }
    /// The bundle identifier.
    public var bundleIdentifier: String { source.bundleIdentifier }

    private static let current = Mutex(Source(name: "OpenHealthKit", bundleIdentifier: "org.openhealthkit.default"))

    /// The source of the calling app: what `save` stamps on samples. Set it with `setDefault(_:)`.
    public static func `default`() -> HKSource { HKSource(current.withLock { $0 }) }

    /// Sets the calling app's source for this process (HealthKit takes it from the app bundle).
    public static func setDefault(_ source: Source) { current.withLock { $0 = source } }

    public override var description: String { source.description }
    public override func isEqual(_ object: Any?) -> Bool { (object as? HKSource)?.source == source }
    public override var hash: Int { source.hashValue }
}

/// A source at a version, on a product and operating system, as in HealthKit.
public final class HKSourceRevision: NSObject, @unchecked Sendable {
    /// The model source revision.
    public let sourceRevision: SourceRevision

    /// Wraps a model source revision.
    public init(_ sourceRevision: SourceRevision) {
        self.sourceRevision = sourceRevision
        super.init()
    }

    /// A revision from its parts (HealthKit's initializer; the OS version as a string such as "17.1").
    public convenience init(
        source: HKSource, version: String?, productType: String? = nil, operatingSystemVersion: String? = nil
    ) {
        self.init(
            SourceRevision(
                source: source.source, version: version, productType: productType,
                operatingSystemVersion: operatingSystemVersion))
    }

    /// The source.
    public var source: HKSource { HKSource(sourceRevision.source) }
    /// The app version.
    public var version: String? { sourceRevision.version }
    /// The product type, e.g. `Watch6,1`.
    public var productType: String? { sourceRevision.productType }
    /// The operating system version.
    public var operatingSystemVersion: OperatingSystemVersion {
        let parts = (sourceRevision.operatingSystemVersion ?? "").split(separator: ".").map { Int($0) ?? 0 }
        return OperatingSystemVersion(
            majorVersion: parts.count > 0 ? parts[0] : 0, minorVersion: parts.count > 1 ? parts[1] : 0,
            patchVersion: parts.count > 2 ? parts[2] : 0)
    }

    public override var description: String { sourceRevision.description }
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKSourceRevision)?.sourceRevision == sourceRevision
    }
    public override var hash: Int { sourceRevision.hashValue }
}

/// The key for the device's display name. These keys name the device properties that
/// `HKQuery.predicateForObjects(withDeviceProperty:allowedValues:)` filters by.
public let HKDevicePropertyKeyName = "HKDevicePropertyName"
/// The key for the device's manufacturer.
public let HKDevicePropertyKeyManufacturer = "HKDevicePropertyManufacturer"
/// The key for the device's model.
public let HKDevicePropertyKeyModel = "HKDevicePropertyModel"
/// The key for the device's hardware version.
public let HKDevicePropertyKeyHardwareVersion = "HKDevicePropertyHardwareVersion"
/// The key for the device's firmware version.
public let HKDevicePropertyKeyFirmwareVersion = "HKDevicePropertyFirmwareVersion"
/// The key for the device's software version.
public let HKDevicePropertyKeySoftwareVersion = "HKDevicePropertySoftwareVersion"
/// The key for the device's local identifier.
public let HKDevicePropertyKeyLocalIdentifier = "HKDevicePropertyLocalIdentifier"
/// The key for the device's FDA Unique Device Identifier.
public let HKDevicePropertyKeyUDIDeviceIdentifier = "HKDevicePropertyUDIDeviceIdentifier"

/// The hardware that recorded a sample, as in HealthKit.
public final class HKDevice: NSObject, @unchecked Sendable {
    /// The model device.
    public let device: Device

    /// Wraps a model device.
    public init(_ device: Device) {
        self.device = device
        super.init()
    }

    /// HealthKit's initializer; every field is optional.
    public convenience init(
        name: String?, manufacturer: String?, model: String?, hardwareVersion: String?, firmwareVersion: String?,
        softwareVersion: String?, localIdentifier: String?, udiDeviceIdentifier: String?
    ) {
        self.init(
            Device(
                name: name, manufacturer: manufacturer, model: model, hardwareVersion: hardwareVersion,
                firmwareVersion: firmwareVersion, softwareVersion: softwareVersion, localIdentifier: localIdentifier,
                udiDeviceIdentifier: udiDeviceIdentifier))
    }

    /// The device running this code; on Linux a generic host description.
    public static func local() -> HKDevice { HKDevice(Device(name: "Linux", manufacturer: nil, model: "Server")) }

    /// The display name, e.g. "Apple Watch".
    public var name: String? { device.name }
    /// The manufacturer, e.g. "Apple Inc.".
    public var manufacturer: String? { device.manufacturer }
    /// The model, e.g. "Watch".
    public var model: String? { device.model }
    /// The hardware version, e.g. "Watch6,1".
    public var hardwareVersion: String? { device.hardwareVersion }
    /// The firmware version.
    public var firmwareVersion: String? { device.firmwareVersion }
    /// The software version, e.g. "10.1".
    public var softwareVersion: String? { device.softwareVersion }
    /// An identifier local to the device's maker (e.g. a Bluetooth identifier).
    public var localIdentifier: String? { device.localIdentifier }
    /// The FDA Unique Device Identifier.
    public var udiDeviceIdentifier: String? { device.udiDeviceIdentifier }

    public override var description: String { device.description }
    public override func isEqual(_ object: Any?) -> Bool { (object as? HKDevice)?.device == device }
    public override var hash: Int { device.hashValue }

    /// The model property for a HealthKit device property key.
    static func property(forKey key: String) -> DeviceProperty? {
        switch key {
        case HKDevicePropertyKeyName: return .name
        case HKDevicePropertyKeyManufacturer: return .manufacturer
        case HKDevicePropertyKeyModel: return .model
        case HKDevicePropertyKeyHardwareVersion: return .hardwareVersion
        case HKDevicePropertyKeyFirmwareVersion: return .firmwareVersion
        case HKDevicePropertyKeySoftwareVersion: return .softwareVersion
        case HKDevicePropertyKeyLocalIdentifier: return .localIdentifier
        case HKDevicePropertyKeyUDIDeviceIdentifier: return .udiDeviceIdentifier
        default: return nil
        }
    }
}
