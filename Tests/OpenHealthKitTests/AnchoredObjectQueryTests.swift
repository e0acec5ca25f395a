import Foundation
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Synchronization
import Testing

/// The step-count synchronizer of seed `004_…txt`: the listing as written there in today's Swift spellings, unchanged
/// but for the import. It keeps its anchor between runs, as the seed describes.
final class StepCountSynchronizer: @unchecked Sendable {
    let healthStore: HKHealthStore
    var anchor: HKQueryAnchor?
    var received: [HKQuantitySample] = []
    var deleted: [HKDeletedObject] = []
    private let finished: @Sendable () -> Void

    init(healthStore: HKHealthStore, finished: @escaping @Sendable () -> Void) {
        self.healthStore = healthStore
        self.finished = finished
    }

    func synchronize() {
        guard let sampleType = HKObjectType.quantityType(forIdentifier: .stepCount) else {
            fatalError("Unable to create a step count sample type")
        }
        let query = HKAnchoredObjectQuery(
            type: sampleType,
            predicate: nil,
            anchor: self.anchor,
            limit: Int(HKObjectQueryNoLimit)
        ) { [unowned self] (query, newSamples, deletedSamples, newAnchor, error) -> Void in
            guard let samples = newSamples as? [HKQuantitySample], let deleted = deletedSamples else {
                // Add proper error handling here...
                print("*** Unable to query for step counts: \(String(describing: error?.localizedDescription)) ***")
                self.finished()
                return
            }
            // Process the results...
            self.anchor = newAnchor
            for sample in samples {
                self.received.append(sample)
            }
            for deletedSample in deleted {
                self.deleted.append(deletedSample)
            }
            self.finished()
        }
        healthStore.execute(query)
    }
}

/// Items handed to handlers on background queues, collected for the test to wait on.
final class DeliveryLog<Item: Sendable>: Sendable {
    private let items = Mutex<[Item]>([])
    func append(_ item: Item) { items.withLock { $0.append(item) } }
    var all: [Item] { items.withLock { $0 } }

    /// Waits until at least `count` items arrived (or a generous timeout passed: two cores, many suites) and returns them.
    func wait(forCount count: Int, timeout: TimeInterval = 120) async throws -> [Item] {
        let deadline = Date().addingTimeInterval(timeout)
        while all.count < count, Date() < deadline { try await Task.sleep(nanoseconds: 2_000_000) }
        return all
    }
}

@Suite("HKAnchoredObjectQuery, HKQueryAnchor, HKDeletedObject and HKAnchoredObjectQueryDescriptor")
struct AnchoredObjectQueryTests {
    let steps = HKQuantityType(.stepCount)
    let heartRate = HKQuantityType(.heartRate)
    /// 2024-03-09 00:00 UTC.
    let day = Date(timeIntervalSince1970: 1_709_942_400)

    func stepSample(_ count: Double, minute: Double) -> HKQuantitySample {
        HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count),
            start: day.addingTimeInterval(minute * 60), end: day.addingTimeInterval(minute * 60 + 300))
    }

    func heartSample(_ beatsPerMinute: Double, minute: Double) -> HKQuantitySample {
        let date = day.addingTimeInterval(minute * 60)
        return HKQuantitySample(
            type: heartRate,
            quantity: HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: beatsPerMinute),
            start: date, end: date)
    }

    @Test(
        "The seed listing returns all step counts on its first run and only the changes on its second",
        arguments: StorageBackend.allCases)
    func seedListingAcrossTwoRuns(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let first = (0..<4).map { stepSample(Double(100 * ($0 + 1)), minute: Double($0) * 10) }
        try await healthStore.save(first)
        try await healthStore.save(heartSample(62, minute: 5))
        let runs = DeliveryLog<Int>()
        let synchronizer = StepCountSynchronizer(healthStore: healthStore) { runs.append(1) }

        synchronizer.synchronize()
        _ = try await runs.wait(forCount: 1)
        #expect(synchronizer.received.map(\.uuid) == first.map(\.uuid))
        #expect(synchronizer.deleted.isEmpty)
        #expect(synchronizer.anchor != nil)

        let added = stepSample(555, minute: 90)
        try await healthStore.save(added)
        try await healthStore.save(heartSample(70, minute: 95))
        try await healthStore.delete(first[2])
        synchronizer.received = []
        synchronizer.synchronize()
        _ = try await runs.wait(forCount: 2)
        #expect(synchronizer.received.map(\.uuid) == [added.uuid])
        #expect(synchronizer.received.first?.quantity.doubleValue(for: .count()) == 555)
        #expect(synchronizer.deleted.map(\.uuid) == [first[2].uuid])
    }

    @Test(
        "With an update handler the query keeps running and delivers every later change once, in commit order, until stopped",
        arguments: StorageBackend.allCases)
    func updateHandlerDeliversEveryChangeOnce(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let existing = stepSample(10, minute: 0)
        try await healthStore.save(existing)
        let initial = DeliveryLog<[UUID]>()
        let updates = DeliveryLog<(added: [UUID], deleted: [UUID])>()
        let query = HKAnchoredObjectQuery(type: steps, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit) {
            _, samples, _, _, _ in
            initial.append(samples?.map(\.uuid) ?? [])
        }
        query.updateHandler = { _, samples, deleted, _, error in
            #expect(error == nil)
            updates.append((samples?.map(\.uuid) ?? [], deleted?.map(\.uuid) ?? []))
        }
        healthStore.execute(query)
        #expect(try await initial.wait(forCount: 1) == [[existing.uuid]])

        var expected: [UUID] = []
        for index in 0..<10 {
            let sample = stepSample(Double(index), minute: Double(10 + index))
            try await healthStore.save(sample)
            try await healthStore.save(heartSample(60, minute: Double(index)))
            expected.append(sample.uuid)
        }
        try await healthStore.delete(existing)
        _ = try await updates.wait(forCount: 1)
        let deadline = Date().addingTimeInterval(120)
        while updates.all.flatMap({ $0.added + $0.deleted }).count < 11, Date() < deadline {
            try await Task.sleep(nanoseconds: 2_000_000)
        }
        #expect(updates.all.flatMap(\.added) == expected)
        #expect(updates.all.flatMap(\.deleted) == [existing.uuid])

        healthStore.stop(query)
        let before = updates.all.count
        try await healthStore.save(stepSample(1, minute: 500))
        try await Task.sleep(nanoseconds: 250_000_000)
        #expect(updates.all.count == before)
    }

    @Test("An update handler with a limit is refused with errorInvalidArgument", arguments: StorageBackend.allCases)
    func updateHandlerNeedsNoLimit(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let errors = DeliveryLog<HKError.Code?>()
        let query = HKAnchoredObjectQuery(type: steps, predicate: nil, anchor: nil, limit: 5) { _, _, _, _, error in
            errors.append((error as? HKError)?.code)
        }
        query.updateHandler = { _, _, _, _, _ in }
        healthStore.execute(query)
        #expect(try await errors.wait(forCount: 1) == [.errorInvalidArgument])
    }

    @Test(
        "An anchor round-trips through NSKeyedArchiver (secure coding) and JSON, and the decoded anchor continues the feed",
        arguments: StorageBackend.allCases)
    func anchorArchives(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        try await healthStore.save([stepSample(1, minute: 0), stepSample(2, minute: 10)])
        let first = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: steps)], anchor: nil)
            .result(for: healthStore)
        #expect(first.addedSamples.count == 2)

        let archived = try NSKeyedArchiver.archivedData(withRootObject: first.newAnchor, requiringSecureCoding: true)
        let unarchived = try #require(
            try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: archived))
        #expect(unarchived == first.newAnchor)
        let json = try JSONEncoder().encode(first.newAnchor)
        let decoded = try JSONDecoder().decode(HKQueryAnchor.self, from: json)
        #expect(decoded == first.newAnchor)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(HKQueryAnchor.self, from: Data(#"{"sequence":-4}"#.utf8))
        }

        let later = stepSample(3, minute: 20)
        try await healthStore.save(later)
        let next = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.quantitySample(type: steps)], anchor: decoded
        ).result(for: healthStore)
        #expect(next.addedSamples.map(\.uuid) == [later.uuid])
        #expect(next.addedSamples.first?.quantity.doubleValue(for: .count()) == 3)
    }

    @Test(
        "A limit counts samples and deleted objects together; paging with descriptors visits each change once",
        arguments: StorageBackend.allCases)
    func descriptorPaging(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let samples = (0..<9).map { stepSample(Double($0), minute: Double($0)) }
        try await healthStore.save(samples)
        try await healthStore.delete([samples[0], samples[4]])
        var anchor: HKQueryAnchor?
        var added: [UUID] = []
        var deleted: [UUID] = []
        while true {
            let page = try await HKAnchoredObjectQueryDescriptor(
                predicates: [.quantitySample(type: steps)], anchor: anchor, limit: 2
            ).result(for: healthStore)
            #expect(page.addedSamples.count + page.deletedObjects.count <= 2)
            added += page.addedSamples.map(\.uuid)
            deleted += page.deletedObjects.map(\.uuid)
            anchor = page.newAnchor
            if page.addedSamples.count + page.deletedObjects.count < 2 { break }
        }
        #expect(added == samples.enumerated().filter { $0.offset != 0 && $0.offset != 4 }.map(\.element.uuid))
        #expect(deleted == [samples[0].uuid, samples[4].uuid])
    }

    @Test("Deleted objects carry only the sync identifier and version", arguments: StorageBackend.allCases)
    func deletedObjectMetadata(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let sample = HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 5), start: day,
            end: day.addingTimeInterval(60),
            metadata: [
                HKMetadataKeySyncIdentifier: "walk-9", HKMetadataKeySyncVersion: 3, HKMetadataKeyWasUserEntered: true,
            ])
        try await healthStore.save(sample)
        let anchor = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: steps)], anchor: nil)
            .result(for: healthStore).newAnchor
        try await healthStore.delete(sample)
        let result = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.quantitySample(type: steps)], anchor: anchor
        ).result(for: healthStore)
        let deleted = try #require(result.deletedObjects.first)
        #expect(deleted.uuid == sample.uuid)
        #expect(deleted.metadata?[HKMetadataKeySyncIdentifier] as? String == "walk-9")
        #expect((deleted.metadata?[HKMetadataKeySyncVersion] as? NSNumber)?.doubleValue == 3)
        #expect(deleted.metadata?.count == 2)
    }

    @Test(
        "results(for:) yields the changes after the anchor, then each later batch, until the task stops iterating",
        arguments: StorageBackend.allCases)
    func descriptorResultsStream(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let existing = stepSample(7, minute: 0)
        try await healthStore.save(existing)
        let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: steps)], anchor: nil)
        let later = [stepSample(8, minute: 10), stepSample(9, minute: 20)]
        let collected = Task {
            var batches: [[UUID]] = []
            for try await result in descriptor.results(for: healthStore) {
                batches.append(result.addedSamples.map(\.uuid) + result.deletedObjects.map(\.uuid))
                if batches.flatMap({ $0 }).count >= 4 { break }
            }
            return batches
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        for sample in later { try await healthStore.save(sample) }
        try await healthStore.delete(existing)
        let batches = try await collected.value
        #expect(batches.first == [existing.uuid])
        #expect(batches.dropFirst().flatMap { $0 } == later.map(\.uuid) + [existing.uuid])
    }
}
