import Foundation
import HealthDemoData
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

/// Nights of generated beat-to-beat data (`SyntheticHeartbeats`, seeded) around Berlin's fall-back change (October
/// 27, 2024), on every backend: the sleep night's window when there is one, the assumed 20:00–10:00 window when not;
/// a night's measurements pooled without a difference across two of them.
@Suite("HRV nights of generated beat-to-beat data on every store, DST pinned; derived samples give way to a device's")
struct HeartRateVariabilityNightTests {
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    static func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        berlin.date(from: DateComponents(year: 2024, month: 10, day: day, hour: hour, minute: minute))!
    }

    static func request(
        _ first: Int, _ last: Int, _ grouping: HeartRateVariabilityRequest.Grouping
    ) throws -> HeartRateVariabilityRequest {
        try HeartRateVariabilityRequest(
            first: DateComponents(year: 2024, month: 10, day: first),
            last: DateComponents(year: 2024, month: 10, day: last), calendar: berlin, grouping: grouping)
    }

    /// The Watch asleep 23:00 on the 26th to 07:00 on the 27th (nine hours: the clocks go back); readings at 21:00
    /// on the 26th (before that night, after the 26th's assumed window), 01:30 and 05:00 on the 27th (in the sleep
    /// night), 03:00 on the 28th (no sleep data: the assumed window); the 05:00 one has a gap before its 20th beat.
    static func populate(_ store: HealthDataStore) throws -> [Sample] {
        _ = try store.save(
            [try Sample.category(type: Fixture.sleep, value: 3, start: at(26, 23), end: at(27, 7))], as: Fixture.watch)
        let series = try [(at(26, 21), 1), (at(27, 1, 30), 2), (at(27, 5), 3), (at(28, 3), 4)].map { start, seed in
            try SyntheticHeartbeats.series(
                start: start, beats: 60, seed: UInt64(seed), gapsBefore: seed == 3 ? [20] : [])
        }
        _ = try store.save(series, as: Fixture.watch)
        return series
    }

    /// Intervals (ms) and successive differences of generated beats, worked from the beat times alone: no rates,
    /// every interval within bounds, a gap-marked beat has no interval and breaks the run.
    static func plain(_ sample: Sample) -> (intervals: [Double], differences: [Double]) {
        guard case let .heartbeatSeries(content)? = sample.payload else { return ([], []) }
        var intervals: [Double] = []
        var differences: [Double] = []
        var previous: Double?
        for index in content.beats.indices.dropFirst() {
            let beat = content.beats[index]
            guard !beat.precededByGap else {
                previous = nil
                continue
            }
            let interval = (beat.time - content.beats[index - 1].time) * 1_000
            if let previous { differences.append(interval - previous) }
            intervals.append(interval)
            previous = interval
        }
        return (intervals, differences)
    }

    @Test(
        "Nights: the sleep night's window, the assumed window without sleep data, measurements pooled",
        arguments: StorageBackend.allCases)
    func nights(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let series = try Self.populate(store)
        let nights = try store.heartRateVariabilityNights(try Self.request(26, 28, .night))
        #expect(nights.map(\.wakingDay.day) == [27, 28])
        #expect(nights.map(\.window) == [.sleep, .assumed])
        #expect(nights.first?.start == Self.at(26, 23) && nights.first?.end == Self.at(27, 7))
        #expect(nights.first?.measurements.map(\.series) == [series[1].uuid, series[2].uuid])
        #expect(nights.last?.measurements.map(\.series) == [series[3].uuid])
        // The 27th pools the 01:30 and 05:00 readings: 59 + 58 intervals (one lost to the gap), 58 + 56 differences.
        let pooled = [Self.plain(series[1]), Self.plain(series[2])]
        let intervals = pooled.flatMap(\.intervals)
        let differences = pooled.flatMap(\.differences)
        let night = try #require(nights.first)
        #expect(night.figures.intervalCount == 117 && intervals.count == 117)
        #expect(night.figures.differenceCount == 114 && differences.count == 114)
        let rmssd = (differences.map { $0 * $0 }.reduce(0, +) / Double(differences.count)).squareRoot()
        #expect(abs((night.figures.rmssd ?? 0) - rmssd) < 1e-6)
        let above = differences.filter { abs($0) > 50.001 }.count
        #expect(night.figures.pnn50 == 100 * Double(above) / Double(differences.count))
        // Generated around 950 ms with a ±40 ms breathing swing and ±25 ms noise: a plausible resting RMSSD.
        #expect((15...80).contains(night.figures.rmssd ?? 0))
        // Per measurement: all four, the 21:00 one included.
        let measurements = try store.heartRateVariabilityMeasurements(try Self.request(26, 28, .measurement))
        #expect(measurements.map(\.series) == series.map(\.uuid))
    }

    @Test(
        "A client without the heartbeat series read grant sees no measurement and no night",
        arguments: StorageBackend.allCases)
    func clientView(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        _ = try Self.populate(store)
        let heartbeat = SampleType.heartbeatSeries.identifier
        store.access.policy = .denyRead([heartbeat])
        store.access.request(client: "com.example.reader", share: [], read: [heartbeat, Fixture.sleep.identifier])
        let reader = store.client("com.example.reader")
        #expect(try reader.heartRateVariabilityNights(try Self.request(26, 28, .night)).isEmpty)
        #expect(try reader.heartRateVariabilityMeasurements(try Self.request(26, 28, .measurement)).isEmpty)
        #expect(throws: HealthStoreError.self) {
            try reader.deriveHeartRateVariability(try Self.request(26, 28, .measurement))
        }
    }

    @Test("A device's own RMSSD for a measurement wins: nothing is derived for it", arguments: StorageBackend.allCases)
    func deviceOwnWins(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let series = try Self.populate(store)
        let type = try SampleType.named(HeartRateVariabilityDerivation.rmssdIdentifier)
        _ = try store.save(
            [
                try Sample.quantity(
                    type: type, quantity: Quantity(42, .second(.milli)), start: series[1].startDate,
                    end: series[1].endDate)
            ], as: Fixture.watch)
        let result = try store.deriveHeartRateVariability(try Self.request(26, 28, .measurement))
        #expect(result.measurements == 4 && result.deviceOwn == 1 && result.written == 3)
        let stored = try store.samples(SampleQueryRequest(type: type, predicate: .all))
        #expect(stored.count == 4)
        let own = stored.filter { $0.sourceRevision?.source == Fixture.watch.source }
        #expect(own.compactMap { try? $0.quantity?.value(in: .second(.milli)) } == [42])
        let derivedFrom = Set(stored.compactMap { $0.metadata?[MetadataKey.derivedFrom]?.stringValue })
        #expect(derivedFrom == Set([series[0], series[2], series[3]].map(\.uuid.uuidString)))
    }
}
