// The public member here implements a SampleStorage requirement; the protocol documents it.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

extension SQLiteStorage {
    // MARK: Writing

    /// A stored row about to be deleted.
    private struct DeletedRow: CommitRow {
        let sequence: Int64
        let uuid: UUID
        let typeID: Int64
        let syncIdentifier: String?
        let syncVersion: Double?
        var id: Int64 { sequence }
    }

    /// Answers the commit planner with one prepared statement a question, inside the commit's transaction.
    private struct Lookup: CommitLookup {
        let find: SQLiteRawStatement
        let findSync: SQLiteRawStatement

        init(_ db: Database) throws {
            find = try SQLiteRawStatement(
                db,
                """
                SELECT sequence, type_id, sync_identifier, sync_version FROM samples WHERE uuid = ?
                """, purpose: "looking up a sample by uuid")
            findSync = try SQLiteRawStatement(
                db,
                """
                SELECT s.sequence, s.uuid, s.type_id, s.sync_version FROM samples s JOIN sources ON sources.id = s.source_id
                WHERE s.sync_identifier = ? AND sources.bundle_identifier = ? ORDER BY s.sequence DESC LIMIT 1
                """, purpose: "looking up a sync identifier")
        }

        func storedRow(withUUID uuid: UUID) throws -> DeletedRow? {
            find.reset()
            find.bind(1, uuid)
            guard try find.step() else { return nil }
            return DeletedRow(
                sequence: find.int64(0), uuid: uuid, typeID: find.int64(1), syncIdentifier: find.text(2),
                syncVersion: find.optionalDouble(3))
        }

        func latestRow(with key: SyncKey) throws -> DeletedRow? {
            findSync.reset()
            findSync.bind(1, key.syncIdentifier)
            findSync.bind(2, key.bundleIdentifier)
            guard try findSync.step() else { return nil }
            return DeletedRow(
                sequence: findSync.int64(0), uuid: findSync.uuid(1) ?? UUID(), typeID: findSync.int64(2),
                syncIdentifier: key.syncIdentifier, syncVersion: findSync.optionalDouble(3))
        }
    }

    /// What a commit wrote, for the column caches.
    private struct Written {
        var result: CommitResult
        var deletedSequences: Set<Int64> = []
        var insertedRows: [SQLiteSampleInserter.ColumnRow] = []
        var sequence: Int64 = 0
        var previousSequence: Int64 = 0
        /// Whether `insertedRows` was collected (otherwise any cache made meanwhile is dropped).
        var tracksColumns = false
    }

    /// The smallest batch that checks its parent rows once rather than through SQLite's foreign keys (`commit`).
    static let parentCheckMinimumBatch = 10_000

    public func commit(_ batch: CommitBatch) throws -> CommitResult {
        let samples = batch.samples
        let uuids = batch.deletions
        let now = retention.clock?()
        let cutoff = retention.expiryCutoff()
        var catalog = catalogSnapshot()
        // A bulk insert that cannot delete (no deletions asked, no sync identifier that could replace a stored
        // sample) checks the rows its samples point at once for the commit instead of once a row: the same guarantee
        // as SQLite's foreign keys, whose per-row lookups were 8 % of a first import's work. With deletions they stay
        // on, as the metadata and members of a deleted sample go with it through them. Only from
        // `parentCheckMinimumBatch` samples: turning foreign keys off and on expires every prepared statement of the
        // connection, and preparing the multi-row inserts again costs about what 10,000 rows' lookups do (a server's
        // batches of 1,000 spent more on that than on their rows).
        let checksParentsOnce =
            uuids.isEmpty && samples.count >= SQLiteStorage.parentCheckMinimumBatch
            && !samples.contains { $0.syncIdentifier != nil }
        let written = try write(
            "committing \(samples.count) insertions and \(uuids.count) deletions", foreignKeysPerRow: !checksParentsOnce
        ) { db in
            try commit(db, batch, catalog: &catalog, now: now, cutoff: cutoff, checksParentsOnce: checksParentsOnce)
        }
        publish(catalog)
        updateColumnCaches(with: written, catalog: catalog)
        return written.result
    }

    /// Commits a batch inside the caller's write transaction (`commit(_:)`, and the move of the retired route and
    /// heartbeat tables into samples), updating `catalog`.
    func commitInTransaction(
        _ db: Database, _ batch: CommitBatch, catalog: inout SQLiteCatalog, now: Date?, cutoff: Date?
    ) throws -> CommitResult {
        try commit(db, batch, catalog: &catalog, now: now, cutoff: cutoff).result
    }

    private func commit(
        _ db: Database, _ batch: CommitBatch, catalog: inout SQLiteCatalog, now: Date?, cutoff: Date?,
        checksParentsOnce: Bool = false
    ) throws -> Written {
        let previous = try SQLiteStorage.info("latest_sequence", db)
        var sequence = previous

        // Check everything before changing anything (the transaction would undo it anyway, but errors come in the
        // order the planner gives).
        let lookup = try Lookup(db)
        let plan = try CommitPlanner.plan(batch, lookup: lookup)
        try plan.throwViolation()
        // The unique index finds the other reused identifiers as the samples go in, but not those of rows deleted first.
        if plan.mayReuseDeletedUUID,
            let uuid = try plan.firstReusedUUID(isStored: { try lookup.storedRow(withUUID: $0) != nil })
        {
            throw HealthStoreError.duplicateObject(uuid)
        }
        let accepted = plan.accepted
        let deletedRows = plan.deletions
        let ignored = plan.ignored

        // Deletions first, then insertions, each taking the next sequence number.
        var written = Written(result: CommitResult(inserted: [], deleted: [], ignored: [], latestSequence: 0))
        written.previousSequence = previous
        let tombstone = try SQLiteRawStatement(
            db,
            """
            INSERT INTO tombstones (sequence, inserted_sequence, uuid, type_id, sync_identifier, sync_version, deleted_at, sample)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, purpose: "recording a deletion")
        let delete = try SQLiteRawStatement(db, "DELETE FROM samples WHERE sequence = ?", purpose: "deleting a sample")
        var deleted: [UUID] = []
        let readDeleted =
            deletedRows.isEmpty
            ? nil
            : try SQLiteRawStatement(
                db, "SELECT \(SQLiteStorage.sampleColumns) FROM samples WHERE sequence = ?",
                purpose: "reading a sample to delete")
        let deletedMetadata = deletedRows.isEmpty ? nil : try metadataStatement(db)
        for row in deletedRows {
            // The tombstone keeps the whole sample, so that an anchored query's predicate can filter the deletion.
            var deletedSample: [UInt8]?
            if let readDeleted, let deletedMetadata {
                readDeleted.reset()
                readDeleted.bind(1, row.sequence)
                if try readDeleted.step() {
                    deletedSample = SampleDetailCoding.encoded(
                        try storedSample(readDeleted, db, catalog: &catalog, metadata: deletedMetadata).sample)
                }
            }
            sequence += 1
            tombstone.reset()
            tombstone.bind(1, sequence)
            tombstone.bind(2, row.sequence)
            tombstone.bind(3, row.uuid)
            tombstone.bind(4, row.typeID)
            tombstone.bind(5, row.syncIdentifier)
            tombstone.bind(6, row.syncVersion)
            tombstone.bind(7, now?.timeIntervalSinceReferenceDate)
            tombstone.bind(8, bytes: deletedSample)
            try tombstone.run()
            delete.reset()
            delete.bind(1, row.sequence)
            try delete.run()
            deleted.append(row.uuid)
            written.deletedSequences.insert(row.sequence)
        }

        // Spans imported whole may hold a deleted sample: forget them all.
        if !deletedRows.isEmpty { try db.execute(sql: "DELETE FROM import_spans") }

        // Rows for the column caches are collected only when there are caches to keep in step.
        let tracksColumns = shared.withLock { !$0.columns.caches.isEmpty }
        written.tracksColumns = tracksColumns
        let outcome = try SQLiteSampleInserter.insert(
            accepted, firstSequence: sequence + 1, catalog: &catalog, collectingColumnRows: tracksColumns, db)
        if checksParentsOnce {
            guard deletedRows.isEmpty else {
                throw HealthStoreError.corruptStore("a commit without foreign keys deleted samples")
            }
            try outcome.parents.verify(db)
        }
        sequence += Int64(accepted.count)
        written.insertedRows = outcome.columnRows
        for (typeID, duration) in outcome.longestShortDuration {
            try db.execute(
                sql: """
                    INSERT INTO type_extents (type_id, longest_short_duration) VALUES (?, ?)
                    ON CONFLICT (type_id) DO UPDATE SET longest_short_duration = max(longest_short_duration, excluded.longest_short_duration)
                    """, arguments: [typeID, duration])
        }
        if !plan.associations.isEmpty {
            // The planner checked that every workout and sample exists once the commit is applied.
            let associate = try SQLiteRawStatement(
                db,
                """
                INSERT OR IGNORE INTO workout_associations (workout, sample_uuid) SELECT sequence, ? FROM samples WHERE uuid = ?
                """, purpose: "associating a sample with a workout")
            for association in plan.associations {
                for uuid in association.samples {
                    associate.reset()
                    associate.bind(1, uuid)
                    associate.bind(2, association.workout)
                    try associate.run()
                }
            }
        }
        let records = try SQLiteStorage.apply(plan.records, deletedOwners: deleted, db, sequence: &sequence)
        try db.execute(sql: "UPDATE store_info SET value = ? WHERE key = 'latest_sequence'", arguments: [sequence])
        if let cutoff { try SQLiteStorage.expire(db, before: cutoff) }
        written.sequence = sequence
        written.result = CommitResult(
            inserted: accepted, deleted: deleted, ignored: ignored, latestSequence: sequence, records: records)
        return written
    }

    /// Forgets the deletions stamped before `cutoff` and moves the horizon past them; returns how many.
    @discardableResult
    static func expire(_ db: Database, before cutoff: Date) throws -> Int {
        let seconds = cutoff.timeIntervalSinceReferenceDate
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT max(sequence), count(*) FROM tombstones WHERE deleted_at IS NOT NULL AND deleted_at < ?
                    """, arguments: [seconds]), let horizon: Int64 = row[0]
        else { return 0 }
        try db.execute(
            sql: "DELETE FROM tombstones WHERE deleted_at IS NOT NULL AND deleted_at < ?", arguments: [seconds])
        try db.execute(
            sql: "UPDATE store_info SET value = max(value, ?) WHERE key = 'change_horizon'", arguments: [horizon])
        return row[1]
    }

    private func updateColumnCaches(with written: Written, catalog: SQLiteCatalog) {
        shared.withLock { state in
            guard !state.columns.caches.isEmpty else { return }
            guard written.tracksColumns else {
                state.columns.caches.removeAll()
                return
            }
            for typeID in Array(state.columns.caches.keys) {
                // A cache that missed a write (another process wrote in between) is dropped, not patched.
                guard var cache = state.columns.caches[typeID], cache.sequence == written.previousSequence else {
                    state.columns.caches[typeID] = nil
                    continue
                }
                state.columns.caches[typeID] = nil  // no second reference while it changes
                cache.remove(sequences: written.deletedSequences)
                var valid = true
                for row in written.insertedRows where row.typeID == typeID {
                    if row.series {
                        valid = false
                        break
                    }
                    let entry = cache.entry(forRevision: row.revisionID, device: row.deviceID, catalog: catalog)
                    cache.append(
                        start: row.start, end: row.end, value: row.value, entry: entry, sequence: row.sequence,
                        userEntered: row.userEntered)
                }
                cache.sequence = written.sequence
                if valid { state.columns.caches[typeID] = cache }
            }
        }
    }
}
