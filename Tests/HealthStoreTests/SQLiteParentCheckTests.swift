import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthStore
@testable import HealthStoreSQLite

/// A bulk insert that cannot delete runs with SQLite's per-row foreign key checks off and checks the rows it points at
/// once (`SQLiteSampleInserter.ParentIDs`): the store must end as consistent as with them on, and the connection
/// must have them on again afterwards.
@Suite("SQLite bulk inserts check their parent rows once a commit")
struct SQLiteParentCheckTests {
    /// A batch without sync identifiers (so nothing can be replaced); from `parentCheckMinimumBatch` samples it takes the bulk path.
    static func batch(_ count: Int, offset: Double = 0) throws -> [Sample] {
        try BulkSaveTests.mixedBatch(count).enumerated().map { index, sample in
            guard sample.syncIdentifier != nil else { return sample }
            return try Fixture.steps(Double(index), from: Fixture.at(offset + Double(index)), minutes: 1)
        }
    }

    static func foreignKeysOn(_ storage: SQLiteStorage) throws -> Bool {
        try storage.pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA foreign_keys") == 1 }
    }

    @Test("After bulk saves, a failed one and a deletion the store is consistent and foreign keys are on again")
    func bulkSavesLeaveTheStoreConsistent() throws {
        let storage = try SQLiteStorage(path: TemporaryStoreFolder.newPath("parents"))
        let store = HealthDataStore(storage: storage)
        let first = try Self.batch(SQLiteStorage.parentCheckMinimumBatch + 700)
        try store.save(first, as: Fixture.watch)
        #expect(try Self.foreignKeysOn(storage))
        // A failing bulk commit (a duplicate inside) rolls back and also leaves the checks on.
        var failing = try Self.batch(SQLiteStorage.parentCheckMinimumBatch, offset: 100_000)
        failing.append(failing[3])
        #expect(throws: HealthStoreError.self) { try store.save(failing, as: Fixture.phone) }
        #expect(try Self.foreignKeysOn(storage))
        // A deletion cascades to the metadata rows of the deleted sample (foreign keys on for it).
        let withMetadata = try #require(first.first { $0.metadata != nil })
        try store.delete([withMetadata.uuid])
        #expect(
            try storage.pool.read { db in
                try Int.fetchOne(
                    db,
                    sql:
                        "SELECT count(*) FROM metadata m LEFT JOIN samples s ON s.sequence = m.sample WHERE s.sequence IS NULL"
                )
            } == 0)
        #expect(try storage.integrityProblems().isEmpty)
        #expect(
            try store.all(Fixture.stepCount).count + (try store.all(BulkSaveTests.distance).count)
                + (try store.all(Fixture.heartRate).count) + (try store.all(BulkSaveTests.sleep).count) == first.count
                - 1)
    }

    @Test("A parent row that does not exist is named and fails the check")
    func missingParentIsReported() throws {
        let storage = try SQLiteStorage(path: TemporaryStoreFolder.newPath("parents-missing"))
        try HealthDataStore(storage: storage).save(try Self.batch(600), as: Fixture.watch)
        var parents = SQLiteSampleInserter.ParentIDs()
        parents.types = [1]
        parents.revisions = [[1, 1]]
        try storage.pool.read { db in try parents.verify(db) }
        parents.devices = [999]
        #expect(throws: HealthStoreError.corruptStore("a new sample points at devices row 999, which does not exist")) {
            try storage.pool.read { db in try parents.verify(db) }
        }
        parents.devices = []
        parents.revisions = [[1, 2]]
        #expect(throws: HealthStoreError.self) { try storage.pool.read { db in try parents.verify(db) } }
    }
}
