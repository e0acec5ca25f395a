import Foundation
import HealthEngine
import HealthModel

/// What the store holds besides query answers: its position in the change log, the types it has, and the objects an
/// import brings beside samples (clinical documents), a workout's routes. Reads follow this store object's view.
extension HealthDataStore {
    /// The sequence of the latest commit (0 for a store never written to): the anchor of "now" in the change log.
    public func latestSequence() throws -> Int64 {
        try wrapped { try storage.latestSequence() }
    }

    /// The oldest sequence an anchor may still name: deletions before it were forgotten (0 while none were).
    public func changeHorizon() throws -> Int64 {
        try wrapped { try storage.changeHorizon() }
    }

    /// The types the store holds samples of, with their counts and date ranges, as this store object may see them.
    public func typeSummaries() throws -> [TypeSummary] {
        try wrapped { try storage.typeSummaries() }
    }

    /// The change-log sequences at which the samples with these identifiers were stored (absent: not stored).
    public func storedSequences(withUUIDs uuids: Set<UUID>) throws -> [UUID: Int64] {
        try wrapped { try storage.storedSequences(withUUIDs: uuids) }
    }

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

    /// The clinical documents the store holds.
    public func clinicalDocuments() throws -> [ClinicalDocument] {
        try wrapped { try storage.clinicalDocuments() }
    }

    /// Writes a store's journal into its main file when its backend keeps one (`Checkpointing`, SQLite's WAL);
    /// does nothing on other backends. Call it before closing a store for good.
    public func checkpoint() throws {
        _ = try wrapped { try (base as? any Checkpointing)?.checkpoint() }
    }
}
