import Foundation
import HealthTestSupport
import Testing

@Suite("ohk sleep on the demo store: nights by waking day, the same nights in every format, stages adding up")
struct SleepCommandTests {
    static var store: String { DemoStore.path }
    static let window = ["--from", "2024-03-08", "--to", "2024-03-11", "--tz", "America/Los_Angeles"]

    @Test("JSON: one night per waking day, asleep equal to its stages, a summary of the nights")
    func json() throws {
        let result = try expectOHK(["sleep", "--store", Self.store, "--format", "json"] + Self.window)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
        #expect(document["timeZone"] as? String == "America/Los_Angeles")
        let nights = try #require(document["nights"] as? [[String: Any]])
        let mains = nights.filter { $0["kind"] as? String == "night" }
        #expect(mains.compactMap { $0["night"] as? String } == ["2024-03-09", "2024-03-10"])
        for night in nights {
            let asleep = try #require(night["asleep"] as? Double)
            let stages = ["core", "deep", "rem", "unspecified"].compactMap { night[$0] as? Double }.reduce(0, +)
            #expect(abs(asleep - stages) < 0.05, "\(night)")
            #expect((180...720).contains(asleep) || night["kind"] as? String == "nap", "\(night)")
        }
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["nights"] as? Double == Double(mains.count))
        let average = mains.compactMap { $0["asleep"] as? Double }.reduce(0, +) / Double(mains.count)
        #expect(abs((summary["averageAsleepMinutes"] as? Double ?? 0) - average) < 0.1)
    }

    @Test("CSV and NDJSON have the JSON's nights; the table ends with the summary in hours and minutes")
    func formats() throws {
        let json = try expectOHK(["sleep", "--store", Self.store, "--format", "json"] + Self.window)
        let nights = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["nights"] as? [Any])
        let csv = try expectOHK(["sleep", "--store", Self.store, "--format", "csv"] + Self.window)
        #expect(csv.lines.first?.hasPrefix("night,kind,bedtime,asleep_at,woke_at,in_bed,asleep") == true)
        #expect(csv.lines.count == nights.count + 1)
        let ndjson = try expectOHK(["sleep", "--store", Self.store, "--format", "ndjson"] + Self.window)
        #expect(ndjson.lines.count == nights.count)
        let table = try expectOHK(["sleep", "--store", Self.store, "--format", "table"] + Self.window)
        #expect(table.stdout.contains("2 nights: asleep "), "\(table)")
        #expect(table.stdout.contains("Apple Watch"))
    }

    @Test("A period without sleep says so; --to before --from is a usage error")
    func emptyAndRefused() throws {
        let empty = try expectOHK(
            ["sleep", "--store", Self.store, "--from", "2020-01-01", "--to", "2020-01-08", "--format", "table"])
        #expect(empty.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "no nights in this period")
        try expectOHK(
            ["sleep", "--store", Self.store, "--from", "2024-03-10", "--to", "2024-03-01"], exit: .usage,
            stderrContains: "--to must be after --from")
    }
}
