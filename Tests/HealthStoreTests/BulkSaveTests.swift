import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Testing

/// Batches large enough for the SQLite store's many-rows-per-statement path (500 rows a statement), built on another
/// thread while rows go in: they must read back exactly as saved and fail exactly like small batches.
@Suite("Bulk saves: large batches read back exactly and fail like small ones")
struct BulkSaveTests {
    static let distance = try! SampleType.quantity("distanceWalkingRunning")
    static let mile = try! HealthUnit(parsing: "mi")
    static let sleep = try! SampleType.category("sleepAnalysis")

    /// `count` samples with increasing default UUIDs: steps, some distances in miles (a unit other than the
    /// canonical one, with values that do not convert back exactly), heart rates, a few sleep samples, two devices,
    /// and metadata here and there (time zone, user entry, sync identifier).
    static func mixedBatch(_ count: Int) throws -> [Sample] {
        try (0..<count).map { index in
            let start = Fixture.at(Double(index))
            let device = index % 7 == 0 ? Fixture.phoneDevice : Fixture.watchDevice()
            var metadata: [String: MetadataValue]?
            if index % 20 == 0 { metadata = [MetadataKey.timeZone: .string("Europe/Paris")] }
            if index % 250 == 0 { metadata = [MetadataKey.wasUserEntered: .number(1), MetadataKey.timeZone: .string("America/Los_Angeles")] }
            if index % 333 == 0 { metadata = Fixture.sync("bulk-\(index)", version: 1) }
            switch index % 50 {
            case 10..<14:
                return try Sample.quantity(
                    type: distance, quantity: Quantity(0.1 * Double(index % 9 + 1), mile), start: start, end: start.addingTimeInterval(60),
                    metadata: metadata, device: device)
            case 20:
                return try Fixture.heartRate(60 + Double(index % 40), at: start, device: device)
            case 30:
                return try Sample.category(type: sleep, value: 1, start: start, end: start.addingTimeInterval(3600), metadata: metadata)
            default:
                return try Fixture.steps(Double(index % 160), from: start, minutes: 1, metadata: metadata, device: device)
            }
        }
    }

    @Test("A batch of 1,700 mixed samples reads back exactly as saved, type by type and in order", arguments: StorageBackend.allCases)
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

    @Test("A stored sample deep inside a large batch is named as the duplicate, and nothing of the batch is saved", arguments: StorageBackend.allCases)
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

    @Test("A sample twice in a large batch is named as the duplicate, and nothing of the batch is saved", arguments: StorageBackend.allCases)
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
}
