import Foundation
import HealthTestSupport
import Testing

@Suite("ohk report: one HTML file whose figures are those of ohk stats, ohk sleep and ohk workouts")
struct ReportCommandTests {
    /// The figures a chart's bars or dots carry (`<title>Mar 8: 4,321 steps</title>`), by their label, in order.
    static func chartFigures(_ identifier: String, in html: String) throws -> [(label: String, value: Double)] {
        let start = try #require(html.range(of: #"id="\#(identifier)""#), "no chart \(identifier)")
        let chart = html[start.upperBound...].prefix { _ in true }
        let body = chart[..<(chart.range(of: "</svg>")?.lowerBound ?? chart.endIndex)]
        return body.components(separatedBy: "<title>").dropFirst().compactMap { part in
            let text = part.prefix { $0 != "<" }
            guard let colon = text.range(of: ": ", options: .backwards) else { return nil }
            let number = text[colon.upperBound...].prefix { $0.isNumber || $0 == "," || $0 == "." }
            return Double(number.replacingOccurrences(of: ",", with: "")).map {
                (String(text[..<colon.lowerBound]), $0)
            }
        }
    }

    /// The rows of an HTML table by id, as cell texts.
    static func tableRows(_ identifier: String, in html: String) throws -> [[String]] {
        let start = try #require(html.range(of: #"<table id="\#(identifier)">"#), "no table \(identifier)")
        let table = html[start.upperBound...]
        let body = table[..<(table.range(of: "</table>")?.lowerBound ?? table.endIndex)]
        let rows = body.components(separatedBy: "<tbody>").last ?? ""
        return rows.components(separatedBy: "<tr").dropFirst().map { row in
            row.components(separatedBy: "<td").dropFirst().map { cell in
                String(cell.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
            }
        }
    }

    /// A CSV's rows as dictionaries by column name.
    static func csv(_ text: String) -> [[String: String]] {
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map {
            Dictionary(uniqueKeysWithValues: zip(header.map(String.init), $0.map(String.init)))
        }
    }

    /// Checks a chart's figures against `ohk stats TYPE --interval` for the same window, bucket by bucket (to the
    /// chart's rounding), and returns the sum of the stats' buckets.
    @discardableResult
    static func expectChartMatchesStats(
        _ chart: String, type: String, html: String, store: String, window: [String], interval: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Double {
        let figures = try chartFigures(chart, in: html)
        let stats = csv(
            try expectOHK(["stats", type, "--store", store, "--interval", interval, "--format", "csv"] + window).stdout)
        let withData = stats.compactMap { Double($0["sum"] ?? "") }
        #expect(figures.count == withData.count, "\(figures) \(withData)", sourceLocation: sourceLocation)
        for (figure, value) in zip(figures, withData) {
            #expect(abs(figure.value - value) <= 0.5, "\(figure) vs \(value)", sourceLocation: sourceLocation)
        }
        #expect(!withData.isEmpty, "no \(type) in the window", sourceLocation: sourceLocation)
        return withData.reduce(0, +)
    }

    @Test("On the demo store: steps and energy per day as ohk stats, nights as ohk sleep, workouts as ohk workouts")
    func demoStoreFiguresMatch() throws {
        let store = DemoStore.path
        let window = ["--from", "2024-03-08", "--to", "2024-03-11", "--tz", "America/Los_Angeles"]
        let html = try expectOHK(["report", "--store", store] + window).stdout
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("Health report, Mar 8 – Mar 10, 2024"))
        let steps = try Self.expectChartMatchesStats(
            "steps-chart", type: "stepCount", html: html, store: store, window: window, interval: "1d")
        let stepsRow = try #require(try Self.tableRows("activity-figures", in: html).first)
        #expect(stepsRow.first == "\(Self.grouped(steps)) steps", "\(stepsRow)")
        try Self.expectChartMatchesStats(
            "active-energy-chart", type: "activeEnergyBurned", html: html, store: store, window: window, interval: "1d")
        // Nights: the same nights with the same minutes asleep as ohk sleep.
        let nights = Self.csv(try expectOHK(["sleep", "--store", store, "--format", "csv"] + window).stdout)
        let rows = try Self.tableRows("sleep-nights", in: html)
        #expect(rows.map { $0[0] } == nights.map { $0["night"] ?? "" })
        for (row, night) in zip(rows, nights) {
            let minutes = Int((Double(night["asleep"] ?? "") ?? -1).rounded())
            #expect(row[6] == "\(minutes / 60):\(String(format: "%02d", minutes % 60))", "\(row) \(night)")
        }
        let workouts = Self.csv(try expectOHK(["workouts", "--store", store, "--format", "csv"] + window).stdout)
        #expect(try Self.tableRows("workout-list", in: html).count == workouts.count)
        #expect(!workouts.isEmpty)
    }

    @Test(
        "On the comocomo export: eleven months by week, each week's steps as ohk stats --interval 1w, workouts and nights counted alike",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func comocomoWeekly() throws {
        let store = TemporaryStoreFolder.newPath("report-comocomo")
        try expectOHK(["--store", store, "import", SharedFixtures.url("comocomo-export.xml").path, "--quiet"])
        let window = ["--from", "2017-01-02", "--to", "2017-12-04", "--tz", "Europe/Berlin"]
        let html = try expectOHK(["report", "--store", store] + window).stdout
        #expect(html.contains("week from Monday (Europe/Berlin)"))
        let steps = try Self.expectChartMatchesStats(
            "steps-chart", type: "stepCount", html: html, store: store, window: window, interval: "1w")
        #expect(html.contains(#"<td class="number">\#(Self.grouped(steps)) steps</td>"#))
        try Self.expectChartMatchesStats(
            "distance-chart", type: "distanceWalkingRunning", html: html, store: store, window: window,
            interval: "1w")
        let workouts = Self.csv(try expectOHK(["workouts", "--store", store, "--format", "csv"] + window).stdout)
        #expect(workouts.count == 61, "the export's 61 Workout elements")
        #expect(html.contains("<p class=\"figure\">61 workouts</p>"))
        let nights = Self.csv(
            try expectOHK(["sleep", "--store", store, "--format", "csv", "--no-naps"] + window).stdout)
        #expect(
            html.contains(#"<tr><th scope="row">nights with data</th><td class="number">\#(nights.count)</td></tr>"#))
    }

    @Test(
        "On the ipyhealth export: steps and energy per day as ohk stats, its 16 workouts listed",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func ipyhealthDaily() throws {
        let store = TemporaryStoreFolder.newPath("report-ipyhealth")
        try expectOHK(["--store", store, "import", SharedFixtures.url("ipyhealth-export.xml").path, "--quiet"])
        let window = ["--from", "2020-04-06", "--to", "2020-04-18", "--tz", "Africa/Johannesburg"]
        let html = try expectOHK(["report", "--store", store] + window).stdout
        try Self.expectChartMatchesStats(
            "steps-chart", type: "stepCount", html: html, store: store, window: window, interval: "1d")
        try Self.expectChartMatchesStats(
            "active-energy-chart", type: "activeEnergyBurned", html: html, store: store, window: window,
            interval: "1d")
        #expect(try Self.tableRows("workout-list", in: html).count == 16)
        // Without --from and --to: the 30 days up to the export's last day.
        let latest = try expectOHK(["report", "--store", store, "--tz", "Africa/Johannesburg"]).stdout
        #expect(latest.contains("Health report, Mar 19 – Apr 17, 2020"))
    }

    @Test("--output writes the file and says so; a missing store, a bad window or an unwritable file are clear errors")
    func outputAndErrors() throws {
        let folder = TemporaryStoreFolder.newPath("report-out")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/march.html"
        try expectOHK(
            [
                "report", "--store", DemoStore.path, "--from", "2024-03-09", "--to", "2024-03-11", "--tz",
                "America/Los_Angeles", "--output", path, "--name", "Alex",
            ], stdout: "", stderrContains: "wrote \(path) (Mar 9 – Mar 10, 2024")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("<title>Health report: Alex, Mar 9 – Mar 10, 2024</title>"))
        try expectOHK(
            ["report", "--store", folder + "/none.sqlite"], exit: .code(1), stderrContains: "ohk import")
        try expectOHK(
            ["report", "--store", DemoStore.path, "--from", "2024-03-11", "--to", "2024-03-09"], exit: .code(2),
            stderrContains: "--to must be after --from")
        try expectOHK(
            ["report", "--store", DemoStore.path, "--output", folder + "/no/such/folder/r.html"], exit: .code(1),
            stderrContains: "cannot write")
    }

    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
