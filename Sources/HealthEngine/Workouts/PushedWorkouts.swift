import Foundation
import HealthModel

/// A pushed workout (one with `MetadataKey.pushedFrom`, e.g. from Health Auto Export) and a workout of the device's
/// own (exported or saved directly) of the same activity whose starts and ends agree within a minute are one workout
/// (decisions/pushed-data.md): workout listings and summaries keep the own one, whichever was stored first.
public enum PushedWorkouts {
    /// How far the starts and the ends of a workout and its pushed copy may differ.
    public static let tolerance: TimeInterval = 60

    /// The workouts without the pushed copies of others among them (order kept).
    public static func withoutCopies(_ workouts: [Sample]) -> [Sample] {
        let own = workouts.filter { $0.pushedFrom == nil && $0.type.kind == .workout }
        guard own.count < workouts.count, !own.isEmpty else { return workouts }
        return workouts.filter { workout in
            guard workout.pushedFrom != nil, case let .workout(content) = workout.content else { return true }
            return !own.contains { other in
                guard case let .workout(otherContent) = other.content else { return false }
                return otherContent.activityTypeRawValue == content.activityTypeRawValue
                    && abs(other.startDate.timeIntervalSince(workout.startDate)) <= tolerance
                    && abs(other.endDate.timeIntervalSince(workout.endDate)) <= tolerance
            }
        }
    }

}
