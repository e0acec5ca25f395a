import Foundation
import HealthModel
import Synchronization

/// An app or device that saves data, as in HealthKit.
open class HKSource: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The model source.
    package let source: Source

    /// Wraps a model source.
    public init(_ source: Source) {
        self.source = source
        super.init()
    }

    /// The display name.
    open var name: String { source.name }
    /// The bundle identifier.
    open var bundleIdentifier: String { source.bundleIdentifier }

    private static let current = Mutex(Source(name: "OpenHealthKit", bundleIdentifier: "org.openhealthkit.default"))

    /// The source of the calling app: what `save` stamps on samples. Set it with `setDefault(_:)`.
    public static func `default`() -> HKSource { HKSource(current.withLock { $0 }) }

    /// Sets the calling app's source for this process (HealthKit takes it from the app bundle).
    package static func setDefault(_ source: Source) { current.withLock { $0 = source } }

    open override var description: String { source.description }
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKSource)?.source == source }
    open override var hash: Int { source.hashValue }

    // MARK: NSSecureCoding, NSCopying

    /// Sources decode only as sources.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the name and bundle identifier.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(name, forKey: "HKSourceName", to: coder)
        ObjectArchive.encode(bundleIdentifier, forKey: "HKSourceBundleIdentifier", to: coder)
    }

    /// Unarchives a source; fails without a name and a bundle identifier.
    public required init?(coder: NSCoder) {
        guard let name = ObjectArchive.string(coder, "HKSourceName"),
            let bundleIdentifier = ObjectArchive.string(coder, "HKSourceBundleIdentifier")
        else {
            ObjectArchive.report(coder, "HKSource", "no name or bundle identifier")
            return nil
        }
        source = Source(name: name, bundleIdentifier: bundleIdentifier)
        super.init()
    }

    /// Sources are immutable: the copy is the source itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A source at a version, on a product and operating system, as in HealthKit.
open class HKSourceRevision: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The model source revision.
    package let sourceRevision: SourceRevision

    /// Wraps a model source revision.
    public init(_ sourceRevision: SourceRevision) {
        self.sourceRevision = sourceRevision
        super.init()
    }

    /// A revision of a source at a version, for source-revision predicates.
    public init(source: HKSource, version: String?) {
        sourceRevision = SourceRevision(source: source.source, version: version)
        super.init()
    }

    /// A revision from its parts, for source-revision predicates: `HKSourceRevisionAnyVersion`,
    /// `HKSourceRevisionAnyProductType` and `HKSourceRevisionAnyOperatingSystem` match any value of their field.
    public convenience init(
        source: HKSource, version: String?, productType: String?, operatingSystemVersion: OperatingSystemVersion
    ) {
        self.init(
            SourceRevision(
                source: source.source, version: version, productType: productType,
                operatingSystemVersion: SourceRevision.versionString(
                    major: operatingSystemVersion.majorVersion, minor: operatingSystemVersion.minorVersion,
                    patch: operatingSystemVersion.patchVersion)))
    }

    /// The source.
    open var source: HKSource { HKSource(sourceRevision.source) }
    /// The app version.
    open var version: String? { sourceRevision.version }
    /// The product type, e.g. `Watch6,1`.
    open var productType: String? { sourceRevision.productType }
    /// The operating system version (`17.4.1` is 17, 4, 1); 0.0.0 when unknown.
    open var operatingSystemVersion: OperatingSystemVersion {
        guard let text = sourceRevision.operatingSystemVersion else {
            return OperatingSystemVersion(majorVersion: 0, minorVersion: 0, patchVersion: 0)
        }
        let numbers = SourceRevision.versionNumbers(text)
        return OperatingSystemVersion(
            majorVersion: numbers.major, minorVersion: numbers.minor, patchVersion: numbers.patch)
    }

    open override var description: String { sourceRevision.description }
    open override func isEqual(_ object: Any?) -> Bool {
        (object as? HKSourceRevision)?.sourceRevision == sourceRevision
    }
    open override var hash: Int { sourceRevision.hashValue }

    // MARK: NSSecureCoding, NSCopying

    /// Revisions decode only as revisions.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the source, version, product type and operating system version (each optional part only when set).
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(sourceRevision.source.name, forKey: "HKSourceRevisionSourceName", to: coder)
        ObjectArchive.encode(
            sourceRevision.source.bundleIdentifier, forKey: "HKSourceRevisionSourceBundleIdentifier", to: coder)
        ObjectArchive.encode(sourceRevision.version, forKey: "HKSourceRevisionVersion", to: coder)
        ObjectArchive.encode(sourceRevision.productType, forKey: "HKSourceRevisionProductType", to: coder)
        ObjectArchive.encode(
            sourceRevision.operatingSystemVersion, forKey: "HKSourceRevisionOperatingSystemVersion", to: coder)
    }

    /// Unarchives a revision; fails without its source's name and bundle identifier.
    public required init?(coder: NSCoder) {
        guard let name = ObjectArchive.string(coder, "HKSourceRevisionSourceName"),
            let bundleIdentifier = ObjectArchive.string(coder, "HKSourceRevisionSourceBundleIdentifier")
        else {
            ObjectArchive.report(coder, "HKSourceRevision", "no source name or bundle identifier")
            return nil
        }
        sourceRevision = SourceRevision(
            source: Source(name: name, bundleIdentifier: bundleIdentifier),
            version: ObjectArchive.string(coder, "HKSourceRevisionVersion"),
            productType: ObjectArchive.string(coder, "HKSourceRevisionProductType"),
            operatingSystemVersion: ObjectArchive.string(coder, "HKSourceRevisionOperatingSystemVersion"))
        super.init()
    }

    /// Revisions are immutable: the copy is the revision itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A version that matches any version, for `HKSourceRevision(source:version:productType:operatingSystemVersion:)` in
/// source-revision predicates.
public let HKSourceRevisionAnyVersion: String = SourceRevision.anyVersion
/// A product type that matches any product type, for source-revision predicates.
public let HKSourceRevisionAnyProductType: String = SourceRevision.anyProductType
/// An operating system version that matches any operating system, for source-revision predicates.
public let HKSourceRevisionAnyOperatingSystem = OperatingSystemVersion(
    majorVersion: -1, minorVersion: 0, patchVersion: 0)

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
open class HKDevice: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The model device.
    package let device: Device

    /// Wraps a model device.
    public init(_ device: Device) {
        self.device = device
        super.init()
    }

    /// HealthKit's initializer; every field is optional.
    public init(
        name: String?, manufacturer: String?, model: String?, hardwareVersion: String?, firmwareVersion: String?,
        softwareVersion: String?, localIdentifier: String?, udiDeviceIdentifier: String?
    ) {
        device =
            Device(
                name: name, manufacturer: manufacturer, model: model, hardwareVersion: hardwareVersion,
                firmwareVersion: firmwareVersion, softwareVersion: softwareVersion, localIdentifier: localIdentifier,
                udiDeviceIdentifier: udiDeviceIdentifier)
        super.init()
    }

    /// The device running this code; on Linux a generic host description.
    public static func local() -> HKDevice { HKDevice(Device(name: "Linux", manufacturer: nil, model: "Server")) }

    /// The display name, e.g. "Apple Watch".
    open var name: String? { device.name }
    /// The manufacturer, e.g. "Apple Inc.".
    open var manufacturer: String? { device.manufacturer }
    /// The model, e.g. "Watch".
    open var model: String? { device.model }
    /// The hardware version, e.g. "Watch6,1".
    open var hardwareVersion: String? { device.hardwareVersion }
    /// The firmware version.
    open var firmwareVersion: String? { device.firmwareVersion }
    /// The software version, e.g. "10.1".
    open var softwareVersion: String? { device.softwareVersion }
    /// An identifier local to the device's maker (e.g. a Bluetooth identifier).
    open var localIdentifier: String? { device.localIdentifier }
    /// The FDA Unique Device Identifier.
    open var udiDeviceIdentifier: String? { device.udiDeviceIdentifier }

    open override var description: String { device.description }
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKDevice)?.device == device }
    open override var hash: Int { device.hashValue }

    // MARK: NSSecureCoding, NSCopying

    /// Devices decode only as devices.
    open class var supportsSecureCoding: Bool { true }

    /// The device's fields with their `HKDevicePropertyKey…` keys, which the archive uses.
    private static let keyedProperties: [(String, DeviceProperty)] = [
        (HKDevicePropertyKeyName, .name), (HKDevicePropertyKeyManufacturer, .manufacturer),
        (HKDevicePropertyKeyModel, .model), (HKDevicePropertyKeyHardwareVersion, .hardwareVersion),
        (HKDevicePropertyKeyFirmwareVersion, .firmwareVersion), (HKDevicePropertyKeySoftwareVersion, .softwareVersion),
        (HKDevicePropertyKeyLocalIdentifier, .localIdentifier),
        (HKDevicePropertyKeyUDIDeviceIdentifier, .udiDeviceIdentifier),
    ]

    /// Archives the fields that are set, under their device property keys.
    open func encode(with coder: NSCoder) {
        for (key, property) in HKDevice.keyedProperties {
            ObjectArchive.encode(device.value(of: property), forKey: key, to: coder)
        }
    }

    /// Unarchives a device (every field is optional, as in HealthKit).
    public required init?(coder: NSCoder) {
        func read(_ key: String) -> String? { ObjectArchive.string(coder, key) }
        device = Device(
            name: read(HKDevicePropertyKeyName), manufacturer: read(HKDevicePropertyKeyManufacturer),
            model: read(HKDevicePropertyKeyModel), hardwareVersion: read(HKDevicePropertyKeyHardwareVersion),
            firmwareVersion: read(HKDevicePropertyKeyFirmwareVersion),
            softwareVersion: read(HKDevicePropertyKeySoftwareVersion),
            localIdentifier: read(HKDevicePropertyKeyLocalIdentifier),
            udiDeviceIdentifier: read(HKDevicePropertyKeyUDIDeviceIdentifier))
        super.init()
    }

    /// Devices are immutable: the copy is the device itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

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
