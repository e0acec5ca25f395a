import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthStore
@testable import HealthStoreSQLite

@Suite("SQLite migrations: a store written by an older version is migrated on open and keeps its data")
struct SQLiteMigrationTests {
    /// A new store file as a release wrote it: the marks, WAL, and that release's migrations only.
    static func oldStore(release: Int) throws -> (path: String, queue: DatabaseQueue) {
        let path = TemporaryStoreFolder.newPath("release\(release)")
        try SQLiteStorage.markNewStore(at: path)
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        try SQLiteSchema.migrator().migrate(queue, upTo: SQLiteSchema.migrationNames[release - 1])
        return (path, queue)
    }

    @Test("A release-1 store (samples and a deletion) opens, gains the release-2 tables, and answers as before")
    func releaseOneStoreIsMigrated() throws {
        // Write a store exactly as release 1 did: its marks, then only its migration, then data through its SQL.
        let (path, queue) = try Self.oldStore(release: 1)
        try queue.write { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 1)
            try db.execute(
                sql:
                    "INSERT INTO sample_types (id, identifier, kind) VALUES (1, 'HKQuantityTypeIdentifierStepCount', 0)"
            )
            try db.execute(
                sql: "INSERT INTO sources (id, name, bundle_identifier) VALUES (1, 'Watch', 'com.apple.health.watch')")
            try db.execute(sql: "INSERT INTO source_revisions (id, source_id) VALUES (1, 1)")
            try db.execute(
                sql: """
                    INSERT INTO samples (sequence, uuid, type_id, start_time, end_time, value, source_id, source_revision_id)
                    VALUES (1, randomblob(16), 1, 731779200, 731779800, 120, 1, 1)
                    """)
            try db.execute(
                sql: """
                    INSERT INTO tombstones (sequence, inserted_sequence, uuid, type_id) VALUES (3, 2, randomblob(16), 1)
                    """)
            try db.execute(sql: "UPDATE store_info SET value = 3 WHERE key = 'latest_sequence'")
        }
        try queue.close()

        let storage = try SQLiteStorage(path: path)
        #expect(try storage.appliedMigrations() == SQLiteStorage.knownMigrations)
        #expect(try storage.integrityProblems().isEmpty)
        let store = HealthDataStore(storage: storage)
        let changes = try store.changes(
            AnchoredQueryRequest(descriptors: [SampleQueryDescriptor(type: Fixture.stepCount)]))
        #expect(changes.samples.map { $0.quantityContent?.quantity.value } == [120])
        // A release-1 tombstone has no sample: the deletion is reported, unfiltered.
        #expect(changes.deletions.map(\.sequence) == [3])
        #expect(changes.anchor == 3)
        // Subscriptions are kept (as records since v13).
        try store.saveBackgroundDelivery(
            BackgroundDeliverySubscription(
                bundleIdentifier: "com.example.app", type: Fixture.stepCount, frequency: .hourly))
        #expect(try storage.backgroundDeliveries(of: "com.example.app").map(\.frequency) == [.hourly])
    }

    @Test(
        "A release-4 store whose imported records keep creation date and UTC offset as metadata rows reads them back the same after v5"
    )
    func releaseFourImportMetadataRowsStillRead() throws {
        let (path, queue) = try Self.oldStore(release: 4)
        try queue.write { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 4)
            try db.execute(
                sql:
                    "INSERT INTO sample_types (id, identifier, kind) VALUES (1, 'HKQuantityTypeIdentifierStepCount', 0)"
            )
            try db.execute(sql: "INSERT INTO sources (id, name, bundle_identifier) VALUES (1, 'Watch', 'export:Watch')")
            try db.execute(sql: "INSERT INTO source_revisions (id, source_id) VALUES (1, 1)")
            try db.execute(
                sql: """
                    INSERT INTO samples (sequence, uuid, type_id, start_time, end_time, value, source_id, source_revision_id, has_metadata)
                    VALUES (1, randomblob(16), 1, 731779200, 731779800, 120, 1, 1, 1)
                    """)
            try db.execute(
                sql: """
                    INSERT INTO metadata (sample, key, kind, text, number) VALUES
                    (1, 'OpenHealthKitExportCreationDate', 2, NULL, 731779920), (1, 'OpenHealthKitExportUTCOffset', 1, NULL, -25200)
                    """)
            try db.execute(sql: "UPDATE store_info SET value = 1 WHERE key = 'latest_sequence'")
        }
        try queue.close()

        let store = HealthDataStore(storage: try SQLiteStorage(path: path))
        let expected: [String: MetadataValue] = [
            MetadataKey.exportCreationDate: .date(Date(timeIntervalSinceReferenceDate: 731_779_920)),
            MetadataKey.exportUTCOffset: .number(-25_200),
        ]
        #expect(try store.all(Fixture.stepCount).map(\.metadata) == [expected])
        let matching = try store.samples(
            SampleQueryRequest(
                type: Fixture.stepCount,
                predicate: .metadataComparison(
                    key: MetadataKey.exportUTCOffset, comparison: .equalTo, value: .number(-25_200))))
        #expect(matching.count == 1)
        // New samples go to the columns and read back the same way.
        try store.save([try Fixture.steps(80, from: Fixture.at(30), metadata: expected)], as: Fixture.watch)
        #expect(try store.all(Fixture.stepCount).map(\.metadata) == [expected, expected])
    }
}
