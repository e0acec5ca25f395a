import Foundation
import HealthTestSupport
import Testing

@Suite("ohk vitals on a real export: monthly averages against the export's own records")
struct VitalsCommandTests {
    /// The comocomo export's body mass records (kilograms) by the month their start date names, read without the
    /// importer.
    static func weightsByMonth() throws -> [String: [Double]] {
        let xml = try String(contentsOf: SharedFixtures.url("comocomo-export.xml"), encoding: .utf8)
        var months: [String: [Double]] = [:]
        for text in xml.components(separatedBy: #"<Record type="HKQuantityTypeIdentifierBodyMass""#).dropFirst() {
            let element = text.prefix { $0 != ">" }
            func attribute(_ name: String) -> String? {
                guard let range = element.range(of: " \(name)=\"") else { return nil }
                let rest = element[range.upperBound...]
                return String(rest[..<rest.firstIndex(of: "\"")!])
            }
            guard attribute("unit") == "kg", let start = attribute("startDate"), let value = attribute("value") else {
                continue
            }
            months[String(start.prefix(7)), default: []].append(Double(value)!)
        }
        return months
    }

    @Test(
        "Monthly weight in pounds (the en_US export's preferred unit) is the mean of the month's records",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func comocomoWeight() throws {
        let store = TemporaryStoreFolder.newPath("como-vitals")
        try expectOHK(["--store", store, "import", SharedFixtures.url("comocomo-export.xml").path, "--quiet"])
        let result = try expectOHK([
            "vitals", "--store", store, "--from", "2017-03-01", "--to", "2017-10-01", "--interval", "1mo", "--tz",
            "Asia/Jerusalem", "--format", "json",
        ])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 7)
        let expected = try Self.weightsByMonth()
        for row in rows {
            let month = String((row["start"] as? String ?? "").prefix(7))
            let kilograms = try #require(expected[month], "no records for \(month)")
            let pounds = kilograms.reduce(0, +) / Double(kilograms.count) / 0.45359237
            let shown = try #require(row["weight_lb"] as? Double, "\(row)")
            #expect(abs(shown - pounds) < 0.05, "\(month): \(shown) lb, the records' mean is \(pounds) lb")
        }
        #expect(rows.contains { $0["glucose_mg_per_dL"] is Double }, "the export's mySugr glucose is a column too")
    }

    @Test("A window without vitals says so; the demo's days have them; a bad interval is a usage error")
    func emptyAndRefused() throws {
        // The demo store holds 2024-03-09 and 2024-03-10 (Los Angeles): the week before is empty.
        let empty = try expectOHK([
            "vitals", "--store", DemoStore.path, "--from", "2024-03-01", "--to", "2024-03-08", "--format", "table",
        ])
        #expect(empty.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "no vitals in this period")
        let demo = try expectOHK([
            "vitals", "--store", DemoStore.path, "--from", "2024-03-09", "--to", "2024-03-11", "--tz",
            "America/Los_Angeles", "--format", "csv",
        ])
        #expect(demo.lines.first?.hasPrefix("start,resting_hr_bpm,hrv_ms,") == true, "\(demo)")
        #expect(demo.lines.filter { $0.hasPrefix("2024-03-") }.count == 2, "\(demo)")
        try expectOHK(
            ["vitals", "--store", DemoStore.path, "--interval", "1fortnight"], exit: .usage,
            stderrContains: "is not an interval")
    }
}
