// The public member here implements a SampleStorage requirement; the protocol documents it.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

extension PostgresStorage {
    // MARK: Writing

    /// A stored row about to be deleted.
    private struct DeletedRow: CommitRow {
        let sequence: Int64
        let uuid: UUID
        let syncVersion: Double?
        var id: Int64 { sequence }
    }

    /// Answers the commit planner from two queries made before planning: the stored rows of every uuid the commit
    /// names, and the latest row of every sync key its samples carry.
    private struct Lookup: CommitLookup {
        var storedRows: [UUID: DeletedRow] = [:]
        var syncRows: [SyncKey: DeletedRow] = [:]

        func storedRow(withUUID uuid: UUID) -> DeletedRow? { storedRows[uuid] }
        func latestRow(with key: SyncKey) -> DeletedRow? { syncRows[key] }
    }

    public func commit(_ batch: CommitBatch) throws -> CommitResult {
        let now = retention.clock?()
        let cutoff = retention.expiryCutoff()
        let samples = batch.samples
        return try database.blocking(
            "committing \(samples.count) insertions and \(batch.deletions.count) deletions"
        ) { [self] in
            let typeIDs = try await typeIDs(for: Set(samples.map(\.type)))
            let rows = try PostgresRowBuilder.rows(for: samples)
            return try await transaction(.readCommitted) { connection in
                try await commit(batch, rows, typeIDs: typeIDs, now: now, cutoff: cutoff, on: connection)
            }
        }
    }

    /// Commits a batch inside the caller's transaction (`commit(_:)`, and the move of the retired route and heartbeat
    /// tables into samples).
    func commit(
        _ batch: CommitBatch, _ built: [PostgresRowBuilder.Row], typeIDs: [SampleType: Int32], now: Date?,
        cutoff: Date?, on connection: PostgresConnection
    ) async throws -> CommitResult {
        let samples = batch.samples
        let uuids = batch.deletions
        // The person's row lock: from here on no other commit of this person runs until this one ends.
        guard
            let (previous, _) = try await connection.execute(LockPersonStatement(person: person), logger: logger)
                .collected().first
        else {
            throw HealthStoreError.corruptStore("the person \(person) has no row in people")
        }
        var sequence = previous

        // What is stored among the uuids to delete and to insert (read after the lock, so it is current).
        var lookup = Lookup()
        let asked =
            uuids + samples.map(\.uuid) + batch.associations.flatMap { [$0.workout] + $0.samples }
            + batch.records.compactMap(\.owner)
        if !asked.isEmpty {
            for try await (uuid, rowSequence, _, _, version) in try await connection.execute(
                StoredRowsStatement(person: person, uuids: asked), logger: logger)
            {
                lookup.storedRows[uuid] = DeletedRow(sequence: rowSequence, uuid: uuid, syncVersion: version)
            }
        }
        // The latest stored row of each sync key the samples carry.
        let keys = CommitPlanner.syncKeys(of: samples)
        if !keys.isEmpty {
            let statement = SyncRowsStatement(
                person: person, bundleIdentifiers: keys.map(\.bundleIdentifier),
                syncIdentifiers: keys.map(\.syncIdentifier))
            for try await (bundleIdentifier, syncIdentifier, uuid, rowSequence, _, version)
                in try await connection.execute(statement, logger: logger)
            {
                let row = DeletedRow(sequence: rowSequence, uuid: uuid, syncVersion: version)
                lookup.syncRows[SyncKey(bundleIdentifier: bundleIdentifier, syncIdentifier: syncIdentifier)] = row
                // A stored row too: an association naming an ignored sample names this one (`keptInstead`).
                lookup.storedRows[uuid] = row
            }
        }

        let plan = try CommitPlanner.plan(batch, lookup: lookup)
        try plan.throwViolation()
        if let uuid = plan.firstReusedUUID(isStored: { lookup.storedRows[$0] != nil }) {
            throw HealthStoreError.duplicateObject(uuid)
        }
        let accepted = plan.acceptedBatchIndexes
        let deletedRows = plan.deletions
        let ignored = plan.ignored

        // Deletions first, then insertions, each taking the next sequence number.
        if !deletedRows.isEmpty {
            let sequences = deletedRows.indices.map { sequence + 1 + Int64($0) }
            sequence += Int64(deletedRows.count)
            _ = try await connection.execute(
                DeleteSamplesStatement(
                    person: person, insertedSequences: deletedRows.map(\.sequence), sequences: sequences,
                    deletedAt: now?.timeIntervalSinceReferenceDate), logger: logger)
        }
        if !accepted.isEmpty {
            let entryKeys = Set(accepted.compactMap { built[$0].sourceEntry })
            let entryIDs = try await sourceEntryIDs(for: entryKeys, on: connection)
            var statement = InsertSamplesStatement(person: person)
            var members = (correlations: [Int64](), uuids: [UUID]())
            var longest: [Int32: Double] = [:]
            statement.rows.reserve(accepted.count)
            for index in accepted {
                sequence += 1
                let sample = samples[index]
                let row = built[index]
                guard let typeID = typeIDs[sample.type] else {
                    throw HealthStoreError.corruptStore("no id for type \(sample.type.identifier)")
                }
                statement.rows.append(
                    row, sequence: sequence, typeID: typeID, sourceEntry: row.sourceEntry.flatMap { entryIDs[$0] } ?? 0)
                if row.end - row.start <= 86400 { longest[typeID] = max(longest[typeID] ?? 0, row.end - row.start) }
                for member in sample.correlatedObjects ?? [] {
                    members.correlations.append(sequence)
                    members.uuids.append(member.uuid)
                }
            }
            if accepted.count >= PostgresSampleCopy.threshold {
                try await PostgresSampleCopy.copy(statement.rows, person: person, on: connection, logger: logger)
            } else {
                _ = try await connection.execute(statement, logger: logger)
            }
            if !members.uuids.isEmpty {
                _ = try await connection.execute(
                    InsertCorrelationMembersStatement(
                        person: person, correlations: members.correlations, members: members.uuids), logger: logger)
            }
            let extents = longest.sorted { $0.key < $1.key }
            _ = try await connection.execute(
                UpdateExtentsStatement(person: person, typeIDs: extents.map(\.key), durations: extents.map(\.value)),
                logger: logger)
        }
        for association in plan.associations {
            // The planner checked that the workout and the samples exist once the commit is applied.
            try await connection.query(
                """
                INSERT INTO workout_associations (person, workout, sample_uuid)
                SELECT \(person), s.sequence, unnest(\(association.samples)::uuid[]) FROM samples s
                WHERE s.person = \(person) AND s.uuid = \(association.workout)
                ON CONFLICT DO NOTHING
                """, logger: logger)
        }
        let records = try await apply(
            plan.records, deletedOwners: deletedRows.map(\.uuid), sequence: &sequence, on: connection)
        _ = try await connection.execute(SetLatestSequenceStatement(person: person, sequence: sequence), logger: logger)
        if sequence > previous {
            // Delivered when (and only if) the transaction commits: other servers wake their observers of the person.
            _ = try await connection.execute(NotifyCommitStatement(person: person, sequence: sequence), logger: logger)
                .collected()
        }
        if let cutoff {
            _ = try await connection.execute(
                ExpireDeletionsStatement(person: person, cutoff: cutoff.timeIntervalSinceReferenceDate), logger: logger
            ).collected()
        }
        await pauseInsideTransactions?()
        return CommitResult(
            inserted: plan.accepted, deleted: deletedRows.map(\.uuid), ignored: ignored, latestSequence: sequence,
            records: records)
    }
}
