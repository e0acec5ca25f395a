import Foundation
import HealthTestSupport
import Testing

@Suite("ohk workouts on a real export: each workout with the export's own figures, totals that add them up")
struct WorkoutsCommandTests {
    /// The export's `<Workout>` elements read independently of the importer: activity, minutes, kilometres, kilocalories.
    static func exportWorkouts() throws -> [(
        activity: String, minutes: Double, kilometres: Double, kilocalories: Double
    )] {
        let xml = try String(contentsOf: SharedFixtures.url("ipyhealth-export.xml"), encoding: .utf8)
        func attribute(_ name: String, in element: Substring) -> String? {
            guard let range = element.range(of: " \(name)=\"") else { return nil }
            let rest = element[range.upperBound...]
            return String(rest[..<rest.firstIndex(of: "\"")!])
        }
        return xml.components(separatedBy: "<Workout ").dropFirst().map { text in
            let element = text.prefix { $0 != ">" }
            let type = attribute("workoutActivityType", in: element)!.replacingOccurrences(
                of: "HKWorkoutActivityType", with: "")
            return (
                type.prefix(1).lowercased() + type.dropFirst(), Double(attribute("duration", in: element)!)!,
                Double(attribute("totalDistance", in: element) ?? "0")!,
                Double(attribute("totalEnergyBurned", in: element) ?? "0")!
            )
        }
    }

    @Test(
        "Every workout of the ipyhealth export is listed with its activity, time, distance and energy; totals by type add them up",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func ipyhealthWorkouts() throws {
        let store = TemporaryStoreFolder.newPath("ipy-workouts")
        try expectOHK(["--store", store, "import", SharedFixtures.url("ipyhealth-export.xml").path, "--quiet"])
        let expected = try Self.exportWorkouts()
        #expect(expected.count == 16)
        let window = ["--from", "2019-12-01", "--to", "2020-05-01", "--tz", "Africa/Johannesburg"]
        let listed = try expectOHK(["workouts", "--store", store, "--format", "json"] + window)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == expected.count)
        for (row, workout) in zip(rows, expected) {
            #expect(row["activity"] as? String == workout.activity)
            #expect(abs((row["duration"] as? Double ?? 0) - workout.minutes * 60) <= 0.5, "\(row)")
            #expect(abs((row["distance"] as? Double ?? 0) - workout.kilometres * 1000) <= 0.05, "\(row)")
            #expect(abs((row["energy"] as? Double ?? 0) - workout.kilocalories) <= 0.05, "\(row)")
        }
        // Heart rate comes from the Watch's samples inside each workout: plausible, and the maximum not below the mean.
        for row in rows {
            guard let average = row["avg_hr"] as? Double, let maximum = row["max_hr"] as? Double else { continue }
            #expect((40...220).contains(average) && maximum >= average, "\(row)")
        }
        let totals = try expectOHK(["workouts", "--store", store, "--totals", "type", "--format", "json"] + window)
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(totals.stdout.utf8)) as? [[String: Any]])
        for group in groups {
            let activity = try #require(group["type"] as? String)
            let members = expected.filter { $0.activity == activity }
            #expect(group["workouts"] as? Double == Double(members.count))
            #expect(
                abs((group["energy"] as? Double ?? 0) - members.map(\.kilocalories).reduce(0, +)) <= 0.1, "\(group)")
        }
        #expect(groups.compactMap { $0["workouts"] as? Double }.reduce(0, +) == Double(expected.count))
    }
}
