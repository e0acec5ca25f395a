import Foundation
import HealthModel

/// One workout activity on its own, in the layout a workout's detail keeps its activities (an archived
/// `HKWorkoutActivity` holds these bytes).
extension SampleDetailCoding {
    /// A single activity, behind the layout version byte.
    package static func encoded(_ activity: WorkoutActivity) -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(UInt8(2))
        write([activity], to: &writer)
        return writer.bytes
    }

    /// A single activity from `encoded(_:)` of an activity; throws on bytes that hold anything else.
    package static func activity(from bytes: [UInt8]) throws -> WorkoutActivity {
        var reader = try opened(bytes, "workout activity")
        let activities = try readActivities(&reader)
        guard activities.count == 1 else {
            throw HealthStoreError.corruptStore("workout activity: \(activities.count) activities instead of one")
        }
        return activities[0]
    }
}
