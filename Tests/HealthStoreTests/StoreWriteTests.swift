import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Store writes: batches, deletions, change log, sync identifiers, concurrency")
struct StoreWriteTests {
    // MARK: - All-or-nothing saves

    @Test(
        "A batch containing a sample already stored saves nothing and leaves the change sequence alone",
        arguments: StorageBackend.allCases)
    func batchWithStoredDuplicateSavesNothing(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let stored = try Fixture.steps(640, from: Fixture.at(0))
        try store.save([stored], as: Fixture.watch)
        let before = try store.storage.latestSequence()

        let fresh = try Fixture.steps(720, from: Fixture.at(10))
        let pulse = try Fixture.heartRate(64, at: Fixture.at(12))
        #expect(throws: HealthStoreError.duplicateObject(stored.uuid)) {
            try store.save([fresh, pulse, stored], as: Fixture.watch)
        }
        #expect(try store.storage.latestSequence() == before)
        #expect(try store.uuids(Fixture.stepCount) == [stored.uuid])
        #expect(try store.all(Fixture.heartRate).isEmpty)
        #expect(try store.storage.changes(after: before, limit: 0).isEmpty)
    }

    @Test("A batch with the same sample twice saves nothing", arguments: StorageBackend.allCases)
    func batchWithInternalDuplicateSavesNothing(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let sample = try Fixture.steps(640, from: Fixture.at(0))
        let other = try Fixture.steps(100, from: Fixture.at(20))
        #expect(throws: HealthStoreError.duplicateObject(sample.uuid)) {
            try store.save([sample, other, sample], as: Fixture.watch)
        }
        #expect(try store.storage.latestSequence() == 0)
        #expect(try store.all(Fixture.stepCount).isEmpty)
    }

    @Test(
        "Saving a read-only type is refused, and the rest of its batch is not saved", arguments: StorageBackend.allCases
    )
    func readOnlyTypeRefused(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let steps = try Fixture.steps(640, from: Fixture.at(0))
        let walkingAverage = try Sample.quantity(
            type: Fixture.walkingHeartRateAverage, quantity: Quantity(104, Fixture.bpm), start: Fixture.at(0),
            end: Fixture.at(1440))
        #expect(throws: HealthStoreError.readOnlyType("HKQuantityTypeIdentifierWalkingHeartRateAverage")) {
            try store.save([steps, walkingAverage], as: Fixture.phone)
        }
        #expect(try store.all(Fixture.stepCount).isEmpty)
        #expect(try store.all(Fixture.walkingHeartRateAverage).isEmpty)
        #expect(try store.storage.latestSequence() == 0)

        let standHour = try Sample.category(
            type: try SampleType.category("appleStandHour"), value: 0, start: Fixture.at(0), end: Fixture.at(60))
        #expect(throws: HealthStoreError.readOnlyType("HKCategoryTypeIdentifierAppleStandHour")) {
            try store.save([standHour], as: Fixture.watch)
        }
    }

    @Test("Empty saves and deletes are errors", arguments: StorageBackend.allCases)
    func emptyRequests(backend: StorageBackend) throws {
        let store = backend.makeStore()
        #expect(throws: HealthStoreError.emptyRequest("save")) { try store.save([], as: Fixture.watch) }
        #expect(throws: HealthStoreError.emptyRequest("delete")) { try store.delete([]) }
        #expect(try store.storage.latestSequence() == 0)
    }

    @Test(
        "Saved samples carry the source revision they were saved as, correlation members included",
        arguments: StorageBackend.allCases)
    func savedSamplesCarrySourceRevision(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let steps = try Fixture.steps(640, from: Fixture.at(0))
        #expect(steps.sourceRevision == nil)
        let result = try store.save([steps], as: Fixture.watchOlder)
        #expect(result.inserted.map(\.sourceRevision) == [Fixture.watchOlder])
        let energy = try Sample.quantity(
            type: Fixture.dietaryEnergy, quantity: Quantity(95, .kilocalorie), start: Fixture.at(30),
            end: Fixture.at(30))
        let apple = try Sample.correlation(
            type: Fixture.food, start: Fixture.at(30), end: Fixture.at(30), objects: [energy],
            metadata: [MetadataKey.foodType: .string("Apple")])
        try store.save([apple], as: Fixture.app)

        let stored = try store.all(Fixture.stepCount)
        #expect(stored.map(\.sourceRevision) == [Fixture.watchOlder])
        #expect(stored.first?.quantity == steps.quantity)
        #expect(try store.all(Fixture.dietaryEnergy).map(\.sourceRevision) == [Fixture.app])
        #expect(try store.all(Fixture.food).map(\.sourceRevision) == [Fixture.app])
    }

    // MARK: - Deletion

    @Test("Deleting by objects removes exactly those objects", arguments: StorageBackend.allCases)
    func deleteByObjects(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let samples = try (0..<4).map { try Fixture.steps(Double(500 + $0 * 50), from: Fixture.at(Double($0) * 15)) }
        let pulse = try Fixture.heartRate(71, at: Fixture.at(5))
        try store.save(samples + [pulse], as: Fixture.watch)

        let result = try store.delete([samples[2].uuid, pulse.uuid, samples[0].uuid])
        #expect(result.deleted == [samples[2].uuid, pulse.uuid, samples[0].uuid])
        #expect(result.inserted.isEmpty)
        #expect(try store.uuids(Fixture.stepCount) == [samples[1].uuid, samples[3].uuid])
        #expect(try store.all(Fixture.heartRate).isEmpty)
        // Gone from the time index too.
        #expect(
            try store.uuids(Fixture.stepCount, .date(start: Fixture.at(0), end: Fixture.at(60), options: [])) == [
                samples[1].uuid, samples[3].uuid,
            ])
        #expect(try store.uuids(Fixture.stepCount, .uuids([samples[0].uuid])).isEmpty)
    }

    @Test("Deleting a missing uuid fails and deletes nothing of the batch", arguments: StorageBackend.allCases)
    func deleteMissingFailsWholeBatch(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let samples = try (0..<3).map { try Fixture.steps(Double(500 + $0 * 50), from: Fixture.at(Double($0) * 15)) }
        try store.save(samples, as: Fixture.watch)
        let before = try store.storage.latestSequence()
        let missing = UUID()
        #expect(throws: HealthStoreError.objectNotFound(missing)) {
            try store.delete([samples[0].uuid, missing, samples[2].uuid])
        }
        #expect(try store.uuids(Fixture.stepCount) == samples.map(\.uuid))
        #expect(try store.storage.latestSequence() == before)
        // Deleting twice: the second time the object is missing.
        try store.delete([samples[1].uuid])
        #expect(throws: HealthStoreError.objectNotFound(samples[1].uuid)) { try store.delete([samples[1].uuid]) }
    }

    @Test(
        "Delete by type and predicate returns what it deleted and leaves other types alone",
        arguments: StorageBackend.allCases)
    func deleteByPredicate(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let early = try Fixture.steps(300, from: Fixture.at(-30))
        let inside1 = try Fixture.steps(900, from: Fixture.at(10))
        let inside2 = try Fixture.steps(1100, from: Fixture.at(40))
        let late = try Fixture.steps(200, from: Fixture.at(90))
        let pulseInside = try Fixture.heartRate(88, at: Fixture.at(20))
        try store.save([early, inside1, pulseInside, inside2, late], as: Fixture.phone)
        let window: SamplePredicate = .date(start: Fixture.at(0), end: Fixture.at(60), options: .strictStartDate)

        let result = try store.delete(type: Fixture.stepCount, matching: window)
        #expect(result.deleted == [inside1.uuid, inside2.uuid])
        #expect(try store.uuids(Fixture.stepCount) == [early.uuid, late.uuid])
        #expect(try store.uuids(Fixture.heartRate) == [pulseInside.uuid])

        let sequence = try store.storage.latestSequence()
        let nothing = try store.delete(type: Fixture.stepCount, matching: window)
        #expect(nothing.deleted.isEmpty)
        #expect(nothing.latestSequence == sequence)
        #expect(try store.storage.latestSequence() == sequence)
    }

    // MARK: - Change log

    @Test(
        "The change sequence rises by one per insertion and per deletion, in commit order",
        arguments: StorageBackend.allCases)
    func changeSequence(backend: StorageBackend) throws {
        let store = backend.makeStore()
        #expect(try store.storage.latestSequence() == 0)
        let a = try Fixture.steps(100, from: Fixture.at(0), metadata: Fixture.sync("steps-0900", version: 3))
        let b = try Fixture.steps(200, from: Fixture.at(10))
        let c = try Fixture.heartRate(77, at: Fixture.at(5))
        let first = try store.save([a, b, c], as: Fixture.watch)
        #expect(first.latestSequence == 3)
        let deletion = try store.delete([a.uuid])
        #expect(deletion.latestSequence == 4)
        let d = try Fixture.steps(300, from: Fixture.at(-20))
        let e = try Fixture.heartRate(81, at: Fixture.at(-10))
        #expect(try store.save([d, e], as: Fixture.phone).latestSequence == 6)
        try store.delete([e.uuid, b.uuid])
        #expect(try store.storage.latestSequence() == 8)

        let changes = try store.storage.changes(after: 0, limit: 0)
        #expect(changes.map(\.sequence) == Array(1...8))
        #expect(
            changes.map(\.kind) == [
                .inserted, .inserted, .inserted, .deleted, .inserted, .inserted, .deleted, .deleted,
            ])
        #expect(changes.map(\.uuid) == [a.uuid, b.uuid, c.uuid, a.uuid, d.uuid, e.uuid, e.uuid, b.uuid])
        #expect(
            changes.map(\.type) == [
                Fixture.stepCount, Fixture.stepCount, Fixture.heartRate, Fixture.stepCount, Fixture.stepCount,
                Fixture.heartRate, Fixture.heartRate, Fixture.stepCount,
            ])
        // The deletion keeps the sync identifier and version the object carried.
        #expect(changes[3].syncIdentifier == "steps-0900")
        #expect(changes[3].syncVersion == 3)
        #expect(changes[6].syncIdentifier == nil)

        // Paging.
        #expect(try store.storage.changes(after: 3, limit: 2).map(\.sequence) == [4, 5])
        #expect(try store.storage.changes(after: 6, limit: 10).map(\.sequence) == [7, 8])
        #expect(try store.storage.changes(after: 8, limit: 0).isEmpty)
    }

    // MARK: - Sync identifiers (SEMANTICS §1)

    @Test(
        "Same source, greater sync version: replaces, recorded as a deletion then an insertion",
        arguments: StorageBackend.allCases)
    func syncGreaterVersionReplaces(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let v1 = try Fixture.steps(1200, from: Fixture.at(0), metadata: Fixture.sync("walk-2024-03-10", version: 1))
        try store.save([v1], as: Fixture.app)
        let v2 = try Fixture.steps(1350, from: Fixture.at(0), metadata: Fixture.sync("walk-2024-03-10", version: 2))
        let result = try store.save([v2], as: Fixture.app)
        #expect(result.deleted == [v1.uuid])
        #expect(result.inserted.map(\.uuid) == [v2.uuid])
        #expect(result.ignored.isEmpty)
        #expect(try store.uuids(Fixture.stepCount) == [v2.uuid])
        #expect(try store.all(Fixture.stepCount).first?.quantity == Quantity(1350, .count))

        let changes = try store.storage.changes(after: 1, limit: 0)
        #expect(changes.map(\.kind) == [.deleted, .inserted])
        #expect(changes.map(\.uuid) == [v1.uuid, v2.uuid])
        #expect(changes.map(\.sequence) == [2, 3])
        #expect(changes[0].syncVersion == 1)
        #expect(changes[1].syncVersion == 2)
        // The replacement is itself replaceable by a later version.
        let v7 = try Fixture.steps(1400, from: Fixture.at(0), metadata: Fixture.sync("walk-2024-03-10", version: 7))
        #expect(try store.save([v7], as: Fixture.app).deleted == [v2.uuid])
        #expect(try store.uuids(Fixture.stepCount) == [v7.uuid])
    }

    @Test(
        "Same source, equal or lower sync version: ignored without error", arguments: StorageBackend.allCases,
        [2.0, 1.0])
    func syncEqualOrLowerVersionIgnored(backend: StorageBackend, version: Double) throws {
        let store = backend.makeStore()
        let stored = try Fixture.steps(1200, from: Fixture.at(0), metadata: Fixture.sync("walk-2024-03-10", version: 2))
        try store.save([stored], as: Fixture.app)
        let sequence = try store.storage.latestSequence()
        let incoming = try Fixture.steps(
            999, from: Fixture.at(0), metadata: Fixture.sync("walk-2024-03-10", version: version))
        let result = try store.save([incoming], as: Fixture.app)
        #expect(result.ignored == [incoming.uuid])
        #expect(result.inserted.isEmpty)
        #expect(result.deleted.isEmpty)
        #expect(try store.uuids(Fixture.stepCount) == [stored.uuid])
        #expect(try store.storage.latestSequence() == sequence)
    }

    @Test("A different source with the same sync identifier is independent", arguments: StorageBackend.allCases)
    func syncOtherSourceIndependent(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let fromApp = try Fixture.steps(
            1200, from: Fixture.at(0), metadata: Fixture.sync("walk-2024-03-10", version: 5))
        let fromPhone = try Fixture.steps(
            1180, from: Fixture.at(0), metadata: Fixture.sync("walk-2024-03-10", version: 1))
        try store.save([fromApp], as: Fixture.app)
        let result = try store.save([fromPhone], as: Fixture.phone)
        #expect(result.deleted.isEmpty)
        #expect(result.ignored.isEmpty)
        #expect(try store.uuids(Fixture.stepCount) == [fromApp.uuid, fromPhone.uuid])
        // A newer version from the phone replaces only the phone's sample.
        let phoneV2 = try Fixture.steps(
            1190, from: Fixture.at(0), metadata: Fixture.sync("walk-2024-03-10", version: 2))
        #expect(try store.save([phoneV2], as: Fixture.phone).deleted == [fromPhone.uuid])
        #expect(try store.uuids(Fixture.stepCount) == [fromApp.uuid, phoneV2.uuid])
        // Another revision of the same source counts as the same source.
        let appV6 = try Fixture.steps(1210, from: Fixture.at(0), metadata: Fixture.sync("walk-2024-03-10", version: 6))
        let appRevision = SourceRevision(source: Fixture.appSource, version: "25.1.0")
        #expect(try store.save([appV6], as: appRevision).deleted == [fromApp.uuid])
    }

    @Test("Two versions inside one batch keep the greater", arguments: StorageBackend.allCases)
    func syncTwoVersionsInOneBatch(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let v3 = try Fixture.steps(100, from: Fixture.at(0), metadata: Fixture.sync("day-total", version: 3))
        let v5 = try Fixture.steps(500, from: Fixture.at(0), metadata: Fixture.sync("day-total", version: 5))
        let v4 = try Fixture.steps(400, from: Fixture.at(0), metadata: Fixture.sync("day-total", version: 4))
        let plain = try Fixture.steps(42, from: Fixture.at(30))
        let result = try store.save([v3, v5, plain, v4], as: Fixture.app)
        #expect(Set(result.ignored) == [v3.uuid, v4.uuid])
        let inserted: Set<UUID> = Set(result.inserted.map(\.uuid))
        #expect(result.inserted.count == 2)
        #expect(inserted == [v5.uuid, plain.uuid])
        #expect(Set(try store.uuids(Fixture.stepCount)) == [v5.uuid, plain.uuid])
        #expect(try store.storage.latestSequence() == 2)

        // Against a stored version: a batch with 2 and 9 over a stored 6 keeps 9 and replaces 6.
        let store2 = backend.makeStore()
        let v6 = try Fixture.steps(600, from: Fixture.at(0), metadata: Fixture.sync("day-total", version: 6))
        try store2.save([v6], as: Fixture.app)
        let low = try Fixture.steps(200, from: Fixture.at(0), metadata: Fixture.sync("day-total", version: 2))
        let high = try Fixture.steps(900, from: Fixture.at(0), metadata: Fixture.sync("day-total", version: 9))
        let second = try store2.save([high, low], as: Fixture.app)
        #expect(second.deleted == [v6.uuid])
        #expect(second.ignored == [low.uuid])
        #expect(try store2.uuids(Fixture.stepCount) == [high.uuid])
    }

    // MARK: - Concurrency

    @Test(
        "A sample reusing the uuid of a stored version that a later sample of its batch replaces fails the batch",
        arguments: StorageBackend.allCases)
    func reusingReplacedUUIDFails(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let v1 = try Fixture.steps(1200, from: Fixture.at(0), metadata: Fixture.sync("walk-2024-03-10", version: 1))
        try store.save([v1], as: Fixture.app)
        let before = try store.storage.latestSequence()
        let reuse = try Fixture.steps(50, from: Fixture.at(30)).with(uuid: v1.uuid, sourceRevision: nil)
        let v2 = try Fixture.steps(1350, from: Fixture.at(0), metadata: Fixture.sync("walk-2024-03-10", version: 2))
        #expect(throws: HealthStoreError.duplicateObject(v1.uuid)) {
            try store.save([reuse, v2], as: Fixture.app)
        }
        #expect(try store.storage.latestSequence() == before)
        #expect(try store.uuids(Fixture.stepCount) == [v1.uuid])
    }

    @Test(
        "Four tasks saving 10,000 samples each end with 40,000 samples and 40,000 changes without gaps",
        arguments: StorageBackend.allCases)
    func concurrentSaves(backend: StorageBackend) async throws {
        let store = backend.makeStore()
        let perTask = 10_000
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    // Interleaved minutes, so that the tasks' samples are also out of time order with each other.
                    var batch: [Sample] = []
                    for index in 0..<perTask {
                        let start = Fixture.at(Double(index * 4 + task))
                        batch.append(try Fixture.steps(Double(10 + index % 90), from: start, minutes: 1))
                        if batch.count == 25 {
                            try store.save(batch, as: task.isMultiple(of: 2) ? Fixture.watch : Fixture.phone)
                            batch.removeAll(keepingCapacity: true)
                        }
                    }
                    if !batch.isEmpty { try store.save(batch, as: Fixture.watch) }
                }
            }
            try await group.waitForAll()
        }
        let all = try store.all(Fixture.stepCount)
        #expect(all.count == 4 * perTask)
        #expect(Set(all.map(\.uuid)).count == 4 * perTask)
        let changes = try store.storage.changes(after: 0, limit: 0)
        #expect(changes.count == 4 * perTask)
        #expect(changes.map(\.sequence) == Array(1...Int64(4 * perTask)))
        #expect(changes.allSatisfy { $0.kind == .inserted })
        #expect(try store.storage.latestSequence() == Int64(4 * perTask))
        #expect(Set(changes.map(\.uuid)) == Set(all.map(\.uuid)))
        // Commits are atomic: every run of 25 changes comes from one task's batch (task = start minute mod 4).
        var taskOf: [UUID: Int] = [:]
        for sample in all { taskOf[sample.uuid] = Int(sample.startDate.timeIntervalSince(Fixture.morning) / 60) % 4 }
        for chunkStart in stride(from: 0, to: changes.count, by: 25) {
            let tasks = Set(changes[chunkStart..<(chunkStart + 25)].map { taskOf[$0.uuid] })
            #expect(tasks.count == 1, "changes \(chunkStart + 1)...\(chunkStart + 25) mix tasks \(tasks)")
        }
        // A window query through the index sees every sample too.
        let window: SamplePredicate = .date(
            start: Fixture.at(0), end: Fixture.at(Double(4 * perTask)), options: .strictStartDate)
        #expect(try store.uuids(Fixture.stepCount, window).count == 4 * perTask)
    }
}
