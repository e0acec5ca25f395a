import Foundation
import HealthTestSupport
import Testing

@Suite("ohk stats --chart on the demo store: bars as wide as COLUMNS, sparklines, refusals")
struct StatsChartCommandTests {
    static let window = [
        "stats", "stepCount", "--store", DemoStore.path, "--from", "2024-03-08", "--to", "2024-03-11", "--interval",
        "1d",
        "--tz", "America/Los_Angeles",
    ]

    @Test("bars: a title, then one line per day of COLUMNS characters; the day before the data says no data")
    func bars() throws {
        let result = try expectOHK(Self.window + ["--chart", "bars"], environment: ["COLUMNS": "50"])
        let lines = result.lines
        #expect(lines.first == "HKQuantityTypeIdentifierStepCount, sum in count, America/Los_Angeles", "\(result)")
        #expect(lines.count == 4, "\(result)")
        #expect(lines.dropFirst().allSatisfy { $0.count == 50 }, "\(result)")
        #expect(lines[1].hasPrefix("2024-03-08 ") && lines[1].hasSuffix(" no data"), "\(result)")
        #expect(lines[2].hasPrefix("2024-03-09  █") && lines[2].hasSuffix(" steps"), "\(result)")
        #expect(lines[2].contains(","), "steps in the thousands carry a separator: \(result)")
        // Without COLUMNS: 80.
        let standard = try expectOHK(Self.window + ["--chart", "bars"])
        #expect(standard.lines.dropFirst().allSatisfy { $0.count == 80 }, "\(standard)")
    }

    @Test("sparkline: one line for the sum, a blank for the empty day")
    func sparkline() throws {
        let result = try expectOHK(Self.window + ["--chart", "sparkline"])
        #expect(result.lines.count == 3, "\(result)")
        #expect(result.lines[2].hasPrefix("sum   "), "\(result)")
        #expect(result.lines[2].contains(" min ") && result.lines[2].hasSuffix(" steps"), "\(result)")
    }

    @Test("--chart with --format, or an unknown style, is a usage error naming the option")
    func refusals() throws {
        try expectOHK(
            Self.window + ["--chart", "bars", "--format", "json"], exit: .usage, stderrContains: "--chart draws text")
        try expectOHK(Self.window + ["--chart", "pie"], exit: .usage, stderrContains: "--chart")
    }
}
