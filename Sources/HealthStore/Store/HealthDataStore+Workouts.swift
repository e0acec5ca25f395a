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
    /// The workouts that start from `from` (inclusive) to `to` (exclusive) as this store object may see them, oldest
    /// first and at most `limit` of them when it is above 0, with their heart rate merged by the heart rate type's
    /// source order and their elevation.
    public func workoutSummaries(from: Date, to: Date, limit: Int = 0) throws -> [WorkoutSummary] {
        try wrapped {
            let heartRate = try SampleType.named("HKQuantityTypeIdentifierHeartRate")
            return try WorkoutSummaryEngine(storage: storage).summaries(
                from: from, to: to, limit: limit,
                heartRatePriority: SourcePriority(order: try sourceOrder(for: heartRate)))
        }
    }
}

extension HealthDataStore {
    /// The workout with this uuid as this store object may see it, or nil: one the client may not read is nil, as
    /// one that does not exist.
    public func workout(withUUID uuid: UUID) throws -> Sample? {
        try samples(SampleQueryRequest(type: .workout, predicate: .uuids([uuid]))).first
    }

    /// The workouts this store object may see whose uuid, written in capitals with dashes, starts with `prefix`
    /// (compared without regard to case), oldest first.
    public func workouts(withUUIDPrefix prefix: String) throws -> [Sample] {
        let wanted = prefix.uppercased()
        return try samples(SampleQueryRequest(type: .workout, predicate: .all, sort: [SampleSort(.startDate)]))
            .filter { $0.uuid.uuidString.hasPrefix(wanted) }
    }
}
