import Foundation
import HealthModel

/// Which workouts to summarize, checked once where it is asked: those that start from `from` (inclusive) to `to`
/// (exclusive), at most `limit` of them when it is above 0.
public struct WorkoutSummariesRequest: Sendable {
    /// The window's start (inclusive).
    public let from: Date
    /// The window's end (exclusive).
    public let to: Date
    /// The most workouts to summarize (0: all), so a caller bounds the work, not only the answer.
    public let limit: Int

    /// A request; throws `invalidQuery` naming `to` when the window is empty or longer than `maximumDays` days (when
    /// given: every request has a bounded cost), and `limit` when it is negative.
    public init(from: Date, to: Date, limit: Int = 0, maximumDays: Int? = nil) throws(HealthEngineError) {
        guard from < to else { throw .invalidQuery(field: "to", reason: "is not after from") }
        if let maximumDays, to.timeIntervalSince(from) > Double(maximumDays + 1) * 86_400 {
            throw .invalidQuery(field: "to", reason: "at most \(maximumDays) days at a time")
        }
        guard limit >= 0 else { throw .invalidQuery(field: "limit", reason: "must not be negative") }
        self.from = from
        self.to = to
        self.limit = limit
    }
}

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

    /// The request's workouts, oldest first; heart rate sources ranked by `heartRatePriority`; the time in heart rate
    /// zones from `heartRateZones` when given (the zones a workout counts by are the store's to decide).
    public func summaries(
        _ request: WorkoutSummariesRequest, heartRatePriority: SourcePriority,
        heartRateZones: ((Sample) throws -> WorkoutZoneGroup?)? = nil
    ) throws -> [WorkoutSummary] {
        let from = request.from
        let to = request.to
        let limit = request.limit
        let workoutType = try SampleType.named("HKWorkoutTypeIdentifier")
        let heartRate = try SampleType.named("HKQuantityTypeIdentifierHeartRate")
        // A pushed copy of a workout listed here is the same workout: listed once (PushedWorkouts).
        let workouts = PushedWorkouts.withoutCopies(
            try SampleQueryEngine(storage: storage).samples(
                for: SampleQueryRequest(
                    type: workoutType, predicate: .date(start: from, end: to, options: [.strictStartDate]),
                    limit: max(0, limit), sort: [SampleSort(.startDate)])))
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
                    routes: try SampleQueryEngine(storage: storage).workoutRoutes(ofWorkout: workout.uuid)),
                heartRateZones: try heartRateZones?(workout))
        }
    }
}
