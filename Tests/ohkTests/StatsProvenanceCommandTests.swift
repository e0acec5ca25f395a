import Foundation
import HealthTestSupport
import Testing

@Suite("ohk stats --provenance: each source's part of the merged figure, on a real export and the demo store")
struct StatsProvenanceCommandTests {
    @Test(
        "On the comocomo export the sources' parts add up to the merged steps, and part plus set-aside is the source's own",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func comocomoSteps() throws {
        let store = TemporaryStoreFolder.newPath("como-provenance")
        try expectOHK(["--store", store, "import", SharedFixtures.url("comocomo-export.xml").path, "--quiet"])
        let arguments = [
            "stats", "stepCount", "--store", store, "--from", "2017-01-01", "--to", "2017-12-01", "--interval", "1mo",
            "--tz", "Asia/Jerusalem", "--format", "json",
        ]
        let result = try expectOHK(arguments + ["--provenance", "buckets", "--by-source"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(json["statistics"] as? [[String: Any]])
        let merged = rows.compactMap { $0["sum"] as? Double }.reduce(0, +)
        let provenance = try #require(json["provenance"] as? [String: Any])
        let sources = try #require(provenance["sources"] as? [[String: Any]])
        #expect(sources.count >= 2, "\(sources)")
        let counted = sources.compactMap { $0["counted"] as? Double }.reduce(0, +)
        #expect(merged > 100_000 && abs(counted - merged) < 1e-6 * merged, "\(counted) vs \(merged)")
        #expect(abs(sources.compactMap { $0["share"] as? Double }.reduce(0, +) - 100) < 1e-6)
        // Each source's own total (--by-source) is what the merge counted from it plus what it set aside.
        var own: [String: Double] = [:]
        for row in rows {
            for (name, figures) in row["sources"] as? [String: [String: Any]] ?? [:] {
                own[name, default: 0] += figures["sum"] as? Double ?? 0
            }
        }
        for source in sources {
            let name = try #require(source["name"] as? String)
            let parts = (source["counted"] as? Double ?? 0) + (source["setAside"] as? Double ?? 0)
            #expect(abs(parts - (own[name] ?? -1)) < 1e-6 * max(1, parts), "\(name): \(parts) vs \(own[name] ?? -1)")
        }
        // The iPhone and the other step counters overlap: some steps were set aside.
        #expect(sources.contains { ($0["setAside"] as? Double ?? 0) > 0 }, "\(sources)")
        // Per bucket: each month's parts add up to its sum.
        for row in rows {
            guard let sum = row["sum"] as? Double else { continue }
            let parts = ((row["provenance"] as? [String: Any])?["sources"] as? [[String: Any]]) ?? []
            #expect(abs(parts.compactMap { $0["counted"] as? Double }.reduce(0, +) - sum) < 1e-6 * max(1, sum))
        }
        let coverage = try #require(provenance["coverage"] as? [String: Any])
        #expect(coverage["buckets"] as? Double == 11)

        // The table shows the same sources under the buckets.
        let table = try expectOHK(
            Array(arguments.dropLast(2)) + ["--format", "table", "--provenance", "summary"])
        #expect(table.stdout.contains("sources (in count, shares of the merged amount)"), "\(table.stdout)")
        #expect(table.stdout.contains("coverage: "))
        for source in sources { #expect(table.stdout.contains(source["name"] as? String ?? "?")) }
    }

    @Test("--provenance takes summary or buckets; CSV cannot hold it")
    func refusals() throws {
        try expectOHK(
            ["stats", "stepCount", "--store", DemoStore.path, "--provenance", "all"], exit: .usage,
            stderrContains: "--provenance")
        try expectOHK(
            ["stats", "stepCount", "--store", DemoStore.path, "--provenance", "summary", "--format", "csv"],
            exit: .usage, stderrContains: "CSV")
    }
}
