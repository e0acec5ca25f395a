import Foundation

/// The value of `HKHealthStore.biologicalSex()`, as in HealthKit.
open class HKBiologicalSexObject: NSObject, @unchecked Sendable {
    /// The biological sex; `.notSet` when not set or not readable.
    open var biologicalSex: HKBiologicalSex { value }
    private let value: HKBiologicalSex

    init(_ value: HKBiologicalSex) {
        self.value = value
        super.init()
    }
}

/// The value of `HKHealthStore.bloodType()`, as in HealthKit.
open class HKBloodTypeObject: NSObject, @unchecked Sendable {
    /// The blood type; `.notSet` when not set or not readable.
    open var bloodType: HKBloodType { value }
    private let value: HKBloodType

    init(_ value: HKBloodType) {
        self.value = value
        super.init()
    }
}

/// The value of `HKHealthStore.fitzpatrickSkinType()`, as in HealthKit.
open class HKFitzpatrickSkinTypeObject: NSObject, @unchecked Sendable {
    /// The skin type; `.notSet` when not set or not readable.
    open var skinType: HKFitzpatrickSkinType { value }
    private let value: HKFitzpatrickSkinType

    init(_ value: HKFitzpatrickSkinType) {
        self.value = value
        super.init()
    }
}

/// The value of `HKHealthStore.wheelchairUse()`, as in HealthKit.
open class HKWheelchairUseObject: NSObject, @unchecked Sendable {
    /// Whether the person uses a wheelchair; `.notSet` when not set or not readable.
    open var wheelchairUse: HKWheelchairUse { value }
    private let value: HKWheelchairUse

    init(_ value: HKWheelchairUse) {
        self.value = value
        super.init()
    }
}

/// The value of `HKHealthStore.activityMoveMode()`, as in HealthKit.
open class HKActivityMoveModeObject: NSObject, @unchecked Sendable {
    /// How the Move ring is measured; `.activeEnergy` when not set or not readable.
    open var activityMoveMode: HKActivityMoveMode { value }
    private let value: HKActivityMoveMode

    init(_ value: HKActivityMoveMode) {
        self.value = value
        super.init()
    }
}
