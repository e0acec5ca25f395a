import Foundation
import HealthModel

/// Workout summaries from a storage (as its view shows it): the workouts that start in a window, each with the heart
/// rate of the samples inside it merged across sources by priority (a Watch and a chest strap count once), by the
/// statistics engine, so the figures are the ones `ohk stats heartRate` gives for the same minutes, and the elevation
/// climbed from its route (`WorkoutElevation`).
public struct WorkoutSummaryEngine: Sendable {
    /// The storage read.
    public let storage: any SampleStorage

    /// An engine over a storage.
    public init(storage: any SampleStorage) {
        self.storage = storage
    }

    /// The workouts starting from `from` (inclusive) to `to` (exclusive), oldest first, the first `limit` of them
    /// when `limit` is above 0 (so a caller bounds the work, not only the answer); heart rate sources ranked by
    /// `heartRatePriority`.
    public func summaries(
        from: Date, to: Date, limit: Int = 0, heartRatePriority: SourcePriority
    ) throws -> [WorkoutSummary] {
        let workoutType = try SampleType.named("HKWorkoutTypeIdentifier")
        let heartRate = try SampleType.named("HKQuantityTypeIdentifierHeartRate")
        let workouts = try SampleQueryEngine(storage: storage).samples(
            for: SampleQueryRequest(
                type: workoutType, predicate: .date(start: from, end: to, options: [.strictStartDate]),
                limit: max(0, limit), sort: [SampleSort(.startDate)]))
        let statistics = StatisticsEngine(storage: storage)
        let meters = try HealthUnit(parsing: "m")
        let kilocalories = try HealthUnit(parsing: "kcal")
        let perMinute = try HealthUnit(parsing: "count/min")
        return try workouts.compactMap { workout -> WorkoutSummary? in
            guard case let .workout(content) = workout.content else { return nil }
            var average: Double?
            var maximum: Double?
            do {
                let figures = try statistics.statistics(
                    for: try StatisticsRequest(
                        type: heartRate,
                        // Samples that start during the workout (HealthKit's strict end excludes one ending at
                        // the workout's last instant).
                        predicate: .date(start: workout.startDate, end: workout.endDate, options: [.strictStartDate]),
                        options: [.discreteAverage, .discreteMax], priority: heartRatePriority))
                average = try figures.merged.average?.value(in: perMinute)
                maximum = try figures.merged.maximum?.value(in: perMinute)
            } catch HealthEngineError.noData {
                // No heart rate during the workout: the figures stay empty.
            }
            return WorkoutSummary(
                uuid: workout.uuid, activityType: content.activityType?.caseName ?? "other",
                start: workout.startDate, end: workout.endDate, duration: content.duration,
                distance: try content.totalDistance?.value(in: meters),
                energy: try content.totalEnergyBurned?.value(in: kilocalories), averageHeartRate: average,
                maximumHeartRate: maximum, source: workout.sourceRevision?.source,
                elevation: WorkoutElevation.of(
                    workout: workout,
                    routes: try SampleQueryEngine(storage: storage).workoutRoutes(ofWorkout: workout.uuid)))
        }
    }
}
