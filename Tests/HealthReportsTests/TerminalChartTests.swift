import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthTestSupport
import Testing

@testable import HealthReports

@Suite("ohk stats --chart: bars and sparklines in block characters, empty buckets drawn empty")
struct TerminalChartTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        return calendar
    }()
    static let phone = SourceRevision(
        source: Source(name: "Phone", bundleIdentifier: "com.example.phone"), productType: "iPhone15,2")

    static func local(_ text: String) -> Date {
        try! DateReader.instant(text, timeZone: calendar.timeZone, field: "test")
    }

    /// Daily steps from 2024-03-09 to 2024-03-13 (the 10th is the 23-hour spring-forward day): 1,500; a zero; no
    /// samples at all; 1,234,567,890; exactly half of that.
    static func report() throws -> StatisticsReport {
        let store = HealthDataStore()
        let steps = try SampleType.quantity("stepCount")
        let days: [(String, Double)] = [
            ("2024-03-09", 1500), ("2024-03-10", 0), ("2024-03-12", 1_234_567_890), ("2024-03-13", 617_283_945),
        ]
        try store.save(
            try days.map { day, count in
                try Sample.quantity(
                    type: steps, quantity: Quantity(count, .count), start: local(day + "T10:00"),
                    end: local(day + "T11:00"))
            }, as: phone)
        return try StatisticsReport.make(
            StatisticsReportRequest(
                type: steps, from: local("2024-03-09"), to: local("2024-03-14"), interval: DateComponents(day: 1),
                calendar: calendar), store: store)
    }

    @Test("bars: one per day scaled to the width, an eighth for a tiny value, nothing for zero, `no data` when empty")
    func bars() throws {
        // 60 columns: 10 for the date, 2, 27 for the bar, 2, 19 for the longest value.
        let chart = TerminalChart(try Self.report(), style: .bars, width: 60).rendered
        let full = String(repeating: "█", count: 27)
        let half = String(repeating: "█", count: 13) + "▌"
        #expect(
            chart == """
                HKQuantityTypeIdentifierStepCount, sum in count, America/Los_Angeles
                2024-03-09  ▏                                    1,500 steps
                2024-03-10                                           0 steps
                2024-03-11                                           no data
                2024-03-12  \(full)  1,234,567,890 steps
                2024-03-13  \(half)                 617,283,945 steps

                """)
        let lines: [Substring] = chart.split(separator: "\n")
        #expect(lines.count == 6 && lines.dropFirst().allSatisfy { $0.count == 60 })
    }

    @Test("the bars follow the width; a narrow terminal still gets ten columns of bar")
    func width() throws {
        let wide = TerminalChart(try Self.report(), style: .bars, width: 100).rendered
        #expect(wide.split(separator: "\n")[4].filter { $0 == "█" }.count == 67)
        let narrow = TerminalChart(try Self.report(), style: .bars, width: 20).rendered
        #expect(narrow.split(separator: "\n")[4].filter { $0 == "█" }.count == 10)
    }

    @Test("sparkline: one line per series from its minimum to its maximum, a blank for the empty day")
    func sparkline() throws {
        let chart = TerminalChart(try Self.report(), style: .sparkline, width: 80).rendered
        #expect(
            chart == """
                HKQuantityTypeIdentifierStepCount, sum in count, America/Los_Angeles
                5 buckets from 2024-03-09 to 2024-03-13; a blank is a bucket without data
                sum  ▁▁ █▅  min 0 max 1,234,567,890 steps

                """)
    }

    @Test(
        "numbers for people: thousands separators, fewer decimals as they grow, exponent past 10^15",
        arguments: [
            (0.0, "0"), (1500.0, "1,500"), (68.44, "68.4"), (5.234, "5.23"), (0.5, "0.5"), (100.0, "100"),
            (-1_234_567.0, "-1,234,567"), (999_999_999_999.0, "999,999,999,999"), (1e16, "1.000e+16"),
        ])
    func numbers(value: Double, text: String) {
        #expect(TerminalChart.number(value) == text)
    }

    @Test("labels carry the time when buckets are shorter than a day")
    func hourlyLabels() {
        let labels = TerminalChart.labels(
            [Self.local("2024-03-10T00:00"), Self.local("2024-03-10T01:00"), Self.local("2024-03-10T03:00")],
            in: Self.calendar.timeZone)
        #expect(labels == ["2024-03-10 00:00", "2024-03-10 01:00", "2024-03-10 03:00"])
    }
}
