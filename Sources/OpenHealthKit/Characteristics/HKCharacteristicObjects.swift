import Foundation

/// The value of `HKHealthStore.biologicalSex()`, as in HealthKit.
open class HKBiologicalSexObject: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The biological sex; `.notSet` when not set or not readable.
    open var biologicalSex: HKBiologicalSex { value }
    private let value: HKBiologicalSex

    init(_ value: HKBiologicalSex) {
        self.value = value
        super.init()
    }

    /// Unarchives the value; fails on a missing or unknown raw value.
    public required init?(coder: NSCoder) {
        guard
            let value = ObjectArchive.integer(coder, "HKBiologicalSexObjectValue").flatMap(
                HKBiologicalSex.init(rawValue:))
        else {
            ObjectArchive.report(coder, "HKBiologicalSexObject", "no known value")
            return nil
        }
        self.value = value
        super.init()
    }

    /// Values decode only as this class.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the raw value.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(value.rawValue, forKey: "HKBiologicalSexObjectValue", to: coder)
    }

    /// The object is immutable: the copy is the object itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when the values are.
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKBiologicalSexObject)?.value == value }

    /// Hashes the value.
    open override var hash: Int { value.hashValue }
}

/// The value of `HKHealthStore.bloodType()`, as in HealthKit.
open class HKBloodTypeObject: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The blood type; `.notSet` when not set or not readable.
    open var bloodType: HKBloodType { value }
    private let value: HKBloodType

    init(_ value: HKBloodType) {
        self.value = value
        super.init()
    }

    /// Unarchives the value; fails on a missing or unknown raw value.
    public required init?(coder: NSCoder) {
        guard let value = ObjectArchive.integer(coder, "HKBloodTypeObjectValue").flatMap(HKBloodType.init(rawValue:))
        else {
            ObjectArchive.report(coder, "HKBloodTypeObject", "no known value")
            return nil
        }
        self.value = value
        super.init()
    }

    /// Values decode only as this class.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the raw value.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(value.rawValue, forKey: "HKBloodTypeObjectValue", to: coder)
    }

    /// The object is immutable: the copy is the object itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when the values are.
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKBloodTypeObject)?.value == value }

    /// Hashes the value.
    open override var hash: Int { value.hashValue }
}

/// The value of `HKHealthStore.fitzpatrickSkinType()`, as in HealthKit.
open class HKFitzpatrickSkinTypeObject: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// The skin type; `.notSet` when not set or not readable.
    open var skinType: HKFitzpatrickSkinType { value }
    private let value: HKFitzpatrickSkinType

    init(_ value: HKFitzpatrickSkinType) {
        self.value = value
        super.init()
    }

    /// Unarchives the value; fails on a missing or unknown raw value.
    public required init?(coder: NSCoder) {
        guard
            let value = ObjectArchive.integer(coder, "HKFitzpatrickSkinTypeObjectValue").flatMap(
                HKFitzpatrickSkinType.init(rawValue:))
        else {
            ObjectArchive.report(coder, "HKFitzpatrickSkinTypeObject", "no known value")
            return nil
        }
        self.value = value
        super.init()
    }

    /// Values decode only as this class.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the raw value.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(value.rawValue, forKey: "HKFitzpatrickSkinTypeObjectValue", to: coder)
    }

    /// The object is immutable: the copy is the object itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when the values are.
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKFitzpatrickSkinTypeObject)?.value == value }

    /// Hashes the value.
    open override var hash: Int { value.hashValue }
}

/// The value of `HKHealthStore.wheelchairUse()`, as in HealthKit.
open class HKWheelchairUseObject: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// Whether the person uses a wheelchair; `.notSet` when not set or not readable.
    open var wheelchairUse: HKWheelchairUse { value }
    private let value: HKWheelchairUse

    init(_ value: HKWheelchairUse) {
        self.value = value
        super.init()
    }

    /// Unarchives the value; fails on a missing or unknown raw value.
    public required init?(coder: NSCoder) {
        guard
            let value = ObjectArchive.integer(coder, "HKWheelchairUseObjectValue").flatMap(
                HKWheelchairUse.init(rawValue:))
        else {
            ObjectArchive.report(coder, "HKWheelchairUseObject", "no known value")
            return nil
        }
        self.value = value
        super.init()
    }

    /// Values decode only as this class.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the raw value.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(value.rawValue, forKey: "HKWheelchairUseObjectValue", to: coder)
    }

    /// The object is immutable: the copy is the object itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when the values are.
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKWheelchairUseObject)?.value == value }

    /// Hashes the value.
    open override var hash: Int { value.hashValue }
}

/// The value of `HKHealthStore.activityMoveMode()`, as in HealthKit.
open class HKActivityMoveModeObject: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// How the Move ring is measured; `.activeEnergy` when not set or not readable.
    open var activityMoveMode: HKActivityMoveMode { value }
    private let value: HKActivityMoveMode

    init(_ value: HKActivityMoveMode) {
        self.value = value
        super.init()
    }

    /// Unarchives the value; fails on a missing or unknown raw value.
    public required init?(coder: NSCoder) {
        guard
            let value = ObjectArchive.integer(coder, "HKActivityMoveModeObjectValue").flatMap(
                HKActivityMoveMode.init(rawValue:))
        else {
            ObjectArchive.report(coder, "HKActivityMoveModeObject", "no known value")
            return nil
        }
        self.value = value
        super.init()
    }

    /// Values decode only as this class.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the raw value.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(value.rawValue, forKey: "HKActivityMoveModeObjectValue", to: coder)
    }

    /// The object is immutable: the copy is the object itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when the values are.
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKActivityMoveModeObject)?.value == value }

    /// Hashes the value.
    open override var hash: Int { value.hashValue }
}
