import Foundation

/// A condition on samples, built by HealthKit's predicate factories and evaluated by the engine.
public indirect enum SamplePredicate: Sendable, Hashable {
    /// Every sample.
    case all
    /// Samples in a date window; a nil bound drops its clause (see SEMANTICS §3 for the edge table).
    case date(start: Date?, end: Date?, options: DateMatchingOptions)
    /// Samples saved by any of these sources.
    case sources(Set<Source>)
    /// Samples saved by any of these source revisions (every field equal).
    case sourceRevisions(Set<SourceRevision>)
    /// Samples recorded by any of these devices (every property equal).
    case devices(Set<Device>)
    /// Samples whose device has the property equal to one of the values.
    case deviceProperty(DeviceProperty, values: Set<String>)
    /// Samples with one of these identifiers.
    case uuids(Set<UUID>)
    /// Samples whose metadata has the key.
    case metadataKeyExists(String)
    /// Samples whose metadata value for the key is one of the values.
    case metadataValues(key: String, values: [MetadataValue])
    /// Samples whose metadata value for the key compares with the value (numbers, dates, strings, quantities).
    case metadataComparison(key: String, comparison: ComparisonOperator, value: MetadataValue)
    /// Samples that belong to no correlation.
    case noCorrelation
    /// Samples associated with the workout with this identifier.
    case associatedWithWorkout(UUID)
    /// Effort score samples related to the workout with this identifier: to one of its activities when `activity` is
    /// given, otherwise to the workout or any of its activities (`predicateForWorkoutEffortSamplesRelated`).
    case workoutEffortRelated(workout: UUID, activity: UUID?)
    /// Quantity samples whose value compares with the quantity (converted to a common unit).
    case quantity(ComparisonOperator, Quantity)
    /// Category samples whose value compares with the value.
    case categoryValue(ComparisonOperator, Int)
    /// Category samples whose value is one of the values.
    case categoryValues(Set<Int>)
    /// Workouts of this activity type (HealthKit raw value).
    case workoutActivityType(UInt)
    /// Workouts whose active duration in seconds compares with the value.
    case workoutDuration(ComparisonOperator, TimeInterval)
    /// Workouts whose statistic for a quantity type compares with the quantity (`totalDistance` etc. are sums).
    case workoutStatistic(
        quantityTypeIdentifier: String, kind: WorkoutStatisticKind, comparison: ComparisonOperator, value: Quantity)
    /// Workouts whose total distance (any distance type) compares with the quantity.
    case workoutTotalDistance(ComparisonOperator, Quantity)
    /// Workouts with an activity the subpredicate matches, each activity taken as a workout of its own (its type,
    /// interval, duration and statistics); a workout without recorded activities is one activity.
    case workoutActivity(SamplePredicate)
    /// Payload samples (electrocardiograms, states of mind, …) whose content meets the condition.
    case payload(PayloadCondition)
    /// Every subpredicate holds.
    case and([SamplePredicate])
    /// At least one subpredicate holds.
    case or([SamplePredicate])
    /// The subpredicate does not hold.
    case not(SamplePredicate)

    /// Whether this predicate has a meaning for samples of this type; throws naming the part that has none.
    public func check(for type: SampleType) throws(HealthModelError) {
        switch self {
        case .all, .date, .sources, .sourceRevisions, .devices, .deviceProperty, .uuids, .metadataKeyExists,
            .metadataValues, .metadataComparison, .noCorrelation, .associatedWithWorkout,
            .workoutEffortRelated:
            return
        case let .quantity(_, quantity):
            guard type.kind == .quantity, let unit = type.canonicalUnit else {
                throw .invalidField(
                    field: "predicate", reason: "a quantity comparison cannot be evaluated on \(type.identifier)")
            }
            guard quantity.unit.isCompatible(with: unit) else {
                throw .unitNotCompatibleWithType(
                    unit: quantity.unit.unitString, type: type.identifier, expected: unit.unitString)
            }
            try Validation.checkFinite(quantity.value, field: "predicate quantity")
        case .categoryValue, .categoryValues:
            guard type.kind == .category else {
                throw .invalidField(
                    field: "predicate", reason: "a category value comparison cannot be evaluated on \(type.identifier)")
            }
        case .workoutActivityType, .workoutDuration, .workoutStatistic, .workoutTotalDistance:
            guard type.kind == .workout else {
                throw .invalidField(
                    field: "predicate", reason: "a workout predicate cannot be evaluated on \(type.identifier)")
            }
            if case let .workoutStatistic(identifier, _, _, value) = self {
                let statisticType = try SampleType.quantity(identifier)
                try Validation.check(value, for: statisticType, field: "predicate quantity")
            }
            if case let .workoutTotalDistance(_, value) = self {
                try Validation.check(
                    value, for: try SampleType.quantity("distanceWalkingRunning"), field: "predicate quantity")
            }
        case let .workoutActivity(inner):
            guard type.kind == .workout else {
                throw .invalidField(
                    field: "predicate", reason: "a workout activity predicate cannot be evaluated on \(type.identifier)"
                )
            }
            try inner.check(for: type)
        case let .payload(condition):
            guard type.kind == condition.kind else {
                throw .invalidField(
                    field: "predicate",
                    reason: "a \(condition.kind) predicate cannot be evaluated on \(type.identifier)")
            }
        case let .and(predicates), let .or(predicates):
            for predicate in predicates { try predicate.check(for: type) }
        case let .not(predicate):
            try predicate.check(for: type)
        }
    }
}

/// Which figure of a workout's statistics a predicate compares.
public enum WorkoutStatisticKind: String, Sendable, Hashable, CaseIterable {
    case sum, average, minimum, maximum
}

/// How a date-range predicate treats samples at its edges (HealthKit's `HKQueryOptions`).
public struct DateMatchingOptions: OptionSet, Sendable, Hashable {
    /// The options' bits, in HealthKit's layout.
    public let rawValue: Int
    /// Options from HealthKit's raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The sample must start at or after the window's start.
    public static let strictStartDate = DateMatchingOptions(rawValue: 1 << 0)
    /// The sample must end before the window's end.
    public static let strictEndDate = DateMatchingOptions(rawValue: 1 << 1)
}

/// How a predicate compares a stored value with a given one (HealthKit's `NSComparisonPredicate.Operator` subset).
public enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
    case lessThan = "<"
    case lessThanOrEqualTo = "<="
    case greaterThan = ">"
    case greaterThanOrEqualTo = ">="
    case equalTo = "=="
    case notEqualTo = "!="

    /// Whether `left OP right` holds.
    @inlinable
    public func holds<Value: Comparable>(_ left: Value, _ right: Value) -> Bool {
        switch self {
        case .lessThan: return left < right
        case .lessThanOrEqualTo: return left <= right
        case .greaterThan: return left > right
        case .greaterThanOrEqualTo: return left >= right
        case .equalTo: return left == right
        case .notEqualTo: return left != right
        }
    }
}
