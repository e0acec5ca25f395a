import Foundation
import HealthModel

/// Where a workout session takes place, with HealthKit's raw values.
public enum HKWorkoutSessionLocationType: Int, Sendable, Hashable {
    /// Not known.
    case unknown = 1
    /// Indoors.
    case indoor = 2
    /// Outdoors.
    case outdoor = 3
}

/// How a workout, a workout session or one activity of a workout is set up, as in HealthKit.
open class HKWorkoutConfiguration: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The kind of activity.
    open var activityType: HKWorkoutActivityType = .other
    /// Whether it takes place indoors or outdoors.
    open var locationType: HKWorkoutSessionLocationType = .unknown
    /// For swims: in a pool or in open water.
    open var swimmingLocationType: HKWorkoutSwimmingLocationType = .unknown
    /// For pool swims: the length of one lap.
    open var lapLength: HKQuantity?

    /// A configuration for an activity of type `.other`, location unknown.
    public override init() {
        super.init()
    }

    // MARK: NSSecureCoding

    /// Configurations decode only as configurations.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the activity type, location, swimming location and lap length (raw values, as in HealthKit).
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(Int(activityType.rawValue), forKey: "HKWorkoutConfigurationActivityType", to: coder)
        ObjectArchive.encode(locationType.rawValue, forKey: "HKWorkoutConfigurationLocationType", to: coder)
        ObjectArchive.encode(
            swimmingLocationType.rawValue, forKey: "HKWorkoutConfigurationSwimmingLocationType", to: coder)
        ObjectArchive.encode(lapLength?.quantity, forKey: "HKWorkoutConfigurationLapLength", to: coder)
    }

    /// Unarchives a configuration; fails on a missing or unknown raw value or a lap length that does not read.
    public required init?(coder: NSCoder) {
        guard let activity = ObjectArchive.integer(coder, "HKWorkoutConfigurationActivityType"), activity >= 0,
            let activityType = HKWorkoutActivityType(rawValue: UInt(activity)),
            let location = ObjectArchive.integer(coder, "HKWorkoutConfigurationLocationType")
                .flatMap(HKWorkoutSessionLocationType.init(rawValue:)),
            let swimming = ObjectArchive.integer(coder, "HKWorkoutConfigurationSwimmingLocationType")
                .flatMap(HKWorkoutSwimmingLocationType.init(rawValue:))
        else {
            ObjectArchive.report(coder, "HKWorkoutConfiguration", "a raw value is missing or unknown")
            return nil
        }
        let lapLength = ObjectArchive.quantity(coder, "HKWorkoutConfigurationLapLength")
        if case .invalid = lapLength {
            ObjectArchive.report(coder, "HKWorkoutConfiguration", "the lap length does not read")
            return nil
        }
        self.activityType = activityType
        locationType = location
        swimmingLocationType = swimming
        self.lapLength = lapLength.value.map(HKQuantity.init)
        super.init()
    }

    /// A copy with the same values.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = HKWorkoutConfiguration()
        copy.activityType = activityType
        copy.locationType = locationType
        copy.swimmingLocationType = swimmingLocationType
        copy.lapLength = lapLength
        return copy
    }

    /// Whether another configuration has the same values.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKWorkoutConfiguration else { return false }
        return model == other.model
    }

    /// A hash of the values.
    open override var hash: Int { model.hashValue }

    /// The model configuration.
    var model: WorkoutConfiguration {
        WorkoutConfiguration(
            activityTypeRawValue: activityType.rawValue, locationTypeRawValue: locationType.rawValue,
            swimmingLocationTypeRawValue: swimmingLocationType.rawValue, lapLength: lapLength?.quantity)
    }

    /// A configuration with the model's values.
    convenience init(_ model: WorkoutConfiguration) {
        self.init()
        activityType = HKWorkoutActivityType(rawValue: model.activityTypeRawValue) ?? .other
        locationType = HKWorkoutSessionLocationType(rawValue: model.locationTypeRawValue) ?? .unknown
        swimmingLocationType = HKWorkoutSwimmingLocationType(rawValue: model.swimmingLocationTypeRawValue) ?? .unknown
        lapLength = model.lapLength.map(HKQuantity.init)
    }
}
