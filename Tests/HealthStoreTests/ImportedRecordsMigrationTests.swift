import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthTestSupport
import Logging
import NIOCore
import PostgresNIO
import Testing

@testable import HealthStore
@testable import HealthStorePostgres
@testable import HealthStoreSQLite

/// Stores written before imported data became records kept activity summaries, characteristics, the export
/// information, kept elements and clinical documents in a table each, summaries and kept elements as binary blobs;
/// opening such a store moves every row into `records` as its kind's JSON, with nothing lost, and drops the tables
/// (SQLite v14, PostgreSQL v9).
@Suite("Imported records migration: an older store's imported data becomes records as it opens, nothing lost")
struct ImportedRecordsMigrationTests {
    static let data = try! ImportedRecordsTests.sample()
    /// Stored in the old table in this order (the second kept element first), which the records must keep.
    static let keptOrder = [data.keptElements[1], data.keptElements[0]]
    static let retiredTables = ImportedRecordsMigration.retiredTables
    static let document = data.clinicalDocuments[0]

    /// What the migrated store must answer, through the facade.
    static func expectMigrated(_ store: HealthDataStore, latestSequence: Int64) throws {
        #expect(try store.changeLog.latestSequence() == latestSequence, "moving rows takes no change sequence")
        let everyDay = (DateComponents(year: 1, month: 1, day: 1), DateComponents(year: 9_999, month: 12, day: 31))
        #expect(try store.records.activitySummaries(from: everyDay.0, through: everyDay.1) == data.activitySummaries)
        #expect(try store.records.characteristics() == data.characteristics)
        #expect(try store.records.exportInformation() == data.exportInformation)
        #expect(try store.records.keptElements(parent: nil) == keptOrder)
        #expect(try store.records.keptElements(parent: ImportedRecordsTests.workout) == [data.keptElements[1]])
        #expect(try store.records.clinicalDocuments() == data.clinicalDocuments)
        let counts = try store.importedDataCounts()
        #expect(counts == ImportedDataCounts(activitySummaries: 3, characteristics: 2, keptElements: 2))
        // The moved records read as the kinds write them: importing the same data again commits nothing.
        try store.saveImportedData(data)
        #expect(try store.changeLog.latestSequence() == latestSequence)
        // They are written like any other afterwards: a kept element already moved is not added again, a new one
        // comes after the moved ones.
        var more = ImportedData()
        let newer = KeptElement(
            identity: UUID(uuidString: "00000000-0000-8000-8000-000000000000")!, parent: nil,
            element: ExportElement(name: "Later", attributes: [], line: 1))
        more.keptElements = [data.keptElements[0], newer]
        try store.saveImportedData(more)
        #expect(try store.changeLog.latestSequence() == latestSequence + 1)
        #expect(try store.records.keptElements(parent: nil) == keptOrder + [newer])
    }

    @Test("A release-13 SQLite store's imported data tables become records, and the tables are gone")
    func sqliteImportedDataMoves() throws {
        let (path, queue) = try SQLiteMigrationTests.oldStore(release: 13)
        func bytes(_ uuid: UUID) -> Data { withUnsafeBytes(of: uuid.uuid) { Data($0) } }
        try queue.write { db in
            for summary in Self.data.activitySummaries {
                try db.execute(
                    sql: "INSERT INTO activity_summaries (day, summary) VALUES (?, ?)",
                    arguments: [ImportedDataCoding.dayKey(summary.day), Data(ImportedDataCoding.encode(summary))])
            }
            for (identifier, value) in Self.data.characteristics {
                try db.execute(
                    sql: "INSERT INTO characteristics (identifier, value) VALUES (?, ?)",
                    arguments: [identifier, value])
            }
            let information = try #require(Self.data.exportInformation)
            try db.execute(
                sql: "INSERT INTO export_information (id, export_date, locale) VALUES (1, ?, ?)",
                arguments: [information.exportDate?.timeIntervalSinceReferenceDate, information.locale])
            for (position, kept) in Self.keptOrder.enumerated() {
                try db.execute(
                    sql:
                        "INSERT INTO kept_elements (position, identity, parent_uuid, name, element) VALUES (?, ?, ?, ?, ?)",
                    arguments: [
                        position + 1, bytes(kept.identity), kept.parent.map(bytes), kept.element.name,
                        Data(ImportedDataCoding.encode(kept.element)),
                    ])
            }
            let document = Self.document
            try db.execute(
                sql: """
                    INSERT INTO clinical_documents
                        (uuid, start_time, end_time, title, patient_name, author_name, custodian_name, data)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    bytes(document.uuid), document.startDate.timeIntervalSinceReferenceDate,
                    document.endDate.timeIntervalSinceReferenceDate, document.title, document.patientName,
                    document.authorName, document.custodianName, document.data,
                ])
            try db.execute(sql: "UPDATE store_info SET value = 9 WHERE key = 'latest_sequence'")
        }
        try queue.close()

        let storage = try SQLiteStorage(path: path)
        #expect(try storage.appliedMigrations() == SQLiteStorage.knownMigrations)
        #expect(try storage.integrityProblems().isEmpty)
        try Self.expectMigrated(HealthDataStore(storage: storage), latestSequence: 9)
        let left = try DatabaseQueue(path: path).read { db in try Self.retiredTables.filter { try db.tableExists($0) } }
        #expect(left.isEmpty)
    }

    @Test(
        "A PostgreSQL database at v8 has every person's imported data moved into records at v9, and the tables dropped",
        .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.offReason), .timeLimit(.minutes(2)))
    func postgresImportedDataMoves() async throws {
        let person = "alex"
        let other = "someone else"
        var statements: [PostgresQuery] = [
            "INSERT INTO people (person, latest_sequence) VALUES (\(person), 9)",
            "INSERT INTO people (person) VALUES (\(other))",
            """
            INSERT INTO characteristics (person, identifier, value)
            VALUES (\(other), 'HKCharacteristicTypeIdentifierBloodType', 'HKBloodTypeONegative')
            """,
        ]
        for summary in Self.data.activitySummaries {
            statements.append(
                """
                INSERT INTO activity_summaries (person, day, summary)
                VALUES (\(person), \(ImportedDataCoding.dayKey(summary.day)), \(ByteBuffer(bytes: ImportedDataCoding.encode(summary))))
                """)
        }
        for (identifier, value) in Self.data.characteristics {
            statements.append(
                "INSERT INTO characteristics (person, identifier, value) VALUES (\(person), \(identifier), \(value))")
        }
        let information = try #require(Self.data.exportInformation)
        statements.append(
            """
            INSERT INTO export_information (person, export_date, locale)
            VALUES (\(person), \(information.exportDate?.timeIntervalSinceReferenceDate), \(information.locale))
            """)
        // Positions are generated in the order of insertion.
        for kept in Self.keptOrder {
            statements.append(
                """
                INSERT INTO kept_elements (person, identity, parent_uuid, name, element)
                VALUES (\(person), \(kept.identity), \(kept.parent)::uuid, \(kept.element.name),
                        \(ByteBuffer(bytes: ImportedDataCoding.encode(kept.element))))
                """)
        }
        let document = Self.document
        statements.append(
            """
            INSERT INTO clinical_documents
                (person, uuid, start_time, end_time, title, patient_name, author_name, custodian_name, data)
            VALUES (\(person), \(document.uuid), \(document.startDate.timeIntervalSinceReferenceDate),
                    \(document.endDate.timeIntervalSinceReferenceDate), \(document.title), \(document.patientName),
                    \(document.authorName), \(document.custodianName), \(ByteBuffer(bytes: Array(document.data))))
            """)
        let scratch = try await ScratchPostgresDatabase.make("ohk_imported", migratedThrough: 8, statements: statements)
        defer { scratch.drop() }
        let client = try PostgresStoreClient(url: scratch.url)
        defer { client.shutdown() }
        try Self.expectMigrated(
            HealthDataStore(storage: try PostgresStorage(client: client, person: person)), latestSequence: 9)
        let someoneElse = HealthDataStore(storage: try PostgresStorage(client: client, person: other))
        #expect(
            try someoneElse.records.characteristics() == [
                "HKCharacteristicTypeIdentifierBloodType": "HKBloodTypeONegative"
            ])
        #expect(try someoneElse.records.keptElements(parent: nil).isEmpty)
        #expect(try someoneElse.records.exportInformation() == nil)
        let left = try scratch.remainingTables(Self.retiredTables, client: client)
        #expect(left.isEmpty)
    }
}
