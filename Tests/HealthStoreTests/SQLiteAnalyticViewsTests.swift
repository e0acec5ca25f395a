import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthStore
@testable import HealthStoreSQLite

/// The SQL views of an SQLite store (docs/guide/sql.md), read with plain SQL on a second connection as another tool
/// would. SQLite only: the views exist in no other backend.
@Suite("SQL views of the SQLite store: what sqlite3, DuckDB and Datasette read")
struct SQLiteAnalyticViewsTests {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    /// 2024-03-01T00:00:00Z.
    private static let firstDay = Date(timeIntervalSince1970: 1_709_251_200)

    /// A new SQLite store and a read-only connection to its file.
    private static func store() throws -> (store: HealthDataStore, sql: DatabaseQueue) {
        let path = TemporaryStoreFolder.newPath("views")
        let store = HealthDataStore(storage: try SQLiteStorage(path: path))
        var configuration = Configuration()
        configuration.readonly = true
        return (store, try DatabaseQueue(path: path, configuration: configuration))
    }

    /// Daily step sums in UTC from the view, as a tool would compute them.
    private static func sqlDailySteps(_ sql: DatabaseQueue) throws -> [String: Double] {
        try sql.read { db in
            var sums: [String: Double] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT date(start_unix, 'unixepoch') AS day, sum(value) FROM health_samples
                    WHERE type_name = 'stepCount' GROUP BY day
                    """)
            {
                sums[row[0]] = row[1]
            }
            return sums
        }
    }

    /// Daily step sums in UTC from the engine (cumulative sum, merged by source priority, prorated at midnight).
    private static func engineDailySteps(_ store: HealthDataStore) throws -> [String: Double] {
        let collection = try store.statisticsCollection(
            of: Fixture.stepCount, options: [.cumulativeSum], anchor: firstDay, interval: DateComponents(day: 1),
            calendar: utc)
        var sums: [String: Double] = [:]
        for statistics in collection.statistics() {
            let day = utc.dateComponents([.year, .month, .day], from: statistics.startDate)
            let key = String(format: "%04d-%02d-%02d", day.year!, day.month!, day.day!)
            if let sum = statistics.merged.sum?.value { sums[key] = sum }
        }
        return sums
    }

    @Test(
        "One source per type: the view's steps per UTC day equal the engine's cumulative sums on days no sample crosses midnight"
    )
    func singleSourceDailySumsMatchTheEngine() throws {
        let (store, sql) = try Self.store()
        // Seven days of a watch's steps in 1–15 minute samples, one after another (no overlaps), from a fixed seed;
        // one sample runs from 2024-03-03 23:55 to 2024-03-04 00:10. Each day's samples end by 21:00.
        var random = SeededRandom(seed: 20)
        var samples: [Sample] = []
        for day in 0..<7 {
            var cursor = Self.firstDay.addingTimeInterval(Double(day) * 86_400 + 6 * 3_600)
            for _ in 0..<20 {
                cursor = cursor.addingTimeInterval(Double(random.next(upTo: 30)) * 60)
                let minutes = Double(1 + random.next(upTo: 15))
                samples.append(try Fixture.steps(Double(random.next(upTo: 1_500)), from: cursor, minutes: minutes))
                cursor = cursor.addingTimeInterval(minutes * 60)
            }
        }
        samples.append(try Fixture.steps(300, from: Self.firstDay.addingTimeInterval(3 * 86_400 - 300), minutes: 15))
        let crossing: Set<String> = ["2024-03-03", "2024-03-04"]
        samples.append(try Fixture.heartRate(61, at: Self.firstDay.addingTimeInterval(7 * 3_600)))
        _ = try store.save(samples, as: Fixture.watch)

        let fromSQL = try Self.sqlDailySteps(sql)
        let fromEngine = try Self.engineDailySteps(store)
        #expect(fromSQL.count == 7)
        #expect(fromEngine.keys.sorted() == fromSQL.keys.sorted())
        for (day, sum) in fromSQL where !crossing.contains(day) {
            #expect(fromEngine[day] == sum, "\(day)")
        }
        // Across midnight the engine prorates (5 of the 15 minutes on the 3rd: 100 steps), SQL puts all on the start day.
        let third = try #require(fromSQL["2024-03-03"])
        #expect(try #require(fromEngine["2024-03-03"]) == third - 200)
        #expect(fromSQL.values.reduce(0, +) == fromEngine.values.reduce(0, +))
    }

    @Test("Two sources counting the same walk: the view adds both (1,900 steps), the engine merges by priority (1,000)")
    func overlappingSourcesNeedTheEngine() throws {
        let (store, sql) = try Self.store()
        let walk = Self.firstDay.addingTimeInterval(8 * 3_600)
        _ = try store.save([try Fixture.steps(1_000, from: walk, minutes: 60)], as: Fixture.watch)
        _ = try store.save([try Fixture.steps(900, from: walk, minutes: 60)], as: Fixture.phone)
        try store.setSourceOrder(
            [Fixture.watchSource.bundleIdentifier, Fixture.phoneSource.bundleIdentifier], for: Fixture.stepCount)

        #expect(try Self.sqlDailySteps(sql) == ["2024-03-01": 1_900])
        #expect(try Self.engineDailySteps(store) == ["2024-03-01": 1_000])
    }

    @Test("A sample's row: UUID text, names, canonical value and unit, UTC and local times, source, device, metadata")
    func sampleRowCarriesEveryField() throws {
        let (store, sql) = try Self.store()
        // 2024-03-01T08:00:00Z, 1.2 km in kilometres; written by an export at +02:00 with a brand key.
        let start = Self.firstDay.addingTimeInterval(8 * 3_600)
        let distance = try Sample.quantity(
            type: Fixture.distance, quantity: Quantity(1.2, Fixture.unit("km")), start: start,
            end: start.addingTimeInterval(600),
            metadata: [
                MetadataKey.exportUTCOffset: .number(7_200), "Brand": .string("Acme"), "Lap": .number(3),
            ], device: Fixture.watchDevice())
        _ = try store.save([distance], as: Fixture.watch)

        let row = try #require(try sql.read { db in try Row.fetchOne(db, sql: "SELECT * FROM health_samples") })
        #expect(row["uuid"] as String == distance.uuid.uuidString)
        #expect(row["type"] as String == "HKQuantityTypeIdentifierDistanceWalkingRunning")
        #expect(row["type_name"] as String == "distanceWalkingRunning")
        #expect(row["kind"] as String == "quantity")
        #expect(row["value"] as Double == 1_200)
        #expect(row["unit"] as String == "m")
        #expect(row["count"] as Int == 1)
        #expect(row["category_value"] as Int? == nil)
        #expect(row["start_utc"] as String == "2024-03-01T08:00:00.000Z")
        #expect(row["end_utc"] as String == "2024-03-01T08:10:00.000Z")
        #expect(row["start_unix"] as Double == 1_709_280_000)
        #expect(row["duration"] as Double == 600)
        #expect(row["utc_offset"] as Int == 7_200)
        #expect(row["start_local"] as String == "2024-03-01T10:00:00")
        #expect(row["end_local"] as String == "2024-03-01T10:10:00")
        #expect(row["source_name"] as String == Fixture.watchSource.name)
        #expect(row["bundle_id"] as String == Fixture.watchSource.bundleIdentifier)
        #expect(row["source_version"] as String == "10.3")
        #expect(row["device_name"] as String == "Apple Watch")
        #expect(row["device_model"] as String == "Watch")
        #expect(row["user_entered"] as Int == 0)
        let metadata = try JSONSerialization.jsonObject(with: Data((row["metadata"] as String).utf8)) as? [String: Any]
        #expect(metadata?["Brand"] as? String == "Acme")
        #expect((metadata?["Lap"] as? NSNumber)?.doubleValue == 3)
        #expect(metadata?.count == 2)
    }

    @Test("Sleep intervals carry their stage names; a workout its activity, active duration, metres and kilocalories")
    func sleepAndWorkoutViews() throws {
        let (store, sql) = try Self.store()
        let night = Self.firstDay.addingTimeInterval(-2 * 3_600)
        let stages = [(0, 0, 480), (3, 10, 200), (4, 200, 260), (5, 260, 330), (2, 330, 340)]
        _ = try store.save(
            try stages.map { value, from, to in
                try Sample.category(
                    type: Fixture.sleep, value: value, start: night.addingTimeInterval(Double(from) * 60),
                    end: night.addingTimeInterval(Double(to) * 60))
            }, as: Fixture.watch)
        let run = Self.firstDay.addingTimeInterval(7 * 3_600)
        let pause = try WorkoutEvent(type: .pause, startDate: run.addingTimeInterval(600))
        let resume = try WorkoutEvent(type: .resume, startDate: run.addingTimeInterval(900))
        let workout = try Sample.workout(
            activityTypeRawValue: 37, start: run, end: run.addingTimeInterval(2_700), events: [pause, resume],
            statistics: [
                try WorkoutStatistic(
                    quantityTypeIdentifier: "HKQuantityTypeIdentifierDistanceWalkingRunning",
                    sum: Quantity(5.5, Fixture.unit("km"))),
                try WorkoutStatistic(
                    quantityTypeIdentifier: "HKQuantityTypeIdentifierActiveEnergyBurned",
                    sum: Quantity(1_674_800, Fixture.unit("J"))),
            ])
        _ = try store.save([workout], as: Fixture.watch)

        try sql.read { db in
            let sleep = try Row.fetchAll(db, sql: "SELECT stage, value, duration FROM health_sleep ORDER BY start_unix")
            #expect(sleep.map { $0["stage"] as String } == ["inBed", "asleepCore", "asleepDeep", "asleepREM", "awake"])
            #expect(sleep.map { $0["value"] as Int } == [0, 3, 4, 5, 2])
            #expect(sleep.map { $0["duration"] as Double } == [28_800, 11_400, 3_600, 4_200, 600])
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM health_workouts"))
            #expect(row["uuid"] as String == workout.uuid.uuidString)
            #expect(row["activity_type"] as Int == 37)
            #expect(row["activity_name"] as String == "running")
            #expect(row["duration"] as Double == 2_400)
            #expect(row["elapsed"] as Double == 2_700)
            #expect(row["distance"] as Double == 5_500)
            #expect(abs((row["energy"] as Double) - 400.287) < 0.001)
            #expect(row["start_utc"] as String == "2024-03-01T07:00:00.000Z")
        }
        // A deleted workout leaves no figures behind.
        _ = try store.delete([workout.uuid])
        let left = try sql.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT (SELECT count(*) FROM health_workouts) AS workouts, (SELECT count(*) FROM workout_figures) AS figures
                    """)
        }
        #expect(left?["workouts"] as Int? == 0)
        #expect(left?["figures"] as Int? == 0)
    }

    @Test("A release-10 store gains the views on open, with its types' names and units and its workouts' figures")
    func releaseTenStoreGainsTheViews() throws {
        let (path, queue) = try SQLiteMigrationTests.oldStore(release: 10)
        let workout = try Sample.workout(
            activityTypeRawValue: 13, start: Self.firstDay, end: Self.firstDay.addingTimeInterval(3_600),
            statistics: [
                try WorkoutStatistic(
                    quantityTypeIdentifier: "HKQuantityTypeIdentifierDistanceCycling",
                    sum: Quantity(20, Fixture.unit("km")))
            ])
        try queue.write { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 10)
            try db.execute(
                sql: """
                    INSERT INTO sample_types (id, identifier, kind) VALUES
                    (1, 'HKQuantityTypeIdentifierStepCount', 0), (2, 'HKWorkoutTypeIdentifier', 3)
                    """)
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
                    INSERT INTO samples (sequence, uuid, type_id, start_time, end_time, value, source_id, source_revision_id, detail)
                    VALUES (2, ?, 2, ?, ?, 3600, 1, 1, ?)
                    """,
                arguments: [
                    Data(withUnsafeBytes(of: workout.uuid.uuid) { Array($0) }),
                    workout.startDate.timeIntervalSinceReferenceDate, workout.endDate.timeIntervalSinceReferenceDate,
                    Data(SampleDetailCoding.detail(of: workout) ?? []),
                ])
            try db.execute(sql: "UPDATE store_info SET value = 2 WHERE key = 'latest_sequence'")
        }
        try queue.close()

        let storage = try SQLiteStorage(path: path)
        #expect(try storage.appliedMigrations() == SQLiteStorage.knownMigrations)
        #expect(try storage.integrityProblems().isEmpty)
        let reader = try DatabaseQueue(path: path)
        try reader.read { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == SQLiteStorage.knownMigrations.count)
            let steps = try #require(
                try Row.fetchOne(db, sql: "SELECT type_name, unit, value FROM health_samples WHERE kind = 'quantity'"))
            #expect(steps["type_name"] as String == "stepCount")
            #expect(steps["unit"] as String == "count")
            #expect(steps["value"] as Double == 120)
            let ride = try #require(try Row.fetchOne(db, sql: "SELECT * FROM health_workouts"))
            #expect(ride["uuid"] as String == workout.uuid.uuidString)
            #expect(ride["activity_name"] as String == "cycling")
            #expect(ride["distance"] as Double == 20_000)
            #expect(ride["energy"] as Double? == nil)
        }
    }

    @Test("Every column docs/guide/sql.md documents exists in its view, in the documented order, and no other")
    func documentedColumnsExist() throws {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/guide/sql.md")
        let documented = try Self.documentedColumns(String(contentsOf: guide, encoding: .utf8))
        #expect(documented.keys.sorted() == SQLiteAnalyticViews.viewNames.sorted())
        let (_, sql) = try Self.store()
        try sql.read { db in
            for view in SQLiteAnalyticViews.viewNames {
                let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(view))").map { $0["name"] as String }
                #expect(columns == documented[view], "\(view)")
                // Every column reads (a typo in a view's SQL fails only when the view is read).
                _ = try Row.fetchAll(db, sql: "SELECT * FROM \(view)")
            }
        }
    }

    @Test("Filtering health_samples by type_name or type, or reading health_sleep, reads that type's rows by index")
    func typeFiltersUseTheIndex() throws {
        let (store, sql) = try Self.store()
        _ = try store.save([try Fixture.steps(10, from: Self.firstDay)], as: Fixture.watch)
        let plans = try sql.read { db in
            try [
                "SELECT sum(value) FROM health_samples WHERE type_name = 'stepCount'",
                "SELECT sum(value) FROM health_samples WHERE type = 'HKQuantityTypeIdentifierStepCount'",
                "SELECT * FROM health_sleep",
            ].map { query in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query).map { $0["detail"] as String }
            }
        }
        for plan in plans {
            #expect(plan.contains { $0.contains("samples_by_type_start") }, "\(plan)")
            #expect(!plan.contains { $0.hasPrefix("SCAN s") }, "\(plan)")
        }
    }

    /// The column names of each `## \`view\`` section's table in the guide.
    static func documentedColumns(_ guide: String) -> [String: [String]] {
        var columns: [String: [String]] = [:]
        var view: String?
        for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## `") {
                view = line.dropFirst(4).prefix { $0 != "`" }.description
                columns[view!] = []
            } else if let current = view, line.hasPrefix("| `") {
                columns[current]!.append(line.dropFirst(3).prefix { $0 != "`" }.description)
            }
        }
        return columns
    }
}

/// A small deterministic generator (a linear congruential one), so that the generated data is the same every run.
private struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in 0..<bound.
    mutating func next(upTo bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
