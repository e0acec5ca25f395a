import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Statistics provenance: which sources a merged figure took how much from (decisions/statistics.md)")
struct StatisticsProvenanceTests {
    typealias F = StatisticsFixture

    private func part(_ provenance: StatisticsProvenance?, _ source: Source) -> StatisticsProvenance.Contribution? {
        provenance?.contributions.first { $0.source == source }
    }

    private func days(
        _ store: HealthDataStore, _ detail: StatisticsProvenance.Detail, type: SampleType = Fixture.stepCount,
        options: StatisticsOptions = .cumulativeSum, calendar: Calendar = Clock.losAngeles, from: Date? = nil,
        to: Date? = nil
    ) throws -> StatisticsCollection {
        let grid = try BucketGrid(
            anchor: Clock.date(2024, 1, 1, in: calendar), interval: DateComponents(day: 1), calendar: calendar)
        return try store.statisticsCollection(
            try StatisticsQuery(
                type: type, predicate: .date(start: from, end: to, options: []), options: options),
            window: try BucketWindow(grid: grid, start: from, end: to), provenance: detail)
    }

    /// The counted parts add up to the merged figure, and the shares to 100 %.
    private func expectAddsUp(_ provenance: StatisticsProvenance?, to merged: Double) {
        guard let provenance else {
            Issue.record("no provenance")
            return
        }
        #expect(abs(provenance.totalCounted - merged) < 1e-6, "\(provenance.contributions) vs \(merged)")
        #expect(abs(provenance.contributions.compactMap(\.share).reduce(0, +) - 100) < 1e-9)
    }

    @Test(
        "Watch and iPhone: the Watch's share, the iPhone's share in its gaps, the iPhone's amount set aside",
        arguments: StorageBackend.allCases)
    func watchAndPhoneShares(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try F.watchAndPhone(store)

        let query = try StatisticsQuery(type: Fixture.stepCount, options: .cumulativeSum)
        let single = try store.statistics(query, provenance: .summary)
        #expect(close(single.merged.sum, 1600))
        let watch = try #require(part(single.provenance, Fixture.watchSource))
        let phone = try #require(part(single.provenance, Fixture.phoneSource))
        #expect(abs(watch.counted - 1000) < 1e-6 && watch.setAside == 0)
        #expect(abs(phone.counted - 600) < 1e-6 && abs(phone.setAside - 300) < 1e-6)
        #expect(abs((watch.share ?? 0) - 62.5) < 1e-9 && abs((phone.share ?? 0) - 37.5) < 1e-9)
        #expect(single.provenance?.contributions.first?.source == Fixture.watchSource)  // largest share first
        #expect(single.provenance?.measure == .amount && single.provenance?.basis == .amount)
        #expect(watch.countedTime == nil)
        expectAddsUp(single.provenance, to: 1600)
        // The data's span (no window asked): 10:00–12:00, all covered.
        #expect(
            single.provenance?.coverage
                == .init(
                    coveredSeconds: 7200, windowSeconds: 7200, bucketsWithData: 1, buckets: 1))
        // Without asking, no provenance.
        #expect(try store.statistics(query).provenance == nil)

        // The day, June 12 (closed window): 2 h of 24 covered, one bucket of one.
        let day = try days(store, .summary, from: Clock.june12(0), to: Clock.date(2024, 6, 13))
        expectAddsUp(day.provenance, to: 1600)
        #expect(
            day.provenance?.coverage
                == .init(
                    coveredSeconds: 7200, windowSeconds: 86_400, bucketsWithData: 1, buckets: 1))
        #expect(day.statistics().allSatisfy { $0.provenance == nil })  // per bucket only when asked

        // Hours, per bucket: 10:00 is the Watch's alone (the iPhone's 300 set aside), 11:00 the iPhone's.
        let grid = try BucketGrid(
            anchor: Clock.date(2024, 1, 1), interval: DateComponents(hour: 1), calendar: Clock.losAngeles)
        let hours = try store.statisticsCollection(
            query, window: try BucketWindow(grid: grid), provenance: .perBucket)
        let buckets = hours.statistics()
        try #require(buckets.count == 2)
        #expect(abs((part(buckets[0].provenance, Fixture.watchSource)?.share ?? 0) - 100) < 1e-9)
        #expect(part(buckets[0].provenance, Fixture.phoneSource)?.counted == 0)
        #expect(abs((part(buckets[0].provenance, Fixture.phoneSource)?.setAside ?? 0) - 300) < 1e-6)
        #expect(part(buckets[1].provenance, Fixture.watchSource) == nil)
        #expect(abs((part(buckets[1].provenance, Fixture.phoneSource)?.counted ?? 0) - 600) < 1e-6)
        for bucket in buckets { expectAddsUp(bucket.provenance, to: bucket.merged.sum?.value ?? -1) }
        expectAddsUp(hours.provenance, to: 1600)
        #expect(hours.provenance?.coverage.buckets == 2 && hours.provenance?.coverage.bucketsWithData == 2)
    }

    @Test(
        "A hand-entered sample ranks first and a third-party app fills only what the Apple devices leave",
        arguments: StorageBackend.allCases)
    func handEntryAndThirdParty(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try F.watchAndPhone(store)
        // Entered by hand (through the Health app on the iPhone) 10:00–10:30: 300, outranking the Watch.
        let health = SourceRevision(
            source: Source(name: "Health", bundleIdentifier: "com.apple.Health"), version: "17.4")
        try store.save(
            [try F.steps(300, Clock.june12(10), Clock.june12(10, 30), metadata: F.manual)], as: health)
        // Pedometer++ 11:30–12:30, 600: only 12:00–12:30 (300) is not covered by a better source.
        try store.save([try F.steps(600, Clock.june12(11, 30), Clock.june12(12, 30))], as: F.pedometer)

        for detail in [StatisticsProvenance.Detail.summary, .perBucket] {
            let day = try days(store, detail)
            let provenance = try #require(day.provenance)
            // Entry 300, Watch 10:30–11:00 500, iPhone 11:00–12:00 600, Pedometer++ 12:00–12:30 300 = 1700.
            let merged = try #require(day.statistics().first?.merged.sum?.value)
            #expect(abs(merged - 1700) < 1e-6)
            expectAddsUp(provenance, to: merged)
            let counted = Dictionary(uniqueKeysWithValues: provenance.contributions.map { ($0.source.name, $0) })
            #expect(abs((counted["Health"]?.counted ?? 0) - 300) < 1e-6)
            #expect(abs((counted[Fixture.watchSource.name]?.counted ?? 0) - 500) < 1e-6)
            #expect(abs((counted[Fixture.watchSource.name]?.setAside ?? 0) - 500) < 1e-6)
            #expect(abs((counted[Fixture.phoneSource.name]?.counted ?? 0) - 600) < 1e-6)
            #expect(abs((counted["Pedometer++"]?.counted ?? 0) - 300) < 1e-6)
            #expect(abs((counted["Pedometer++"]?.setAside ?? 0) - 300) < 1e-6)
            #expect(provenance.contributions.map(\.source.name).first == Fixture.phoneSource.name)
            #expect((day.statistics().first?.provenance != nil) == (detail == .perBucket))
        }
    }

    @Test(
        "Contributions add up to every bucket's merged sum across bucket edges on DST days",
        arguments: StorageBackend.allCases, ["America/Los_Angeles", "Europe/Berlin"])
    func prorationAcrossDSTEdges(backend: StorageBackend, zone: String) throws {
        let calendar = Clock.calendar(zone)
        let store = backend.makeStore()
        // The spring-forward days: 2024-03-10 in Los Angeles, 2024-03-31 in Berlin (23-hour days).
        let day = zone == "Europe/Berlin" ? 31 : 10
        func at(_ dayOffset: Int, _ hour: Int, _ minute: Int = 0) -> Date {
            Clock.date(2024, 3, day + dayOffset, hour, minute, in: calendar)
        }
        // Across the midnight before the DST day, and across the midnight after it, with overlaps.
        try store.save(
            [
                try F.steps(1200, at(-1, 23), at(0, 1)), try F.steps(700, at(0, 23), at(1, 1)),
                try F.steps(333, at(0, 12), at(0, 12, 7)),
            ], as: Fixture.watch)
        try store.save(
            [try F.steps(900, at(-1, 22, 30), at(0, 0, 30)), try F.steps(1000, at(0, 22), at(1, 2))],
            as: Fixture.phone)
        try store.save([try F.steps(500, at(0, 11), at(0, 13))], as: Fixture.app)

        let collection = try days(store, .perBucket, calendar: calendar, from: at(-1, 0), to: at(2, 0))
        let buckets = collection.statistics()
        try #require(buckets.count == 3)
        var total = 0.0
        for bucket in buckets {
            let merged = try #require(bucket.merged.sum?.value)
            total += merged
            expectAddsUp(bucket.provenance, to: merged)
            // What a source counts plus what it has set aside is its own total there.
            for contribution in bucket.provenance?.contributions ?? [] {
                let own =
                    try store.statisticsCollection(
                        try StatisticsQuery(
                            type: Fixture.stepCount, predicate: .sources([contribution.source]), options: .cumulativeSum
                        ),
                        window: try BucketWindow(grid: collection.grid)
                    ).statistics(for: bucket.startDate).merged.sum?.value ?? 0
                #expect(abs(contribution.counted + contribution.setAside - own) < 1e-6)
            }
        }
        expectAddsUp(collection.provenance, to: total)
        // The DST day has 23 hours: the window is 24 + 23 + 24 hours.
        #expect(collection.provenance?.coverage.windowSeconds == Double(71 * 3600))
        #expect(collection.provenance?.coverage.buckets == 3)
    }

    @Test(
        "The sample path (a predicate on sources) gives the same provenance as the column path",
        arguments: StorageBackend.allCases)
    func samplePathAgrees(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try F.watchAndPhone(store)
        try store.save([try F.steps(600, Clock.june12(11, 30), Clock.june12(12, 30))], as: F.pedometer)
        let all: Set<Source> = [Fixture.watchSource, Fixture.phoneSource, F.pedometer.source]
        let grid = try BucketGrid(
            anchor: Clock.date(2024, 1, 1), interval: DateComponents(hour: 1), calendar: Clock.losAngeles)
        func provenance(_ predicate: SamplePredicate, _ options: StatisticsOptions) throws -> [String] {
            let collection = try store.statisticsCollection(
                try StatisticsQuery(type: Fixture.stepCount, predicate: predicate, options: options),
                window: try BucketWindow(grid: grid), provenance: .perBucket)
            return (collection.statistics().compactMap(\.provenance) + [collection.provenance!]).flatMap {
                $0.contributions.map {
                    "\($0.source.name) \(($0.counted * 1e6).rounded()) \(($0.setAside * 1e6).rounded())"
                }
            }
        }
        let columns = try provenance(.all, .cumulativeSum)
        #expect(columns.count > 4)
        #expect(try provenance(.sources(all), .cumulativeSum) == columns)
        // The sweep (most recent asked) counts the same as the proration.
        #expect(try provenance(.all, [.cumulativeSum, .mostRecent]) == columns)
    }

    @Test(
        "Discrete figures: samples and time counted per source; shares of a time-weighted average by time",
        arguments: StorageBackend.allCases)
    func discreteShares(backend: StorageBackend) throws {
        let store = backend.makeStore()
        // Watch 60 bpm 10:00–10:10, strap 80 bpm 10:05–10:20: the Watch wins 10:00–10:10, the strap 10:10–10:20.
        try store.save([try F.bpm(60, Clock.june12(10), Clock.june12(10, 10))], as: Fixture.watch)
        try store.save([try F.bpm(80, Clock.june12(10, 5), Clock.june12(10, 20))], as: F.strap)
        let statistics = try store.statistics(
            try StatisticsQuery(type: Fixture.heartRate, options: .discreteAverage), provenance: .summary)
        #expect(close(statistics.merged.average, 70))
        let provenance = try #require(statistics.provenance)
        #expect(provenance.measure == .samples && provenance.basis == .time)
        let watch = try #require(part(provenance, Fixture.watchSource))
        let strap = try #require(part(provenance, F.strap.source))
        #expect(watch.counted == 1 && watch.countedTime == 600 && watch.setAside == 0)
        #expect(strap.counted == 1 && strap.countedTime == 600 && strap.setAsideTime == 300)
        #expect(watch.share == 50 && strap.share == 50)
        #expect(provenance.coverage.coveredSeconds == 1200)
    }

    @Test(
        "A client that may not read steps sees only its own source in the provenance, never the others",
        arguments: StorageBackend.allCases)
    func clientSeesOnlyReadableSources(backend: StorageBackend) throws {
        let readerID = "com.example.reader"
        let readerApp = SourceRevision(source: Source(name: "Reader", bundleIdentifier: readerID), version: "1")
        func reader(mayRead: Bool) throws -> HealthDataStore {
            let store = backend.makeStore()
            try F.watchAndPhone(store)
            store.access.policy = mayRead ? .grantAll : .denyRead([Fixture.stepCount.identifier])
            store.access.request(
                client: readerID, share: [Fixture.stepCount.identifier], read: [Fixture.stepCount.identifier])
            let reader = store.client(readerID)
            try reader.save([try F.steps(70, Clock.june12(10, 45), Clock.june12(11, 15))], as: readerApp)
            return reader
        }
        let denied = try reader(mayRead: false)
        let query = try StatisticsQuery(type: Fixture.stepCount, options: .cumulativeSum)
        let single = try denied.statistics(query, provenance: .summary)
        #expect(single.provenance?.contributions.map(\.source.bundleIdentifier) == [readerID])
        #expect(single.provenance?.contributions.first?.setAside == 0)
        #expect(single.provenance?.coverage.coveredSeconds == 1800)
        let collection = try days(denied, .perBucket)
        let named = Set(
            (collection.statistics().compactMap(\.provenance) + [collection.provenance!]).flatMap {
                $0.contributions.map(\.source.bundleIdentifier)
            })
        #expect(named == [readerID])

        // With read access, the reader's steps lose 10:45–11:00 to the Watch and 11:00–11:15 to the iPhone.
        let open = try reader(mayRead: true).statistics(query, provenance: .summary)
        #expect(open.provenance?.contributions.count == 3)
        #expect(abs((part(open.provenance, readerApp.source)?.setAside ?? 0) - 70) < 1e-6)
    }
}
