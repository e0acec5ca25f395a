import Foundation
import HealthModel

/// Predicates on a workout's activities, as in HealthKit: build one with `predicateForWorkoutActivities(…)`, then
/// match the workouts having such an activity with `predicateForWorkouts(activityPredicate:)`.
extension HKQuery {
    /// Activities of one activity type.
    public class func predicateForWorkoutActivities(workoutActivityType: HKWorkoutActivityType) -> NSPredicate {
        HealthPredicate(.workoutActivityType(workoutActivityType.rawValue))
    }

    /// Activities whose active duration compares with `duration`.
    public class func predicateForWorkoutActivities(
        operatorType: NSComparisonPredicate.Operator, duration: TimeInterval
    ) -> NSPredicate {
        guard let comparison = comparisonOperator(operatorType) else {
            return UnsupportedPredicate("activity duration comparison \(operatorType)")
        }
        return HealthPredicate(.workoutDuration(comparison, duration))
    }

    /// Activities within a date window (nil: open on that side).
    public class func predicateForWorkoutActivities(
        start startDate: Date?, end endDate: Date?, options: HKQueryOptions = []
    )
        -> NSPredicate
    {
        HealthPredicate(.date(start: startDate, end: endDate, options: options.model))
    }

    /// Activities whose sum of a quantity type compares with `sumQuantity`.
    public class func predicateForWorkoutActivities(
        operatorType: NSComparisonPredicate.Operator, quantityType: HKQuantityType, sumQuantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, quantityType.identifier, .sum, sumQuantity)
    }

    /// Activities whose minimum of a quantity type compares with `minimumQuantity`.
    public class func predicateForWorkoutActivities(
        operatorType: NSComparisonPredicate.Operator, quantityType: HKQuantityType, minimumQuantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, quantityType.identifier, .minimum, minimumQuantity)
    }

    /// Activities whose maximum of a quantity type compares with `maximumQuantity`.
    public class func predicateForWorkoutActivities(
        operatorType: NSComparisonPredicate.Operator, quantityType: HKQuantityType, maximumQuantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, quantityType.identifier, .maximum, maximumQuantity)
    }

    /// Activities whose average of a quantity type compares with `averageQuantity`.
    public class func predicateForWorkoutActivities(
        operatorType: NSComparisonPredicate.Operator, quantityType: HKQuantityType, averageQuantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, quantityType.identifier, .average, averageQuantity)
    }

    /// Workouts with at least one activity that `activityPredicate` matches.
    public class func predicateForWorkouts(activityPredicate: NSPredicate) -> NSPredicate {
        do {
            return HealthPredicate(.workoutActivity(try PredicateBridge.samplePredicate(activityPredicate)))
        } catch {
            return UnsupportedPredicate("activity predicate: \(error)")
        }
    }
}

/// The key path of a workout's activities in predicates (HealthKit uses it in `predicateForWorkouts(activityPredicate:)`).
public let HKPredicateKeyPathWorkoutActivity = "workoutActivity"
/// The key path of an activity's activity type.
public let HKPredicateKeyPathWorkoutActivityType = "workoutActivityType"
/// The key path of an activity's duration.
public let HKPredicateKeyPathWorkoutActivityDuration = "workoutActivityDuration"
/// The key path of an activity's start date.
public let HKPredicateKeyPathWorkoutActivityStartDate = "workoutActivityStartDate"
/// The key path of an activity's end date.
public let HKPredicateKeyPathWorkoutActivityEndDate = "workoutActivityEndDate"
/// The key path of the sum of a quantity type over an activity.
public let HKPredicateKeyPathWorkoutActivitySumQuantity = "workoutActivitySumQuantity"
/// The key path of the minimum of a quantity type over an activity.
public let HKPredicateKeyPathWorkoutActivityMinimumQuantity = "workoutActivityMinimumQuantity"
/// The key path of the maximum of a quantity type over an activity.
public let HKPredicateKeyPathWorkoutActivityMaximumQuantity = "workoutActivityMaximumQuantity"
/// The key path of the average of a quantity type over an activity.
public let HKPredicateKeyPathWorkoutActivityAverageQuantity = "workoutActivityAverageQuantity"
