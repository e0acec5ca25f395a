import Foundation

/// What a workout effort relationship query returns for each relationship, as in HealthKit.
public enum HKWorkoutEffortRelationshipQueryOptions: Int, Sendable, Hashable {
    /// Every related sample.
    case `default` = 0
    /// Only the most relevant sample: the latest effort score the person gave, else the latest estimate.
    case mostRelevant = 1
}
