import Foundation
import HealthModel

/// What a commit does, worked out by `CommitPlanner` before the storage changes anything: the rows to delete (asked
/// deletions, then stored versions replaced by a greater sync version), the samples to insert, and the samples
/// ignored; or the violation that fails the whole commit.
///
/// A storage applies a plan without a violation as deletions first, then insertions, then record writes, each taking
/// the next change sequence, after making sure that no accepted sample reuses an identifier (`firstReusedUUID(isStored:)`).
public struct CommitPlan<Row: CommitRow> {
    /// Stored rows to delete, in order: the asked deletions (each row once), then the replaced versions.
    public internal(set) var deletions: [Row] = []
    /// The identifiers of the objects in `deletions`.
    public internal(set) var deletedUUIDs: Set<UUID> = []
    /// The samples to insert, in batch order (a sample replaced by a greater version in the batch takes the place of
    /// the one it replaced).
    public internal(set) var accepted: [Sample]
    /// The indexes of `accepted` in the batch, nil when every sample of the batch is accepted in order.
    public internal(set) var acceptedIndexes: [Int]?
    /// The identifiers of the samples ignored because an equal or greater version is stored or in the batch.
    public internal(set) var ignored: [UUID] = []
    /// For each ignored sample, the identifier of the sample kept in its place (the stored one under the same sync
    /// key, or the one of the batch that won): associations naming an ignored sample name the kept one.
    public internal(set) var keptInstead: [UUID: UUID] = [:]
    /// The associations to record after the insertions (each naming objects that exist once the commit is applied).
    public internal(set) var associations: [WorkoutAssociation] = []
    /// The records to put or delete after the associations, each taking the next change sequence when it changes
    /// something (the last write of each kind and key of the batch).
    public internal(set) var records: [RecordWrite] = []
    /// Why the commit fails, nil when it may be applied.
    public internal(set) var violation: CommitViolation?

    init(accepting samples: [Sample]) {
        accepted = samples
    }

    /// The batch index of each accepted sample, in insertion order.
    public var acceptedBatchIndexes: [Int] { acceptedIndexes ?? Array(accepted.indices) }

    /// Whether an accepted sample has the identifier of an object this commit deletes, which a storage that deletes
    /// before it inserts does not see through its unique index.
    public var mayReuseDeletedUUID: Bool {
        !deletedUUIDs.isEmpty && accepted.contains { deletedUUIDs.contains($0.uuid) }
    }

    /// The first accepted sample (in insertion order) whose identifier is stored before the commit (deleted ones
    /// included), or repeats that of an earlier accepted sample: the `duplicateObject` of a plan that has no
    /// violation of its own. `isStored` answers for the state before the commit.
    public func firstReusedUUID(isStored: (UUID) throws -> Bool) rethrows -> UUID? {
        try CommitPlanner.firstReusedUUID(among: accepted, deleted: deletedUUIDs, isStored: isStored)
    }
}
