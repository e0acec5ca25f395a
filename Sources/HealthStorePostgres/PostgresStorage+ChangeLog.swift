// The public members here implement ChangeLog's requirements; the protocol documents them.
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
    // MARK: Change log

    func counters(on connection: PostgresConnection? = nil) async throws -> (latest: Int64, horizon: Int64) {
        let statement = ReadPersonStatement(person: person)
        let rows: [ReadPersonStatement.Row]
        if let connection {
            rows = try await connection.execute(statement, logger: logger).collected()
        } else {
            rows = try await client.execute(statement, logger: logger).collected()
        }
        guard let (latest, horizon) = rows.first else {
            throw HealthStoreError.corruptStore("the person \(person) has no row in people")
        }
        return (latest, horizon)
    }

    public func latestSequence() throws -> Int64 {
        try database.blocking("reading the latest sequence") { [self] in try await counters().latest }
    }

    public func changeHorizon() throws -> Int64 {
        try database.blocking("reading the change horizon") { [self] in try await counters().horizon }
    }

    @discardableResult
    public func expireDeletions() throws -> Int {
        guard let cutoff = retention.expiryCutoff() else { return 0 }
        return try database.blocking("forgetting old deletions") { [self] in
            try await transaction(.readCommitted) { connection in
                _ = try await connection.execute(LockPersonStatement(person: person), logger: logger).collected()
                let rows = try await connection.execute(
                    ExpireDeletionsStatement(person: person, cutoff: cutoff.timeIntervalSinceReferenceDate),
                    logger: logger
                ).collected()
                return Int(rows.first?.0 ?? 0)
            }
        }
    }

    /// The ranges of sequence numbers a read of the log walks: (after, latest] in ranges of at least 10,000 numbers.
    private static func ranges(after sequence: Int64, latest: Int64, limit: Int) -> StrideTo<Int64> {
        stride(from: sequence, to: latest, by: Int64.Stride(max(limit, 10_000)))
    }

    public func changes(after sequence: Int64, limit: Int) throws -> [Change] {
        try database.blocking("reading changes after \(sequence)") { [self] in
            try await transaction(.snapshot) { connection in
                let (latest, horizon) = try await counters(on: connection)
                await pauseInsideTransactions?()
                try ChangeLogRetention.checkAnchor(sequence, horizon: horizon)
                var changes: [Change] = []
                let step = Int64(max(limit, 10_000))
                for after in PostgresStorage.ranges(after: sequence, latest: latest, limit: limit) {
                    let statement = ChangesStatement(person: person, after: after, through: min(latest, after + step))
                    for (changeSequence, deleted, uuid, typeID, syncIdentifier, syncVersion)
                        in try await connection.execute(statement, logger: logger).collected()
                    {
                        changes.append(
                            Change(
                                sequence: changeSequence, kind: deleted ? .deleted : .inserted, uuid: uuid,
                                type: try await type(ofID: typeID),
                                syncIdentifier: syncIdentifier, syncVersion: syncVersion))
                        if limit > 0, changes.count == limit { return changes }
                    }
                }
                return changes
            }
        }
    }

    public func changedObjects(after sequence: Int64, of types: Set<SampleType>?, limit: Int) throws -> ChangePage {
        try database.blocking("reading changed objects after \(sequence)") { [self] in
            var typeIDs: [Int32]?
            if let types {
                var ids: [Int32] = []
                for type in types { if let id = try await existingTypeID(type) { ids.append(id) } }
                typeIDs = ids
            }
            // One snapshot: the page and its end position agree, and a commit is either wholly in it or not at all.
            return try await transaction(.snapshot) { connection in
                let (latest, horizon) = try await counters(on: connection)
                await pauseInsideTransactions?()
                try ChangeLogRetention.checkAnchor(sequence, horizon: horizon)
                if let typeIDs, typeIDs.isEmpty { return ChangePage(objects: [], endSequence: max(sequence, latest)) }
                var objects: [ChangedObject] = []
                let step = Int64(max(limit, 10_000))
                for after in PostgresStorage.ranges(after: sequence, latest: latest, limit: limit) {
                    let through = min(latest, after + step)
                    // Each read to its end before the next (a connection serves one statement at a time), then merged.
                    let insertions = try await connection.execute(
                        InsertedAfterStatement(person: person, after: after, typeIDs: typeIDs, through: through),
                        logger: logger
                    ).collected()
                    let deletions = try await connection.execute(
                        DeletedAfterStatement(person: person, after: after, typeIDs: typeIDs, through: through),
                        logger: logger
                    ).collected()
                    var nextInsertion = 0
                    var nextDeletion = 0
                    while nextInsertion < insertions.count || nextDeletion < deletions.count {
                        if nextInsertion < insertions.count,
                            nextDeletion == deletions.count || insertions[nextInsertion].0 < deletions[nextDeletion].0
                        {
                            let (changeSequence, bytes, syncIdentifier, syncVersion) = insertions[nextInsertion]
                            let sample = try sample(bytes, sequence: changeSequence)
                            objects.append(
                                ChangedObject(
                                    change: Change(
                                        sequence: changeSequence, kind: .inserted, uuid: sample.uuid, type: sample.type,
                                        syncIdentifier: syncIdentifier, syncVersion: syncVersion),
                                    sample: sample))
                            nextInsertion += 1
                        } else {
                            let (changeSequence, uuid, typeID, syncIdentifier, syncVersion, bytes) = deletions[
                                nextDeletion]
                            objects.append(
                                ChangedObject(
                                    change: Change(
                                        sequence: changeSequence, kind: .deleted, uuid: uuid,
                                        type: try await type(ofID: typeID),
                                        syncIdentifier: syncIdentifier, syncVersion: syncVersion),
                                    sample: try sample(bytes, sequence: changeSequence)))
                            nextDeletion += 1
                        }
                        if limit > 0, objects.count == limit {
                            return ChangePage(objects: objects, endSequence: objects[objects.count - 1].change.sequence)
                        }
                    }
                }
                return ChangePage(objects: objects, endSequence: max(sequence, latest))
            }
        }
    }
}
