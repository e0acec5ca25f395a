import Foundation
import HealthModel
import HealthServer
import HealthStore
import Testing

@Suite("Workout zones over HTTP: GET/PUT /preferred-zones, hr_zones in GET /workouts")
struct PreferredZonesEndpointTests {
    static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    static let power = "HKQuantityTypeIdentifierCyclingPower"

    func zones(_ reply: Reply) -> [String: [String: Any]] {
        Dictionary(
            uniqueKeysWithValues: (reply.json["zones"] as? [[String: Any]] ?? []).map {
                ($0["type"] as? String ?? "", $0)
            })
    }

    @Test("Any client granted the type reads the person's zones; only full access sets them; bad boundaries are 400s")
    func preferredZones() async throws {
        let fixture = try ServerFixture()
        let stepsApp = fixture.token("alice", "com.example.steps")
        let health = fixture.token("alice", "com.apple.Health")
        try await fixture.withRouter { client in
            // The steps app was granted heart rate, not cycling power: it sees heart rate only; none set yet.
            let none = try await client.call(.get, "/preferred-zones", token: stepsApp)
            #expect(none.status == .ok, "\(none.text)")
            #expect(Array(zones(none).keys) == [Self.heartRate])
            #expect(zones(none)[Self.heartRate]?["source"] is NSNull)
            #expect(zones(none)[Self.heartRate]?["unit"] as? String == "count/min")
            let notGranted = try await client.call(.get, "/preferred-zones?type=cyclingPower", token: stepsApp)
            #expect(notGranted.status == .forbidden)
            #expect(notGranted.errorField == "type")

            let refused = try await client.call(
                .put, "/preferred-zones", token: stepsApp, body: #"{"zones": {"heartRate": [120, 140, 160, 180]}}"#)
            #expect(refused.status == .forbidden)
            let set = try await client.call(
                .put, "/preferred-zones", token: health,
                body: #"{"zones": {"heartRate": [120, 140, 160, 180], "cyclingPower": [150, 200, 250, 300, 350]}}"#)
            #expect(set.status == .ok, "\(set.text)")
            #expect(zones(set)[Self.heartRate]?["boundaries"] as? [Double] == [120, 140, 160, 180])
            #expect(zones(set)[Self.power]?["source"] as? String == "user")
            let seen = try await client.call(.get, "/preferred-zones?type=heartRate", token: stepsApp)
            #expect(zones(seen)[Self.heartRate]?["source"] as? String == "user")

            for (body, field) in [
                (#"{"zones": {"heartRate": [120]}}"#, "zones.heartRate"),
                (#"{"zones": {"heartRate": [140, 120, 160]}}"#, "zones.heartRate"),
                (#"{"zones": {"stepCount": [1, 2]}}"#, "zones.stepCount"),
                (#"{"zones": {"stepCount": null}}"#, "zones.stepCount"),
                (#"{"zones": null}"#, "zones"),
                (#"{"units": {}}"#, "units"),
            ] {
                let bad = try await client.call(.put, "/preferred-zones", token: health, body: body)
                #expect(bad.status == .badRequest, "\(body): \(bad.text)")
                #expect(bad.errorField == field, "\(body): \(bad.text)")
            }
            // Nothing of a refused body was kept.
            let kept = try await client.call(.get, "/preferred-zones?type=heartRate", token: health)
            #expect(zones(kept)[Self.heartRate]?["boundaries"] as? [Double] == [120, 140, 160, 180])
            let cleared = try await client.call(
                .put, "/preferred-zones", token: health, body: #"{"zones": {"cyclingPower": null}}"#)
            #expect(zones(cleared)[Self.power]?["source"] is NSNull)
        }
    }

    @Test("GET /workouts gives the seconds in each heart rate zone to an app that may read heart rate")
    func workoutZones() async throws {
        let fixture = try ServerFixture()
        let health = try fixture.server.registry.authenticate(fixture.token("alice", "com.apple.Health"))
        let store = try fixture.server.stores.store(for: health)
        // 2024-03-09 09:00 UTC, 10 minutes: 130 bpm for 5 minutes, then 150.
        let start = Date(timeIntervalSince1970: 1_709_974_800)
        let type = try SampleType.quantity("heartRate")
        try store.setPreferredWorkoutZones(
            try WorkoutZoneConfiguration(type: type, canonicalBoundaries: [120, 140, 160, 180], source: .user),
            for: type)
        let readings = try (0..<10).map { minute in
            try Sample.quantity(
                type: type, quantity: Quantity(minute < 5 ? 130 : 150, try HealthUnit(parsing: "count/min")),
                start: start.addingTimeInterval(Double(minute) * 60), end: start.addingTimeInterval(Double(minute) * 60)
            )
        }
        let workout = try Sample.workout(activityTypeRawValue: 37, start: start, end: start.addingTimeInterval(600))
        try store.save(readings + [workout], as: health.sourceRevision)
        try await fixture.withRouter { client in
            let uri = "/workouts?from=2024-03-09&to=2024-03-10&timeZone=UTC"
            let full = try await client.call(.get, uri, token: fixture.token("alice", "com.apple.Health"))
            let row = try #require((full.json["workouts"] as? [[String: Any]])?.first)
            #expect(row["hr_zones"] as? String == "0 300 300 0 0", "\(full.text)")
            // The steps app reads workouts and heart rate: the same; an app reading neither sees no workout.
            let steps = try await client.call(.get, uri, token: fixture.token("alice", "com.example.steps"))
            #expect((steps.json["workouts"] as? [[String: Any]])?.first?["hr_zones"] as? String == "0 300 300 0 0")
            let reader = try await client.call(.get, uri, token: fixture.token("alice", "com.example.reader"))
            #expect((reader.json["workouts"] as? [[String: Any]])?.isEmpty == true)
        }
    }
}
