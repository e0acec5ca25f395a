import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthStore
@testable import HealthStoreSQLite

@Suite(
    "SQLite migrations v9 and v10: a release-8 store opens, keeps its settings, and then keeps the person’s medications"
)
struct SQLiteMedicationMigrationTests {
    @Test("A release-8 store with a preferred unit migrates, keeps it, and stores and reads back a medication list")
    func releaseEightStoreTakesMedications() throws {
        let (path, queue) = try SQLiteMigrationTests.oldStore(release: 8)
        try queue.write { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 8)
            #expect(try !db.tableExists("user_annotated_medications"))
            try db.execute(
                sql:
                    "INSERT INTO preferred_units (type_identifier, unit) VALUES ('HKQuantityTypeIdentifierBodyMass', 'lb')"
            )
        }
        try queue.close()

        let storage = try SQLiteStorage(path: path)
        #expect(try storage.appliedMigrations() == SQLiteStorage.knownMigrations)
        #expect(try storage.integrityProblems().isEmpty)
        let store = HealthDataStore(storage: storage)
        #expect(try store.chosenPreferredUnits().values.map(\.unitString) == ["lb"])
        #expect(try store.userAnnotatedMedications().isEmpty)
        try store.setUserAnnotatedMedications(MedicationListTests.list)
        let reopened = HealthDataStore(storage: try SQLiteStorage(path: path))
        #expect(try reopened.userAnnotatedMedications() == MedicationListTests.list)
    }
}
