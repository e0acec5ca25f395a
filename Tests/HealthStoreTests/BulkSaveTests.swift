import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

/// Batches large enough for the SQLite store's many-rows-per-statement path (500 rows a statement), built on another
/// thread while rows go in: they must read back exactly as saved and fail exactly like small batches.
@Suite("Bulk saves: large batches read back exactly and fail like small ones")
struct BulkSaveTests {
    static let distance = Fixture.quantityType("distanceWalkingRunning")
    static let mile = Fixture.unit("mi")
    static let sleep = Fixture.categoryType("sleepAnalysis")

    /// `count` samples with increasing default UUIDs: steps, some distances in miles (a unit other than the
    /// canonical one, with values that do not convert back exactly), heart rates, a few sleep samples, two devices,
    /// and metadata here and there (time zone, user entry, sync identifier).
    static func mixedBatch(_ count: Int) throws -> [Sample] {
        try (0..<count).map { index in
            let start = Fixture.at(Double(index))
            let device = index % 7 == 0 ? Fixture.phoneDevice : Fixture.watchDevice()
            var metadata: [String: MetadataValue]?
            if index % 20 == 0 { metadata = [MetadataKey.timeZone: .string("Europe/Paris")] }
            if index % 250 == 0 {
                metadata = [
                    MetadataKey.wasUserEntered: .number(1), MetadataKey.timeZone: .string("America/Los_Angeles"),
                ]
            }
            if index % 333 == 0 { metadata = Fixture.sync("bulk-\(index)", version: 1) }
            switch index % 50 {
            case 10..<14:
                return try Sample.quantity(
                    type: distance, quantity: Quantity(0.1 * Double(index % 9 + 1), mile), start: start,
                    end: start.addingTimeInterval(60),
                    metadata: metadata, device: device)
            case 20:
                return try Fixture.heartRate(60 + Double(index % 40), at: start, device: device)
            case 30:
                return try Sample.category(
                    type: sleep, value: 1, start: start, end: start.addingTimeInterval(3600), metadata: metadata)
            default:
                return try Fixture.steps(
                    Double(index % 160), from: start, minutes: 1, metadata: metadata, device: device)
            }
        }
    }

    @Test(
        "A batch of 1,700 mixed samples reads back exactly as saved, type by type and in order",
        arguments: StorageBackend.allCases)
    func mixedBatchReadsBackExactly(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let batch = try Self.mixedBatch(1_700)
        let result = try store.save(batch, as: Fixture.watch)
        #expect(result.inserted.count == batch.count)
        #expect(try store.storage.latestSequence() == Int64(batch.count))
        let saved = batch.map { $0.with(sourceRevision: Fixture.watch) }
        for type in [Fixture.stepCount, Self.distance, Fixture.heartRate, Self.sleep] {
            let expected = saved.filter { $0.type == type }
            #expect(!expected.isEmpty)
            #expect(try store.all(type) == expected)
        }
        let changes = try store.storage.changes(after: 0, limit: 0)
        #expect(changes.map(\.uuid) == batch.map(\.uuid))
        #expect(changes.map(\.sequence) == Array(1...Int64(batch.count)))
    }

    @Test(
        "A stored sample deep inside a large batch is named as the duplicate, and nothing of the batch is saved",
        arguments: StorageBackend.allCases)
    func storedDuplicateInLargeBatch(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let stored = try Fixture.steps(5, from: Fixture.at(-10))
        try store.save([stored], as: Fixture.watch)
        var batch = try Self.mixedBatch(1_200)
        batch.insert(stored, at: 700)
        #expect(throws: HealthStoreError.duplicateObject(stored.uuid)) { try store.save(batch, as: Fixture.watch) }
        #expect(try store.storage.latestSequence() == 1)
        #expect(try store.uuids(Fixture.stepCount) == [stored.uuid])
        #expect(try store.all(Self.distance).isEmpty)
    }

    @Test(
        "A sample twice in a large batch is named as the duplicate, and nothing of the batch is saved",
        arguments: StorageBackend.allCases)
    func internalDuplicateInLargeBatch(backend: StorageBackend) throws {
        let store = backend.makeStore()
        var batch = try Self.mixedBatch(1_200)
        batch.insert(batch[600], at: 900)
        #expect(throws: HealthStoreError.duplicateObject(batch[600].uuid)) { try store.save(batch, as: Fixture.watch) }
        #expect(try store.storage.latestSequence() == 0)
        #expect(try store.all(Fixture.stepCount).isEmpty)
    }

    @Test("A large batch of random version 4 UUIDs reads back exactly as saved", arguments: StorageBackend.allCases)
    func randomUUIDBatchReadsBackExactly(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let batch = try Self.mixedBatch(1_100).map { $0.with(uuid: RandomUUID.makeVersion4(), sourceRevision: nil) }
        try store.save(batch, as: Fixture.phone)
        let saved = batch.map { $0.with(sourceRevision: Fixture.phone) }
        #expect(try store.all(Fixture.stepCount) == saved.filter { $0.type == Fixture.stepCount })
        #expect(try store.all(Self.distance) == saved.filter { $0.type == Self.distance })
    }

    @Test(
        "A large batch with awkward sync identifiers and fractional values reads back exactly, column by column, and a later save finds every identifier again",
        arguments: StorageBackend.allCases)
    func awkwardTextAndNumbersInLargeBatch(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let names = [
            "tab\there", "back\\slash", "line\nbreak", "carriage\rreturn", "bell\u{7}a", "delete\u{7F}", "ünïcode ✓",
            "\\N", "\\x41", "plain",
        ]
        func identifier(_ index: Int) -> String { "\(names[index % names.count])-\(index)" }
        // Values and times that a decimal text form must carry exactly (thirds, tiny and huge magnitudes).
        func value(_ index: Int) -> Double {
            [Double(index) / 3, 1e-300 * Double(index + 1), 1.5e15 + Double(index), 0.1 * Double(index)][index % 4]
        }
        let batch = try (0..<1_200).map { index in
            try Sample.quantity(
                type: Fixture.stepCount, quantity: Quantity(value(index), .count), start: Fixture.at(Double(index) / 7),
                end: Fixture.at(Double(index) / 7 + 1.0 / 3), metadata: Fixture.sync(identifier(index), version: 1))
        }
        try store.save(batch, as: Fixture.watch)
        #expect(try store.all(Fixture.stepCount) == batch.map { $0.with(sourceRevision: Fixture.watch) })
        if let columns = try store.storage.quantityColumns(of: Fixture.stepCount, within: .unbounded) {
            let order = columns.sequences.indices.sorted { columns.sequences[$0] < columns.sequences[$1] }
            #expect(order.map { columns.values[$0] } == batch.indices.map(value))
            #expect(order.map { columns.starts[$0] } == batch.map { $0.startDate.timeIntervalSinceReferenceDate })
            #expect(order.map { columns.ends[$0] } == batch.map { $0.endDate.timeIntervalSinceReferenceDate })
        }
        // A newer version of every tenth sample replaces it: its identifier was stored exactly.
        let newer = try stride(from: 0, to: 1_200, by: 10).map { index in
            try Fixture.steps(
                1, from: Fixture.at(Double(index) / 7), minutes: 1,
                metadata: Fixture.sync(identifier(index), version: 2))
        }
        let result = try store.save(newer, as: Fixture.watch)
        #expect(result.inserted.count == newer.count)
        #expect(Set(result.deleted) == Set(stride(from: 0, to: 1_200, by: 10).map { batch[$0].uuid }))
        #expect(try store.uuids(Fixture.stepCount).count == 1_200)
    }
}
