// The public member here implements a SampleStorage requirement; the protocol documents it.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

extension SQLiteStorage {
    public func quantityColumns(of type: SampleType, within bounds: TimeBounds) throws -> QuantityColumns? {
        guard type.kind == .quantity else { return nil }
        if bounds.isEmpty { return QuantityColumns() }
        // The cache check and, when it misses, the scan in one read (one transaction instead of two per query).
        let (cached, scanned, latest): (QuantityColumns?, (QuantityColumnCache?, Int)??, Int64) = try read(
            "reading columns of \(type.identifier)"
        ) { db in
            let latest = try SQLiteStorage.info("latest_sequence", db)
            let typeID = catalogSnapshot().typeIDs[type.identifier]
            let cached = typeID.flatMap { typeID in
                shared.withLock { state in state.columns.current(typeID, at: latest) }
            }.flatMap { $0.rows(within: bounds) }
            if let cached { return (cached, nil, latest) }
            return (nil, .some(try scanColumns(of: type, within: bounds, db)), latest)
        }
        if let cached { return cached }
        guard let scanned, let (columns, rowCount) = scanned else { return nil }
        let step = shared.withLock { state in
            state.catalog.typeIDs[type.identifier].map {
                ($0, state.columns.step(after: rowCount, of: $0, within: bounds))
            }
        }
        switch step {
        case let (typeID, .keepAnswer)?:
            if let cache = columns { storeCache(cache, of: typeID, latest: latest) }
        case let (typeID, .readWholeType)?:
            // Asked again: reading the whole type once now makes every later query a memory scan.
            if let cache = try scanColumns(of: type, within: .unbounded)?.0 {
                storeCache(cache, of: typeID, latest: latest)
            }
        case (_, .answer)?, nil:
            break
        }
        return columns?.columns
    }

    private func storeCache(_ cache: QuantityColumnCache, of typeID: Int64, latest: Int64) {
        guard cache.sequence == latest else { return }
        shared.withLock { $0.columns.caches[typeID] = cache }
    }

    /// Scans the (type, start) index for columns; nil when a row statistics read whole (a series, a summary, a pushed copy: its detail is
    /// not null) is in range, else the columns (as a cache
    /// value, nil when the type is unknown) and the row count.
    private func scanColumns(of type: SampleType, within bounds: TimeBounds) throws -> (QuantityColumnCache?, Int)? {
        try read("reading columns of \(type.identifier)") { db in try scanColumns(of: type, within: bounds, db) }
    }

    /// `scanColumns(of:within:)` in a read already open.
    private func scanColumns(
        of type: SampleType, within bounds: TimeBounds, _ db: Database
    ) throws -> (QuantityColumnCache?, Int)? {
        var catalog = catalogSnapshot()
        if catalog.typeIDs[type.identifier] == nil {
            catalog = try SQLiteCatalog.load(db)
            publish(catalog)
        }
        guard let typeID = catalog.typeIDs[type.identifier] else { return (nil, 0) }
        let latest = try SQLiteStorage.info("latest_sequence", db)
        var cache = QuantityColumnCache(columns: QuantityColumns(), entryByRevision: [:], sequence: latest)
        let (scanStart, needsLong) = try SQLiteStorage.scanStart(bounds, typeID: typeID, db)
        var seen: Set<Int64>? = needsLong ? [] : nil
        let filter = "type_id = ?1 AND start_time >= ?2 AND start_time < ?3 AND end_time >= ?4 AND end_time < ?5"
        let columns =
            """
            start_time, end_time, value, source_revision_id, sequence, user_entered, detail IS NOT NULL,
            device_id
            """
        var catalogReloaded = false
        func run(_ sql: String, from start: Double) throws -> Bool {
            let statement = try SQLiteStorage.windowStatement(
                db, sql, purpose: "reading columns of \(type.identifier)", typeID: typeID, from: start, bounds)
            while try statement.step() {
                if statement.int64(6) != 0 { return false }
                let sequence = statement.int64(4)
                if seen != nil, !seen!.insert(sequence).inserted { continue }
                let revisionID = statement.optionalInt64(3)
                let deviceID = statement.optionalInt64(7)
                if !catalogReloaded,
                    revisionID.map({ catalog.revisions[$0] == nil }) == true
                        || deviceID.map({ catalog.devices[$0] == nil }) == true
                {
                    catalog = try SQLiteCatalog.load(db)
                    publish(catalog)
                    catalogReloaded = true
                }
                let entry = cache.entry(forRevision: revisionID, device: deviceID, catalog: catalog)
                cache.append(
                    start: statement.double(0), end: statement.double(1), value: statement.double(2), entry: entry,
                    sequence: sequence, userEntered: statement.int64(5) != 0)
            }
            return true
        }
        guard
            try run("SELECT \(columns) FROM samples INDEXED BY samples_by_type_start WHERE \(filter)", from: scanStart)
        else { return nil }
        if needsLong {
            guard
                try run(
                    """
                    SELECT \(columns) FROM samples INDEXED BY samples_long_by_type_end WHERE end_time - start_time > 86400 AND \(filter)
                    """, from: bounds.startLowerBound)
            else { return nil }
        }
        return (cache, cache.columns.count)
    }
}
