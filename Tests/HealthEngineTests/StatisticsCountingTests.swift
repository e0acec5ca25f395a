import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

// Statistics tests share these helpers (StatisticsCountingTests, StatisticsBucketTests, StatisticsMergeTests).

/// Wall-clock dates in pinned time zones: no test depends on the machine's zone.
enum Clock {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    static let losAngeles = calendar("America/Los_Angeles")
    static let berlin = calendar("Europe/Berlin")
    static let utc = calendar("UTC")

    /// A wall-clock time in the calendar's zone (must exist and be unambiguous there).
    static func date(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
        in calendar: Calendar = losAngeles
    ) -> Date {
        calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    /// 2024-06-12 (a Wednesday, PDT, far from any DST change) at hh:mm:ss in Los Angeles.
    static func june12(_ hour: Int, _ minute: Int = 0, _ second: Int = 0) -> Date {
        date(2024, 6, 12, hour, minute, second)
    }
}

/// Samples and sources for statistics tests.
enum StatisticsFixture {
    static let restingHeartRate = Fixture.quantityType("restingHeartRate")
    static let audioExposure = Fixture.quantityType("environmentalAudioExposure")
    static let afibBurden = Fixture.quantityType("atrialFibrillationBurden")

    static let manual: [String: MetadataValue] = [MetadataKey.wasUserEntered: .number(1)]

    /// A third-party pedometer app (besides `Fixture.app`, MyFitnessPal).
    static let pedometer = SourceRevision(
        source: Source(name: "Pedometer++", bundleIdentifier: "com.crossforward.pedometer"), version: "6.2",
        productType: "iPhone15,2", operatingSystemVersion: "17.4")
    /// A third-party chest strap app.
    static let strap = SourceRevision(
        source: Source(name: "Polar Beat", bundleIdentifier: "fi.polar.beat"), version: "3.5.1",
        productType: "iPhone15,2",
        operatingSystemVersion: "17.4")

    /// Watch 10:00–11:00 with 1000 steps, iPhone 10:30–12:00 with 900 steps (10 a minute), June 12 in Los Angeles.
    static func watchAndPhone(_ store: HealthDataStore) throws {
        try store.save([try steps(1000, Clock.june12(10), Clock.june12(11))], as: Fixture.watch)
        try store.save([try steps(900, Clock.june12(10, 30), Clock.june12(12))], as: Fixture.phone)
    }

    /// Steps from `start` to `end`.
    static func steps(
        _ count: Double, _ start: Date, _ end: Date, metadata: [String: MetadataValue]? = nil
    ) throws -> Sample {
        try Sample.quantity(
            type: Fixture.stepCount, quantity: Quantity(count, .count), start: start, end: end, metadata: metadata)
    }

    /// Beats per minute from `start` to `end` (instantaneous when `end` is nil).
    static func bpm(_ value: Double, _ type: SampleType, _ start: Date, _ end: Date? = nil) throws -> Sample {
        try Sample.quantity(type: type, quantity: Quantity(value, Fixture.bpm), start: start, end: end ?? start)
    }

    /// Heart rate from `start` to `end` (instantaneous when `end` is nil).
    static func bpm(_ value: Double, _ start: Date, _ end: Date? = nil) throws -> Sample {
        try bpm(value, Fixture.heartRate, start, end)
    }

    /// A day-bucket collection anchored at midnight 2024-01-01 in the calendar's zone.
    static func days(
        _ store: HealthDataStore, _ type: SampleType = Fixture.stepCount, options: StatisticsOptions = .cumulativeSum,
        calendar: Calendar = Clock.losAngeles
    ) throws -> StatisticsCollection {
        try store.statisticsCollection(
            of: type, options: options, anchor: Clock.date(2024, 1, 1, in: calendar), interval: DateComponents(day: 1),
            calendar: calendar)
    }

    /// An hourly collection anchored at midnight 2024-01-01 in the calendar's zone.
    static func hours(
        _ store: HealthDataStore, _ type: SampleType = Fixture.stepCount, options: StatisticsOptions = .cumulativeSum,
        calendar: Calendar = Clock.losAngeles
    ) throws -> StatisticsCollection {
        try store.statisticsCollection(
            of: type, options: options, anchor: Clock.date(2024, 1, 1, in: calendar), interval: DateComponents(hour: 1),
            calendar: calendar)
    }
}

/// Whether a figure is present and within `tolerance` of `expected` (sums are prorated in floating point).
func close(_ quantity: Quantity?, _ expected: Double, within tolerance: Double = 1e-6) -> Bool {
    guard let quantity else { return false }
    return abs(quantity.value - expected) <= tolerance
}

/// A figure's value rounded to 6 decimals (nil stays nil), for comparing lists of prorated sums.
func rounded(_ quantity: Quantity?) -> Double? {
    quantity.map { ($0.value * 1e6).rounded() / 1e6 }
}

@Suite("Statistics: how samples are counted (SEMANTICS §5, §5.2)")
struct StatisticsCountingTests {
    typealias F = StatisticsFixture

    // MARK: - Single query

    @Test(
        "A single query counts every sample overlapping the window whole; its dates are the samples' extent",
        arguments: StorageBackend.allCases)
    func singleQueryCountsWholeSamples(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let crossing = try F.steps(100, Clock.june12(23, 30), Clock.date(2024, 6, 13, 0, 30))
        let morning = try F.steps(40, Clock.june12(8), Clock.june12(8, 10))
        try store.save([crossing, morning], as: Fixture.watch)

        let june12: SamplePredicate = .date(start: Clock.june12(0), end: Clock.date(2024, 6, 13), options: [])
        let day = try store.statistics(of: Fixture.stepCount, matching: june12, options: .cumulativeSum)
        // 40 + 100 (whole, not the 50 that falls before midnight).
        #expect(close(day.merged.sum, 140))
        // Earliest start (08:00) and latest end (00:30 the next day), not the window.
        #expect(day.startDate == Clock.june12(8))
        #expect(day.endDate == Clock.date(2024, 6, 13, 0, 30))

        let june13: SamplePredicate = .date(start: Clock.date(2024, 6, 13), end: Clock.date(2024, 6, 14), options: [])
        let next = try store.statistics(of: Fixture.stepCount, matching: june13, options: .cumulativeSum)
        // Only the crossing sample touches June 13, and it counts whole: 100.
        #expect(close(next.merged.sum, 100))
        #expect(next.startDate == Clock.june12(23, 30))
        #expect(next.endDate == Clock.date(2024, 6, 13, 0, 30))
    }

    @Test("A single query over no data is the noData error, not zero", arguments: StorageBackend.allCases)
    func emptySingleQueryIsNoData(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let empty = #expect(throws: HealthStoreError.self) {
            try store.statistics(of: Fixture.stepCount, options: .cumulativeSum)
        }
        #expect(empty == .engine(.noData(type: "HKQuantityTypeIdentifierStepCount")))

        // Data exists, but not in the window.
        try store.save([try F.steps(500, Clock.june12(9), Clock.june12(10))], as: Fixture.watch)
        let evening: SamplePredicate = .date(start: Clock.june12(18), end: Clock.june12(20), options: [])
        let outside = #expect(throws: HealthStoreError.self) {
            try store.statistics(of: Fixture.stepCount, matching: evening, options: .cumulativeSum)
        }
        #expect(outside == .engine(.noData(type: "HKQuantityTypeIdentifierStepCount")))
        let heart = #expect(throws: HealthStoreError.self) {
            try store.statistics(of: Fixture.heartRate, options: .discreteAverage)
        }
        #expect(heart == .engine(.noData(type: "HKQuantityTypeIdentifierHeartRate")))
    }

    // MARK: - Options

    struct InvalidOptions: Sendable, CustomTestStringConvertible {
        let type: String
        let options: StatisticsOptions
        /// The option the error must name.
        let wrong: String
        var testDescription: String { "\(options) on \(type)" }
    }

    static let invalidOptions: [InvalidOptions] = [
        InvalidOptions(type: "heartRate", options: .cumulativeSum, wrong: "cumulativeSum"),  // time-weighted
        InvalidOptions(type: "restingHeartRate", options: .cumulativeSum, wrong: "cumulativeSum"),  // arithmetic
        InvalidOptions(type: "environmentalAudioExposure", options: .cumulativeSum, wrong: "cumulativeSum"),  // Leq
        InvalidOptions(type: "stepCount", options: .discreteAverage, wrong: "discreteAverage"),
        InvalidOptions(type: "stepCount", options: .discreteMin, wrong: "discreteMin"),
        InvalidOptions(type: "stepCount", options: .discreteMax, wrong: "discreteMax"),
        // One wrong option among valid ones is still an error.
        InvalidOptions(type: "stepCount", options: [.cumulativeSum, .mostRecent, .discreteMax], wrong: "discreteMax"),
        InvalidOptions(
            type: "heartRate", options: [.discreteAverage, .duration, .cumulativeSum], wrong: "cumulativeSum"),
    ]

    @Test(
        "An option that does not fit the aggregation style is an error naming the option and the type",
        arguments: StorageBackend.allCases, invalidOptions)
    func invalidOptionCombinations(backend: StorageBackend, invalid: InvalidOptions) throws {
        let store = backend.makeStore()
        let type = try SampleType.quantity(invalid.type)
        let unit = type.canonicalUnit!
        // Data is present, so the error cannot be noData.
        try store.save(
            [
                try Sample.quantity(
                    type: type, quantity: Quantity(60, unit), start: Clock.june12(9), end: Clock.june12(9, 5))
            ], as: Fixture.watch)

        let single = #expect(throws: HealthStoreError.self) { try store.statistics(of: type, options: invalid.options) }
        let collection = #expect(throws: HealthStoreError.self) {
            try store.statisticsCollection(
                of: type, options: invalid.options, anchor: Clock.june12(0), interval: DateComponents(day: 1),
                calendar: Clock.losAngeles)
        }
        for error in [single, collection] {
            guard case let .engine(.invalidQuery(field: field, reason: reason)) = error else {
                Issue.record("unexpected error \(String(describing: error))")
                continue
            }
            #expect(field == "options")
            #expect(reason.contains(invalid.wrong))
            #expect(reason.contains(type.identifier))
        }
    }

    @Test("Statistics of a category type are an error", arguments: StorageBackend.allCases)
    func categoryTypeHasNoStatistics(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let error = #expect(throws: HealthStoreError.self) {
            try store.statistics(of: Fixture.sleep, options: .duration)
        }
        guard case let .engine(.invalidQuery(field: _, reason: reason)) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(reason.contains("HKCategoryTypeIdentifierSleepAnalysis"))
    }

    @Test(
        "mostRecent, duration and separateBySource combine with cumulative and discrete options",
        arguments: StorageBackend.allCases)
    func sharedOptionsCombineWithEither(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.steps(300, Clock.june12(9), Clock.june12(9, 30)),
                try F.bpm(70, Clock.june12(9), Clock.june12(9, 10)),
                try F.bpm(90, Clock.june12(9, 20), Clock.june12(9, 30)),
            ], as: Fixture.watch)

        let steps = try store.statistics(
            of: Fixture.stepCount, options: [.cumulativeSum, .mostRecent, .duration, .separateBySource])
        #expect(close(steps.merged.sum, 300))
        #expect(close(steps.merged.mostRecent, 300))
        #expect(close(steps.merged.duration, 1800))  // 09:00–09:30
        #expect(steps.sources == [Fixture.watchSource])
        #expect(close(steps.figures(for: Fixture.watchSource)?.sum, 300))

        let heart = try store.statistics(
            of: Fixture.heartRate,
            options: [.discreteAverage, .discreteMin, .discreteMax, .mostRecent, .duration, .separateBySource])
        #expect(close(heart.merged.average, 80))  // (70·600 s + 90·600 s) / 1200 s
        #expect(close(heart.merged.minimum, 70))
        #expect(close(heart.merged.maximum, 90))
        #expect(close(heart.merged.mostRecent, 90))
        #expect(
            heart.merged.mostRecentDateInterval == DateInterval(start: Clock.june12(9, 20), end: Clock.june12(9, 30)))
        #expect(close(heart.merged.duration, 1200))  // 09:00–09:10 and 09:20–09:30
        #expect(close(heart.figures(for: Fixture.watchSource)?.average, 80))

        // Each of them alone, too.
        #expect(close(try store.statistics(of: Fixture.stepCount, options: .mostRecent).merged.mostRecent, 300))
        #expect(close(try store.statistics(of: Fixture.heartRate, options: .duration).merged.duration, 1200))
        #expect(
            try store.statistics(of: Fixture.heartRate, options: .separateBySource).sources == [Fixture.watchSource])
    }

    @Test("Figures of options not asked for are nil", arguments: StorageBackend.allCases)
    func unrequestedFiguresAreNil(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [try F.steps(300, Clock.june12(9), Clock.june12(9, 30)), try F.bpm(70, Clock.june12(9))], as: Fixture.watch)

        let sum = try store.statistics(of: Fixture.stepCount, options: .cumulativeSum)
        #expect(close(sum.merged.sum, 300))
        #expect(sum.merged.average == nil && sum.merged.minimum == nil && sum.merged.maximum == nil)
        #expect(sum.merged.mostRecent == nil && sum.merged.mostRecentDateInterval == nil && sum.merged.duration == nil)
        // No separateBySource: no per-source figures.
        #expect(sum.sources == nil)
        #expect(sum.figures(for: Fixture.watchSource) == nil)

        let maximum = try store.statistics(of: Fixture.heartRate, options: .discreteMax)
        #expect(close(maximum.merged.maximum, 70))
        #expect(maximum.merged.sum == nil && maximum.merged.average == nil && maximum.merged.minimum == nil)
        #expect(maximum.merged.mostRecent == nil && maximum.merged.duration == nil)

        let bucket = try F.days(store, options: .duration).statistics(for: Clock.june12(12))
        #expect(close(bucket.merged.duration, 1800))
        #expect(bucket.merged.sum == nil && bucket.merged.mostRecent == nil)
    }

    // MARK: - Discrete figures

    @Test(
        "An arithmetic average counts each sample once whatever its duration; min and max over the same samples",
        arguments: StorageBackend.allCases)
    func arithmeticAverageIgnoresDuration(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.bpm(60, F.restingHeartRate, Clock.june12(0), Clock.june12(0, 1)),  // 1 minute
                try F.bpm(70, F.restingHeartRate, Clock.june12(1), Clock.june12(9)),  // 8 hours
                try F.bpm(80, F.restingHeartRate, Clock.june12(10)),  // instantaneous
            ], as: Fixture.watch)
        let statistics = try store.statistics(
            of: F.restingHeartRate, options: [.discreteAverage, .discreteMin, .discreteMax])
        #expect(close(statistics.merged.average, 70))  // (60 + 70 + 80) / 3
        #expect(close(statistics.merged.minimum, 60))
        #expect(close(statistics.merged.maximum, 80))
        // Same in the day bucket.
        let day = try F.days(store, F.restingHeartRate, options: .discreteAverage).statistics(for: Clock.june12(12))
        #expect(close(day.merged.average, 70))
    }

    @Test("mostRecent is the sample with the latest start, not the latest end", arguments: StorageBackend.allCases)
    func mostRecentIsLatestStart(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.bpm(62, F.restingHeartRate, Clock.june12(6), Clock.june12(6, 5)),
                try F.bpm(58, F.restingHeartRate, Clock.june12(7), Clock.june12(7, 1)),  // latest start
                try F.bpm(75, F.restingHeartRate, Clock.june12(5), Clock.june12(9)),  // latest end
            ], as: Fixture.watch)
        let statistics = try store.statistics(of: F.restingHeartRate, options: .mostRecent)
        #expect(close(statistics.merged.mostRecent, 58))
        #expect(
            statistics.merged.mostRecentDateInterval == DateInterval(start: Clock.june12(7), end: Clock.june12(7, 1)))
    }

    @Test("mostRecent ties on start go to the later-saved sample", arguments: StorageBackend.allCases, [false, true])
    func mostRecentTieGoesToLaterSaved(backend: StorageBackend, reversed: Bool) throws {
        let store = backend.makeStore()
        let values: [Double] = reversed ? [66, 64] : [64, 66]
        try store.save([try F.bpm(values[0], F.restingHeartRate, Clock.june12(8))], as: Fixture.watch)
        try store.save([try F.bpm(values[1], F.restingHeartRate, Clock.june12(8))], as: Fixture.watch)
        let statistics = try store.statistics(of: F.restingHeartRate, options: .mostRecent)
        // The second save wins, whichever value it has.
        #expect(close(statistics.merged.mostRecent, values[1]))
        #expect(statistics.merged.mostRecentDateInterval == DateInterval(start: Clock.june12(8), end: Clock.june12(8)))
    }

    @Test(
        "Instantaneous heart rate holds until the next sample, at most 10 minutes (single query)",
        arguments: StorageBackend.allCases)
    func timeWeightedInstantaneousSingleQuery(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.bpm(60, Clock.june12(10)),
                try F.bpm(90, Clock.june12(10, 2)),
                try F.bpm(120, Clock.june12(10, 3)),
            ], as: Fixture.watch)
        let statistics = try store.statistics(
            of: Fixture.heartRate, options: [.discreteAverage, .discreteMin, .discreteMax, .mostRecent])
        // Weights: 60 holds 10:00–10:02 (120 s), 90 holds 10:02–10:03 (60 s), 120 holds 10 minutes (600 s).
        // (60·120 + 90·60 + 120·600) / (120 + 60 + 600) = (7200 + 5400 + 72000) / 780 = 84600 / 780 = 108.4615…
        #expect(close(statistics.merged.average, 84_600.0 / 780))
        #expect(close(statistics.merged.minimum, 60))
        #expect(close(statistics.merged.maximum, 120))
        #expect(close(statistics.merged.mostRecent, 120))
        #expect(
            statistics.merged.mostRecentDateInterval
                == DateInterval(start: Clock.june12(10, 3), end: Clock.june12(10, 3)))
        // Instantaneous samples: the single query spans the first to the last instant.
        #expect(statistics.startDate == Clock.june12(10))
        #expect(statistics.endDate == Clock.june12(10, 3))
    }

    @Test("A bucket's last instantaneous heart rate holds only to the bucket end", arguments: StorageBackend.allCases)
    func timeWeightedHoldCutAtBucketEnd(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.bpm(60, Clock.june12(10, 50)),
                try F.bpm(90, Clock.june12(10, 52)),
                try F.bpm(120, Clock.june12(10, 53)),
            ], as: Fixture.watch)
        let collection = try F.hours(store, Fixture.heartRate, options: .discreteAverage)
        // Weights: 120 s, 60 s, and 10:53–11:00 = 420 s (not 600 s).
        // (60·120 + 90·60 + 120·420) / (120 + 60 + 420) = (7200 + 5400 + 50400) / 600 = 63000 / 600 = 105
        let bucket = collection.statistics(for: Clock.june12(10, 30))
        #expect(close(bucket.merged.average, 105))
        // The hold does not spill into the 11:00 bucket.
        #expect(collection.statistics().count == 1)
        #expect(collection.statistics(for: Clock.june12(11, 5)).merged.average == nil)
    }

    @Test("Heart-rate samples with a duration weigh their duration", arguments: StorageBackend.allCases)
    func timeWeightedIntervals(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.bpm(60, Clock.june12(10), Clock.june12(10, 10)),  // 600 s
                try F.bpm(90, Clock.june12(10, 10), Clock.june12(10, 15)),  // 300 s
            ], as: Fixture.watch)
        // (60·600 + 90·300) / 900 = (36000 + 27000) / 900 = 70 (the arithmetic mean would be 75).
        #expect(close(try store.statistics(of: Fixture.heartRate, options: .discreteAverage).merged.average, 70))
        #expect(
            close(
                try F.hours(store, Fixture.heartRate, options: .discreteAverage).statistics(for: Clock.june12(10))
                    .merged.average, 70))
    }

    @Test("Atrial fibrillation burden is time-weighted", arguments: StorageBackend.allCases)
    func afibBurdenIsTimeWeighted(backend: StorageBackend) throws {
        let store = backend.makeStore()
        // The type is read-only for apps (the system writes it), so the samples go straight into the storage.
        let week = try Sample.quantity(
            type: F.afibBurden, quantity: Quantity(0.02, .percent), start: Clock.date(2024, 6, 3),
            end: Clock.date(2024, 6, 10))
        let day = try Sample.quantity(
            type: F.afibBurden, quantity: Quantity(0.04, .percent), start: Clock.date(2024, 6, 10),
            end: Clock.date(2024, 6, 11))
        try store.storage.commit(inserting: [week, day].map { $0.with(sourceRevision: Fixture.watch) }, deleting: [])
        let statistics = try store.statistics(of: F.afibBurden, options: [.discreteAverage, .discreteMax])
        // (0.02·7 d + 0.04·1 d) / 8 d = 0.18 / 8 = 0.0225 (the arithmetic mean would be 0.03). The week has 7·24 h in
        // PDT, so days weigh equally.
        #expect(close(statistics.merged.average, 0.0225, within: 1e-12))
        #expect(close(statistics.merged.maximum, 0.04, within: 1e-12))
    }

    @Test("Audio exposure averages as an equivalent continuous level (Leq)", arguments: StorageBackend.allCases)
    func audioExposureLeq(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try Sample.quantity(
                    type: F.audioExposure, quantity: Quantity(60, .decibelASPL), start: Clock.june12(10),
                    end: Clock.june12(11)),
                try Sample.quantity(
                    type: F.audioExposure, quantity: Quantity(70, .decibelASPL), start: Clock.june12(11),
                    end: Clock.june12(12)),
            ], as: Fixture.watch)
        let statistics = try store.statistics(
            of: F.audioExposure, options: [.discreteAverage, .discreteMin, .discreteMax])
        // 10·log10((3600·10^6 + 3600·10^7) / 7200) = 10·log10(5.5·10^6) = 67.40362689494244 dB (not the mean 65).
        #expect(close(statistics.merged.average, 67.40362689494244, within: 1e-9))
        #expect(close(statistics.merged.minimum, 60))
        #expect(close(statistics.merged.maximum, 70))
        // In the day bucket as well.
        let bucket = try F.days(store, F.audioExposure, options: .discreteAverage).statistics(for: Clock.june12(12))
        #expect(close(bucket.merged.average, 67.40362689494244, within: 1e-9))
    }

    @Test(
        "Figures are in the type's canonical unit, whatever units the samples were saved in",
        arguments: StorageBackend.allCases)
    func figuresInCanonicalUnit(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try Sample.quantity(
                    type: Fixture.distance, quantity: Quantity(1, .mile), start: Clock.june12(9),
                    end: Clock.june12(9, 20)),
                try Sample.quantity(
                    type: Fixture.distance, quantity: Quantity(1, .meter(.kilo)), start: Clock.june12(10),
                    end: Clock.june12(10, 10)),
            ], as: Fixture.watch)
        let statistics = try store.statistics(of: Fixture.distance, options: .cumulativeSum)
        // 1 mile = 1609.344 m, + 1000 m = 2609.344 m.
        #expect(statistics.merged.sum?.unit == Fixture.distance.canonicalUnit)
        #expect(close(statistics.merged.sum, 2609.344, within: 1e-9))
    }

    // MARK: - Duration

    @Test("duration is the union of the samples' intervals, clipped to each bucket", arguments: StorageBackend.allCases)
    func durationIsUnionClippedToBuckets(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.steps(300, Clock.june12(10), Clock.june12(10, 30)),
                try F.steps(300, Clock.june12(10, 15), Clock.june12(10, 45)),  // overlaps the first by 15 minutes
                try F.steps(200, Clock.june12(11, 50), Clock.june12(12, 10)),  // crosses noon
            ], as: Fixture.watch)
        // 10:00–10:45 (2700 s) + 11:50–12:10 (1200 s) = 3900 s, not 30 + 30 + 20 minutes = 4800 s.
        #expect(close(try store.statistics(of: Fixture.stepCount, options: .duration).merged.duration, 3900))
        let hours = try F.hours(store, options: [.cumulativeSum, .duration])
        #expect(close(hours.statistics(for: Clock.june12(10)).merged.duration, 2700))  // 10:00–10:45
        #expect(close(hours.statistics(for: Clock.june12(11)).merged.duration, 600))  // 11:50–12:00
        #expect(close(hours.statistics(for: Clock.june12(12)).merged.duration, 600))  // 12:00–12:10
        // A source's own overlapping samples add up: 300 + 300 in the 10:00 bucket.
        #expect(close(hours.statistics(for: Clock.june12(10)).merged.sum, 600))
        // Two sources over the same time count the time once.
        try store.save([try F.steps(50, Clock.june12(10), Clock.june12(10, 45))], as: Fixture.phone)
        #expect(close(try store.statistics(of: Fixture.stepCount, options: .duration).merged.duration, 3900))
    }

    @Test(
        "duration counts the samples' own intervals: an instantaneous reading covers no time, whatever it holds for the average",
        arguments: StorageBackend.allCases)
    func durationOfInstantaneousSamples(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [try F.bpm(60, Clock.june12(10)), try F.bpm(80, Clock.june12(10, 2)), try F.bpm(70, Clock.june12(10, 3))],
            as: Fixture.watch)
        // Three instants: the union of their intervals is empty, 0 s (the 2 + 1 + 10 minutes they hold only weigh the average).
        let points = try store.statistics(of: Fixture.heartRate, options: [.discreteAverage, .duration])
        #expect(close(points.merged.duration, 0))
        let expected: Double = (60 * 120 + 80 * 60 + 70 * 600) / 780  // 54000 / 780 = 69.23…
        #expect(close(points.merged.average, expected))
        #expect(
            close(
                try F.hours(store, Fixture.heartRate, options: .duration).statistics(for: Clock.june12(10)).merged
                    .duration, 0))
        // An interval reading adds its own interval only: 10:20–10:30 = 600 s.
        try store.save([try F.bpm(90, Clock.june12(10, 20), Clock.june12(10, 30))], as: Fixture.watch)
        #expect(close(try store.statistics(of: Fixture.heartRate, options: .duration).merged.duration, 600))
    }
}
