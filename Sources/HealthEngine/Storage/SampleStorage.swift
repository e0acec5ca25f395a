import Foundation
import HealthModel

/// The samples of a store: atomic writes under SEMANTICS §1 (see `CommitPlanner`) and indexed reads.
public protocol SampleStorage: AnyObject, Sendable {
    /// Inserts, deletes and associates in one all-or-nothing commit.
    ///
    /// Inserted samples are already validated and carry their source revision. A sample whose sync identifier matches
    /// a stored sample of the same source replaces it when its sync version is greater (a deletion plus an
    /// insertion) and is ignored otherwise (SEMANTICS §1). A uuid that is already stored, or a deletion of a uuid that
    /// is not, fails the whole commit, as does an association naming an object neither stored nor inserted. The
    /// rules are `CommitPlanner`'s; a storage looks up and applies.
    func commit(_ batch: CommitBatch) throws -> CommitResult

    /// Stored samples of the type whose start and end may satisfy the bounds, in insertion order (a superset is fine).
    func candidates(of type: SampleType, within bounds: TimeBounds) throws -> [StoredSample]

    /// Quantity samples of the type whose start and end may satisfy the bounds, as columns (a superset is fine), or
    /// nil when this storage keeps none, or when some such sample is a series sample (count above one with entries).
    func quantityColumns(of type: SampleType, within bounds: TimeBounds) throws -> QuantityColumns?

    /// Like `candidates(of:within:)`, narrowed further by the parts of the predicate the storage can evaluate
    /// itself (a superset is fine: the engine still evaluates the whole predicate).
    func candidates(
        of type: SampleType, within bounds: TimeBounds, matching predicate: SamplePredicate
    ) throws -> [StoredSample]

    /// Every sample type the store holds samples of, with their count and time span, sorted by type identifier.
    func typeSummaries() throws -> [TypeSummary]

    /// Stored samples with these identifiers, in insertion order; missing ones are left out.
    func storedSamples(withUUIDs uuids: Set<UUID>) throws -> [StoredSample]

    /// The change sequence of each stored sample among `uuids` (missing ones are left out): what an import asks of
    /// every batch, so a storage should answer it without reading whole samples.
    func storedSequences(withUUIDs uuids: Set<UUID>) throws -> [UUID: Int64]

    /// The identifiers among `uuids` of samples that some stored correlation contains.
    func correlationMembers(among uuids: [UUID]) throws -> Set<UUID>

    /// Identifiers of the samples associated with a workout.
    func samplesAssociated(withWorkout workout: UUID) throws -> Set<UUID>
}

extension SampleStorage {
    /// Inserts and deletes in one all-or-nothing commit (a batch without associations).
    @discardableResult
    public func commit(inserting samples: [Sample], deleting uuids: [UUID]) throws -> CommitResult {
        try commit(CommitBatch(samples: samples, deletions: uuids))
    }

    /// By default the sequences come from `storedSamples(withUUIDs:)`.
    public func storedSequences(withUUIDs uuids: Set<UUID>) throws -> [UUID: Int64] {
        var result: [UUID: Int64] = [:]
        for stored in try storedSamples(withUUIDs: uuids) { result[stored.sample.uuid] = stored.sequence }
        return result
    }

    /// By default a storage narrows candidates by time alone.
    public func candidates(
        of type: SampleType, within bounds: TimeBounds, matching predicate: SamplePredicate
    ) throws -> [StoredSample] {
        try candidates(of: type, within: bounds)
    }

    /// By default a storage keeps no columns; the engine reads samples instead.
    public func quantityColumns(of type: SampleType, within bounds: TimeBounds) throws -> QuantityColumns? { nil }
}
