import Foundation
import HealthExport
import HealthModel
import HealthTestSupport
import Testing

/// An export folder with a hike whose route is the ipyhealth GPX fixture (16,654 points) and a run without a route.
enum HikeExport {
    static func make() throws -> URL {
        try RouteExportFolder.make(
            "ohk-hike",
            workouts: """
                 <Workout workoutActivityType="HKWorkoutActivityTypeHiking" duration="517" durationUnit="min" sourceName="Watch" sourceVersion="6.1" creationDate="2020-01-18 17:50:00 +0200" startDate="2020-01-18 09:13:00 +0200" endDate="2020-01-18 17:50:00 +0200">
                  <WorkoutRoute sourceName="Watch" sourceVersion="6.1" creationDate="2020-01-18 17:50:00 +0200" startDate="2020-01-18 09:13:00 +0200" endDate="2020-01-18 17:50:00 +0200">
                   <FileReference path="\(RouteExportFolder.referencePath)"/>
                  </WorkoutRoute>
                 </Workout>
                 <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" sourceVersion="6.1" creationDate="2020-01-18 19:00:00 +0200" startDate="2020-01-18 18:30:00 +0200" endDate="2020-01-18 19:00:00 +0200"/>
                """)
    }
}

@Suite(
    "ohk workouts route: the real GPX through import and back out as GPX and GeoJSON; elevation in the listing",
    .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
struct WorkoutsRouteCommandTests {
    static func rows(_ result: CommandResult) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test(
        "Import, list (uuid and climb), then route by uuid prefix as GPX gives back the fixture's points; GeoJSON has them all"
    )
    func roundTrip() throws {
        let folder = try HikeExport.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("health.sqlite").path
        try expectOHK(["--store", store, "import", folder.path, "--quiet"])
        let window = ["--from", "2020-01-18", "--to", "2020-01-19", "--tz", "UTC"]
        let rows = try Self.rows(try expectOHK(["workouts", "--store", store, "--format", "json"] + window))
        try #require(rows.count == 2)
        let hike = rows[0]
        let uuid = try #require(hike["uuid"] as? String)
        #expect(UUID(uuidString: uuid) != nil)
        #expect(hike["activity"] as? String == "hiking")
        // The fixture's altitudes by the 3 m dead band (computed independently: 778.474457 up, 711.748064 down; every
        // rise summed would be 997.5 m).
        #expect(hike["ascent"] as? Double == 778.5)
        #expect(hike["descent"] as? Double == 711.7)
        #expect(rows[1]["ascent"] is NSNull, "no route, no metadata: no figure")
        // `list` is the default subcommand: the same rows when named.
        #expect(
            try Self.rows(try expectOHK(["workouts", "list", "--store", store, "--format", "json"] + window)).count == 2
        )
        let table = try expectOHK(["workouts", "--store", store, "--format", "table"] + window)
        #expect(table.stdout.contains(String(uuid.prefix(8))) && table.stdout.contains("778 m"), "\(table.stdout)")

        let gpx = folder.appendingPathComponent("hike.gpx")
        try expectOHK([
            "workouts", "route", String(uuid.prefix(8)).lowercased(), "--store", store, "--format", "gpx", "--output",
            gpx.path,
        ])
        let original = try GPXReader.locations(
            in: try Data(contentsOf: SharedFixtures.url("ipyhealth-route_2020-01-18_5.49pm.gpx")))
        let written = try GPXReader.locations(in: try Data(contentsOf: gpx))
        #expect(original.count == 16_654)
        #expect(written.count == original.count)
        #expect(
            written == original, "every point comes back with its time, position, altitude, speed, course, accuracies")

        let geoJSON = try expectOHK(["workouts", "route", uuid, "--store", store, "--format", "geojson"])
        let feature = try #require(
            try JSONSerialization.jsonObject(with: Data(geoJSON.stdout.utf8)) as? [String: Any])
        let geometry = try #require(feature["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        let coordinates = try #require(geometry["coordinates"] as? [[Double]])
        #expect(coordinates.count == 16_654)
        #expect(coordinates.first == [23.842259, -34.017655, 16.224207])
        #expect(coordinates.last == [23.800791, -34.008489, 82.576164])
        let times = try #require((feature["properties"] as? [String: Any])?["coordTimes"] as? [String])
        #expect(times.count == 16_654)
        #expect(times.first == "2020-01-18T07:13:15Z" && times.last == "2020-01-18T15:49:30Z")
    }

    @Test("An unknown uuid and a workout the --client may not read fail alike; no route and a bad ID say so")
    func failures() throws {
        let folder = try HikeExport.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("health.sqlite").path
        try expectOHK(["--store", store, "import", folder.path, "--quiet"])
        let rows = try Self.rows(
            try expectOHK([
                "workouts", "--store", store, "--format", "json", "--from", "2020-01-18", "--to", "2020-01-19", "--tz",
                "UTC",
            ]))
        let hike = try #require(rows.first?["uuid"] as? String)
        let run = try #require(rows.last?["uuid"] as? String)
        let absent = UUID().uuidString

        let unknown = try expectOHK(["workouts", "route", absent, "--store", store], exit: .code(1))
        let hidden = try expectOHK(
            ["workouts", "route", hike, "--store", store, "--client", "com.example.stranger"], exit: .code(1))
        #expect(unknown.stdout.isEmpty && hidden.stdout.isEmpty)
        #expect(unknown.stderr == "ohk: no workout has this uuid\n")
        #expect(hidden.stderr == unknown.stderr)

        try expectOHK(
            ["workouts", "route", run, "--store", store], exit: .code(1), stderrContains: "this workout has no route")
        // Imported identifiers start with the workout's start in milliseconds: two workouts of a day share 4 digits.
        #expect(hike.prefix(4) == run.prefix(4))
        try expectOHK(
            ["workouts", "route", String(hike.prefix(4)), "--store", store], exit: .code(2),
            stderrContains: "2 workouts' uuids start with \(hike.prefix(4))")
        try expectOHK(
            ["workouts", "route", "not-a-uuid", "--store", store], exit: .code(2),
            stderrContains: "is not a workout uuid or the start of one")
        try expectOHK(
            ["workouts", "route", hike, "--store", store, "--format", "kml"], exit: .code(2), stderrContains: "kml")
    }
}
