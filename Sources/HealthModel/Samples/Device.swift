/// The hardware that generated a sample; every field is optional, as in HealthKit.
///
/// Stored behind a shared immutable box so that millions of samples of one device cost one pointer each.
public struct Device: Sendable, Hashable, CustomStringConvertible {
    /// The fields of a device; compared and hashed by value.
    public struct Fields: Sendable, Hashable {
        /// Display name, e.g. "Apple Watch".
        public var name: String?
        /// Manufacturer, e.g. "Apple Inc.".
        public var manufacturer: String?
        /// Model, e.g. "Watch".
        public var model: String?
        /// Hardware version, e.g. "Watch6,1".
        public var hardwareVersion: String?
        /// Firmware version.
        public var firmwareVersion: String?
        /// Software version, e.g. "10.1".
        public var softwareVersion: String?
        /// An identifier local to the device's maker (e.g. a Bluetooth identifier).
        public var localIdentifier: String?
        /// The FDA Unique Device Identifier.
        public var udiDeviceIdentifier: String?

        /// Fields with every value given or nil.
        public init(
            name: String? = nil, manufacturer: String? = nil, model: String? = nil, hardwareVersion: String? = nil,
            firmwareVersion: String? = nil, softwareVersion: String? = nil, localIdentifier: String? = nil,
            udiDeviceIdentifier: String? = nil
        ) {
            self.name = name
            self.manufacturer = manufacturer
            self.model = model
            self.hardwareVersion = hardwareVersion
            self.firmwareVersion = firmwareVersion
            self.softwareVersion = softwareVersion
            self.localIdentifier = localIdentifier
            self.udiDeviceIdentifier = udiDeviceIdentifier
        }
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private let box: Box

    /// A device with the given fields.
    public init(_ fields: Fields) { box = Box(fields) }

    /// A device with any of its fields given.
    public init(
        name: String? = nil, manufacturer: String? = nil, model: String? = nil, hardwareVersion: String? = nil,
        firmwareVersion: String? = nil, softwareVersion: String? = nil, localIdentifier: String? = nil,
        udiDeviceIdentifier: String? = nil
    ) {
        self.init(
            Fields(
                name: name, manufacturer: manufacturer, model: model, hardwareVersion: hardwareVersion,
                firmwareVersion: firmwareVersion, softwareVersion: softwareVersion, localIdentifier: localIdentifier,
                udiDeviceIdentifier: udiDeviceIdentifier))
    }

    /// All fields at once.
    public var fields: Fields { box.fields }
    /// Display name.
    public var name: String? { box.fields.name }
    /// Manufacturer.
    public var manufacturer: String? { box.fields.manufacturer }
    /// Model.
    public var model: String? { box.fields.model }
    /// Hardware version.
    public var hardwareVersion: String? { box.fields.hardwareVersion }
    /// Firmware version.
    public var firmwareVersion: String? { box.fields.firmwareVersion }
    /// Software version.
    public var softwareVersion: String? { box.fields.softwareVersion }
    /// Local identifier.
    public var localIdentifier: String? { box.fields.localIdentifier }
    /// FDA Unique Device Identifier.
    public var udiDeviceIdentifier: String? { box.fields.udiDeviceIdentifier }

    /// The value of one property, for property predicates.
    public func value(of property: DeviceProperty) -> String? {
        switch property {
        case .name: return name
        case .manufacturer: return manufacturer
        case .model: return model
        case .hardwareVersion: return hardwareVersion
        case .firmwareVersion: return firmwareVersion
        case .softwareVersion: return softwareVersion
        case .localIdentifier: return localIdentifier
        case .udiDeviceIdentifier: return udiDeviceIdentifier
        }
    }

    /// Two devices are equal when every field is equal (the same box is equal without comparing).
    public static func == (lhs: Device, rhs: Device) -> Bool { lhs.box === rhs.box || lhs.box.fields == rhs.box.fields }
    /// Hashes every field.
    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

    /// `<Device name:…, model:…>`, listing only the fields that are set.
    public var description: String {
        let parts: [(String, String?)] = [
            ("name", name), ("manufacturer", manufacturer), ("model", model), ("hardware", hardwareVersion),
            ("firmware", firmwareVersion), ("software", softwareVersion), ("localIdentifier", localIdentifier),
            ("UDIDeviceIdentifier", udiDeviceIdentifier),
        ]
        return "<Device " + parts.compactMap { key, value in value.map { "\(key):\($0)" } }.joined(separator: ", ")
            + ">"
    }
}

/// One property of a device, as used by `HKDevicePropertyKey…` predicates.
public enum DeviceProperty: String, Sendable, Hashable, CaseIterable {
    case name, manufacturer, model, hardwareVersion, firmwareVersion, softwareVersion, localIdentifier,
        udiDeviceIdentifier
}
