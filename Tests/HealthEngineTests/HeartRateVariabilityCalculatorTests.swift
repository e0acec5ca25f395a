import Foundation
import HealthEngine
import HealthModel
import Testing

@Suite("Heart rate variability from beat-to-beat data: NN intervals, breaks, RMSSD, SDNN and pNN50")
struct HeartRateVariabilityCalculatorTests {
    static func beat(_ time: Double, gap: Bool = false, bpm: Double? = nil) -> HeartbeatSeriesContent.Beat {
        HeartbeatSeriesContent.Beat(time: time, precededByGap: gap, beatsPerMinute: bpm)
    }

    /// Ten beats an app saved (no rates). Intervals (ms): 800, 850, 800, then 250 (out of bounds: dropped, the run
    /// breaks), 800, 900, then a beat after a gap (no interval, the run breaks), 700, 780.
    static let appBeats = [
        beat(0), beat(0.8), beat(1.65), beat(2.45), beat(2.7), beat(3.5), beat(4.4), beat(6.0, gap: true),
        beat(6.7), beat(7.48),
    ]

    @Test("A hand-computed series: a gap and an out-of-bounds interval break the run, no difference across a break")
    func handComputed() throws {
        let runs = HeartRateVariabilityCalculator.runs(of: Self.appBeats)
        #expect(runs.count == 3)
        let rounded = runs.map { $0.map { ($0 * 1_000).rounded() / 1_000 } }
        #expect(rounded == [[800, 850, 800], [800, 900], [700, 780]])
        let figures = HeartRateVariabilityFigures(runs: runs)
        // Seven intervals; successive differences within runs only: +50, −50 | +100 | +80 (four, none across breaks).
        #expect(figures.intervalCount == 7)
        #expect(figures.differenceCount == 4)
        // RMSSD = √((50² + 50² + 100² + 80²) / 4) = √(21,400 / 4) = √5,350 = 73.1437 ms.
        #expect(abs((figures.rmssd ?? 0) - 5_350.0.squareRoot()) < 1e-6)
        // pNN50: |100| and |80| exceed 50 ms; the two differences of exactly 50 ms do not: 2 of 4 = 50 %.
        #expect(figures.pnn50 == 50)
        // Mean 5,630 / 7 = 804.2857 ms; squared deviations sum to Σx² − n·mean² = 4,550,900 − 4,528,128.57 =
        // 22,771.43; SDNN (sample, n − 1) = √(22,771.43 / 6) = 61.6055 ms.
        #expect(abs((figures.meanInterval ?? 0) - 5_630.0 / 7) < 1e-6)
        #expect(abs((figures.sdnn ?? 0) - (22_771.428_571_428_6 / 6).squareRoot()) < 1e-6)
    }

    @Test(
        "An export's beat carries the rate of the interval ending at it: used for the first beat and after a missing one"
    )
    func exportRates() {
        // 75 bpm at the first beat: 60,000 / 75 = 800 ms. The second comes 820 ms later (its rate, 73 bpm, says
        // 821.9 ms: adjacent, the time is used). The third comes 1,580 ms later but says 76 bpm (789.47 ms): more than
        // 1.5 times that, so a beat is missing between; its interval is 789.47 ms and a new run starts. The fourth is
        // 790 ms after it.
        let beats = [
            Self.beat(0, bpm: 75), Self.beat(0.82, bpm: 73), Self.beat(2.4, bpm: 76), Self.beat(3.19, bpm: 76),
        ]
        let runs = HeartRateVariabilityCalculator.runs(of: beats)
        #expect(runs.count == 2)
        #expect(abs(runs[0][0] - 800) < 1e-9)
        #expect(abs(runs[0][1] - 820) < 1e-6)
        #expect(abs(runs[1][0] - 60_000.0 / 76) < 1e-9)
        #expect(abs(runs[1][1] - 790) < 1e-6)
        // Differences: 20 and 790 − 789.47 = 0.526; RMSSD = √((400 + 0.277) / 2) = 14.147 ms; pNN50 0 %.
        let figures = HeartRateVariabilityFigures(runs: runs)
        #expect(abs((figures.rmssd ?? 0) - 14.147_031_637_595_38) < 1e-6)
        #expect(figures.pnn50 == 0)
    }

    @Test("Too few beats give no figure rather than a zero")
    func tooFew() {
        let one = HeartRateVariabilityFigures(
            runs: HeartRateVariabilityCalculator.runs(of: [Self.beat(0), Self.beat(0.8)]))
        #expect(one.intervalCount == 1)
        #expect(one.rmssd == nil && one.pnn50 == nil && one.sdnn == nil)
        let none = HeartRateVariabilityFigures(runs: HeartRateVariabilityCalculator.runs(of: []))
        #expect(none.intervalCount == 0 && none.meanInterval == nil)
    }

    @Test(
        "The assumed night without sleep data is 20:00 to 10:00 on the wall clock, 13 or 15 hours across a DST change",
        arguments: [
            ("America/Los_Angeles", DateComponents(year: 2024, month: 3, day: 10), 13.0),
            ("Europe/Berlin", DateComponents(year: 2024, month: 10, day: 27), 15.0),
            ("Europe/Berlin", DateComponents(year: 2024, month: 10, day: 28), 14.0),
        ])
    func assumedWindow(_ zone: String, _ day: DateComponents, _ hours: Double) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let window = try #require(HeartRateVariabilityEngine.assumedWindow(for: day, calendar: calendar))
        #expect(window.end.timeIntervalSince(window.start) == hours * 3_600)
        #expect(calendar.component(.hour, from: window.start) == 20)
        #expect(calendar.component(.hour, from: window.end) == 10)
        #expect(calendar.component(.day, from: window.end) == day.day)
    }

    @Test("A request checks its days once: the last before the first, or beyond the budget, names `to`")
    func requestChecks() throws {
        let calendar = Calendar(identifier: .gregorian)
        let first = DateComponents(year: 2024, month: 3, day: 10)
        #expect(throws: HealthEngineError.invalidQuery(field: "to", reason: "the last day is before the first")) {
            try HeartRateVariabilityRequest(
                first: first, last: DateComponents(year: 2024, month: 3, day: 9), calendar: calendar,
                grouping: .night)
        }
        #expect(throws: HealthEngineError.self) {
            try HeartRateVariabilityRequest(
                first: first, last: DateComponents(year: 2025, month: 3, day: 9), calendar: calendar,
                grouping: .night, maximumDays: 300)
        }
    }
}
