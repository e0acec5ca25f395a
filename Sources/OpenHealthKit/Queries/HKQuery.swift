import Foundation
import HealthModel

/// Date-window options of `predicateForSamples(withStart:end:options:)`, as in HealthKit.
public struct HKQueryOptions: OptionSet, Sendable, Hashable {
    /// The options' bits, HealthKit's raw value.
    public let rawValue: UInt
    /// Options from HealthKit's raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The sample must start inside the window.
    public static let strictStartDate = HKQueryOptions(rawValue: 1 << 0)
    /// The sample must end inside the window.
    public static let strictEndDate = HKQueryOptions(rawValue: 1 << 1)

    var model: DateMatchingOptions { DateMatchingOptions(rawValue: Int(rawValue)) }
}

/// No limit on the number of results.
public let HKObjectQueryNoLimit: Int = 0

/// The base of every query, with HealthKit's predicate factories.
open class HKQuery: NSObject, @unchecked Sendable {
    /// The type the query searches, if it has one.
    open internal(set) var objectType: HKObjectType?
    /// The query's predicate.
    open internal(set) var predicate: NSPredicate?

    /// The type the query searches, when it is a sample type.
    open var sampleType: HKSampleType? { objectType as? HKSampleType }

    init(objectType: HKObjectType?, predicate: NSPredicate?) {
        self.objectType = objectType
        self.predicate = predicate
        super.init()
    }

    /// Runs the query against a store and hands its handler calls to `HKHealthStore.deliver(_:)`; called by
    /// `HKHealthStore.execute(_:)` on the store's executor, or on the callback queue when `startsMonitor`.
    func run(in healthStore: HKHealthStore) {}

    /// Whether `run(in:)` only starts a monitor that reads the store on a queue of its own (the long-running anchored,
    /// observer, statistics collection and activity summary queries), so that it starts at once rather than after
    /// the executor's queued work.
    var startsMonitor: Bool { false }

    /// Ends a long-running query; called by `HKHealthStore.stop(_:)`.
    func stopRunning() {}

    /// Hands an error to the query's handler instead of running it (fault injection by the testing product).
    func deliverFailure(_ error: HKError) {}

    /// The types the query searches, for the record of executed queries.
    var queryTypes: [HKObjectType] { objectType.map { [$0] } ?? [] }

    // MARK: Dates

    /// Samples in a date window; see SEMANTICS §3 for how each option treats the edges.
    open class func predicateForSamples(
        withStart startDate: Date?, end endDate: Date?, options: HKQueryOptions = []
    ) -> NSPredicate {
        HealthPredicate(.date(start: startDate, end: endDate, options: options.model))
    }

    // MARK: Objects

    /// Objects saved by one source.
    open class func predicateForObjects(from source: HKSource) -> NSPredicate {
        HealthPredicate(.sources([source.source]))
    }
    /// Objects saved by any of the sources.
    open class func predicateForObjects(from sources: Set<HKSource>) -> NSPredicate {
        HealthPredicate(.sources(Set(sources.map(\.source))))
    }
    /// Objects saved by any of the source revisions.
    open class func predicateForObjects(from sourceRevisions: Set<HKSourceRevision>) -> NSPredicate {
        HealthPredicate(.sourceRevisions(Set(sourceRevisions.map(\.sourceRevision))))
    }
    /// Objects recorded by any of the devices (every property equal).
    open class func predicateForObjects(from devices: Set<HKDevice>) -> NSPredicate {
        HealthPredicate(.devices(Set(devices.map(\.device))))
    }
    /// Objects whose device property has one of the values; an unknown key matches nothing.
    open class func predicateForObjects(withDeviceProperty key: String, allowedValues: Set<String>) -> NSPredicate {
        guard let property = HKDevice.property(forKey: key) else { return HealthPredicate(.not(.all)) }
        return HealthPredicate(.deviceProperty(property, values: allowedValues))
    }
    /// The object with this identifier.
    open class func predicateForObject(with uuid: UUID) -> NSPredicate { HealthPredicate(.uuids([uuid])) }
    /// Objects with these identifiers.
    open class func predicateForObjects(with uuids: Set<UUID>) -> NSPredicate { HealthPredicate(.uuids(uuids)) }
    /// Objects that belong to no correlation.
    open class func predicateForObjectsWithNoCorrelation() -> NSPredicate { HealthPredicate(.noCorrelation) }
    /// Samples associated with a workout.
    open class func predicateForObjects(from workout: HKWorkout) -> NSPredicate {
        HealthPredicate(.associatedWithWorkout(workout.uuid))
    }

    // MARK: Metadata

    /// Objects whose metadata has the key.
    open class func predicateForObjects(withMetadataKey key: String) -> NSPredicate {
        HealthPredicate(.metadataKeyExists(key))
    }
    /// Objects whose metadata value for the key is one of the values (strings, numbers, dates, quantities).
    open class func predicateForObjects(withMetadataKey key: String, allowedValues: [Any]) -> NSPredicate {
        HealthPredicate(.metadataValues(key: key, values: allowedValues.compactMap(MetadataBridge.value)))
    }
    /// Objects whose metadata value for the key compares with the value.
    open class func predicateForObjects(
        withMetadataKey key: String, operatorType: NSComparisonPredicate.Operator, value: Any
    ) -> NSPredicate {
        guard let comparison = comparisonOperator(operatorType), let value = MetadataBridge.value(value) else {
            return UnsupportedPredicate("metadata comparison \(operatorType) with \(type(of: value))")
        }
        return HealthPredicate(.metadataComparison(key: key, comparison: comparison, value: value))
    }

    // MARK: Quantity and category

    /// Quantity samples whose value compares with the quantity.
    open class func predicateForQuantitySamples(
        with operatorType: NSComparisonPredicate.Operator, quantity: HKQuantity
    ) -> NSPredicate {
        guard let comparison = comparisonOperator(operatorType) else {
            return UnsupportedPredicate("quantity comparison \(operatorType)")
        }
        return HealthPredicate(.quantity(comparison, quantity.quantity))
    }
    /// Category samples whose value compares with the value.
    open class func predicateForCategorySamples(
        with operatorType: NSComparisonPredicate.Operator, value: Int
    ) -> NSPredicate {
        guard let comparison = comparisonOperator(operatorType) else {
            return UnsupportedPredicate("category comparison \(operatorType)")
        }
        return HealthPredicate(.categoryValue(comparison, value))
    }
    /// Category samples whose value is one of the values.
    open class func predicateForCategorySamples(withValues values: Set<Int>) -> NSPredicate {
        HealthPredicate(.categoryValues(values))
    }

    // MARK: Workouts

    /// Workouts of one activity type.
    open class func predicateForWorkouts(with workoutActivityType: HKWorkoutActivityType) -> NSPredicate {
        HealthPredicate(.workoutActivityType(workoutActivityType.rawValue))
    }
    /// Workouts whose duration compares with the value.
    open class func predicateForWorkouts(
        with operatorType: NSComparisonPredicate.Operator, duration: TimeInterval
    ) -> NSPredicate {
        guard let comparison = comparisonOperator(operatorType) else {
            return UnsupportedPredicate("duration comparison \(operatorType)")
        }
        return HealthPredicate(.workoutDuration(comparison, duration))
    }
    /// Workouts whose total energy burned compares with the quantity.
    open class func predicateForWorkouts(
        with operatorType: NSComparisonPredicate.Operator, totalEnergyBurned: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, "HKQuantityTypeIdentifierActiveEnergyBurned", .sum, totalEnergyBurned)
    }
    /// Workouts whose total distance compares with the quantity.
    open class func predicateForWorkouts(
        with operatorType: NSComparisonPredicate.Operator, totalDistance: HKQuantity
    ) -> NSPredicate {
        guard let comparison = comparisonOperator(operatorType) else {
            return UnsupportedPredicate("distance comparison \(operatorType)")
        }
        return HealthPredicate(.workoutTotalDistance(comparison, totalDistance.quantity))
    }
    /// Workouts whose total swimming strokes compare with the quantity.
    open class func predicateForWorkouts(
        with operatorType: NSComparisonPredicate.Operator, totalSwimmingStrokeCount: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, "HKQuantityTypeIdentifierSwimmingStrokeCount", .sum, totalSwimmingStrokeCount)
    }
    /// Workouts whose total flights climbed compare with the quantity.
    open class func predicateForWorkouts(
        with operatorType: NSComparisonPredicate.Operator, totalFlightsClimbed: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, "HKQuantityTypeIdentifierFlightsClimbed", .sum, totalFlightsClimbed)
    }
    /// Workouts whose sum for a quantity type compares with the quantity.
    open class func predicateForWorkouts(
        operatorType: NSComparisonPredicate.Operator, quantityType: HKQuantityType, sumQuantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, quantityType.identifier, .sum, sumQuantity)
    }
    /// Workouts whose average for a quantity type compares with the quantity.
    open class func predicateForWorkouts(
        operatorType: NSComparisonPredicate.Operator, quantityType: HKQuantityType, averageQuantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, quantityType.identifier, .average, averageQuantity)
    }
    /// Workouts whose minimum for a quantity type compares with the quantity.
    open class func predicateForWorkouts(
        operatorType: NSComparisonPredicate.Operator, quantityType: HKQuantityType, minimumQuantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, quantityType.identifier, .minimum, minimumQuantity)
    }
    /// Workouts whose maximum for a quantity type compares with the quantity.
    open class func predicateForWorkouts(
        operatorType: NSComparisonPredicate.Operator, quantityType: HKQuantityType, maximumQuantity: HKQuantity
    ) -> NSPredicate {
        workoutStatistic(operatorType, quantityType.identifier, .maximum, maximumQuantity)
    }

    // MARK: Activity summaries

    /// The activity summary of one day (year, month and day components).
    open class func predicateForActivitySummary(with dateComponents: DateComponents) -> NSPredicate {
        HealthPredicate(.day(dateComponents))
    }
    /// Activity summaries from one day through another, both included.
    open class func predicate(
        forActivitySummariesBetweenStart startDateComponents: DateComponents, end endDateComponents: DateComponents
    ) -> NSPredicate {
        HealthPredicate(.days(from: startDateComponents, through: endDateComponents))
    }

    // MARK: Helpers

    class func workoutStatistic(
        _ operatorType: NSComparisonPredicate.Operator, _ identifier: String, _ kind: WorkoutStatisticKind,
        _ quantity: HKQuantity
    ) -> NSPredicate {
        guard let comparison = comparisonOperator(operatorType) else {
            return UnsupportedPredicate("workout comparison \(operatorType)")
        }
        return HealthPredicate(
            .workoutStatistic(
                quantityTypeIdentifier: identifier, kind: kind, comparison: comparison, value: quantity.quantity))
    }

    static func comparisonOperator(_ operatorType: NSComparisonPredicate.Operator) -> ComparisonOperator? {
        switch operatorType {
        case .lessThan: return .lessThan
        case .lessThanOrEqualTo: return .lessThanOrEqualTo
        case .greaterThan: return .greaterThan
        case .greaterThanOrEqualTo: return .greaterThanOrEqualTo
        case .equalTo: return .equalTo
        case .notEqualTo: return .notEqualTo
        default: return nil
        }
    }
}

/// A predicate a factory could not build (an operator HealthKit does not allow); queries using it fail with its reason.
final class UnsupportedPredicate: NSPredicate {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
        super.init(value: false)
    }

    required init?(coder: NSCoder) { nil }

    override var predicateFormat: String { "unsupported predicate: \(reason)" }
}
