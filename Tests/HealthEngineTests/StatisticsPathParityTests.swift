import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthStorePostgres
import HealthStoreSQLite
import HealthTestSupport
import Testing

/// The statistics engine answers a time-window query from the storage's columns (and cumulative sums without a
/// sweep), any other predicate from stored samples through the calculator's sweep. Both must give the same figures.
/// A predicate naming every source matches every sample but forces the sample path, so each random data set is asked
/// both ways and compared bucket by bucket.
@Suite("Statistics: the column path and the sample path agree")
struct StatisticsPathParityTests {
    static let app2Source = Source(name: "Pedometer++", bundleIdentifier: "com.cross-forward.pedometer")
    static let app2 = SourceRevision(
        source: app2Source, version: "6.1", productType: "iPhone15,2", operatingSystemVersion: "17.4")
    static let revisions = [Fixture.watch, Fixture.phone, Fixture.app, app2]
    static let everySource = SamplePredicate.sources(Set(revisions.map(\.source)))

    /// Random overlapping samples of a type over three days around the Los Angeles fall-back change, from four
    /// sources: spans from none (points) to three hours, some ending within a few milliseconds of an hour edge, some
    /// entered by hand.
    static func populate(_ store: HealthDataStore, type: SampleType, unit: HealthUnit, seed: UInt64, count: Int) throws
    {
        var random = SeededRandomNumberGenerator(seed: seed)
        func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let origin = Clock.date(2024, 11, 2)
        for (index, revision) in revisions.enumerated() {
            var samples: [Sample] = []
            for _ in 0..<(count / revisions.count + index) {
                var start = origin.addingTimeInterval(Double(draw(3 * 86_400)))
                let shape = draw(10)
                var length: Double
                switch shape {
                case 0, 1: length = 0
                case 2: length = Double(draw(3 * 3600))
                default: length = Double(draw(1200) + 1)
                }
                if shape == 3 {
                    // End a few milliseconds past an hour edge, or start a few milliseconds before one.
                    let edge = (start.timeIntervalSinceReferenceDate / 3600).rounded(.up) * 3600
                    let offset = Double(draw(12)) / 1000
                    if draw(2) == 0 {
                        length = edge + offset - start.timeIntervalSinceReferenceDate
                    } else {
                        start = Date(timeIntervalSinceReferenceDate: edge - offset)
                        length = 600
                    }
                }
                let manual = draw(25) == 0
                let value = unit == .count ? Double(draw(400)) : 50 + Double(draw(1000)) / 10
                samples.append(
                    try Sample.quantity(
                        type: type, quantity: Quantity(value, unit), start: start,
                        end: start.addingTimeInterval(length),
                        metadata: manual ? [MetadataKey.wasUserEntered: .number(1)] : nil))
            }
            try store.save(samples, as: revision)
        }
    }

    static func close(_ left: Quantity?, _ right: Quantity?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case let (left?, right?):
            return left.unit == right.unit
                && abs(left.value - right.value) <= 1e-9 * max(1, abs(left.value), abs(right.value))
        default: return false
        }
    }

    static func expectSame(_ left: QuantityStatistics, _ right: QuantityStatistics, _ label: String) {
        #expect(left.startDate == right.startDate, "\(label) start")
        #expect(left.endDate == right.endDate, "\(label) end")
        let sources = Set(left.bySource.keys).union(right.bySource.keys)
        for source in [nil] + sources.map(Optional.some) {
            let a = left.figures(for: source)
            let b = right.figures(for: source)
            let name = "\(label) \(source?.name ?? "merged")"
            #expect(close(a?.sum, b?.sum), "\(name) sum \(String(describing: a?.sum)) vs \(String(describing: b?.sum))")
            #expect(close(a?.average, b?.average), "\(name) average")
            #expect(close(a?.minimum, b?.minimum), "\(name) minimum")
            #expect(close(a?.maximum, b?.maximum), "\(name) maximum")
            #expect(close(a?.mostRecent, b?.mostRecent), "\(name) mostRecent")
            #expect(a?.mostRecentDateInterval == b?.mostRecentDateInterval, "\(name) mostRecentDateInterval")
            #expect(close(a?.duration, b?.duration), "\(name) duration")
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let type: SampleType
        let unit: HealthUnit
        let options: StatisticsOptions
        let seed: UInt64
        let ordered: Bool
        var testDescription: String {
            "\(type.identifier) \(options.rawValue) seed \(seed)\(ordered ? " ordered" : "")"
        }
    }

    static let cases: [Case] = {
        let cumulative: [StatisticsOptions] = [
            [.cumulativeSum], [.cumulativeSum, .separateBySource, .duration], [.cumulativeSum, .mostRecent],
        ]
        let discrete: [StatisticsOptions] = [
            [.discreteAverage, .discreteMin, .discreteMax],
            [.discreteAverage, .mostRecent, .separateBySource, .duration],
        ]
        var cases: [Case] = []
        for seed in [1, 2, 3] as [UInt64] {
            for ordered in [false, true] {
                cases += cumulative.map {
                    Case(type: Fixture.stepCount, unit: .count, options: $0, seed: seed, ordered: ordered)
                }
                cases += discrete.map {
                    Case(type: Fixture.heartRate, unit: Fixture.bpm, options: $0, seed: seed, ordered: ordered)
                }
                cases += discrete.map {
                    Case(
                        type: StatisticsFixture.restingHeartRate, unit: Fixture.bpm, options: $0, seed: seed,
                        ordered: ordered)
                }
            }
        }
        return cases
    }()

    /// The storages whose column paths are checked: in memory, SQLite through its index, SQLite from its column cache,
    /// PostgreSQL through its index and from its column cache (when `OHK_TEST_POSTGRES_URL` is set).
    enum ColumnStorage: String, CaseIterable, CustomTestStringConvertible {
        case inMemory, sqliteIndex, sqliteCache, postgresIndex, postgresCache

        static var allCases: [ColumnStorage] {
            let local: [ColumnStorage] = [.inMemory, .sqliteIndex, .sqliteCache]
            return PostgresTestDatabase.url == nil ? local : local + [.postgresIndex, .postgresCache]
        }

        func makeStore() throws -> HealthDataStore {
            switch self {
            case .inMemory: return HealthDataStore(storage: InMemoryStorage())
            case .sqliteIndex: return HealthDataStore(storage: try SQLiteStorage(path: TemporaryStoreFolder.newPath()))
            case .sqliteCache:
                return HealthDataStore(
                    storage: try SQLiteStorage(path: TemporaryStoreFolder.newPath(), columnCacheThreshold: 1))
            case .postgresIndex: return HealthDataStore(storage: try PostgresTestDatabase.newStorage())
            case .postgresCache:
                return HealthDataStore(storage: try PostgresTestDatabase.newStorage(columnCacheThreshold: 1))
            }
        }

        var testDescription: String { rawValue }
    }

    @Test(
        "Hourly, daily and single statistics are the same on both paths, with and without a source order",
        arguments: cases, ColumnStorage.allCases)
    func columnAndSamplePathsAgree(_ parity: Case, storage: ColumnStorage) throws {
        let store = try storage.makeStore()
        try Self.populate(store, type: parity.type, unit: parity.unit, seed: parity.seed, count: 600)
        if parity.ordered {
            try store.setSourceOrder(
                [Self.app2Source.bundleIdentifier, Fixture.phoneSource.bundleIdentifier], for: parity.type)
        }
        try Self.expectSameOnBothPaths(store, parity)

        // The column path keeps its columns in step with later writes: samples before and among the stored ones
        // (merged into the index), and deletions.
        try Self.populate(store, type: parity.type, unit: parity.unit, seed: parity.seed + 100, count: 200)
        let stored = try store.samples(SampleQueryRequest(type: parity.type))
        try store.delete(stride(from: 0, to: stored.count, by: 7).map { stored[$0].uuid })
        try Self.expectSameOnBothPaths(store, parity)
    }

    static func expectSameOnBothPaths(_ store: HealthDataStore, _ parity: Case) throws {
        let single = try store.statistics(of: parity.type, options: parity.options)
        let singleBySamples = try store.statistics(of: parity.type, matching: Self.everySource, options: parity.options)
        Self.expectSame(single, singleBySamples, "single")

        let anchor = Clock.date(2024, 11, 1)
        for interval in [DateComponents(hour: 1), DateComponents(day: 1)] {
            let columns = try store.statisticsCollection(
                of: parity.type, options: parity.options, anchor: anchor, interval: interval, calendar: Clock.losAngeles
            )
            let samples = try store.statisticsCollection(
                of: parity.type, matching: Self.everySource, options: parity.options, anchor: anchor,
                interval: interval,
                calendar: Clock.losAngeles)
            let left = columns.statistics()
            let right = samples.statistics()
            #expect(left.count == right.count)
            #expect(!left.isEmpty)
            for (a, b) in zip(left, right) { Self.expectSame(a, b, "\(interval) \(a.startDate)") }
        }

        // A date window takes the column path too, and must cut the same samples.
        let window = SamplePredicate.date(
            start: Clock.date(2024, 11, 3, 1, 30), end: Clock.date(2024, 11, 4, 6), options: [])
        let windowed = try store.statistics(of: parity.type, matching: window, options: parity.options)
        let windowedBySamples = try store.statistics(
            of: parity.type, matching: .and([window, Self.everySource]), options: parity.options)
        Self.expectSame(windowed, windowedBySamples, "window")
    }
}
