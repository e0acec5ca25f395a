import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthTestSupport
import PostgresNIO
import Testing

@testable import HealthStore
@testable import HealthStorePostgres
@testable import HealthStoreSQLite

/// Stores written before routes and heartbeat series became samples keep them in side tables (`workout_routes`,
/// `heartbeat_series`); opening such a store moves them into route and heartbeat series samples with nothing lost.
@Suite("Retired series tables: routes and heartbeats of an older store become samples as it opens")
struct RetiredSeriesMigrationTests {
    static let start = Date(timeIntervalSince1970: 1_709_280_000)  // 2024-03-01T08:00:00Z
    static let locations = (0..<4).map { index in
        WorkoutRouteLocation(
            date: start.addingTimeInterval(Double(index) * 30), latitude: 52.5 + Double(index) / 1_000,
            longitude: 13.4, altitude: index == 2 ? nil : 34 + Double(index), speed: 3.25, course: nil,
            horizontalAccuracy: 4, verticalAccuracy: 2.5)
    }
    static let beats = (0..<5).map { index in
        (date: start.addingTimeInterval(600 + Double(index) * 0.85 + (index >= 3 ? 1.5 : 0)), beatsPerMinute: 70.5)
    }
    static let workout = try! Sample.workout(
        activityTypeRawValue: 37, start: start, end: start.addingTimeInterval(1_800))
    static let variability = try! Sample.quantity(
        type: .quantity("heartRateVariabilitySDNN"), quantity: Quantity(48.5, .second(.milli)),
        start: start.addingTimeInterval(600), end: start.addingTimeInterval(660))
    static let routeID = UUID(uuidString: "00000000-0000-8000-8000-00000000A0A0")!

    /// What the moved store must answer: the route with its points, associated with the workout and carrying its
    /// source; the heartbeat series under the HRV sample's derived identifier, its gap inferred.
    static func expectMoved(_ store: HealthDataStore, revision: SourceRevision) throws {
        let routes = try store.workoutRoutes(ofWorkout: workout.uuid)
        #expect(routes.map(\.uuid) == [routeID])
        #expect(routes.first?.locations == locations)
        let route = try #require(
            try store.samples(SampleQueryRequest(type: .workoutRoute, predicate: .uuids([routeID]))).first)
        #expect(route.sourceRevision == revision)
        #expect(route.startDate == locations.first?.date && route.endDate == locations.last?.date)
        let series = try #require(try store.heartbeatSeries(ofSample: variability.uuid))
        #expect(series.beats.count == beats.count)
        #expect(zip(series.beats, beats).allSatisfy { abs($0.date.timeIntervalSince($1.date)) < 1e-6 })
        let stored = try #require(
            try store.samples(
                SampleQueryRequest(
                    type: .heartbeatSeries, predicate: .uuids([Sample.heartbeatSeriesUUID(of: variability.uuid)]))
            ).first)
        guard case let .heartbeatSeries(content)? = stored.payload else {
            Issue.record("the series has no beats")
            return
        }
        #expect(content.beats.map(\.precededByGap) == [false, false, false, true, false])
        #expect(stored.sourceRevision == revision)
        let counts = try store.importedDataCounts()
        #expect(counts.workoutRoutes == 1 && counts.routeLocations == 4)
        #expect(counts.heartbeatSeries == 1 && counts.heartbeats == 5)
    }

    @Test("A release-11 SQLite store's route and heartbeat rows become samples, once, and the tables are gone")
    func sqliteStoreIsMoved() throws {
        let (path, queue) = try SQLiteMigrationTests.oldStore(release: 11)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO sample_types (id, identifier, kind) VALUES
                    (1, 'HKWorkoutTypeIdentifier', 3), (2, 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN', 0)
                    """)
            try db.execute(
                sql: "INSERT INTO sources (id, name, bundle_identifier) VALUES (1, 'Watch', 'com.example.watch')")
            try db.execute(sql: "INSERT INTO source_revisions (id, source_id, version) VALUES (1, 1, '10.1')")
            func uuid(_ value: UUID) -> Data { Data(withUnsafeBytes(of: value.uuid) { Array($0) }) }
            try db.execute(
                sql: """
                    INSERT INTO samples (sequence, uuid, type_id, start_time, end_time, value, source_id, source_revision_id, detail)
                    VALUES (1, ?, 1, ?, ?, 1800, 1, 1, ?)
                    """,
                arguments: [
                    uuid(Self.workout.uuid), Self.workout.startDate.timeIntervalSinceReferenceDate,
                    Self.workout.endDate.timeIntervalSinceReferenceDate,
                    Data(SampleDetailCoding.detail(of: Self.workout) ?? []),
                ])
            try db.execute(
                sql: """
                    INSERT INTO samples (sequence, uuid, type_id, start_time, end_time, value, count, source_id, source_revision_id)
                    VALUES (2, ?, 2, ?, ?, 48.5, 1, 1, 1)
                    """,
                arguments: [
                    uuid(Self.variability.uuid), Self.variability.startDate.timeIntervalSinceReferenceDate,
                    Self.variability.endDate.timeIntervalSinceReferenceDate,
                ])
            try db.execute(sql: "UPDATE store_info SET value = 2 WHERE key = 'latest_sequence'")
            try db.execute(
                sql: """
                    INSERT INTO workout_routes (uuid, workout_uuid, source_name, file_path, start_time, end_time, location_count, locations)
                    VALUES (?, ?, 'Watch', NULL, ?, ?, 4, ?)
                    """,
                arguments: [
                    uuid(Self.routeID), uuid(Self.workout.uuid), Self.locations[0].date.timeIntervalSinceReferenceDate,
                    Self.locations[3].date.timeIntervalSinceReferenceDate,
                    Data(ImportedDataCoding.encode(Self.locations)),
                ])
            try db.execute(
                sql: "INSERT INTO heartbeat_series (sample_uuid, beat_count, beats) VALUES (?, 5, ?)",
                arguments: [uuid(Self.variability.uuid), Data(ImportedDataCoding.encode(beats: Self.beats))])
        }
        try queue.close()

        let revision = SourceRevision(
            source: Source(name: "Watch", bundleIdentifier: "com.example.watch"), version: "10.1")
        let storage = try SQLiteStorage(path: path)
        #expect(try storage.appliedMigrations() == SQLiteStorage.knownMigrations)
        #expect(try storage.integrityProblems().isEmpty)
        let store = HealthDataStore(storage: storage)
        #expect(try store.samples.typeSummaries().map(\.count).reduce(0, +) == 4)
        try Self.expectMoved(store, revision: revision)
        let sequence = try store.changeLog.latestSequence()
        #expect(sequence == 4)
        let reader = try DatabaseQueue(path: path)
        try reader.read { db in
            let left = try db.tableExists("workout_routes") || db.tableExists("heartbeat_series")
            #expect(!left)
        }
        try reader.close()
        // Opened again: nothing moves twice.
        let again = HealthDataStore(storage: try SQLiteStorage(path: path))
        #expect(try again.changeLog.latestSequence() == sequence)
        try Self.expectMoved(again, revision: revision)
    }

    @Test(
        "A PostgreSQL person's route and heartbeat rows become samples when the person's store opens, once",
        .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.offReason))
    func postgresPersonIsMoved() throws {
        let person = PostgresTestDatabase.newPerson("retired")
        let revision = SourceRevision(
            source: Source(name: "Watch", bundleIdentifier: "com.example.watch"), version: "10.1")
        let first = HealthDataStore(storage: try PostgresTestDatabase.storage(of: person))
        try first.saveImported([
            Self.workout.with(sourceRevision: revision), Self.variability.with(sourceRevision: revision),
        ])
        // Rows as a release before the move wrote them, beside the samples.
        let client = PostgresTestDatabase.client
        let routeBlob = ByteBuffer(bytes: ImportedDataCoding.encode(Self.locations))
        let beatsBlob = ByteBuffer(bytes: ImportedDataCoding.encode(beats: Self.beats))
        let (routeID, workoutID, hrvID) = (Self.routeID, Self.workout.uuid, Self.variability.uuid)
        let (first0, last0) = (
            Self.locations[0].date.timeIntervalSinceReferenceDate, Self.locations[3].date.timeIntervalSinceReferenceDate
        )
        _ = try client.blocking("writing retired rows") { [client] in
            try await client.client.query(
                """
                INSERT INTO workout_routes (person, uuid, workout_uuid, source_name, file_path, start_time, end_time, location_count, locations)
                VALUES (\(person), \(routeID), \(workoutID), 'Watch', NULL, \(first0), \(last0), 4, \(routeBlob))
                """, logger: client.logger)
            try await client.client.query(
                """
                INSERT INTO heartbeat_series (person, sample_uuid, beat_count, beats)
                VALUES (\(person), \(hrvID), 5, \(beatsBlob))
                """, logger: client.logger)
            return true
        }
        let moved = HealthDataStore(storage: try PostgresTestDatabase.storage(of: person))
        try Self.expectMoved(moved, revision: revision)
        let sequence = try moved.changeLog.latestSequence()
        #expect(sequence == 4)
        let left = try client.blocking("counting retired rows") { [client] in
            var count = 0
            for try await value in try await client.client.query(
                """
                SELECT (SELECT count(*) FROM workout_routes WHERE person = \(person))
                     + (SELECT count(*) FROM heartbeat_series WHERE person = \(person))
                """, logger: client.logger
            ).decode(Int.self) {
                count = value
            }
            return count
        }
        #expect(left == 0)
        let again = HealthDataStore(storage: try PostgresTestDatabase.storage(of: person))
        #expect(try again.changeLog.latestSequence() == sequence)
        try Self.expectMoved(again, revision: revision)
    }
}
