// The public members here implement ChangeLog's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

extension SQLiteStorage {
    // MARK: Change log

    public func latestSequence() throws -> Int64 {
        try read("reading the latest sequence") { db in try SQLiteStorage.info("latest_sequence", db) }
    }

    public func changeHorizon() throws -> Int64 {
        try read("reading the change horizon") { db in try SQLiteStorage.info("change_horizon", db) }
    }

    @discardableResult
    public func expireDeletions() throws -> Int {
        guard let cutoff = retention.expiryCutoff() else { return 0 }
        return try write("forgetting old deletions") { db in try SQLiteStorage.expire(db, before: cutoff) }
    }

    public func changes(after sequence: Int64, limit: Int) throws -> [Change] {
        try read("reading changes after \(sequence)") { db in
            let horizon = try SQLiteStorage.info("change_horizon", db)
            try ChangeLogRetention.checkAnchor(sequence, horizon: horizon)
            var catalog = catalogSnapshot()
            let statement = try SQLiteRawStatement(
                db,
                """
                SELECT sequence, 0, uuid, type_id, sync_identifier, sync_version FROM samples WHERE sequence > ?1
                UNION ALL
                SELECT inserted_sequence, 0, uuid, type_id, sync_identifier, sync_version FROM tombstones WHERE inserted_sequence > ?1
                UNION ALL
                SELECT sequence, 1, uuid, type_id, sync_identifier, sync_version FROM tombstones WHERE sequence > ?1
                ORDER BY 1 LIMIT ?2
                """, purpose: "reading changes")
            statement.bind(1, sequence)
            statement.bind(2, limit > 0 ? Int64(limit) : -1)
            var changes: [Change] = []
            while try statement.step() {
                let typeID = statement.int64(3)
                guard let type = try knownType(typeID, catalog: &catalog, db: db), let uuid = statement.uuid(2) else {
                    throw HealthStoreError.corruptStore(
                        "change \(statement.int64(0)): unknown type id \(typeID) or bad uuid")
                }
                changes.append(
                    Change(
                        sequence: statement.int64(0), kind: statement.int64(1) == 0 ? .inserted : .deleted, uuid: uuid,
                        type: type,
                        syncIdentifier: statement.text(4), syncVersion: statement.optionalDouble(5)))
            }
            return changes
        }
    }

    public func changedObjects(after sequence: Int64, of types: Set<SampleType>?, limit: Int) throws -> ChangePage {
        try read("reading changed objects after \(sequence)") { db in
            let horizon = try SQLiteStorage.info("change_horizon", db)
            try ChangeLogRetention.checkAnchor(sequence, horizon: horizon)
            let latest = try SQLiteStorage.info("latest_sequence", db)
            var catalog = catalogSnapshot()
            var typeFilter = ""
            if let types {
                var ids: [Int64] = []
                for type in types {
                    if let id = catalog.typeIDs[type.identifier] {
                        ids.append(id)
                    } else if let id = try Int64.fetchOne(
                        db, sql: "SELECT id FROM sample_types WHERE identifier = ?", arguments: [type.identifier])
                    {
                        ids.append(id)
                    }
                }
                guard !ids.isEmpty else { return ChangePage(objects: [], endSequence: max(sequence, latest)) }
                typeFilter = " AND type_id IN (\(ids.map(String.init).joined(separator: ", ")))"
            }
            let bound = limit > 0 ? Int64(limit) : -1
            // Insertions of objects still stored are their sample rows (a row's sequence is its insertion's); the
            // deletions are the tombstones. Both are read in sequence order and merged. NOT INDEXED keeps SQLite on
            // the rowid range: with a type filter it would otherwise scan the (type, start) index and sort every row
            // after the anchor for each page (measured: 41k objects/s over 1M samples instead of 200k+).
            let inserted = try SQLiteRawStatement(
                db,
                """
                SELECT \(SQLiteStorage.sampleColumns), sync_identifier, sync_version FROM samples NOT INDEXED
                WHERE sequence > ?1\(typeFilter) ORDER BY sequence LIMIT ?2
                """, purpose: "reading inserted objects")
            inserted.bind(1, sequence)
            inserted.bind(2, bound)
            let removed = try SQLiteRawStatement(
                db,
                """
                SELECT sequence, uuid, type_id, sync_identifier, sync_version, sample FROM tombstones NOT INDEXED
                WHERE sequence > ?1\(typeFilter) ORDER BY sequence LIMIT ?2
                """, purpose: "reading deleted objects")
            removed.bind(1, sequence)
            removed.bind(2, bound)
            let metadata = try metadataStatement(db)
            var objects: [ChangedObject] = []
            var hasInserted = try inserted.step()
            var hasRemoved = try removed.step()
            while hasInserted || hasRemoved {
                if limit > 0, objects.count == limit { break }
                if hasInserted, !hasRemoved || inserted.int64(0) < removed.int64(0) {
                    let stored = try storedSample(inserted, db, catalog: &catalog, metadata: metadata)
                    let sample = stored.sample
                    objects.append(
                        ChangedObject(
                            change: Change(
                                sequence: stored.sequence, kind: .inserted, uuid: sample.uuid, type: sample.type,
                                syncIdentifier: inserted.text(SQLiteStorage.sampleColumnCount),
                                syncVersion: inserted.optionalDouble(SQLiteStorage.sampleColumnCount + 1)),
                            sample: sample))
                    hasInserted = try inserted.step()
                } else {
                    let typeID = removed.int64(2)
                    guard let type = try knownType(typeID, catalog: &catalog, db: db), let uuid = removed.uuid(1) else {
                        throw HealthStoreError.corruptStore(
                            "deletion \(removed.int64(0)): unknown type id \(typeID) or bad uuid")
                    }
                    let sample = try removed.bytes(5).map(SampleDetailCoding.sample(from:))
                    objects.append(
                        ChangedObject(
                            change: Change(
                                sequence: removed.int64(0), kind: .deleted, uuid: uuid, type: type,
                                syncIdentifier: removed.text(3), syncVersion: removed.optionalDouble(4)),
                            sample: sample))
                    hasRemoved = try removed.step()
                }
            }
            if limit > 0, objects.count == limit, let last = objects.last {
                return ChangePage(objects: objects, endSequence: last.change.sequence)
            }
            return ChangePage(objects: objects, endSequence: max(sequence, latest))
        }
    }

    /// The type behind a change-log row's type id, reloading (and publishing) the catalog once when another
    /// connection added the type after this one read it.
    private func knownType(_ typeID: Int64, catalog: inout SQLiteCatalog, db: Database) throws -> SampleType? {
        if catalog.types[typeID] == nil {
            catalog = try SQLiteCatalog.load(db)
            publish(catalog)
        }
        return catalog.types[typeID]
    }
}
