import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore

extension SQLiteStorage {
    /// Moves the rows of the retired `workout_routes` and `heartbeat_series` tables into route and heartbeat series
    /// samples and drops the tables, in one transaction (migration "v12 …"; `RetiredSeriesMigration` builds the
    /// batch). Does nothing once the tables are gone.
    func moveRetiredSeries() throws {
        let legacy = try read("looking for the retired series tables") { db in
            try db.tableExists("workout_routes") || db.tableExists("heartbeat_series")
        }
        guard legacy else { return }
        var catalog = catalogSnapshot()
        try write("moving routes and heartbeat series into samples") { db in
            try moveRetiredRows(db, catalog: &catalog)
            // Every statement on the tables is finalized by now.
            try db.execute(sql: "DROP TABLE IF EXISTS workout_routes; DROP TABLE IF EXISTS heartbeat_series")
        }
        publish(catalog)
    }

    /// Reads the retired rows and commits them as samples, inside the caller's transaction; its statements are
    /// finalized when it returns, before the tables are dropped.
    private func moveRetiredRows(_ db: Database, catalog: inout SQLiteCatalog) throws {
        var routes: [RetiredSeriesMigration.RouteRow] = []
        if try db.tableExists("workout_routes") {
            let statement = try SQLiteRawStatement(
                db, "SELECT uuid, workout_uuid, locations FROM workout_routes", purpose: "reading retired routes")
            while try statement.step() {
                guard let uuid = statement.uuid(0), let workout = statement.uuid(1) else {
                    throw HealthStoreError.corruptStore("workout route: bad uuid")
                }
                routes.append(.init(uuid: uuid, workout: workout, locations: statement.bytes(2) ?? []))
            }
        }
        var beats: [RetiredSeriesMigration.BeatsRow] = []
        if try db.tableExists("heartbeat_series") {
            let statement = try SQLiteRawStatement(
                db, "SELECT sample_uuid, beats FROM heartbeat_series", purpose: "reading retired heartbeat series")
            while try statement.step() {
                guard let sample = statement.uuid(0) else {
                    throw HealthStoreError.corruptStore("heartbeat series: bad uuid")
                }
                beats.append(.init(sample: sample, beats: statement.bytes(1) ?? []))
            }
        }
        let metadata = try metadataStatement(db)
        let batch = try RetiredSeriesMigration.batch(
            routes: routes, beats: beats,
            owners: { uuids in
                let find = try SQLiteRawStatement(
                    db, "SELECT \(SQLiteStorage.sampleColumns) FROM samples WHERE uuid = ?",
                    purpose: "reading a route's workout")
                var found: [Sample] = []
                for uuid in uuids {
                    find.reset()
                    find.bind(1, uuid)
                    if try find.step() {
                        found.append(try storedSample(find, db, catalog: &catalog, metadata: metadata).sample)
                    }
                }
                return found
            },
            stored: { uuids in
                let find = try SQLiteRawStatement(
                    db, "SELECT 1 FROM samples WHERE uuid = ?", purpose: "looking up a sample")
                var found = Set<UUID>()
                for uuid in uuids {
                    find.reset()
                    find.bind(1, uuid)
                    if try find.step() { found.insert(uuid) }
                }
                return found
            })
        if !batch.isEmpty {
            _ = try commitInTransaction(db, batch, catalog: &catalog, now: retention.clock?(), cutoff: nil)
        }
    }
}
