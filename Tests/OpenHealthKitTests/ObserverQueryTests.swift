import Foundation
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Synchronization
import Testing

/// A clock a test moves by hand.
final class ManualClock: Sendable {
    private let now: Mutex<Date>
    init(_ start: Date) { now = Mutex(start) }
    func read() -> Date { now.withLock { $0 } }
    func advance(by seconds: TimeInterval) { now.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

@Suite("HKObserverQuery and background delivery")
struct ObserverQueryTests {
    let steps = HKQuantityType(.stepCount)
    let heartRate = HKQuantityType(.heartRate)
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

    /// Quiet time in which a wrong call would show up.
    func quietPeriod() async throws { try await Task.sleep(nanoseconds: 250_000_000) }

    @Test(
        "Fires after each save or delete of matching samples, never for other types or non-matching ones, with no data; stop ends it",
        arguments: StorageBackend.allCases)
    func firesAfterMatchingCommits(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let fired = DeliveryLog<Int>()
        let morning = HKQuery.predicateForSamples(withStart: day, end: day.addingTimeInterval(12 * 3600))
        let query = HKObserverQuery(sampleType: steps, predicate: morning) { _, completionHandler, error in
            #expect(error == nil)
            fired.append(1)
            completionHandler()
        }
        healthStore.execute(query)
        try await quietPeriod()
        #expect(fired.all.isEmpty, "an observer query does not fire before anything changes")

        let sample = stepSample(100, minute: 60)
        try await healthStore.save(sample)
        #expect(try await fired.wait(forCount: 1).count == 1)
        try await healthStore.save(heartSample(60, minute: 61))
        try await healthStore.save(stepSample(50, minute: 20 * 60))  // outside the predicate's window
        try await quietPeriod()
        #expect(fired.all.count == 1)
        try await healthStore.delete(sample)
        #expect(try await fired.wait(forCount: 2).count == 2)

        healthStore.stop(query)
        try await healthStore.save(stepSample(1, minute: 70))
        try await quietPeriod()
        #expect(fired.all.count == 2)
    }

    @Test("An observer of several descriptors receives the types that changed", arguments: StorageBackend.allCases)
    func descriptorsReportChangedTypes(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let reported = DeliveryLog<Set<String>>()
        let query = HKObserverQuery(queryDescriptors: [
            HKQueryDescriptor(sampleType: steps, predicate: nil),
            HKQueryDescriptor(sampleType: heartRate, predicate: nil),
        ]) { _, types, completionHandler, _ in
            reported.append(Set((types ?? []).map(\.identifier)))
            completionHandler()
        }
        healthStore.execute(query)
        try await quietPeriod()
        try await healthStore.save(heartSample(58, minute: 1))
        try await healthStore.save([stepSample(10, minute: 2), heartSample(59, minute: 2)])
        let events = try await reported.wait(forCount: 2)
        #expect(
            events == [
                ["HKQuantityTypeIdentifierHeartRate"],
                ["HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierHeartRate"],
            ])
    }

    @Test(
        "Background delivery: step count is capped at hourly; a held-back notification goes out once the hour has passed",
        arguments: StorageBackend.allCases)
    func stepCountIsAtMostHourly(_ backend: StorageBackend) async throws {
        let clock = ManualClock(day)
        let healthStore = HKHealthStore(dataStore: backend.makeStore(), clock: { clock.read() })
        try await healthStore.enableBackgroundDelivery(for: steps, frequency: .immediate)
        let fired = DeliveryLog<Date>()
        let query = HKObserverQuery(sampleType: steps, predicate: nil) { _, completionHandler, _ in
            fired.append(clock.read())
            completionHandler()
        }
        healthStore.execute(query)
        try await quietPeriod()
        try await healthStore.save(stepSample(1, minute: 0))
        #expect(try await fired.wait(forCount: 1).count == 1)
        clock.advance(by: 600)
        try await healthStore.save(stepSample(2, minute: 10))
        try await quietPeriod()
        #expect(fired.all.count == 1, "a second notification within the hour is held back")
        healthStore.deliverDueBackgroundUpdates()
        try await quietPeriod()
        #expect(fired.all.count == 1, "still within the hour")
        clock.advance(by: 3_000)
        healthStore.deliverDueBackgroundUpdates()
        #expect(try await fired.wait(forCount: 2).count == 2)
        #expect(fired.all.last == day.addingTimeInterval(3_600))
        healthStore.stop(query)
    }

    @Test(
        "Background delivery: after three notifications without a completion call, delivery stops until the app enables it again",
        arguments: StorageBackend.allCases)
    func missedAcknowledgementsSuspendDelivery(_ backend: StorageBackend) async throws {
        let clock = ManualClock(day)
        let healthStore = HKHealthStore(dataStore: backend.makeStore(), clock: { clock.read() })
        try await healthStore.enableBackgroundDelivery(for: heartRate, frequency: .immediate)
        let fired = DeliveryLog<Int>()
        let acknowledge = Mutex(false)
        let query = HKObserverQuery(sampleType: heartRate, predicate: nil) { _, completionHandler, _ in
            fired.append(1)
            if acknowledge.withLock({ $0 }) { completionHandler() }
        }
        healthStore.execute(query)
        try await quietPeriod()
        for index in 0..<3 {
            try await healthStore.save(heartSample(60, minute: Double(index)))
            _ = try await fired.wait(forCount: index + 1)
        }
        try await healthStore.save(heartSample(61, minute: 10))
        try await quietPeriod()
        #expect(fired.all.count == 3, "the fourth notification is not sent")

        acknowledge.withLock { $0 = true }
        try await healthStore.enableBackgroundDelivery(for: heartRate, frequency: .immediate)
        try await healthStore.save(heartSample(62, minute: 11))
        #expect(try await fired.wait(forCount: 4).count == 4)
        // Acknowledged notifications keep coming.
        for index in 0..<4 { try await healthStore.save(heartSample(63, minute: Double(20 + index))) }
        #expect(try await fired.wait(forCount: 8).count == 8)

        // Disabled: the app is back to being told of every change (as in the foreground), with no acknowledgement rule.
        try await healthStore.disableAllBackgroundDelivery()
        healthStore.stop(query)
    }

    @Test(
        "Subscriptions persist in a stored backend, and disabling removes them",
        arguments: StorageBackend.allCases.filter { $0 != .inMemory })
    func subscriptionsPersist(_ backend: StorageBackend) async throws {
        let (dataStore, reopen) = try backend.makeReopenableStore()
        do {
            let healthStore = HKHealthStore(dataStore: dataStore)
            try await healthStore.enableBackgroundDelivery(for: steps, frequency: .immediate)
            try await healthStore.enableBackgroundDelivery(for: heartRate, frequency: .daily)
        }
        let storage = try reopen().storage
        let subscriptions = try storage.backgroundDeliveries(of: HKSource.default().bundleIdentifier)
        #expect(
            subscriptions.map(\.type.identifier) == [
                "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierStepCount",
            ])
        #expect(
            subscriptions.map(\.frequency.rawValue) == [
                HKUpdateFrequency.daily.rawValue, HKUpdateFrequency.hourly.rawValue,
            ])

        let healthStore = HKHealthStore(dataStore: HealthDataStore(storage: storage))
        try await healthStore.disableBackgroundDelivery(for: heartRate)
        #expect(try storage.backgroundDeliveries(of: HKSource.default().bundleIdentifier).count == 1)
        try await healthStore.disableAllBackgroundDelivery()
        #expect(try storage.backgroundDeliveries(of: HKSource.default().bundleIdentifier).isEmpty)
    }
}

@Suite("Writes by another process to the same stored data reach long-running queries")
struct OutsideWriteTests {
    @Test(
        "An anchored update handler and an observer see commits made through another store object on the same data",
        arguments: StorageBackend.allCases.filter { $0 != .inMemory })
    func outsideWritesAreDelivered(_ backend: StorageBackend) async throws {
        let (dataStore, reopen) = try backend.makeReopenableStore()
        let reader = HKHealthStore(dataStore: dataStore)
        // Another store object on the same file or person stands for another process: its commits never call this
        // store's observers.
        let writer = HKHealthStore(dataStore: try reopen())
        let watch = OutsideWriteWatch(store: reader.dataStore, every: .milliseconds(20))
        defer { watch.stop() }
        let steps = HKQuantityType(.stepCount)
        let delivered = DeliveryLog<UUID>()
        let fired = DeliveryLog<Int>()
        let started = DeliveryLog<Int>()
        let query = HKAnchoredObjectQuery(type: steps, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit) {
            _, _, _, _, _ in
            started.append(1)
        }
        query.updateHandler = { _, samples, _, _, _ in
            for sample in samples ?? [] { delivered.append(sample.uuid) }
        }
        let observer = HKObserverQuery(sampleType: steps, predicate: nil) { _, completionHandler, _ in
            fired.append(1)
            completionHandler()
        }
        reader.execute(query)
        reader.execute(observer)
        _ = try await started.wait(forCount: 1)
        let day = Date(timeIntervalSince1970: 1_709_942_400)
        let samples = (0..<3).map { index in
            HKQuantitySample(
                type: steps, quantity: HKQuantity(unit: .count(), doubleValue: Double(index + 1)),
                start: day.addingTimeInterval(Double(index) * 600),
                end: day.addingTimeInterval(Double(index) * 600 + 60))
        }
        for sample in samples { try await writer.save(sample) }
        #expect(try await delivered.wait(forCount: 3) == samples.map(\.uuid))
        #expect(try await fired.wait(forCount: 1).count >= 1)
        reader.stop(query)
        reader.stop(observer)
    }
}
