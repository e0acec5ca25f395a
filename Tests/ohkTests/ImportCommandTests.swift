import Foundation
import HealthTestSupport
import Testing

@Suite("ohk import: real exports, a re-import that adds nothing, --client privacy, refusals")
struct ImportCommandTests {
    @Test(
        "The comocomo export, then a re-import that adds nothing; stats on it; an app sees nothing it did not save",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func comocomo() throws {
        let store = TemporaryStoreFolder.newPath("import")
        let export = SharedFixtures.url("comocomo-export.xml").path
        let first = try expectOHK(["--store", store, "import", export, "--quiet"])
        let again = try expectOHK(["--store", store, "import", export, "--quiet"])
        #expect(
            (first.stdout + first.stderr).contains(
                "stored: 10808 quantity, 125 category, 34 correlations, 61 workouts"), "\(first)")
        let second = again.stdout + again.stderr
        #expect(
            second.contains("stored: 0 quantity, 0 category, 0 correlations, 0 workouts")
                && second.contains("already stored: 11034"), "\(again)")
        let steps = try expectOHK([
            "--store", store, "stats", "stepCount", "--from", "2017-06-05", "--to", "2017-06-06", "--tz",
            "America/New_York", "--format", "csv",
        ])
        #expect(steps.stdout.contains("2017-06-05T00:00:00-04:00,2017-06-06T00:00:00-04:00,3762"), "\(steps)")
        // The command line keeps no app's read permission: as an app that saved nothing, the store shows nothing.
        let own = try expectOHK([
            "--store", store, "samples", "stepCount", "--client", "com.example.nothing", "--format", "ndjson",
        ])
        let all = try expectOHK(["--store", store, "samples", "stepCount", "--limit", "3", "--format", "ndjson"])
        #expect(own.stdout.isEmpty && all.lines.count == 3, "\(own)\n\(all)")
        try expectOHK(
            ["--store", store, "sources", "stepCount", "--client", "com.example.nothing", "--reset"], exit: .failure,
            stderrContains: "full access")
    }

    @Test(
        "ipyhealth imported twice: store info shows 8 activity summaries, 1 heartbeat series of 46 beats, characteristics, once",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func ipyhealth() throws {
        let store = TemporaryStoreFolder.newPath("ipy")
        let export = SharedFixtures.url("ipyhealth-export.xml").path
        try expectOHK(["--store", store, "import", export, "--quiet"])
        try expectOHK(["--store", store, "import", export, "--quiet"])
        let info = try expectOHK(["--store", store, "store", "info"])
        let text = info.stdout + info.stderr
        for part in ["activity summaries: 8", "heartbeat series: 1 (46 beats)", "characteristics: 4", "locale en_ZA"] {
            #expect(text.contains(part), "\(part)\n\(info)")
        }
    }

    @Test("A path that does not exist is a usage error; a file that is not an export a runtime error naming it")
    func refusals() throws {
        let folder = try TemporaryStoreFolder.newFolder("import-refusals")
        try expectOHK(
            [
                "--store", folder.appendingPathComponent("a.sqlite").path, "import",
                folder.appendingPathComponent("nothing.zip").path,
            ],
            exit: .usage, stderrContains: "no such file or folder")
        let csv = folder.appendingPathComponent("steps.csv")
        try Data("date,steps\n2024-03-10,8042\n".utf8).write(to: csv)
        try expectOHK(
            ["--store", folder.appendingPathComponent("b.sqlite").path, "import", csv.path], exit: .failure,
            stderrContains: "steps.csv")
    }
}
