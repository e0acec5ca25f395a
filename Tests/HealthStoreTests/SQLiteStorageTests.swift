import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore
import HealthStoreSQLite
import HealthTestSupport
import Synchronization
import Testing

@Suite("SQLite store: persistence, migrations, refusals, integrity, concurrency")
struct SQLiteStorageTests {
    /// The same rich history written to a store: every kind of sample, units, metadata kinds, devices, revisions, a
    /// sync replacement, a deletion, a workout association and a source order.
    /// A fixed identifier, so that two stores written with the same history compare equal.
    static func id(_ number: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))! }

    static func writeHistory(into store: HealthDataStore) throws -> [SampleType] {
        let id = Self.id
        let distance = Fixture.distance
        let mile = try HealthUnit(parsing: "mi")
        let walk = try Sample.quantity(
            type: distance, quantity: Quantity(0.1, mile), start: Fixture.at(0), end: Fixture.at(5),
            metadata: [
                "HKTimeZone": .string("America/Los_Angeles"), "Note": .string("évening walk"), "Rank": .number(-0.0),
                "Measured": .date(Fixture.at(7)), "Elevation": .quantity(Quantity(418, .meter(.centi))),
            ],
            device: Device(
                name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: "iPhone15,2",
                firmwareVersion: "fw", softwareVersion: "17.4", localIdentifier: "local", udiDeviceIdentifier: "udi"),
            uuid: id(1))
        let series = try Sample.quantity(
            type: Fixture.heartRate, quantity: Quantity(70, Fixture.bpm), start: Fixture.at(10), end: Fixture.at(12),
            count: 2,
            seriesEntries: [
                QuantitySeriesEntry(
                    quantity: Quantity(68, Fixture.bpm), startDate: Fixture.at(10), endDate: Fixture.at(10)),
                QuantitySeriesEntry(
                    quantity: Quantity(1.2, try HealthUnit(parsing: "count/s")), startDate: Fixture.at(11),
                    endDate: Fixture.at(12)),
            ], uuid: id(2))
        let glucose = try Sample.quantity(
            type: Fixture.bloodGlucose, quantity: Quantity(5.4, Fixture.mmolPerLiter), start: Fixture.at(20),
            end: Fixture.at(20), uuid: id(3))
        let sleep = try Sample.category(
            type: Fixture.sleep, value: 4, start: Fixture.at(-600), end: Fixture.at(-60), device: Fixture.watchDevice(),
            uuid: id(4))
        let longSleep = try Sample.category(
            type: Fixture.sleep, value: 0, start: Fixture.at(-3000), end: Fixture.at(-60), uuid: id(5))
        let energy = try Sample.quantity(
            type: Fixture.dietaryEnergy, quantity: Quantity(180, .kilocalorie), start: Fixture.at(30),
            end: Fixture.at(30), uuid: id(6))
        let protein = try Sample.quantity(
            type: Fixture.dietaryProtein, quantity: Quantity(9, .gram()), start: Fixture.at(30), end: Fixture.at(30),
            uuid: id(7))
        let meal = try Sample.correlation(
            type: Fixture.food, start: Fixture.at(30), end: Fixture.at(30), objects: [energy, protein],
            metadata: ["HKFoodType": .string("Yogurt")], uuid: id(8))
        let run = try Sample.workout(
            activityTypeRawValue: 37, start: Fixture.at(40), end: Fixture.at(80),
            events: [
                try WorkoutEvent(type: .pause, startDate: Fixture.at(50)),
                try WorkoutEvent(type: .resume, startDate: Fixture.at(55), metadata: ["Why": .string("traffic light")]),
                try WorkoutEvent(type: .segment, startDate: Fixture.at(40), endDate: Fixture.at(60)),
            ],
            statistics: [
                try WorkoutStatistic(quantityTypeIdentifier: "activeEnergyBurned", sum: Quantity(350, .kilocalorie)),
                try WorkoutStatistic(
                    quantityTypeIdentifier: "heartRate", average: Quantity(150, Fixture.bpm),
                    minimum: Quantity(120, Fixture.bpm), maximum: Quantity(171, Fixture.bpm)),
            ],
            metadata: ["HKIndoorWorkout": .number(0)], uuid: id(9))
        let pulse = try Fixture.heartRate(151, at: Fixture.at(45)).with(uuid: id(10), sourceRevision: nil)
        try store.save([walk, glucose], as: Fixture.phone)
        try store.save([series, sleep, longSleep, pulse], as: Fixture.watch)
        try store.save([meal], as: Fixture.app)
        try store.save([run], as: SourceRevision(source: Fixture.watchSource))
        try store.associate([pulse.uuid], withWorkout: run.uuid)
        let first = try Fixture.steps(100, from: Fixture.at(0), metadata: Fixture.sync("day-1", version: 1))
        try store.save([first.with(uuid: id(11), sourceRevision: nil)], as: Fixture.app)
        let second = try Fixture.steps(120, from: Fixture.at(0), metadata: Fixture.sync("day-1", version: 2))
        try store.save([second.with(uuid: id(12), sourceRevision: nil)], as: Fixture.app)
        let stale = try Fixture.steps(90, from: Fixture.at(0), metadata: Fixture.sync("day-1", version: 1))
        try store.save([stale.with(uuid: id(13), sourceRevision: nil)], as: Fixture.app)
        try store.delete([glucose.uuid])
        try store.setSourceOrder([Fixture.phoneSource.bundleIdentifier], for: Fixture.stepCount)
        try store.setSourceOrder([], for: Fixture.heartRate)
        return [
            distance, Fixture.heartRate, Fixture.bloodGlucose, Fixture.sleep, Fixture.dietaryEnergy,
            Fixture.dietaryProtein,
            Fixture.food, .workout, Fixture.stepCount,
        ]
    }

    /// Everything observable about a store, for comparing backends and reopened files.
    struct Snapshot: Equatable {
        var samples: [[Sample]]
        var changes: [Change]
        var associated: Set<UUID>
        var orders: [[String]?]
        var latest: Int64
    }

    static func snapshot(_ store: HealthDataStore, _ types: [SampleType], workout: UUID?) throws -> Snapshot {
        Snapshot(
            samples: try types.map { try store.all($0) }, changes: try store.storage.changes(after: 0, limit: 0),
            associated: try workout.map { try store.storage.samplesAssociated(withWorkout: $0) } ?? [],
            orders: try [Fixture.stepCount, Fixture.heartRate, Fixture.distance].map {
                try store.records.sourceOrder(for: $0)
            },
            latest: try store.storage.latestSequence())
    }

    @Test("Everything written survives closing and reopening the file, exactly as the in-memory store keeps it")
    func reopenKeepsEverything() throws {
        let path = TemporaryStoreFolder.newPath()
        let memory = HealthDataStore(storage: InMemoryStorage())
        let types = try Self.writeHistory(into: memory)
        let workout = Self.id(9)
        let expected = try Self.snapshot(memory, types, workout: workout)
        #expect(expected.samples.map(\.count) == [1, 2, 0, 2, 1, 1, 1, 1, 1])
        #expect(expected.associated == [Self.id(10)])

        do {
            let store = HealthDataStore(storage: try SQLiteStorage(path: path))
            _ = try Self.writeHistory(into: store)
            #expect(try Self.snapshot(store, types, workout: workout) == expected)
        }
        let reopened = HealthDataStore(storage: try SQLiteStorage(path: path))
        #expect(try Self.snapshot(reopened, types, workout: workout) == expected)
        #expect(try reopened.records.sourceOrder(for: Fixture.stepCount) == [Fixture.phoneSource.bundleIdentifier])
        #expect(try reopened.records.sourceOrder(for: Fixture.heartRate) == [])
        #expect(try reopened.records.sourceOrder(for: Fixture.distance) == nil)
    }

    @Test("Quantities keep their unit and exact value; the value column is in the type's canonical unit")
    func quantitiesRoundTripExactly() throws {
        let path = TemporaryStoreFolder.newPath()
        let mile = try HealthUnit(parsing: "mi")
        let values = [0.1, 1.0 / 3.0, 26.2, 1e-9, 123_456.789]
        let samples = try values.enumerated().map { index, value in
            try Sample.quantity(
                type: Fixture.distance, quantity: Quantity(value, mile), start: Fixture.at(Double(index)),
                end: Fixture.at(Double(index) + 1))
        }
        do {
            _ = try SQLiteStorage(path: path).commit(
                inserting: samples.map { $0.with(sourceRevision: Fixture.phone) }, deleting: [])
        }
        let storage = try SQLiteStorage(path: path)
        let stored = try storage.candidates(of: Fixture.distance, within: .unbounded).map(\.sample)
        #expect(stored.map { $0.quantity! } == values.map { Quantity($0, mile) })
        let canonical = try DatabaseQueue(path: path).read { db in
            try Double.fetchAll(db, sql: "SELECT value FROM samples ORDER BY sequence")
        }
        #expect(canonical == values.map { $0 * 1609.344 })
    }

    @Test("The time zone offset of a sample with HKTimeZone is kept in its row, at the sample's start")
    func timeZoneOffsetKept() throws {
        let path = TemporaryStoreFolder.newPath()
        // 2024-03-10 16:00 UTC is after the spring-forward switch in Los Angeles (UTC-7); 09:00 UTC is before (UTC-8).
        let after = try Fixture.steps(
            10, from: Fixture.at(0), metadata: [MetadataKey.timeZone: .string("America/Los_Angeles")])
        let before = try Fixture.steps(
            10, from: Fixture.at(-420), metadata: [MetadataKey.timeZone: .string("America/Los_Angeles")])
        let none = try Fixture.steps(10, from: Fixture.at(60))
        do {
            _ = try SQLiteStorage(path: path).commit(
                inserting: [after, before, none].map { $0.with(sourceRevision: Fixture.watch) }, deleting: [])
        }
        let offsets = try DatabaseQueue(path: path).read { db in
            try Int?.fetchAll(db, sql: "SELECT time_zone_offset FROM samples ORDER BY sequence")
        }
        #expect(offsets == [-25_200, -28_800, nil])
    }

    @Test("A new store is made from an empty file by the named migrations, and marked as an OpenHealthKit store")
    func migrationsFromAnEmptyFile() throws {
        let path = TemporaryStoreFolder.newPath()
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let storage = try SQLiteStorage(path: path)
        #expect(try storage.appliedMigrations() == SQLiteStorage.knownMigrations)
        #expect(
            SQLiteStorage.knownMigrations.first == "v1 samples, sources, devices, metadata, change log, source orders")
        #expect(try storage.latestSequence() == 0)
        #expect(try storage.integrityProblems().isEmpty)
        let (applicationID, userVersion, journal) = try DatabaseQueue(path: path).read { db in
            (
                try Int.fetchOne(db, sql: "PRAGMA application_id")!, try Int.fetchOne(db, sql: "PRAGMA user_version")!,
                try String.fetchOne(db, sql: "PRAGMA journal_mode")!
            )
        }
        #expect(applicationID == 0x4F48_4B31)
        #expect(userVersion == SQLiteStorage.knownMigrations.count)
        #expect(journal == "wal")
        // Opening again applies nothing new and keeps the data.
        _ = try storage.commit(
            inserting: [try Fixture.steps(10, from: Fixture.at(0)).with(sourceRevision: Fixture.watch)], deleting: [])
        let again = try SQLiteStorage(path: path)
        #expect(try again.appliedMigrations().count == SQLiteStorage.knownMigrations.count)
        #expect(try again.sampleCount() == 1)
    }

    @Test("The folders of a new store's path are created")
    func createsFolders() throws {
        let path = TemporaryStoreFolder.path + "/nested-\(UUID().uuidString)/deeper/health.sqlite"
        let storage = try SQLiteStorage(path: path)
        #expect(try storage.sampleCount() == 0)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    /// Opens a file that must be refused and checks that its bytes did not change.
    static func expectRefused(_ path: String, _ check: (HealthStoreError) -> Bool) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            _ = try SQLiteStorage(path: path)
            Issue.record("\(path) was opened, not refused")
        } catch let error as HealthStoreError {
            #expect(check(error), "unexpected error: \(error)")
            #expect(error.description.contains("left untouched"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("A file that is not a store is refused and left byte-identical: text, a short file, another app's database")
    func refusesFilesThatAreNotStores() throws {
        let text = TemporaryStoreFolder.newPath("text")
        try Data("steps,start,end\n640,2024-03-10,2024-03-10\n".utf8).write(to: URL(fileURLWithPath: text))
        try Self.expectRefused(text) {
            if case let .notAStore(_, reason) = $0 { return reason == "it is not an SQLite database" }
            return false
        }

        let short = TemporaryStoreFolder.newPath("short")
        try Data("SQLite".utf8).write(to: URL(fileURLWithPath: short))
        try Self.expectRefused(short) {
            if case .notAStore = $0 { return true }
            return false
        }

        let other = TemporaryStoreFolder.newPath("other")
        try DatabaseQueue(path: other).write { db in
            try db.execute(
                sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('hello')"
            )
        }
        try Self.expectRefused(other) {
            if case let .notAStore(_, reason) = $0 { return reason.contains("another application") }
            return false
        }
    }

    @Test(
        "A store from a newer version is refused and left byte-identical (schema version in the header, or only a migration row)"
    )
    func refusesNewerStores() throws {
        for variant in ["header", "migration row"] {
            let path = TemporaryStoreFolder.newPath("newer")
            do {
                let storage = try SQLiteStorage(path: path)
                _ = try storage.commit(
                    inserting: [try Fixture.steps(10, from: Fixture.at(0)).with(sourceRevision: Fixture.watch)],
                    deleting: [])
            }
            try DatabaseQueue(path: path).write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99 from the future')")
                if variant == "header" {
                    try db.execute(sql: "PRAGMA user_version = \(SQLiteStorage.knownMigrations.count + 1)")
                }
            }
            try DatabaseQueue(path: path).writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            try Self.expectRefused(path) {
                if case .newerStore = $0 { return true }
                return false
            }
        }
    }

    @Test("A reader is not blocked while another connection holds the write lock (WAL)")
    func readersAreNotBlockedByAWriter() throws {
        let path = TemporaryStoreFolder.newPath()
        let storage = try SQLiteStorage(path: path)
        let store = HealthDataStore(storage: storage)
        try store.save([try Fixture.steps(640, from: Fixture.at(0))], as: Fixture.watch)
        let writer = try DatabaseQueue(path: path)
        try writer.inTransaction(.immediate) { db in
            try db.execute(sql: "UPDATE store_info SET value = value WHERE key = 'latest_sequence'")
            let clock = ContinuousClock()
            let started = clock.now
            let count = try store.all(Fixture.stepCount).count
            let latest = try storage.latestSequence()
            #expect(clock.now - started < .seconds(2))
            #expect(count == 1)
            #expect(latest == 1)
            return .rollback
        }
    }

    @Test("SQLite's integrity check and foreign-key check pass after writes and deletions")
    func integrityAfterWrites() throws {
        let storage = try SQLiteStorage(path: TemporaryStoreFolder.newPath())
        let store = HealthDataStore(storage: storage)
        _ = try Self.writeHistory(into: store)
        try store.delete(try store.all(Fixture.food).map(\.uuid))
        try store.delete(try store.all(.workout).map(\.uuid))
        #expect(try storage.integrityProblems().isEmpty)
    }

    @Test(
        "Statistics columns come from the store, follow inserts and deletes, and are refused when a series sample is in range"
    )
    func quantityColumnsFollowWrites() throws {
        let storage = try SQLiteStorage(path: TemporaryStoreFolder.newPath())
        let store = HealthDataStore(storage: storage)
        let kilometre = try HealthUnit(parsing: "km")
        var samples: [Sample] = []
        for index in 0..<5 {
            let start = Fixture.at(Double(index) * 10)
            let metadata: [String: MetadataValue]? = index == 2 ? [MetadataKey.wasUserEntered: .number(1)] : nil
            samples.append(
                try Sample.quantity(
                    type: Fixture.distance, quantity: Quantity(Double(index + 1), kilometre), start: start,
                    end: start.addingTimeInterval(300), metadata: metadata))
        }
        try store.save(Array(samples[0..<3]), as: Fixture.phone)
        try store.save(Array(samples[3...]), as: Fixture.watch)
        func rows(_ bounds: TimeBounds = .unbounded) throws -> [String] {
            let columns = try #require(try storage.quantityColumns(of: Fixture.distance, within: bounds))
            return (0..<columns.count).map { index in
                let entry = Int(columns.sourceIndexes[index])
                return
                    "\(columns.values[index]) \(columns.sequences[index]) \(columns.sources[entry].name) \(columns.productTypes[entry] ?? "-") \(columns.userEntered[index])"
            }.sorted()
        }
        #expect(
            try rows() == [
                "1000.0 1 Alex’s iPhone iPhone15,2 false", "2000.0 2 Alex’s iPhone iPhone15,2 false",
                "3000.0 3 Alex’s iPhone iPhone15,2 true",
                "4000.0 4 Alex’s Apple Watch Watch6,1 false", "5000.0 5 Alex’s Apple Watch Watch6,1 false",
            ])
        #expect(
            try rows(
                TimeBounds(
                    startLowerBound: Fixture.at(10).timeIntervalSinceReferenceDate,
                    startUpperBound: Fixture.at(30).timeIntervalSinceReferenceDate)
            ).count == 2)
        try store.delete([samples[0].uuid])
        try store.save(
            [
                try Sample.quantity(
                    type: Fixture.distance, quantity: Quantity(6, kilometre), start: Fixture.at(60), end: Fixture.at(61)
                )
            ], as: Fixture.app)
        #expect(
            try rows().map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
                "2000.0 2", "3000.0 3", "4000.0 4", "5000.0 5", "6000.0 7",
            ])
        // A series sample in range: no columns (the engine reads samples instead).
        let series = try Sample.quantity(
            type: Fixture.distance, quantity: Quantity(2, kilometre), start: Fixture.at(100), end: Fixture.at(102),
            count: 2,
            seriesEntries: [
                QuantitySeriesEntry(
                    quantity: Quantity(1, kilometre), startDate: Fixture.at(100), endDate: Fixture.at(101)),
                QuantitySeriesEntry(
                    quantity: Quantity(1, kilometre), startDate: Fixture.at(101), endDate: Fixture.at(102)),
            ])
        try store.save([series], as: Fixture.app)
        #expect(try storage.quantityColumns(of: Fixture.distance, within: .unbounded) == nil)
        #expect(try rows(TimeBounds(startUpperBound: Fixture.at(90).timeIntervalSinceReferenceDate)).count == 5)
    }

    @Test("The column cache of a large type answers like the index and stays in step with writes")
    func columnCacheMatchesIndex() throws {
        let path = TemporaryStoreFolder.newPath()
        let storage = try SQLiteStorage(path: path)
        let store = HealthDataStore(storage: storage)
        let count = SQLiteStorage.columnCacheThreshold + 10
        let samples = try (0..<count).map { index in
            try Sample.quantity(
                type: Fixture.stepCount, quantity: Quantity(Double(index % 50), .count),
                start: Fixture.at(Double(index)), end: Fixture.at(Double(index) + 1))
        }
        try store.save(samples, as: Fixture.watch)
        // Builds the cache.
        let first = try #require(try storage.quantityColumns(of: Fixture.stepCount, within: .unbounded))
        #expect(first.count == count)
        try store.delete([samples[5].uuid])
        try store.save([try Fixture.steps(7, from: Fixture.at(-30))], as: Fixture.phone)
        let cached = try #require(try storage.quantityColumns(of: Fixture.stepCount, within: .unbounded))
        let fresh = try #require(
            try SQLiteStorage(path: path).quantityColumns(of: Fixture.stepCount, within: .unbounded))
        #expect(cached.count == count)
        #expect(Set(cached.sequences) == Set(fresh.sequences))
        #expect(cached.values.reduce(0, +) == fresh.values.reduce(0, +))
        #expect(!cached.sequences.contains(6))
    }
}

/// A clock a test moves by hand.
final class ManualClock: Sendable {
    private let now = Mutex(Date(timeIntervalSinceReferenceDate: 700_000_000))
    /// The current time.
    func read() -> Date { now.withLock { $0 } }
    /// Moves the clock forward.
    func advance(_ seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

@Suite("Change log retention and anchors (SEMANTICS §6), on both backends")
struct ChangeLogRetentionTests {
    static func storage(_ backend: StorageBackend, _ retention: ChangeLogRetention) throws -> any HealthStorage {
        try backend.makeStorage(retention: retention)
    }

    @Test(
        "Deletions older than the retention are forgotten; an anchor before the horizon is told it is too old",
        arguments: StorageBackend.allCases)
    func anchorTooOld(backend: StorageBackend) throws {
        let clock = ManualClock()
        let storage = try Self.storage(backend, .deletions(for: 3600, clock: { clock.read() }))
        let store = HealthDataStore(storage: storage)
        let kept = try Fixture.steps(10, from: Fixture.at(0))
        let gone = try Fixture.steps(20, from: Fixture.at(10), metadata: Fixture.sync("walk", version: 1))
        try store.save([kept, gone], as: Fixture.watch)  // 1, 2
        try store.delete([gone.uuid])  // 3
        #expect(try storage.changes(after: 0, limit: 0).map(\.sequence) == [1, 2, 3])
        clock.advance(1800)
        #expect(try storage.expireDeletions() == 0)
        #expect(try storage.changeHorizon() == 0)

        clock.advance(1801)
        let late = try Fixture.steps(30, from: Fixture.at(20))
        try store.save([late], as: Fixture.watch)  // 4, and the deletion at 3 expires
        #expect(try storage.changeHorizon() == 3)
        #expect(throws: HealthEngineError.anchorTooOld(anchor: 2, horizon: 3)) {
            try storage.changes(after: 2, limit: 0)
        }
        #expect(throws: HealthEngineError.anchorTooOld(anchor: 1, horizon: 3)) {
            try storage.changes(after: 1, limit: 0)
        }
        // No anchor: what is stored now, without the forgotten object; an anchor at or past the horizon: the rest.
        let all = try storage.changes(after: 0, limit: 0)
        #expect(all.map(\.sequence) == [1, 4])
        #expect(all.map(\.uuid) == [kept.uuid, late.uuid])
        #expect(try storage.changes(after: 3, limit: 0).map(\.uuid) == [late.uuid])
        #expect(HealthEngineError.anchorTooOld(anchor: 2, horizon: 3).description.contains("too old"))
    }

    @Test(
        "Without a retention every deletion is remembered, with its sync identifier and version",
        arguments: StorageBackend.allCases)
    func foreverKeepsTombstones(backend: StorageBackend) throws {
        let storage = try Self.storage(backend, .forever)
        let store = HealthDataStore(storage: storage)
        let sample = try Fixture.steps(20, from: Fixture.at(10), metadata: Fixture.sync("walk", version: 3))
        try store.save([sample], as: Fixture.watch)
        try store.delete([sample.uuid])
        #expect(try storage.expireDeletions() == 0)
        let changes = try storage.changes(after: 1, limit: 0)
        #expect(
            changes == [
                Change(
                    sequence: 2, kind: .deleted, uuid: sample.uuid, type: Fixture.stepCount, syncIdentifier: "walk",
                    syncVersion: 3)
            ])
        #expect(try storage.changeHorizon() == 0)
    }

    @Test(
        "A reader paging the change log while a writer commits sees every change exactly once",
        arguments: StorageBackend.allCases)
    func pagingWhileWritingSeesEachChangeOnce(backend: StorageBackend) async throws {
        let storage = try Self.storage(backend, .forever)
        let store = HealthDataStore(storage: storage)
        let batches = 40
        let finished = Mutex(false)
        let writer = Task.detached {
            defer { finished.withLock { $0 = true } }
            var previous: [UUID] = []
            for batch in 0..<batches {
                let samples = try (0..<25).map { index in
                    try Fixture.steps(Double(index), from: Fixture.at(Double(batch * 25 + index)))
                }
                try store.save(samples, as: Fixture.watch)
                if !previous.isEmpty { try store.delete(Array(previous.prefix(5))) }
                previous = samples.map(\.uuid)
            }
        }
        var seen: [Int64] = []
        var anchor: Int64 = 0
        while true {
            let writerWasDone = finished.withLock { $0 }
            let page = try storage.changes(after: anchor, limit: 17)
            seen += page.map(\.sequence)
            if let last = page.last { anchor = last.sequence }
            if page.isEmpty {
                if writerWasDone { break }
                await Task.yield()
            }
        }
        try await writer.value
        let latest = try storage.latestSequence()
        #expect(latest == Int64(batches * 25 + (batches - 1) * 5))
        #expect(seen == Array(1...latest))
    }
}
