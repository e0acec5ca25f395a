/// The key path for a quantity sample's number of values, for predicates (`%K`) built with `NSPredicate(format:)`.
/// Predicates by key path are refused on Linux (see docs/guide/swift-api.md); the constants exist so that code naming
/// them compiles.
public let HKPredicateKeyPathCount = "count"
/// The key path for a cumulative quantity sample's sum.
public let HKPredicateKeyPathSum = "sumQuantity"
/// The key path for a discrete quantity sample's smallest value.
public let HKPredicateKeyPathMin = "minimumQuantity"
/// The key path for a discrete quantity sample's average.
public let HKPredicateKeyPathAverage = "averageQuantity"
/// The key path for a discrete quantity sample's largest value.
public let HKPredicateKeyPathMax = "maximumQuantity"
/// The key path for a discrete quantity sample's most recent value.
public let HKPredicateKeyPathMostRecent = "mostRecentQuantity"
/// The key path for the start of a discrete quantity sample's most recent value.
public let HKPredicateKeyPathMostRecentStartDate = "mostRecentQuantityDateInterval.startDate"
/// The key path for the end of a discrete quantity sample's most recent value.
public let HKPredicateKeyPathMostRecentEndDate = "mostRecentQuantityDateInterval.endDate"
/// The key path for the duration of a discrete quantity sample's most recent value.
public let HKPredicateKeyPathMostRecentDuration = "mostRecentQuantityDateInterval.duration"
/// The key path for a workout's sum of a quantity type (`predicateForWorkouts(operatorType:quantityType:sumQuantity:)`).
public let HKPredicateKeyPathWorkoutSumQuantity = "workoutSumQuantity"
/// The key path for a workout's minimum of a quantity type.
public let HKPredicateKeyPathWorkoutMinimumQuantity = "workoutMinimumQuantity"
/// The key path for a workout's maximum of a quantity type.
public let HKPredicateKeyPathWorkoutMaximumQuantity = "workoutMaximumQuantity"
/// The key path for a workout's average of a quantity type.
public let HKPredicateKeyPathWorkoutAverageQuantity = "workoutAverageQuantity"
