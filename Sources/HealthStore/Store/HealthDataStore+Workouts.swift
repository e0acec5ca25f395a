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
    /// The workouts that start from `from` (inclusive) to `to` (exclusive) as this store object may see them, oldest
    /// first and at most `limit` of them when it is above 0, with their heart rate merged by the heart rate type's
    /// source order, their time in heart rate zones (`workoutZoneGroups`; the person's age for system zones in
    /// `calendar`) and their elevation; `to` not after `from` is an error naming `to`.
    public func workoutSummaries(
        from: Date, to: Date, limit: Int = 0, calendar: Calendar = Calendar(identifier: .gregorian)
    ) throws -> [WorkoutSummary] {
        try workoutSummaries(
            try wrapped { try WorkoutSummariesRequest(from: from, to: to, limit: limit) }, calendar: calendar)
    }

    /// The workouts of a checked request as this store object may see them (`workoutSummaries(from:to:limit:)`).
    public func workoutSummaries(
        _ request: WorkoutSummariesRequest, calendar: Calendar = Calendar(identifier: .gregorian)
    ) throws -> [WorkoutSummary] {
        try wrapped {
            let heartRate = try SampleType.named("HKQuantityTypeIdentifierHeartRate")
            // The person's zones, date of birth and source orders are read once for the whole listing.
            let reads = WorkoutZoneReads()
            return try WorkoutSummaryEngine(storage: storage).summaries(
                request, heartRatePriority: SourcePriority(order: try storage.sourceOrder(for: heartRate)),
                heartRateZones: { workout in
                    try self.workoutZoneGroups(of: workout, types: [heartRate], calendar: calendar, reads: reads)[
                        heartRate]
                })
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

extension HealthDataStore {
    /// Saves a route for a stored workout as an import does: a route sample with the workout's source revision and
    /// device, associated with it, in one commit. The route's own identifier is kept.
    public func saveWorkoutRoute(_ route: WorkoutRoute) throws {
        guard let workout = try workout(withUUID: route.workout) else {
            throw HealthStoreError.objectNotFound(route.workout)
        }
        let sample = try wrapped {
            try Sample.workoutRoute(
                uuid: route.uuid, locations: route.locations, device: workout.device,
                sourceRevision: workout.sourceRevision)
        }
        try saveImported([sample], associations: [WorkoutAssociation(workout: workout.uuid, samples: [sample.uuid])])
    }

    /// Saves the beat-to-beat series of a stored heart rate variability sample as an import does
    /// (`Sample.heartbeatSeries(importedWith:beats:)`).
    public func saveHeartbeatSeries(_ series: HeartbeatSeries) throws {
        let hrv = try SampleType.quantity("heartRateVariabilitySDNN")
        guard let owner = try samples(SampleQueryRequest(type: hrv, predicate: .uuids([series.sample]))).first else {
            throw HealthStoreError.objectNotFound(series.sample)
        }
        try saveImported([try wrapped { try Sample.heartbeatSeries(importedWith: owner, beats: series.beats) }])
    }
}

/// What a workout and a heart rate variability sample bring along (routes, heartbeat series), read as samples through
/// this store object's view.
extension HealthDataStore {
    /// The routes of a workout (the route samples associated with it), oldest first, as this store object may see
    /// them.
    public func workoutRoutes(ofWorkout workout: UUID) throws -> [WorkoutRoute] {
        try wrapped { try sampleQueries.workoutRoutes(ofWorkout: workout) }
    }

    /// The heartbeat series imported with a heart rate variability sample (its beats' dates and rates), as this
    /// store object may see it, or nil.
    public func heartbeatSeries(ofSample sample: UUID) throws -> HeartbeatSeries? {
        let uuid = Sample.heartbeatSeriesUUID(of: sample)
        let request = SampleQueryRequest(type: .heartbeatSeries, predicate: .uuids([uuid]))
        return try samples(request).first.flatMap { HeartbeatSeries(seriesSample: $0, of: sample) }
    }
}
