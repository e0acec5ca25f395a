import Foundation
import HealthModel

/// Archiving and copying workout events, as HealthKit declares them (`NSSecureCoding`, `NSCopying`): the type's raw
/// value, the interval's dates and the metadata, each under its own key. The decoding initializer is in the class.
extension HKWorkoutEvent: NSSecureCoding, NSCopying {
    static let typeKey = "HKWorkoutEventType"
    static let startKey = "HKWorkoutEventStart"
    static let endKey = "HKWorkoutEventEnd"
    static let metadataKey = "HKWorkoutEventMetadata"

    /// Events decode only as events.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the event.
    public func encode(with coder: NSCoder) {
        ObjectArchive.encode(type.rawValue, forKey: HKWorkoutEvent.typeKey, to: coder)
        ObjectArchive.encode(dateInterval.start, forKey: HKWorkoutEvent.startKey, to: coder)
        ObjectArchive.encode(dateInterval.end, forKey: HKWorkoutEvent.endKey, to: coder)
        ObjectArchive.encode(metadata: metadata, forKey: HKWorkoutEvent.metadataKey, to: coder)
    }

    /// Events are immutable: the copy is the event itself.
    public func copy(with zone: NSZone? = nil) -> Any { self }
}
