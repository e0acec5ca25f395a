import Foundation
import HealthModel
import OpenHealthKit
import Synchronization
import Testing

/// Events handed to handlers on background queues, collected for the test to wait on.
final class StatisticsEventLog<Event: Sendable>: Sendable {
    private let events = Mutex<[Event]>([])

    func append(_ event: Event) { events.withLock { $0.append(event) } }

    var all: [Event] { events.withLock { $0 } }

    /// Waits until at least `count` events arrived (or the timeout passed) and returns them all.
    ///
    /// The timeout is generous: on a 2-core machine the whole test run (about 500 tests started at once, the
    /// PostgreSQL suites among them) shares two cooperative threads and GCD's worker threads, and the work that
    /// delivers events may wait behind theirs for minutes: a whole run of 435 s once delivered the first element of a
    /// collection query after more than 120 s. A wait that succeeds returns as soon as the events are in.
    func wait(forCount count: Int, timeout: TimeInterval = 600) async throws -> [Event] {
        let deadline = Date().addingTimeInterval(timeout)
        while all.count < count, Date() < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
        return all
    }
}

/// A quiet period long enough for a wrongly queued handler call to show up.
func statisticsQuietPeriod() async throws { try await Task.sleep(nanoseconds: 250_000_000) }

@Suite("HKStatisticsQuery, HKStatisticsCollectionQuery and their async descriptors")
struct StatisticsQueryTests {
    let healthStore = HKHealthStore(dataStore: .init())
    let steps = HKQuantityType(.stepCount)
    let heartRate = HKQuantityType(.heartRate)
    /// 2024-03-09 00:00 UTC; collections below bucket in UTC through `intervalComponents.calendar`.
    let day = Date(timeIntervalSince1970: 1_709_942_400)

    var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    var hourly: DateComponents {
        var components = DateComponents(hour: 1)
        components.calendar = utc
        return components
    }

    func at(_ hours: Double) -> Date { day.addingTimeInterval(hours * 3600) }

    func stepSample(_ count: Double, _ start: Double, _ end: Double) -> HKQuantitySample {
        HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: at(start), end: at(end))
    }

    func heartSample(_ beatsPerMinute: Double, _ time: Double) -> HKQuantitySample {
        HKQuantitySample(
            type: heartRate,
            quantity: HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: beatsPerMinute),
            start: at(time), end: at(time))
    }

    /// iPhone 07:00–08:00 100 steps; Watch 07:30–08:00 80 steps (the Watch ranks first by default).
    func saveOverlappingSteps() throws {
        try StatisticsTestSources.save([stepSample(100, 7, 8)], from: StatisticsTestSources.iPhone, in: healthStore)
        try StatisticsTestSources.save([stepSample(80, 7.5, 8)], from: StatisticsTestSources.watch, in: healthStore)
    }

    func statistics(
        _ type: HKQuantityType, _ predicate: NSPredicate? = nil, options: HKStatisticsOptions
    ) async -> (HKStatistics?, (any Error)?) {
        await withCheckedContinuation { continuation in
            let query = HKStatisticsQuery(quantityType: type, quantitySamplePredicate: predicate, options: options) {
                _, statistics, error in
                continuation.resume(returning: (statistics, error))
            }
            healthStore.execute(query)
        }
    }

    func collection(
        _ type: HKQuantityType, options: HKStatisticsOptions, anchor: Date? = nil, interval: DateComponents? = nil
    ) async -> (HKStatisticsCollection?, (any Error)?) {
        await withCheckedContinuation { continuation in
            let query = HKStatisticsCollectionQuery(
                quantityType: type, quantitySamplePredicate: nil, options: options, anchorDate: anchor ?? day,
                intervalComponents: interval ?? hourly)
            query.initialResultsHandler = { _, collection, error in continuation.resume(returning: (collection, error))
            }
            healthStore.execute(query)
        }
    }

    func count(_ quantity: HKQuantity?) -> Double? { quantity?.doubleValue(for: .count()) }

    // MARK: Options

    @Test("HKStatisticsOptions has HealthKit's raw values")
    func optionRawValues() {
        let options: [(HKStatisticsOptions, UInt)] = [
            (.separateBySource, 1), (.discreteAverage, 2), (.discreteMin, 4), (.discreteMax, 8), (.cumulativeSum, 16),
            (.mostRecent, 32), (.duration, 64),
        ]
        for (option, raw) in options { #expect(option.rawValue == raw) }
        #expect(HKStatisticsOptions(rawValue: 32) == .mostRecent)
    }

    // MARK: HKStatisticsQuery

    @Test(
        "a statistics query merges overlapping iPhone and Watch samples; separateBySource gives each source its own sum"
    )
    func mergedAndPerSourceSums() async throws {
        try saveOverlappingSteps()
        let (result, error) = await statistics(steps, options: [.cumulativeSum, .separateBySource])
        #expect(error == nil)
        let statistics = try #require(result)
        #expect(count(statistics.sumQuantity()) == 130)
        let iPhone = HKSource(StatisticsTestSources.iPhone.source)
        let watch = HKSource(StatisticsTestSources.watch.source)
        #expect(count(statistics.sumQuantity(for: iPhone)) == 100)
        #expect(count(statistics.sumQuantity(for: watch)) == 80)
        #expect(Set(statistics.sources ?? []) == [iPhone, watch])
        #expect(statistics.startDate == at(7) && statistics.endDate == at(8))
        #expect(statistics.quantityType == steps)
        #expect(
            statistics.averageQuantity() == nil && statistics.mostRecentQuantity() == nil
                && statistics.duration() == nil)
    }

    @Test("duration is the time covered by samples, overlaps counted once; mostRecent works on a cumulative type")
    func durationAndMostRecent() async throws {
        try saveOverlappingSteps()
        let (result, error) = await statistics(steps, options: [.duration, .mostRecent])
        #expect(error == nil)
        #expect(result?.duration()?.doubleValue(for: .second()) == 3600)
        #expect(result?.mostRecentQuantityDateInterval() == DateInterval(start: at(7.5), end: at(8)))
        #expect(count(result?.mostRecentQuantity()) == 80)
        #expect(result?.sumQuantity() == nil)
    }

    @Test("the source order set on the store decides which overlapping source counts")
    func sourceOrderDecides() async throws {
        try saveOverlappingSteps()
        try healthStore.dataStore.setSourceOrder(
            [StatisticsTestSources.iPhone.source.bundleIdentifier], for: steps.sampleType)
        let (result, _) = await statistics(steps, options: .cumulativeSum)
        #expect(count(result?.sumQuantity()) == 100)
        #expect(result?.sources == nil)
    }

    @Test("discrete statistics: average, minimum, maximum, most recent with its date interval")
    func discreteStatistics() async throws {
        try await healthStore.save([heartSample(60, 1), heartSample(80, 2), heartSample(70, 3)])
        let (result, error) = await statistics(
            heartRate, options: [.discreteAverage, .discreteMin, .discreteMax, .mostRecent])
        #expect(error == nil)
        let statistics = try #require(result)
        let bpm = HKUnit.count().unitDivided(by: .minute())
        #expect(statistics.minimumQuantity()?.doubleValue(for: bpm) == 60)
        #expect(statistics.maximumQuantity()?.doubleValue(for: bpm) == 80)
        #expect(abs((statistics.averageQuantity()?.doubleValue(for: bpm) ?? 0) - 70) < 1e-9)
        #expect(statistics.mostRecentQuantity()?.doubleValue(for: bpm) == 70)
        #expect(statistics.mostRecentQuantityDateInterval() == DateInterval(start: at(3), duration: 0))
        #expect(statistics.duration() == nil)
        #expect(statistics.sumQuantity() == nil)
        #expect(statistics.sources == nil)
    }

    @Test("a cumulative option on a discrete type fails with errorInvalidArgument naming the option and the type")
    func cumulativeSumOnHeartRate() async throws {
        try await healthStore.save(heartSample(60, 1))
        let (result, error) = await statistics(heartRate, options: .cumulativeSum)
        #expect(result == nil)
        let hkError = try #require(error as? HKError)
        #expect(hkError.code == .errorInvalidArgument)
        #expect(hkError.message.contains("cumulativeSum"))
        #expect(hkError.message.contains("HKQuantityTypeIdentifierHeartRate"))
        let (_, stepsError) = await statistics(steps, options: .discreteAverage)
        #expect((stepsError as? HKError)?.code == .errorInvalidArgument)
        #expect((stepsError as? HKError)?.message.contains("discreteAverage") == true)
    }

    @Test("no matching sample is errorNoData, not a zero sum")
    func emptyIsNoData() async throws {
        let (empty, error) = await statistics(steps, options: .cumulativeSum)
        #expect(empty == nil)
        #expect((error as? HKError)?.code == .errorNoData)
        try await healthStore.save(stepSample(10, 1, 2))
        let elsewhere = HKQuery.predicateForSamples(withStart: at(5), end: at(6), options: .strictStartDate)
        let (_, filteredError) = await statistics(steps, elsewhere, options: .cumulativeSum)
        #expect((filteredError as? HKError)?.code == .errorNoData)
    }

    // MARK: HKStatisticsCollectionQuery

    @Test(
        "a collection lists buckets with data, gives empty buckets by date and enumerates every bucket, stopping early")
    func collectionAccessors() async throws {
        try saveOverlappingSteps()
        try StatisticsTestSources.save(
            [stepSample(60, 9.75, 10.25)], from: StatisticsTestSources.watch, in: healthStore)
        let (result, error) = await collection(steps, options: [.cumulativeSum, .separateBySource])
        #expect(error == nil)
        let collection = try #require(result)
        #expect(collection.statistics().map(\.startDate) == [at(7), at(9), at(10)])
        #expect(collection.statistics().map { count($0.sumQuantity()) } == [130, 30, 30])
        let empty = try #require(collection.statistics(for: at(5.5)))
        #expect(empty.startDate == at(5) && empty.endDate == at(6))
        #expect(empty.sumQuantity() == nil)
        var visited: [Date] = []
        collection.enumerateStatistics(from: at(0), to: at(23.5)) { statistics, _ in
            visited.append(statistics.startDate)
        }
        #expect(visited == (0..<24).map { at(Double($0)) })
        var firstThree: [Date] = []
        collection.enumerateStatistics(from: at(0), to: at(23.5)) { statistics, stop in
            firstThree.append(statistics.startDate)
            if firstThree.count == 3 { stop.pointee = true }
        }
        #expect(firstThree == [at(0), at(1), at(2)])
        let iPhone = HKSource(StatisticsTestSources.iPhone.source)
        let watch = HKSource(StatisticsTestSources.watch.source)
        #expect(collection.sources() == [iPhone, watch])
        #expect(count(collection.statistics(for: at(7))?.sumQuantity(for: iPhone)) == 100)
    }

    @Test("intervals follow intervalComponents.calendar and its time zone: a spring-forward day lasts 23 hours")
    func calendarFromIntervalComponents() async throws {
        var losAngeles = Calendar(identifier: .gregorian)
        losAngeles.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        var daily = DateComponents(day: 1)
        daily.calendar = losAngeles
        // 2024-03-10 12:00 PDT.
        let noon = Date(timeIntervalSince1970: 1_710_097_200)
        try await healthStore.save(
            HKQuantitySample(
                type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 500), start: noon,
                end: noon.addingTimeInterval(600)))
        // Anchored at midnight in Los Angeles on another day (2024-03-01 00:00 PST): only the anchor's time of day matters.
        let (result, _) = await collection(
            steps, options: .cumulativeSum, anchor: Date(timeIntervalSince1970: 1_709_280_000), interval: daily)
        let bucket = try #require(result?.statistics().first)
        #expect(bucket.startDate == losAngeles.startOfDay(for: noon))
        #expect(bucket.startDate == Date(timeIntervalSince1970: 1_710_057_600))  // 2024-03-10 00:00 PST
        #expect(bucket.endDate.timeIntervalSince(bucket.startDate) == 23 * 3600)
        #expect(count(bucket.sumQuantity()) == 500)
    }

    @Test(
        "statisticsUpdateHandler reports the changed bucket and the recomputed collection after a save and a delete; stop ends it"
    )
    func longRunningCollectionQuery() async throws {
        typealias Update = (statistics: HKStatistics?, collection: HKStatisticsCollection?, error: (any Error)?)
        let initial = StatisticsEventLog<HKStatisticsCollection?>()
        let updates = StatisticsEventLog<Update>()
        var query: HKStatisticsCollectionQuery? = HKStatisticsCollectionQuery(
            quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum, anchorDate: day,
            intervalComponents: hourly)
        query?.initialResultsHandler = { _, collection, _ in initial.append(collection) }
        query?.statisticsUpdateHandler = { _, statistics, collection, error in
            updates.append((statistics, collection, error))
        }
        weak let weakQuery = query
        try StatisticsTestSources.save([stepSample(40, 1, 2)], from: StatisticsTestSources.iPhone, in: healthStore)
        healthStore.execute(query!)
        let initialResults = try await initial.wait(forCount: 1)
        #expect(initialResults.first??.statistics().map { count($0.sumQuantity()) } == [40])

        let added = stepSample(100, 9.1, 9.3)
        try await healthStore.save(added)
        let afterSave = try await updates.wait(forCount: 1)
        #expect(afterSave.count == 1)
        #expect(afterSave[0].error == nil)
        #expect(afterSave[0].statistics?.startDate == at(9))
        #expect(count(afterSave[0].statistics?.sumQuantity()) == 100)
        #expect(afterSave[0].collection?.statistics().map { count($0.sumQuantity()) } == [40, 100])

        // Another type's save does not concern this query.
        try await healthStore.save(heartSample(70, 9.2))
        try await healthStore.delete(added)
        let afterDelete = try await updates.wait(forCount: 2)
        #expect(afterDelete.count == 2)
        #expect(afterDelete[1].statistics?.startDate == at(9))
        #expect(afterDelete[1].statistics?.sumQuantity() == nil)
        #expect(afterDelete[1].collection?.statistics().map(\.startDate) == [at(1)])

        healthStore.stop(query!)
        try await healthStore.save(stepSample(5, 12, 13))
        try await statisticsQuietPeriod()
        #expect(updates.all.count == 2)
        #expect(initial.all.count == 1)

        // Stopped, the store no longer holds the query.
        query = nil
        let deadline = Date().addingTimeInterval(5)
        while weakQuery != nil, Date() < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(weakQuery == nil)
    }

    @Test("a save wholly covered by a higher-priority source changes no figure but is still reported")
    func shadowedSaveIsReported() async throws {
        try StatisticsTestSources.save([stepSample(80, 7, 8)], from: StatisticsTestSources.watch, in: healthStore)
        let updates = StatisticsEventLog<HKStatistics?>()
        let started = StatisticsEventLog<Bool>()
        let query = HKStatisticsCollectionQuery(
            quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum, anchorDate: day,
            intervalComponents: hourly)
        query.initialResultsHandler = { _, _, _ in started.append(true) }
        query.statisticsUpdateHandler = { _, statistics, _, _ in updates.append(statistics) }
        healthStore.execute(query)
        _ = try await started.wait(forCount: 1)
        try StatisticsTestSources.save([stepSample(30, 7.25, 7.5)], from: StatisticsTestSources.iPhone, in: healthStore)
        let reported = try await updates.wait(forCount: 1)
        healthStore.stop(query)
        #expect(reported.first??.startDate == at(7))
        #expect(count(reported.first??.sumQuantity()) == 80)
    }

    // MARK: Async descriptors

    @Test(
        "HKStatisticsQueryDescriptor returns nil without data, the statistics with data, and throws for a wrong option")
    func statisticsDescriptor() async throws {
        let descriptor = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: steps), options: .cumulativeSum)
        #expect(try await descriptor.result(for: healthStore) == nil)
        try saveOverlappingSteps()
        #expect(count(try await descriptor.result(for: healthStore)?.sumQuantity()) == 130)
        let wrong = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: heartRate), options: .cumulativeSum)
        do {
            _ = try await wrong.result(for: healthStore)
            Issue.record("cumulativeSum on heart rate should throw")
        } catch HKError.errorInvalidArgument {
            // expected
        }
    }

    @Test("HKStatisticsCollectionQueryDescriptor.result(for:) gives the collection as stored now")
    func collectionDescriptorSnapshot() async throws {
        try saveOverlappingSteps()
        let descriptor = HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: steps), options: .cumulativeSum, anchorDate: day,
            intervalComponents: hourly)
        let collection = try await descriptor.result(for: healthStore)
        #expect(collection.statistics().map { count($0.sumQuantity()) } == [130])
        #expect(collection.statistics().first?.startDate == at(7))
    }

    @Test("results(for:) yields the current collection, then one element per change; cancelling the task stops it")
    func collectionDescriptorUpdates() async throws {
        try StatisticsTestSources.save([stepSample(40, 1, 2)], from: StatisticsTestSources.iPhone, in: healthStore)
        let descriptor = HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: steps), options: .cumulativeSum, anchorDate: day,
            intervalComponents: hourly)
        let received = StatisticsEventLog<HKStatisticsCollectionQueryDescriptor.Result>()
        let store = healthStore
        let consumer = Task {
            for try await result in descriptor.results(for: store) { received.append(result) }
        }
        let first = try await received.wait(forCount: 1)
        #expect(first.first?.updatedStatistics == nil)
        #expect(first.first?.statisticsCollection.statistics().map { count($0.sumQuantity()) } == [40])

        try await healthStore.save(stepSample(100, 9.1, 9.3))
        let second = try await received.wait(forCount: 2)
        #expect(second.count == 2)
        #expect(second[1].updatedStatistics?.map(\.startDate) == [at(9)])
        #expect(second[1].updatedStatistics?.map { count($0.sumQuantity()) } == [100])
        #expect(second[1].statisticsCollection.statistics().map { count($0.sumQuantity()) } == [40, 100])

        consumer.cancel()
        try await consumer.value
        try await healthStore.save(stepSample(5, 12, 13))
        try await statisticsQuietPeriod()
        #expect(received.all.count == 2)
    }
}
