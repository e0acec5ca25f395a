import Foundation
import HealthTestSupport
import Testing

@Suite("ohk zones: show, set and clear the person's workout zones; ohk workouts shows the time in each")
struct ZonesCommandTests {
    @Test("Setting heart rate zones shows them as the person's; bad boundaries and types are refused; clear forgets")
    func setShowClear() throws {
        let store = TemporaryStoreFolder.newPath("zones")
        let set = try expectOHK(
            ["zones", "set", "heart-rate", "120", "140", "160", "180", "--store", store, "--format", "csv"]
        ).stdout
        #expect(
            set
                == "type,source,unit,zones\nheartRate,user,count/min,Z1 <120  Z2 120–140  Z3 140–160  Z4 160–180  Z5 ≥180",
            "\(set)")
        let shown = try expectOHK(["zones", "--store", store, "--format", "csv"]).stdout
        #expect(shown.hasPrefix("type,source,unit,zones\nheartRate,user,"), "\(shown)")
        #expect(shown.contains("\ncyclingPower,none,W"), "\(shown)")
        try expectOHK(
            ["zones", "set", "heart-rate", "120", "--store", store], exit: .usage, stderrContains: "3 to 9 zones")
        try expectOHK(
            ["zones", "set", "heart-rate", "140", "120", "160", "--store", store], exit: .usage,
            stderrContains: "lowest to highest")
        try expectOHK(
            ["zones", "set", "stepCount", "1", "2", "--store", store], exit: .usage, stderrContains: "has no zones")
        let cleared = try expectOHK(["zones", "clear", "hr", "--store", store, "--format", "csv"]).stdout
        #expect(cleared.hasPrefix("type,source,unit,zones\nheartRate,none,count/min"), "\(cleared)")
    }

    @Test("An app (--client) that never asked about heart rate reads no zones, and only the person's own app sets them")
    func clientsSeeNoZones() throws {
        let store = TemporaryStoreFolder.newPath("zones-client")
        try expectOHK(["zones", "set", "heart-rate", "120", "140", "160", "--store", store])
        try expectOHK(
            ["zones", "show", "heart-rate", "--store", store, "--client", "com.example.stranger"], exit: .failure,
            stderrContains: "request authorization first")
        try expectOHK(
            ["zones", "set", "heart-rate", "100", "120", "--store", store, "--client", "com.example.stranger"],
            exit: .failure, stderrContains: "only a client with full access")
        let kept = try expectOHK(["zones", "show", "heart-rate", "--store", store, "--format", "csv"]).stdout
        #expect(kept.contains("\nheartRate,user,count/min,Z1 <120"), "\(kept)")
    }

    @Test(
        "The ipyhealth export's workouts show the time in each zone: derived from the date of birth, then the person's",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func workoutsShowZones() throws {
        let store = TemporaryStoreFolder.newPath("zones-ipy")
        try expectOHK(["--store", store, "import", SharedFixtures.url("ipyhealth-export.xml").path, "--quiet"])
        let shown = try expectOHK(["zones", "show", "heart-rate", "--store", store, "--format", "csv"]).stdout
        #expect(shown.contains("\nheartRate,system,count/min,Z1 <"), "\(shown)")
        try expectOHK(["zones", "set", "heart-rate", "100", "120", "140", "--store", store])
        let window = ["--from", "2019-12-01", "--to", "2020-05-01", "--tz", "Africa/Johannesburg"]
        let listed = try expectOHK(["workouts", "--store", store, "--format", "json"] + window)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let zoned = rows.compactMap { $0["hr_zones"] as? String }
        #expect(zoned.count == 15)
        for (row, text) in zip(rows.filter { $0["hr_zones"] is String }, zoned) {
            let seconds = text.split(separator: " ").compactMap { Double($0) }
            #expect(seconds.count == 4)
            #expect(seconds.reduce(0, +) <= (row["duration"] as? Double ?? 0) + 1, "\(row)")
        }
        let table = try expectOHK(["workouts", "--store", store, "--format", "table"] + window).stdout
        #expect(table.contains("Z1 "), "\(table)")
    }
}
