import Foundation
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Synchronization
import Testing

@Suite("Concurrent writers against long-running anchored, observer and statistics collection queries")
struct ChangeDeliveryStressTests {
    static let steps = HKQuantityType(.stepCount)
    static let heartRate = HKQuantityType(.heartRate)
    static let day = Date(timeIntervalSince1970: 1_709_942_400)

    /// One anchored query's deliveries, in the order its update handler saw them.
    final class FeedRecord: Sendable {
        private let events = Mutex<[(added: Bool, uuid: UUID)]>([])
        let initialDone = Mutex(false)
        func record(added: [UUID], deleted: [UUID]) {
            events.withLock { events in
                events += added.map { (true, $0) }
                events += deleted.map { (false, $0) }
            }
        }
        var all: [(added: Bool, uuid: UUID)] { events.withLock { $0 } }
    }

    @Test(
        "Every change is delivered exactly once, in order, to each anchored query; observers fire; collections end current",
        arguments: StorageBackend.allCases, [11, 12, 13] as [UInt64])
    func concurrentWritersAndLongRunningQueries(_ backend: StorageBackend, seed: UInt64) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        // Something stored before the queries start, so the initial results are not empty.
        let existing = (0..<5).map { Self.stepSample(Double($0), minute: Double($0)) }
        try await healthStore.save(existing)

        let feeds = (0..<3).map { _ in FeedRecord() }
        var queries: [HKQuery] = []
        for feed in feeds {
            let query = HKAnchoredObjectQuery(
                type: Self.steps, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
            ) { _, added, deleted, _, _ in
                feed.record(added: added?.map(\.uuid) ?? [], deleted: deleted?.map(\.uuid) ?? [])
                feed.initialDone.withLock { $0 = true }
            }
            query.updateHandler = { _, added, deleted, _, error in
                #expect(error == nil)
                feed.record(added: added?.map(\.uuid) ?? [], deleted: deleted?.map(\.uuid) ?? [])
            }
            healthStore.execute(query)
            queries.append(query)
        }
        let observerFires = (0..<3).map { _ in DeliveryLog<Int>() }
        for fires in observerFires {
            let query = HKObserverQuery(sampleType: Self.steps, predicate: nil) { _, completionHandler, _ in
                fires.append(1)
                completionHandler()
            }
            healthStore.execute(query)
            queries.append(query)
        }
        let latestCollection = Mutex<[Double]>([])
        let collectionQuery = HKStatisticsCollectionQuery(
            quantityType: Self.steps, quantitySamplePredicate: nil, options: .cumulativeSum, anchorDate: Self.day,
            intervalComponents: Self.daily)
        collectionQuery.initialResultsHandler = { _, collection, _ in
            if let collection { latestCollection.withLock { $0 = Self.dailySums(collection) } }
        }
        collectionQuery.statisticsUpdateHandler = { _, _, collection, _ in
            if let collection { latestCollection.withLock { $0 = Self.dailySums(collection) } }
        }
        healthStore.execute(collectionQuery)
        queries.append(collectionQuery)
        let deadline = Date().addingTimeInterval(120)
        while feeds.contains(where: { !$0.initialDone.withLock { $0 } }), Date() < deadline {
            try await Task.sleep(nanoseconds: 2_000_000)
        }

        // Three writers: batches of saves (some with heart rate, which no query watches) and deletes of their own samples.
        let writers = (0..<3).map { writer in
            Task { () -> [UUID] in
                var random = SeededRandomNumberGenerator(seed: seed &* 31 &+ UInt64(writer))
                var saved: [HKQuantitySample] = []
                var order: [UUID] = []
                for step in 0..<40 {
                    if !saved.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
                        let victim = saved.remove(at: Int.random(in: 0..<saved.count, using: &random))
                        try await healthStore.delete(victim)
                    } else {
                        let batch = (0..<Int.random(in: 1...4, using: &random)).map { index in
                            Self.stepSample(Double(index + 1), minute: Double(writer * 10_000 + step * 10 + index))
                        }
                        var objects: [HKObject] = batch
                        if step % 5 == 0 { objects.append(Self.heartSample(60, minute: Double(step))) }
                        try await healthStore.save(objects)
                        saved += batch
                        order += batch.map(\.uuid)
                    }
                }
                return order
            }
        }
        var savedInOrder: [[UUID]] = []
        for writer in writers { savedInOrder.append(try await writer.value) }

        // The truth: what the store holds now.
        let stored = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: Self.steps)], sortDescriptors: []
        ).result(for: healthStore)
        let storedSet = Set(stored.map(\.uuid))
        let expectedSums = try await Self.currentDailySums(healthStore)

        for (index, feed) in feeds.enumerated() {
            // Wait until replaying the feed gives the store's content.
            var replayed = Set<UUID>()
            let waitUntil = Date().addingTimeInterval(120)
            repeat {
                replayed = Self.replay(feed.all)
                if replayed == storedSet { break }
                try await Task.sleep(nanoseconds: 5_000_000)
            } while Date() < waitUntil
            #expect(replayed == storedSet, "feed \(index) ends with the store's content")
            let events = feed.all
            let added = events.filter(\.added).map(\.uuid)
            let deleted = events.filter { !$0.added }.map(\.uuid)
            #expect(Set(added).count == added.count, "feed \(index): no sample delivered twice")
            #expect(Set(deleted).count == deleted.count, "feed \(index): no deletion delivered twice")
            // Each writer's saves arrive in the order it made them (commit order).
            var position: [UUID: Int] = [:]
            for (offset, event) in events.enumerated() where event.added { position[event.uuid] = offset }
            for order in savedInOrder {
                let positions = order.compactMap { position[$0] }
                #expect(positions == positions.sorted(), "feed \(index): a writer's saves in commit order")
            }
            // Every deletion of a sample saved after the query started is delivered.
            let allSaved = Set(savedInOrder.flatMap { $0 })
            let deletedSinceStart = allSaved.subtracting(storedSet)
            #expect(Set(deleted) == deletedSinceStart)
        }
        for (index, fires) in observerFires.enumerated() { #expect(fires.all.count >= 1, "observer \(index) fired") }
        let collectionDeadline = Date().addingTimeInterval(120)
        while latestCollection.withLock({ $0 }) != expectedSums, Date() < collectionDeadline {
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        #expect(latestCollection.withLock { $0 } == expectedSums)
        for query in queries { healthStore.stop(query) }
    }

    /// Applies a feed to an empty set: additions insert, deletions remove.
    static func replay(_ events: [(added: Bool, uuid: UUID)]) -> Set<UUID> {
        var set = Set<UUID>()
        for event in events {
            if event.added { set.insert(event.uuid) } else { set.remove(event.uuid) }
        }
        return set
    }

    static var daily: DateComponents {
        var components = DateComponents(day: 1)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        components.calendar = calendar
        return components
    }

    static func dailySums(_ collection: HKStatisticsCollection) -> [Double] {
        collection.statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) ?? 0 }
    }

    static func currentDailySums(_ healthStore: HKHealthStore) async throws -> [Double] {
        let descriptor = HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: steps), options: .cumulativeSum, anchorDate: day, intervalComponents: daily
        )
        return dailySums(try await descriptor.result(for: healthStore))
    }

    static func stepSample(_ count: Double, minute: Double) -> HKQuantitySample {
        HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count),
            start: day.addingTimeInterval(minute * 60), end: day.addingTimeInterval(minute * 60 + 300))
    }

    static func heartSample(_ beatsPerMinute: Double, minute: Double) -> HKQuantitySample {
        let date = day.addingTimeInterval(minute * 60)
        return HKQuantitySample(
            type: heartRate,
            quantity: HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: beatsPerMinute),
            start: date, end: date)
    }
}
