import Foundation
import HTTPTypes
import HealthModel
import HealthServer
import HealthStore
import Testing

@Suite("GET /workouts and GET /workouts/{uuid}/route through the client's permissions")
struct WorkoutEndpointTests {
    /// 2024-03-09T09:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_709_974_800)

    /// Alice's steps app saves a 5 km run with a route climbing 12 m and a ride an hour later without one.
    static func seed(_ fixture: ServerFixture) throws -> (run: Sample, ride: Sample) {
        let app = try fixture.server.registry.authenticate(fixture.token("alice", "com.example.steps"))
        let store = try fixture.server.stores.store(for: app)
        let run = try Sample.workout(
            activityTypeRawValue: 37, start: start, end: start.addingTimeInterval(1_800),
            statistics: [
                try WorkoutStatistic(
                    quantityTypeIdentifier: "HKQuantityTypeIdentifierDistanceWalkingRunning",
                    sum: Quantity(5, try HealthUnit(parsing: "km")))
            ])
        let ride = try Sample.workout(
            activityTypeRawValue: 13, start: start.addingTimeInterval(3_600), end: start.addingTimeInterval(7_200))
        _ = try store.save([run, ride], as: app.sourceRevision)
        // Routes come with imports (the person's Health app, full access), as an app without the route share grant
        // may not save one.
        let health = try fixture.server.registry.authenticate(fixture.token("alice", "com.apple.Health"))
        try fixture.server.stores.store(for: health).saveWorkoutRoute(
            WorkoutRoute(
                uuid: UUID(), workout: run.uuid, sourceName: "Alex's <Watch>", filePath: nil,
                locations: [100, 104, 108, 112].enumerated().map { index, altitude in
                    WorkoutRouteLocation(
                        date: start.addingTimeInterval(Double(index) * 60), latitude: 52.5 + Double(index) / 1_000,
                        longitude: 13.4, altitude: altitude)
                }))
        return (run, ride)
    }

    @Test("The workouts in a window with the fields of ohk workouts --format json; limit cuts and says where to go on")
    func listing() async throws {
        let fixture = try ServerFixture()
        let (run, ride) = try Self.seed(fixture)
        let steps = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            let uri = "/workouts?from=2024-03-09&to=2024-03-10&timeZone=Europe/Berlin"
            let reply = try await client.call(.get, uri, token: steps)
            #expect(reply.status == .ok, "\(reply.text)")
            let workouts = try #require(reply.json["workouts"] as? [[String: Any]])
            #expect(workouts.compactMap { $0["uuid"] as? String } == [run.uuid.uuidString, ride.uuid.uuidString])
            #expect(workouts[0]["activity"] as? String == "running")
            #expect(workouts[0]["start"] as? String == "2024-03-09T10:00:00+01:00")
            #expect(workouts[0]["distance"] as? Double == 5000)
            #expect(workouts[0]["pace"] as? Double == 360)
            #expect(workouts[0]["ascent"] as? Double == 12)
            #expect(workouts[0]["descent"] as? Double == 0)
            #expect(workouts[1]["ascent"] is NSNull)
            #expect(reply.json["timeZone"] as? String == "Europe/Berlin")
            #expect(reply.json["next"] is NSNull)

            let first = try await client.call(.get, uri + "&limit=1", token: steps)
            #expect((first.json["workouts"] as? [Any])?.count == 1)
            #expect(first.json["next"] as? String == "2024-03-09T11:00:00+01:00")

            // The pressure app may not read workouts, bob is another person: nothing, as for a person without any.
            for token in [fixture.token("alice", "com.example.pressure"), fixture.token("bob", "com.example.steps")] {
                let none = try await client.call(.get, uri, token: token)
                #expect(none.status == .ok)
                #expect((none.json["workouts"] as? [Any])?.isEmpty == true, "\(none.text)")
            }
        }
    }

    @Test(
        "A route as GPX or GeoJSON; a workout the client may not read answers exactly as one that does not exist")
    func route() async throws {
        let fixture = try ServerFixture()
        let (run, ride) = try Self.seed(fixture)
        let steps = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            let gpx = try await client.call(.get, "/workouts/\(run.uuid.uuidString)/route", token: steps)
            #expect(gpx.status == .ok, "\(gpx.text)")
            #expect(gpx.headers[.contentType] == "application/gpx+xml; charset=utf-8")
            #expect(gpx.text.components(separatedBy: "<trkpt ").count == 5)
            // A route is a sample with its workout's source (the app that saved the run).
            #expect(gpx.text.contains("<src>com.example.steps</src>"))

            let lower = run.uuid.uuidString.lowercased()
            let geo = try await client.call(.get, "/workouts/\(lower)/route?format=geojson", token: steps)
            #expect(geo.headers[.contentType] == "application/geo+json; charset=utf-8")
            let coordinates = (geo.json["geometry"] as? [String: Any])?["coordinates"] as? [[Double]]
            #expect(coordinates?.first == [13.4, 52.5, 100])
            #expect(coordinates?.count == 4)

            let noRoute = try await client.call(.get, "/workouts/\(ride.uuid.uuidString)/route", token: steps)
            #expect(noRoute.status == .notFound)
            #expect(noRoute.errorField == "uuid")
            #expect(noRoute.text.contains("this workout has no route"))

            // Absent, hidden from an app of the same person, another person's: one answer, without the uuid.
            let absent = try await client.call(.get, "/workouts/\(UUID().uuidString)/route", token: steps)
            let hidden = try await client.call(
                .get, "/workouts/\(run.uuid.uuidString)/route", token: fixture.token("alice", "com.example.pressure"))
            let otherPerson = try await client.call(
                .get, "/workouts/\(run.uuid.uuidString)/route", token: fixture.token("bob", "com.example.steps"))
            for reply in [absent, hidden, otherPerson] {
                #expect(reply.status == .notFound)
                #expect(PrivacyReply(reply).normalized == PrivacyReply(absent).normalized, "\(reply.text)")
                #expect(!reply.text.contains(run.uuid.uuidString))
            }
        }
    }
}
