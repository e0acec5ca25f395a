import Foundation
import HealthModel

/// The commit rules of SEMANTICS §1, in one place, for every storage.
///
/// For a batch of insertions and deletions it works out, without changing anything, what the storage must do:
/// - each deletion must name a stored object (else `objectNotFound`, in the order asked); deleting one twice is one
///   deletion;
/// - a sample with a sync identifier (and a source) whose latest stored version under the same source has a lower
///   sync version replaces it (a deletion plus an insertion); an equal or greater stored version makes it ignored;
/// - of two samples of the batch with the same sync key, the greater version wins and the other is ignored (the
///   earlier one on a tie);
/// - an identifier may be used once: a sample claiming the identifier of a deleted or replaced object, of an ignored
///   sample, or of another claimed sample fails the commit with `duplicateObject`, as does ignoring a sample whose
///   identifier is stored or claimed. The remaining case, an accepted sample whose identifier is stored, is checked
///   by the storage as it inserts (`CommitPlan.firstReusedUUID(isStored:)`), so that a plain bulk insert asks no
///   question per sample.
///
/// Errors come in this order: unknown deletions first, then the batch in order, then reused identifiers in
/// insertion order.
public enum CommitPlanner {
    /// The plan for a whole batch: its insertions and deletions as `plan(inserting:deleting:lookup:)` works them out,
    /// then the owners of its record writes and its associations, each of whose workout and samples must be inserted
    /// by the batch or stored and not deleted by it (else `objectNotFound`, after every other violation). An
    /// association naming a sample the batch ignores names the sample kept in its place (`CommitPlan.keptInstead`),
    /// so re-sending a workout with its samples is ignored whole rather than failing.
    public static func plan<Lookup: CommitLookup>(
        _ batch: CommitBatch, lookup: Lookup
    ) throws -> CommitPlan<Lookup.Row> {
        var plan = try plan(inserting: batch.samples, deleting: batch.deletions, lookup: lookup)
        plan.records = records(of: batch)
        let owners = plan.records.compactMap(\.owner)
        guard plan.violation == nil, !batch.associations.isEmpty || !owners.isEmpty else { return plan }
        let inserted = Set(plan.accepted.lazy.map(\.uuid))
        func exists(_ uuid: UUID) throws -> Bool {
            if inserted.contains(uuid) { return true }
            if plan.deletedUUIDs.contains(uuid) { return false }
            return try lookup.storedRow(withUUID: uuid) != nil
        }
        // A record put for an object (an attachment) needs the object once the batch is applied.
        for owner in owners where try !exists(owner) { return plan.failing(.objectNotFound(owner)) }
        var seen = Set<[UUID]>()
        for var association in batch.associations where !association.samples.isEmpty {
            // A sample the batch ignores (a re-sent workout, route or heart-rate sample under a stored sync key) is
            // the one kept in its place: a re-sent workout keeps its samples, and new samples join the stored one.
            if !plan.keptInstead.isEmpty {
                association = WorkoutAssociation(
                    workout: plan.keptInstead[association.workout] ?? association.workout,
                    samples: association.samples.map { plan.keptInstead[$0] ?? $0 })
            }
            guard try exists(association.workout) else { return plan.failing(.objectNotFound(association.workout)) }
            for uuid in association.samples where try !exists(uuid) { return plan.failing(.objectNotFound(uuid)) }
            if seen.insert([association.workout] + association.samples).inserted {
                plan.associations.append(association)
            }
        }
        return plan
    }

    /// The record writes of a batch as a storage applies them: the last write of each kind and key, in batch order.
    static func records(of batch: CommitBatch) -> [RecordWrite] {
        guard batch.records.count > 1 else { return batch.records }
        struct Key: Hashable {
            let kind: String
            let key: String
        }
        var last: [Key: Int] = [:]
        for (index, write) in batch.records.enumerated() { last[Key(kind: write.kind, key: write.key)] = index }
        return batch.records.enumerated().filter { last[Key(kind: $0.element.kind, key: $0.element.key)] == $0.offset }
            .map(\.element)
    }

    /// The plan for inserting `samples` and deleting `uuids`, asking `lookup` about what is stored. A batch without
    /// deletions and without sync identifiers asks nothing and accepts every sample as it is.
    public static func plan<Lookup: CommitLookup>(
        inserting samples: [Sample], deleting uuids: [UUID], lookup: Lookup
    ) throws -> CommitPlan<Lookup.Row> {
        var plan = CommitPlan<Lookup.Row>(accepting: samples)
        var deletedRows = Set<Lookup.Row.ID>()
        for uuid in uuids {
            guard let row = try lookup.storedRow(withUUID: uuid) else {
                plan.violation = .objectNotFound(uuid)
                return plan
            }
            if deletedRows.insert(row.id).inserted {
                plan.deletions.append(row)
                plan.deletedUUIDs.insert(row.uuid)
            }
        }
        let hasSyncKeys = samples.contains { $0.syncIdentifier != nil && $0.sourceRevision != nil }
        guard hasSyncKeys || !plan.deletedUUIDs.isEmpty else { return plan }

        var accepted: [Int] = []  // batch indexes
        accepted.reserveCapacity(samples.count)
        var ignoredUUIDs = Set<UUID>()
        var claimed = Set<UUID>()  // only with sync keys: otherwise repeats are reused identifiers
        var pending: [SyncKey: Int] = [:]  // index into `accepted`
        func claim(_ uuid: UUID) -> Bool {
            if hasSyncKeys, !claimed.insert(uuid).inserted { return false }
            if !plan.deletedUUIDs.isEmpty, plan.deletedUUIDs.contains(uuid) { return false }
            if !ignoredUUIDs.isEmpty, ignoredUUIDs.contains(uuid) { return false }
            return true
        }
        func ignore(_ uuid: UUID) throws -> Bool {
            guard !claimed.contains(uuid), try lookup.storedRow(withUUID: uuid) == nil,
                ignoredUUIDs.insert(uuid).inserted
            else {
                return false
            }
            plan.ignored.append(uuid)
            return true
        }
        for (index, sample) in samples.enumerated() {
            guard let key = SyncKey(sample) else {
                guard claim(sample.uuid) else { return plan.failing(.duplicateObject(sample.uuid)) }
                accepted.append(index)
                continue
            }
            let version = sample.syncVersion ?? 0
            if let position = pending[key] {
                let earlier = samples[accepted[position]]
                if version > earlier.syncVersion ?? 0 {
                    claimed.remove(earlier.uuid)
                    guard try ignore(earlier.uuid) else { return plan.failing(.duplicateObject(earlier.uuid)) }
                    guard claim(sample.uuid) else { return plan.failing(.duplicateObject(sample.uuid)) }
                    accepted[position] = index
                    plan.keptInstead[earlier.uuid] = sample.uuid
                } else {
                    guard try ignore(sample.uuid) else { return plan.failing(.duplicateObject(sample.uuid)) }
                    plan.keptInstead[sample.uuid] = earlier.uuid
                }
                continue
            }
            if let row = try lookup.latestRow(with: key), !deletedRows.contains(row.id) {
                if version > row.syncVersion ?? 0 {
                    deletedRows.insert(row.id)
                    plan.deletions.append(row)
                    plan.deletedUUIDs.insert(row.uuid)
                } else {
                    guard try ignore(sample.uuid) else { return plan.failing(.duplicateObject(sample.uuid)) }
                    plan.keptInstead[sample.uuid] = row.uuid
                    continue
                }
            }
            guard claim(sample.uuid) else { return plan.failing(.duplicateObject(sample.uuid)) }
            pending[key] = accepted.count
            accepted.append(index)
        }
        plan.accepted = accepted.map { samples[$0] }
        plan.acceptedIndexes = accepted
        return plan
    }

    /// The sync keys of a batch, for a storage that looks up every key's latest row in one query before planning.
    public static func syncKeys(of samples: [Sample]) -> Set<SyncKey> {
        var keys = Set<SyncKey>()
        for sample in samples { if let key = SyncKey(sample) { keys.insert(key) } }
        return keys
    }

    /// The first of `samples` (in order) whose identifier is stored before the commit, among `deleted`, or repeats
    /// that of an earlier one; nil when every identifier is new.
    public static func firstReusedUUID(
        among samples: some Sequence<Sample>, deleted: Set<UUID>, isStored: (UUID) throws -> Bool
    ) rethrows -> UUID? {
        var seen = Set<UUID>()
        for sample in samples {
            let uuid = sample.uuid
            if !deleted.isEmpty, deleted.contains(uuid) { return uuid }
            if try isStored(uuid) || !seen.insert(uuid).inserted { return uuid }
        }
        return nil
    }
}

extension CommitPlan {
    /// The plan, failing with `violation` (nothing of it is applied).
    fileprivate func failing(_ violation: CommitViolation) -> Self {
        var plan = self
        plan.violation = violation
        return plan
    }
}
