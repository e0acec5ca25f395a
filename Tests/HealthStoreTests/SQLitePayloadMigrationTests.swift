import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthStore
@testable import HealthStoreSQLite

@Suite("SQLite migration v7: a release-6 store opens, keeps its types and data, and then stores the new kinds")
struct SQLitePayloadMigrationTests {
    @Test("A release-6 store with samples, a tombstone, a source order and a subscription migrates and takes an ECG")
    func releaseSixStoreTakesNewKinds() throws {
        let (path, queue) = try SQLiteMigrationTests.oldStore(release: 6)
        try queue.write { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 6)
            // The old CHECK refuses the new kinds.
            #expect(throws: (any Error).self) {
                try db.execute(sql: "INSERT INTO sample_types (identifier, kind) VALUES ('HKDataTypeStateOfMind', 8)")
            }
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
                sql:
                    "INSERT INTO tombstones (sequence, inserted_sequence, uuid, type_id) VALUES (3, 2, randomblob(16), 1)"
            )
            try db.execute(sql: "INSERT INTO source_orders (type_id) VALUES (1)")
            try db.execute(
                sql:
                    "INSERT INTO source_order_entries (type_id, position, bundle_identifier) VALUES (1, 0, 'com.apple.health.watch')"
            )
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
        #expect(changes.deletions.map(\.sequence) == [3])
        #expect(try store.records.sourceOrder(for: Fixture.stepCount) == ["com.apple.health.watch"])

        let ecg = try PayloadSampleTests.electrocardiogram(at: Fixture.at(60))
        try store.saveImported([ecg])
        let reopened = HealthDataStore(storage: try SQLiteStorage(path: path))
        #expect(try reopened.samples(SampleQueryRequest(type: .electrocardiogram)) == [ecg])
        #expect(try reopened.all(Fixture.stepCount).count == 1)
    }
}
