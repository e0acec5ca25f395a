import Foundation
import HealthEngine
import HealthModel

/// What building a workout asks of the store: the figures of the samples recorded for it.
extension HealthDataStore {
    /// The figures, per quantity type, of the samples among `samples` that overlap `start...end` (the whole of each
    /// sample counted, as a statistics query counts it), computed by the statistics engine with the type's source
    /// order: what a workout or one of its activities records as its statistics. Types without such samples are left
    /// out.
    public func workoutStatistics(
        of samples: Set<UUID>, types: Set<SampleType>, start: Date?, end: Date?
    ) throws -> [String: WorkoutStatistic] {
        var result: [String: WorkoutStatistic] = [:]
        guard !samples.isEmpty else { return result }
        let predicate: SamplePredicate =
            start == nil && end == nil
            ? .uuids(samples) : .and([.uuids(samples), .date(start: start, end: end, options: [])])
        for type in types where type.kind == .quantity {
            let figures: QuantityStatistics
            do {
                figures = try statistics(
                    of: type, matching: predicate, options: WorkoutStatistic.options(for: type))
            } catch HealthStoreError.engine(.noData) {
                continue
            }
            result[type.identifier] = try wrapped { try WorkoutStatistic(figures) }
        }
        return result
    }
}

extension HealthDataStore {
    /// Saves a route an app recorded for a workout it saved; found afterwards as imported routes are (route queries,
    /// `predicateForObjects(from:)`), visible to whoever may read the workout.
    public func saveWorkoutRoute(_ route: WorkoutRoute) throws {
        try wrapped { try storage.saveWorkoutRoute(route) }
    }
}

extension HealthDataStore {
    /// The workouts that start from `from` (inclusive) to `to` (exclusive) as this store object may see them, with
    /// their heart rate merged by the heart rate type's source order.
    public func workoutSummaries(from: Date, to: Date) throws -> [WorkoutSummary] {
        try wrapped {
            let heartRate = try SampleType.named("HKQuantityTypeIdentifierHeartRate")
            return try WorkoutSummaryEngine(storage: storage).summaries(
                from: from, to: to, heartRatePriority: SourcePriority(order: try sourceOrder(for: heartRate)))
        }
    }
}
