import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthStore
@testable import HealthStoreSQLite

/// An imported record's creation date and UTC offset are metadata to every query, whichever way a backend keeps them
/// (SQLite: columns of the sample's row since schema v5).
@Suite("Export creation date and UTC offset: kept as columns in SQLite, read back and matched as metadata")
struct ExportMetadataColumnTests {
    static let created = Date(timeIntervalSinceReferenceDate: 731_779_320)

    /// Samples whose metadata covers every case: both column values, one, values of other kinds under the same keys,
    /// -0 (read back as 0, as SQLite's metadata rows do too) and fractional offsets, offsets at the column's limits,
    /// other keys beside them, and none at all.
    static func samples() throws -> [Sample] {
        let metadatas: [[String: MetadataValue]?] = [
            [MetadataKey.exportCreationDate: .date(created), MetadataKey.exportUTCOffset: .number(-25_200)],
            [
                MetadataKey.exportCreationDate: .date(created.addingTimeInterval(60)),
                MetadataKey.exportUTCOffset: .number(3_600),
                MetadataKey.wasUserEntered: .number(1), "meal": .string("Lunch"),
            ],
            [MetadataKey.exportUTCOffset: .number(86_400)],
            [MetadataKey.exportUTCOffset: .number(-86_400), MetadataKey.exportCreationDate: .string("yesterday")],
            [MetadataKey.exportUTCOffset: .number(19_800.5)],
            [MetadataKey.exportUTCOffset: .number(-0.0)],
            [MetadataKey.exportUTCOffset: .number(90_000)],
            [MetadataKey.exportCreationDate: .number(12)],
            [:],
            nil,
        ]
        return try metadatas.enumerated().map { index, metadata in
            try Fixture.steps(Double(100 + index), from: Fixture.at(Double(index) * 10), metadata: metadata)
        }
    }

    @Test("Every sample reads back with exactly the metadata it was saved with", arguments: StorageBackend.allCases)
    func metadataRoundTrips(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let saved = try Self.samples()
        try store.save(saved, as: Fixture.watch)
        let read = try store.all(Fixture.stepCount)
        #expect(read.count == saved.count)
        for (original, stored) in zip(saved, read) {
            #expect(stored.uuid == original.uuid)
            #expect(stored.metadata == original.metadata, "sample \(original.quantityContent?.quantity.value ?? 0)")
        }
        // The change feed and a deletion's tombstone carry them too.
        let changes = try store.changes(
            AnchoredQueryRequest(descriptors: [SampleQueryDescriptor(type: Fixture.stepCount)]))
        #expect(changes.samples.map(\.metadata) == saved.map(\.metadata))
        try store.delete([saved[1].uuid])
        let deletion = try store.changes(
            AnchoredQueryRequest(descriptors: [SampleQueryDescriptor(type: Fixture.stepCount)], anchor: changes.anchor))
        #expect(deletion.deletions.map(\.uuid) == [saved[1].uuid])
    }

    @Test(
        "Metadata predicates on the two keys select the same samples on every backend",
        arguments: StorageBackend.allCases)
    func predicatesMatchColumnValues(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let saved = try Self.samples()
        try store.save(saved, as: Fixture.watch)
        func values(_ predicate: SamplePredicate) throws -> [Double] {
            try store.samples(SampleQueryRequest(type: Fixture.stepCount, predicate: predicate)).compactMap {
                $0.quantityContent?.quantity.value
            }
        }
        #expect(try values(.metadataKeyExists(MetadataKey.exportCreationDate)) == [100, 101, 103, 107])
        #expect(try values(.metadataKeyExists(MetadataKey.exportUTCOffset)) == [100, 101, 102, 103, 104, 105, 106])
        #expect(
            try values(.metadataComparison(key: MetadataKey.exportUTCOffset, comparison: .lessThan, value: .number(0)))
                == [100, 103])
        #expect(
            try values(
                .metadataComparison(
                    key: MetadataKey.exportUTCOffset, comparison: .greaterThanOrEqualTo, value: .number(86_400))) == [
                    102, 106,
                ])
        #expect(
            try values(.metadataValues(key: MetadataKey.exportUTCOffset, values: [.number(3_600), .number(19_800.5)]))
                == [101, 104])
        #expect(
            try values(
                .metadataComparison(
                    key: MetadataKey.exportCreationDate, comparison: .greaterThan, value: .date(Self.created))) == [101]
        )
        #expect(
            try values(.and([.metadataKeyExists(MetadataKey.exportCreationDate), .metadataKeyExists("meal")])) == [101])
    }

    @Test("In SQLite the two values are columns: a record with nothing else has no metadata row")
    func sqliteKeepsThemInColumns() throws {
        let path = TemporaryStoreFolder.newPath("columns")
        let storage = try SQLiteStorage(path: path)
        try HealthDataStore(storage: storage).save(try Self.samples(), as: Fixture.watch)
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT s.value, s.creation_time, s.utc_offset, s.has_metadata, (SELECT group_concat(m.key, ',') FROM metadata m
                    WHERE m.sample = s.sequence) AS keys FROM samples s ORDER BY s.sequence
                    """)
            let columns = rows.map { row -> String in
                let keys: String? = row["keys"]
                let creation: Double? = row["creation_time"]
                let offset: Int64? = row["utc_offset"]
                return
                    "\(creation.map { _ in "c" } ?? "-")\(offset.map(String.init) ?? "-") \(row["has_metadata"] as Int64) \(keys ?? "")"
            }
            #expect(
                columns == [
                    "c-25200 0 ",
                    "c3600 1 HKWasUserEntered,meal",
                    "-86400 0 ",
                    "--86400 1 OpenHealthKitExportCreationDate",
                    "-- 1 OpenHealthKitExportUTCOffset",
                    "-0 0 ",
                    "-- 1 OpenHealthKitExportUTCOffset",
                    "-- 1 OpenHealthKitExportCreationDate",
                    "-- 0 ",  // an empty dictionary is no metadata (the model makes it nil)
                    "-- 0 ",
                ])
        }
    }
}
