import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Statistics: source merging and priority (SEMANTICS §5.1)")
struct StatisticsMergeTests {
    typealias F = StatisticsFixture

    @Test(
        "By default the Watch wins where it overlaps the iPhone; the iPhone fills the gap",
        arguments: StorageBackend.allCases)
    func watchOutranksPhoneByDefault(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try F.watchAndPhone(store)
        let options: StatisticsOptions = [.cumulativeSum, .separateBySource]

        // Watch 1000 (10:00–11:00) + iPhone 11:00–12:00 (60 min · 10 = 600) = 1600, not 1000 + 900 = 1900.
        let single = try store.statistics(of: Fixture.stepCount, options: options)
        #expect(close(single.merged.sum, 1600))
        // Per source, each from its own samples alone: they add up to more than the merged sum.
        #expect(single.sources == [Fixture.phoneSource, Fixture.watchSource].sorted())
        #expect(close(single.figures(for: Fixture.watchSource)?.sum, 1000))
        #expect(close(single.figures(for: Fixture.phoneSource)?.sum, 900))

        let day = try F.days(store, options: options).statistics(for: Clock.june12(12))
        #expect(close(day.merged.sum, 1600))
        #expect(close(day.figures(for: Fixture.watchSource)?.sum, 1000))
        #expect(close(day.figures(for: Fixture.phoneSource)?.sum, 900))

        let hours = try F.hours(store, options: options).statistics()
        try #require(hours.count == 2)
        #expect(hours.map(\.startDate) == [Clock.june12(10), Clock.june12(11)])
        #expect(close(hours[0].merged.sum, 1000))  // the Watch alone; the iPhone's 10:30–11:00 (300) is dropped
        #expect(close(hours[1].merged.sum, 600))  // the iPhone alone
        #expect(close(hours[0].figures(for: Fixture.phoneSource)?.sum, 300))
        #expect(hours[1].figures(for: Fixture.watchSource) == nil)
        #expect(close(hours[1].figures(for: Fixture.phoneSource)?.sum, 600))
    }

    @Test("With the iPhone ranked first the iPhone wins the overlap", arguments: StorageBackend.allCases)
    func phoneRankedFirst(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try F.watchAndPhone(store)
        try store.setSourceOrder(
            [Fixture.phoneSource.bundleIdentifier, Fixture.watchSource.bundleIdentifier], for: Fixture.stepCount)
        let options: StatisticsOptions = [.cumulativeSum, .separateBySource]

        // Watch 10:00–10:30 (1000 · 30/60 = 500) + iPhone 900 = 1400.
        let single = try store.statistics(of: Fixture.stepCount, options: options)
        #expect(close(single.merged.sum, 1400))
        #expect(close(single.figures(for: Fixture.watchSource)?.sum, 1000))
        #expect(close(single.figures(for: Fixture.phoneSource)?.sum, 900))
        #expect(close(try F.days(store).statistics(for: Clock.june12(12)).merged.sum, 1400))
        let hours = try F.hours(store).statistics()
        try #require(hours.count == 2)
        #expect(close(hours[0].merged.sum, 800))  // Watch 10:00–10:30 (500) + iPhone 10:30–11:00 (300)
        #expect(close(hours[1].merged.sum, 600))

        // The order is per type; nil restores the default.
        #expect(try store.records.sourceOrder(for: Fixture.heartRate) == nil)
        try store.setSourceOrder(nil, for: Fixture.stepCount)
        #expect(close(try store.statistics(of: Fixture.stepCount, options: .cumulativeSum).merged.sum, 1600))
    }

    @Test("Hand-entered data outranks the Watch by default", arguments: StorageBackend.allCases)
    func manualEntriesOutrankWatch(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save([try F.steps(1000, Clock.june12(10), Clock.june12(11))], as: Fixture.watch)
        try store.save(
            [try F.steps(300, Clock.june12(10), Clock.june12(10, 30), metadata: F.manual)], as: Fixture.phone)
        // The entry 10:00–10:30 (300) + the Watch 10:30–11:00 (500) = 800.
        #expect(close(try store.statistics(of: Fixture.stepCount, options: .cumulativeSum).merged.sum, 800))
        #expect(close(try F.days(store).statistics(for: Clock.june12(12)).merged.sum, 800))

        // The same iPhone sample without HKWasUserEntered loses to the Watch: 1000.
        let control = backend.makeStore()
        try control.save([try F.steps(1000, Clock.june12(10), Clock.june12(11))], as: Fixture.watch)
        try control.save([try F.steps(300, Clock.june12(10), Clock.june12(10, 30))], as: Fixture.phone)
        #expect(close(try control.statistics(of: Fixture.stepCount, options: .cumulativeSum).merged.sum, 1000))
        // HKWasUserEntered = 0 is not a manual entry.
        let zero = backend.makeStore()
        try zero.save([try F.steps(1000, Clock.june12(10), Clock.june12(11))], as: Fixture.watch)
        try zero.save(
            [
                try F.steps(
                    300, Clock.june12(10), Clock.june12(10, 30), metadata: [MetadataKey.wasUserEntered: .number(0)])
            ], as: Fixture.phone)
        #expect(close(try zero.statistics(of: Fixture.stepCount, options: .cumulativeSum).merged.sum, 1000))
    }

    @Test(
        "Of two third-party apps the one whose latest sample ends later wins, whatever the save order",
        arguments: StorageBackend.allCases, [false, true])
    func laterThirdPartyOutranksEarlier(backend: StorageBackend, pedometerFirst: Bool) throws {
        let store = backend.makeStore()
        let fitness = try F.steps(600, Clock.june12(10), Clock.june12(11))  // 10 a minute
        let pedometer = try F.steps(900, Clock.june12(10, 30), Clock.june12(11, 30))  // 15 a minute
        if pedometerFirst {
            try store.save([pedometer], as: F.pedometer)
            try store.save([fitness], as: Fixture.app)
        } else {
            try store.save([fitness], as: Fixture.app)
            try store.save([pedometer], as: F.pedometer)
        }
        let sum = try store.statistics(of: Fixture.stepCount, options: .cumulativeSum).merged.sum
        // The pedometer's sample ends at 11:30, MyFitnessPal's at 11:00: MyFitnessPal 10:00–10:30 (300) + 900 = 1200.
        #expect(close(sum, 1200))
    }

    @Test("Apple devices outrank third-party apps, even newer ones", arguments: StorageBackend.allCases)
    func appleOutranksThirdParty(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save([try F.steps(600, Clock.june12(10), Clock.june12(11))], as: Fixture.phone)
        try store.save([try F.steps(900, Clock.june12(10, 30), Clock.june12(11, 30))], as: F.pedometer)
        // iPhone 600 + pedometer 11:00–11:30 (450) = 1050.
        #expect(close(try store.statistics(of: Fixture.stepCount, options: .cumulativeSum).merged.sum, 1050))
    }

    @Test(
        "Sources missing from a set order rank after the listed ones, in the default order among themselves",
        arguments: StorageBackend.allCases)
    func unlistedSourcesRankLast(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save([try F.steps(200, Clock.june12(10), Clock.june12(10, 20))], as: Fixture.app)  // 10 a minute
        try store.save([try F.steps(1200, Clock.june12(10), Clock.june12(11))], as: Fixture.watch)  // 20 a minute
        try store.save([try F.steps(900, Clock.june12(10, 30), Clock.june12(12))], as: Fixture.phone)  // 10 a minute
        try store.setSourceOrder([Fixture.appSource.bundleIdentifier], for: Fixture.stepCount)
        // MyFitnessPal 10:00–10:20 (200), then the Watch 10:20–11:00 (40 · 20 = 800), then the iPhone 11:00–12:00 (600):
        // 1600. (Unlisted first would give 1200 + 600 = 1800; the iPhone before the Watch 200 + 200 + 900 = 1300.)
        #expect(close(try store.statistics(of: Fixture.stepCount, options: .cumulativeSum).merged.sum, 1600))
        let hours = try F.hours(store).statistics()
        try #require(hours.count == 2)
        #expect(close(hours[0].merged.sum, 1000))  // 200 + 800
        #expect(close(hours[1].merged.sum, 600))
    }

    @Test("A winning source's own overlapping samples add up", arguments: StorageBackend.allCases)
    func ownOverlapsAddUp(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.steps(600, Clock.june12(10), Clock.june12(11)),
                try F.steps(300, Clock.june12(10, 30), Clock.june12(11)),
            ], as: Fixture.watch)
        try store.save([try F.steps(1000, Clock.june12(10), Clock.june12(11))], as: Fixture.phone)
        // The Watch covers the whole hour, so the iPhone counts nowhere; the Watch's two samples are summed: 900.
        #expect(close(try store.statistics(of: Fixture.stepCount, options: .cumulativeSum).merged.sum, 900))
        #expect(close(try F.hours(store).statistics(for: Clock.june12(10)).merged.sum, 900))
    }

    @Test(
        "A lower source's zero-duration sample counts unless a better source covers its instant",
        arguments: StorageBackend.allCases)
    func coveredPointsAreDropped(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save([try F.steps(1000, Clock.june12(10), Clock.june12(11))], as: Fixture.watch)
        try store.save(
            [
                try F.steps(5, Clock.june12(10, 30), Clock.june12(10, 30)),  // under the Watch: dropped
                try F.steps(7, Clock.june12(11), Clock.june12(11)),  // the Watch ended at 11:00 (half-open): counts
                try F.steps(9, Clock.june12(11, 30), Clock.june12(11, 30)),  // no Watch: counts
            ], as: Fixture.phone)
        // 1000 + 7 + 9 = 1016.
        #expect(close(try store.statistics(of: Fixture.stepCount, options: .cumulativeSum).merged.sum, 1016))
        let hours = try F.hours(store).statistics()
        try #require(hours.count == 2)
        #expect(close(hours[0].merged.sum, 1000))
        #expect(close(hours[1].merged.sum, 16))  // 7 at 11:00 and 9 at 11:30
    }

    @Test(
        "Discrete statistics merge too: where the Watch has heart rate the chest strap's readings are dropped",
        arguments: StorageBackend.allCases)
    func discreteMergeIntervals(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.bpm(140, Fixture.heartRate, Clock.june12(9, 55), Clock.june12(10)),
                try F.bpm(150, Fixture.heartRate, Clock.june12(10), Clock.june12(10, 5)),
                try F.bpm(160, Fixture.heartRate, Clock.june12(10, 5), Clock.june12(10, 10)),
                try F.bpm(130, Fixture.heartRate, Clock.june12(10, 10), Clock.june12(10, 15)),
            ], as: F.strap)
        try store.save([try F.bpm(100, Fixture.heartRate, Clock.june12(10), Clock.june12(10, 10))], as: Fixture.watch)
        let options: StatisticsOptions = [.discreteAverage, .discreteMin, .discreteMax, .separateBySource]

        let single = try store.statistics(of: Fixture.heartRate, options: options)
        // Strap 09:55–10:00 (140, 300 s), Watch 10:00–10:10 (100, 600 s), strap 10:10–10:15 (130, 300 s):
        // (140·300 + 100·600 + 130·300) / 1200 = (42000 + 60000 + 39000) / 1200 = 117.5.
        #expect(close(single.merged.average, 117.5))
        #expect(close(single.merged.minimum, 100))
        #expect(close(single.merged.maximum, 140))  // 150 and 160 lie under the Watch
        // Each source alone: the strap (140 + 150 + 160 + 130) / 4 = 145 (equal durations), the Watch 100.
        #expect(close(single.figures(for: F.strap.source)?.average, 145))
        #expect(close(single.figures(for: F.strap.source)?.maximum, 160))
        #expect(close(single.figures(for: Fixture.watchSource)?.average, 100))

        let hour = try F.hours(store, Fixture.heartRate, options: options)
        // (100·600 + 130·300) / 900 = 99000 / 900
        #expect(close(hour.statistics(for: Clock.june12(10)).merged.average, 110))
        #expect(close(hour.statistics(for: Clock.june12(9)).merged.average, 140))
    }

    @Test(
        "A reading that loses all its time in a bucket does not count there, though it wins in the bucket before",
        arguments: StorageBackend.allCases)
    func discreteMergeIsPerBucket(backend: StorageBackend) throws {
        let store = backend.makeStore()
        // The strap 09:55–10:05 wins 09:55–10:00 (the Watch starts at 10:00) and loses 10:00–10:05 to the Watch.
        try store.save([try F.bpm(140, Fixture.heartRate, Clock.june12(9, 55), Clock.june12(10, 5))], as: F.strap)
        try store.save([try F.bpm(100, Fixture.heartRate, Clock.june12(10), Clock.june12(10, 10))], as: Fixture.watch)
        let options: StatisticsOptions = [.discreteAverage, .discreteMin, .discreteMax, .mostRecent]
        let hours = try F.hours(store, Fixture.heartRate, options: options)
        let nine = hours.statistics(for: Clock.june12(9))
        let ten = hours.statistics(for: Clock.june12(10))
        #expect(
            close(nine.merged.average, 140) && close(nine.merged.maximum, 140) && close(nine.merged.mostRecent, 140))
        // 10:00–11:00: only the Watch counts, so 100 for every figure (not a maximum of 140).
        #expect(close(ten.merged.average, 100))
        #expect(close(ten.merged.minimum, 100))
        #expect(close(ten.merged.maximum, 100))
        #expect(close(ten.merged.mostRecent, 100))

        // The same with an arithmetic type: the 10:00 average is 100, not (140 + 100) / 2 = 120.
        try store.save([try F.bpm(140, F.restingHeartRate, Clock.june12(9, 55), Clock.june12(10, 5))], as: F.strap)
        try store.save([try F.bpm(100, F.restingHeartRate, Clock.june12(10), Clock.june12(10, 10))], as: Fixture.watch)
        let resting = try F.hours(store, F.restingHeartRate, options: [.discreteAverage, .discreteMax])
        #expect(close(resting.statistics(for: Clock.june12(9)).merged.average, 140))
        #expect(close(resting.statistics(for: Clock.june12(10)).merged.average, 100))
        #expect(close(resting.statistics(for: Clock.june12(10)).merged.maximum, 100))
        // A single query counts both (each wins somewhere): (140 + 100) / 2 = 120.
        #expect(close(try store.statistics(of: F.restingHeartRate, options: .discreteAverage).merged.average, 120))
    }

    @Test("Instantaneous heart rate merges by the time each reading holds", arguments: StorageBackend.allCases)
    func discreteMergeInstantaneous(backend: StorageBackend) throws {
        let store = backend.makeStore()
        // The strap reads every 5 minutes from 09:50 to 10:20.
        let strap: [(Int, Int, Double)] = [
            (9, 50, 130), (9, 55, 140), (10, 0, 150), (10, 5, 160), (10, 10, 170), (10, 15, 120), (10, 20, 125),
        ]
        try store.save(try strap.map { try F.bpm($0.2, Clock.june12($0.0, $0.1)) }, as: F.strap)
        // The Watch reads at 10:00 (holds to 10:05) and 10:05 (holds 10 minutes, to 10:15).
        try store.save([try F.bpm(100, Clock.june12(10)), try F.bpm(104, Clock.june12(10, 5))], as: Fixture.watch)
        let statistics = try store.statistics(
            of: Fixture.heartRate, options: [.discreteAverage, .discreteMin, .discreteMax])
        // Strap 130 (09:50–09:55) and 140 (09:55–10:00); Watch 100 (10:00–10:05) and 104 (10:05–10:15); the strap's 150,
        // 160, 170 are dropped; strap 120 (10:15–10:20) and 125 (10:20 plus 10 minutes):
        // (130·300 + 140·300 + 100·300 + 104·600 + 120·300 + 125·600) / (4·300 + 2·600)
        //   = (39000 + 42000 + 30000 + 62400 + 36000 + 75000) / 2400 = 284400 / 2400 = 118.5.
        #expect(close(statistics.merged.average, 118.5))
        #expect(close(statistics.merged.minimum, 100))
        #expect(close(statistics.merged.maximum, 140))
    }
}
