import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthTestSupport
import Logging
import PostgresNIO
import Testing

@testable import HealthStore
@testable import HealthStorePostgres
@testable import HealthStoreSQLite

/// Stores written before the records table kept source orders, preferred units, the unit locale, the medication list
/// and background deliveries in a table each; opening such a store moves every row into `records` as its kind's JSON,
/// with nothing lost, and drops the old tables (SQLite v13, PostgreSQL v8).
@Suite("Records migration: the settings tables of an older store become records as it opens, nothing lost")
struct RecordsMigrationTests {
    static let steps = Fixture.stepCount
    static let heartRate = Fixture.heartRate
    static let bodyMass = try! SampleType.quantity("HKQuantityTypeIdentifierBodyMass")
    static let medications = Array(MedicationListTests.list.prefix(2))
    static let notified = 731_779_200.5
    static let retiredTables = [
        "source_orders", "preferred_units", "user_annotated_medications", "background_deliveries",
    ]

    /// What the migrated store must answer, through the facade.
    static func expectMigrated(_ store: HealthDataStore, latestSequence: Int64) throws {
        #expect(try store.changeLog.latestSequence() == latestSequence, "moving rows takes no change sequence")
        #expect(try store.records.sourceOrder(for: steps) == ["com.apple.health.watch", "com.example.app"])
        #expect(try store.records.sourceOrder(for: heartRate) == [], "an order set empty stays empty, not the default")
        #expect(try store.chosenPreferredUnits().mapValues(\.unitString) == [bodyMass: "lb"])
        #expect(try store.unitLocale().identifier == "de_DE")
        #expect(try store.userAnnotatedMedications() == medications)
        #expect(
            try store.records.backgroundDeliveries(of: "com.example.app") == [
                BackgroundDeliverySubscription(
                    bundleIdentifier: "com.example.app", type: heartRate, frequency: .immediate),
                BackgroundDeliverySubscription(
                    bundleIdentifier: "com.example.app", type: steps, frequency: .hourly,
                    lastNotified: Date(timeIntervalSinceReferenceDate: notified), missedAcknowledgements: 3,
                    suspended: true),
            ])
        // The moved records are written like any other afterwards.
        try store.setPreferredUnit(HealthUnit(parsing: "kg"), for: bodyMass)
        #expect(try store.changeLog.latestSequence() == latestSequence + 1)
        #expect(try store.chosenPreferredUnits().mapValues(\.unitString) == [bodyMass: "kg"])
    }

    @Test("A release-12 SQLite store's settings tables become records, and the tables are gone")
    func sqliteSettingsMove() throws {
        let (path, queue) = try SQLiteMigrationTests.oldStore(release: 12)
        let json = Self.medications.map { String(decoding: $0.json, as: UTF8.self) }
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sample_types (id, identifier, kind) VALUES
                        (1, 'HKQuantityTypeIdentifierStepCount', 0), (2, 'HKQuantityTypeIdentifierHeartRate', 0);
                    INSERT INTO source_orders (type_id) VALUES (1), (2);
                    INSERT INTO source_order_entries (type_id, position, bundle_identifier) VALUES
                        (1, 1, 'com.example.app'), (1, 0, 'com.apple.health.watch');
                    INSERT INTO preferred_units (type_identifier, unit) VALUES ('HKQuantityTypeIdentifierBodyMass', 'lb');
                    INSERT INTO unit_locale (id, identifier) VALUES (1, 'de_DE');
                    INSERT INTO background_deliveries
                        (bundle_identifier, type_id, frequency, last_notified, missed_acknowledgements, suspended)
                    VALUES ('com.example.app', 1, 2, ?, 3, 1), ('com.example.app', 2, 1, NULL, 0, 0);
                    UPDATE store_info SET value = 9 WHERE key = 'latest_sequence';
                    """, arguments: [Self.notified])
            // Inserted out of order: the position decides.
            try db.execute(
                sql: "INSERT INTO user_annotated_medications (position, concept_identifier, content) VALUES (?, ?, ?)",
                arguments: [1, Self.medications[1].concept.identifier, Data(json[1].utf8)])
            try db.execute(
                sql: "INSERT INTO user_annotated_medications (position, concept_identifier, content) VALUES (?, ?, ?)",
                arguments: [0, Self.medications[0].concept.identifier, Data(json[0].utf8)])
        }
        try queue.close()

        let storage = try SQLiteStorage(path: path)
        #expect(try storage.appliedMigrations() == SQLiteStorage.knownMigrations)
        #expect(try storage.integrityProblems().isEmpty)
        try Self.expectMigrated(HealthDataStore(storage: storage), latestSequence: 9)
        let left = try DatabaseQueue(path: path).read { db in
            try (Self.retiredTables + ["source_order_entries", "unit_locale"]).filter { try db.tableExists($0) }
        }
        #expect(left.isEmpty)
    }

    @Test(
        "A PostgreSQL database at v7 has its settings tables' rows, every person's, moved into records at v8",
        .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.offReason), .timeLimit(.minutes(2)))
    func postgresSettingsMove() async throws {
        let person = "alex"
        let json = Self.medications.map { String(decoding: $0.json, as: UTF8.self) }
        let statements: [PostgresQuery] = [
            "INSERT INTO people (person, latest_sequence) VALUES (\(person), 9)",
            "INSERT INTO people (person) VALUES ('someone else')",
            """
            INSERT INTO sample_types (identifier) VALUES
                ('HKQuantityTypeIdentifierStepCount'), ('HKQuantityTypeIdentifierHeartRate')
            """,
            """
            INSERT INTO source_orders (person, type_id, bundle_identifiers)
            SELECT \(person), id, ARRAY['com.apple.health.watch', 'com.example.app'] FROM sample_types
            WHERE identifier = 'HKQuantityTypeIdentifierStepCount'
            """,
            """
            INSERT INTO source_orders (person, type_id, bundle_identifiers)
            SELECT \(person), id, ARRAY[]::text[] FROM sample_types WHERE identifier = 'HKQuantityTypeIdentifierHeartRate'
            """,
            "INSERT INTO preferred_units (person, type_identifier, unit) VALUES (\(person), 'HKQuantityTypeIdentifierBodyMass', 'lb')",
            "INSERT INTO preferred_units (person, type_identifier, unit) VALUES ('someone else', 'HKQuantityTypeIdentifierBodyMass', 'st')",
            "INSERT INTO unit_locales (person, identifier) VALUES (\(person), 'de_DE')",
            """
            INSERT INTO user_annotated_medications (person, concept_identifier, position, content) VALUES
                (\(person), \(Self.medications[1].concept.identifier), 1, \(ByteBuffer(string: json[1]))),
                (\(person), \(Self.medications[0].concept.identifier), 0, \(ByteBuffer(string: json[0])))
            """,
            """
            INSERT INTO background_deliveries
                (person, bundle_identifier, type_id, frequency, last_notified, missed_acknowledgements, suspended)
            SELECT \(person), 'com.example.app', id, 2, \(Self.notified), 3, true FROM sample_types
            WHERE identifier = 'HKQuantityTypeIdentifierStepCount'
            """,
            """
            INSERT INTO background_deliveries
                (person, bundle_identifier, type_id, frequency, last_notified, missed_acknowledgements, suspended)
            SELECT \(person), 'com.example.app', id, 1, NULL, 0, false FROM sample_types
            WHERE identifier = 'HKQuantityTypeIdentifierHeartRate'
            """,
        ]
        let scratch = try await ScratchPostgresDatabase.make("ohk_records", migratedThrough: 7, statements: statements)
        defer { scratch.drop() }
        let client = try PostgresStoreClient(url: scratch.url)
        defer { client.shutdown() }
        try Self.expectMigrated(
            HealthDataStore(storage: try PostgresStorage(client: client, person: person)), latestSequence: 9)
        let other = HealthDataStore(storage: try PostgresStorage(client: client, person: "someone else"))
        #expect(try other.chosenPreferredUnits().mapValues(\.unitString) == [Self.bodyMass: "st"])
        #expect(try other.records.sourceOrder(for: Self.steps) == nil)
        let left = try scratch.remainingTables(Self.retiredTables + ["unit_locales"], client: client)
        #expect(left.isEmpty)
    }
}
