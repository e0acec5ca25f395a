import Foundation
import HealthModel
import HealthStore

/// Archiving and copying workout activities, as HealthKit declares them (`NSSecureCoding`, `NSCopying`): the whole
/// model activity (identifier, configuration, interval, metadata, events, statistics) as one block in the store's
/// layout. The decoding initializer is in the class.
extension HKWorkoutActivity: NSSecureCoding, NSCopying {
    static let activityKey = "HKWorkoutActivity"

    /// Activities decode only as activities.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the activity; one built from values HealthKit would refuse archives only the reason, and does not
    /// decode.
    public func encode(with coder: NSCoder) {
        switch backing {
        case let .success(activity):
            ObjectArchive.encode(
                Data(SampleDetailCoding.encoded(activity)), forKey: HKWorkoutActivity.activityKey, to: coder)
        case let .failure(error):
            ObjectArchive.encode(error.description, forKey: ObjectArchive.invalidKey, to: coder)
        }
    }

    /// Activities are immutable: the copy is the activity itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
