import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

/// The HRV record of the ipyhealth export (an Apple Watch SDNN of 45.9626 ms over 46 `InstantaneousBeatsPerMinute`
/// entries, 2020-04-11 23:47 +0200) imported into each store, its figures checked against a computation done here
/// from the XML's raw list (hundredths of a second as integers, not through the importer or the calculator).
@Suite(
    "HRV of a real export's beat-to-beat list against an independent computation; derived RMSSD samples",
    .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
struct RealExportHeartRateVariabilityTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 7_200)!
        return calendar
    }()

    /// RMSSD, pNN50 and SDNN from the raw list: each entry is a beat with the rate (bpm) of the interval ending at
    /// it. The interval is the time since the previous entry when that is at most 1.5 × 60,000 / bpm (adjacent
    /// beats), else 60,000 / bpm (a beat is missing before it; the first entry likewise); successive differences only
    /// between adjacent beats' intervals; all intervals here are within 300–2,000 ms.
    static func independent() throws -> (rmssd: Double, pnn50: Double, sdnn: Double, intervals: Int, differences: Int) {
        let text = try String(contentsOf: SharedFixtures.url("ipyhealth-export.xml"), encoding: .utf8)
        let entry = try Regex(#"bpm="(\d+)" time="(\d\d):(\d\d):(\d\d),(\d\d)""#)
        let beats = text.matches(of: entry).map { match -> (bpm: Double, hundredths: Int) in
            let parts = (1...5).map { Int(match.output[$0].substring!)! }
            return (Double(parts[0]), ((parts[1] * 60 + parts[2]) * 60 + parts[3]) * 100 + parts[4])
        }
        var intervals: [Double] = []
        var differences: [Double] = []
        for (index, beat) in beats.enumerated() {
            let rate = 60_000 / beat.bpm
            let elapsed = index > 0 ? Double((beat.hundredths - beats[index - 1].hundredths) * 10) : .infinity
            if elapsed <= 1.5 * rate {
                differences.append(elapsed - intervals[intervals.count - 1])
                intervals.append(elapsed)
            } else {
                intervals.append(rate)
            }
        }
        let mean = intervals.reduce(0, +) / Double(intervals.count)
        let sdnn = (intervals.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(intervals.count - 1))
            .squareRoot()
        let rmssd = (differences.map { $0 * $0 }.reduce(0, +) / Double(differences.count)).squareRoot()
        let pnn50 = 100 * Double(differences.filter { abs($0) > 50 }.count) / Double(differences.count)
        return (rmssd, pnn50, sdnn, intervals.count, differences.count)
    }

    static func imported(_ backend: StorageBackend) throws -> HealthDataStore {
        let store = backend.makeStore()
        let report = try ExportImporter(store: store, clock: ContinuousClock()).importExport(
            at: ExportFixtures.url("ipyhealth-export.xml"))
        #expect(report.issues.isEmpty, "\(report.issues.prefix(5))")
        return store
    }

    static func request(
        _ first: Int, _ last: Int, _ grouping: HeartRateVariabilityRequest.Grouping
    ) throws
        -> HeartRateVariabilityRequest
    {
        try HeartRateVariabilityRequest(
            first: DateComponents(year: 2020, month: 4, day: first),
            last: DateComponents(year: 2020, month: 4, day: last), calendar: calendar, grouping: grouping)
    }

    @Test(
        "RMSSD, pNN50 and SDNN of the imported record equal the raw list's; SDNN within 0.5 ms of Apple's 45.9626",
        arguments: StorageBackend.allCases)
    func fixtureFigures(_ backend: StorageBackend) throws {
        let store = try Self.imported(backend)
        let expected = try Self.independent()
        // 46 intervals, 41 differences (four missing beats and the first break the runs): RMSSD 34.18 ms; 4 of 41
        // differences exceed 50 ms (two are exactly 50 ms and do not count).
        #expect(expected.intervals == 46 && expected.differences == 41)
        #expect(abs(expected.rmssd - 34.18) < 0.01)
        #expect(abs(expected.pnn50 - 400.0 / 41) < 1e-9)
        let measurements = try store.heartRateVariabilityMeasurements(try Self.request(11, 11, .measurement))
        let measurement = try #require(measurements.first)
        #expect(measurements.count == 1)
        #expect(measurement.beatCount == 46)
        #expect(measurement.figures.intervalCount == expected.intervals)
        #expect(measurement.figures.differenceCount == expected.differences)
        // Within 1 µs: the store keeps beat times as seconds in binary floating point, the test as integers.
        #expect(abs((measurement.figures.rmssd ?? 0) - expected.rmssd) < 1e-3)
        #expect(measurement.figures.pnn50 == expected.pnn50)
        #expect(abs((measurement.figures.sdnn ?? 0) - expected.sdnn) < 1e-3)
        #expect(abs((measurement.figures.sdnn ?? 0) - 45.9626) < 0.5)
        // No sleep data in this export: the night of waking day April 12 is the assumed 20:00–10:00 window.
        let nights = try store.heartRateVariabilityNights(try Self.request(11, 13, .night))
        #expect(nights.map(\.wakingDay.day) == [12])
        #expect(nights.first?.window == .assumed)
        #expect(nights.first?.figures == measurement.figures)
    }

    @Test(
        "Deriving writes one RMSSD sample from the derived source naming its series; deriving again changes nothing",
        arguments: StorageBackend.allCases)
    func derive(_ backend: StorageBackend) throws {
        let store = try Self.imported(backend)
        let request = try Self.request(1, 30, .measurement)
        let first = try store.deriveHeartRateVariability(request)
        #expect(first.measurements == 1 && first.written == 1 && first.unchanged == 0 && first.deviceOwn == 0)
        let again = try store.deriveHeartRateVariability(request)
        #expect(again.written == 0 && again.unchanged == 1)
        let type = try SampleType.named(HeartRateVariabilityDerivation.rmssdIdentifier)
        let derived = try ExportFixtures.samples(store, type)
        #expect(derived.count == 1)
        let sample = try #require(derived.first)
        let series = try #require(store.heartRateVariabilityMeasurements(request).first)
        #expect(sample.sourceRevision?.source == HeartRateVariabilityDerivation.source)
        #expect(sample.metadata?[MetadataKey.derivedFrom] == .string(series.series.uuidString))
        #expect(sample.startDate == series.start && sample.endDate == series.end)
        let value = try #require(sample.quantity).value(in: .second(.milli))
        #expect(abs(value - (try Self.independent().rmssd)) < 0.001)
    }
}
