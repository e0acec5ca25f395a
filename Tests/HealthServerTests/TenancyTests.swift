import Foundation
import HTTPTypes
import HealthModel
import HealthServer
import HealthStore
import HummingbirdTesting
import Testing

@Suite("People, clients and permissions")
struct TenancyTests {
    @Test("One person's client never sees another person's data, on any endpoint")
    func peopleAreSeparate() async throws {
        let fixture = try ServerFixture()
        let alice = fixture.token("alice", "com.example.steps")
        let bob = fixture.token("bob", "com.example.steps")
        try await fixture.withRouter { client in
            let saved = try await client.save(
                [steps(5000, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")], token: alice)
            let uuid = try #require((saved.json["saved"] as? [String])?.first)
            // Same app, another person: nothing of alice's exists for bob.
            #expect(try await client.call(.get, "/samples?type=stepCount", token: bob).samples.isEmpty)
            let statistics = try await client.call(
                .get, "/statistics?type=stepCount&startDate=2024-03-10T00:00:00Z&endDate=2024-03-11T00:00:00Z",
                token: bob)
            #expect((statistics.json["statistics"] as? [[String: Any]])?.first?["sum"] is NSNull)
            let changes = try await client.call(.get, "/changes?type=stepCount", token: bob)
            #expect(changes.samples.isEmpty)
            #expect(changes.json["anchor"] as? Double == 0)
            #expect(
                (try await client.call(.get, "/sources?type=stepCount", token: bob).json["sources"] as? [Any])?.isEmpty
                    == true)
            #expect(try await client.call(.delete, "/samples?uuid=\(uuid)", token: bob).status == .notFound)
            // Bob's save goes to bob's store only.
            try await client.save([steps(10, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")], token: bob)
            #expect(try await client.call(.get, "/samples?type=stepCount", token: alice).uuids == [uuid])
        }
        #expect(
            FileManager.default.fileExists(atPath: fixture.directory.storePath(of: "alice")) == false,
            "the fixture's directory is removed")
    }

    /// A query for every reading route (the routes themselves come from the router, so a new one fails the test
    /// until it is listed here).
    static let readingQueries: [String: String] = [
        "/": "?timeZone=UTC",
        "/samples": "?type=stepCount",
        "/statistics":
            "?type=stepCount&startDate=2024-03-05T00:00:00Z&endDate=2024-03-06T00:00:00Z&bySource=true&timeZone=UTC",
        "/statistics/collection":
            "?type=stepCount&startDate=2024-03-05T00:00:00Z&endDate=2024-03-06T00:00:00Z&interval=1h&bySource=true&timeZone=UTC",
        "/changes": "?type=stepCount&anchor=0",
        "/sources": "?type=stepCount",
        "/observe": "?type=stepCount&anchor=0&timeout=1",
        "/activity-summaries": "?startDay=2024-03-05&endDay=2024-03-05&timeZone=UTC",
        "/export": "?timeZone=UTC",
        "/preferred-units": "?type=stepCount",
        "/preferred-zones": "",
        "/characteristics": "",
        "/sleep": "?startDay=2024-03-05&endDay=2024-03-06&timeZone=UTC",
        "/hrv": "?startDay=2024-03-05&endDay=2024-03-06&timeZone=UTC",
        "/workouts": "?from=2024-03-05&to=2024-03-06&timeZone=UTC",
        // `{uuid}` becomes the uuid of alice's workout.
        "/workouts/{uuid}/route": "?format=geojson",
    ]

    @Test(
        "Another person's valid token on every reading route (routes from the router) shows none of the person's data")
    func everyReadingRouteIsSeparate() async throws {
        let fixture = try ServerFixture()
        let reading = fixture.server.router().routes.filter { $0.method == .get }.map { "\($0.path)" }
            .filter { !RequestErrorTests.openRoutes.union(RequestErrorTests.operatorRoutes).contains("GET \($0)") }
        #expect(Set(reading) == Set(Self.readingQueries.keys), "every reading route has a query here")
        let alice = fixture.token("alice", "com.example.steps")
        let bob = fixture.token("bob", "com.example.steps")
        try await fixture.withRouter { client in
            // An odd value, inside the dashboard's 30 days before the fixture's clock (2024-03-09T16:00Z).
            let saved = try await client.save(
                [steps(4321, start: "2024-03-05T08:00:00Z", end: "2024-03-05T09:00:00Z")], token: alice)
            let uuid = try #require((saved.json["saved"] as? [String])?.first)
            // A workout with a route, 4321 m long, so that its listing and its route show the odd number too.
            let stepsApp = try fixture.server.registry.authenticate(alice)
            let store = try fixture.server.stores.store(for: stepsApp)
            let start = Date(timeIntervalSince1970: 1_709_629_200)  // 2024-03-05T09:00:00Z
            let workout = try Sample.workout(
                activityTypeRawValue: 37, start: start, end: start.addingTimeInterval(1_800),
                statistics: [
                    try WorkoutStatistic(
                        quantityTypeIdentifier: "HKQuantityTypeIdentifierDistanceWalkingRunning",
                        sum: Quantity(4321, .meter()))
                ])
            _ = try store.save([workout], as: stepsApp.sourceRevision)
            let health = try fixture.server.registry.authenticate(fixture.token("alice", "com.apple.Health"))
            try fixture.server.stores.store(for: health).saveWorkoutRoute(
                WorkoutRoute(
                    uuid: UUID(), workout: workout.uuid, sourceName: "Watch", filePath: nil,
                    locations: [
                        WorkoutRouteLocation(date: start, latitude: 52.5, longitude: 13.4, altitude: 4321),
                        WorkoutRouteLocation(date: start.addingTimeInterval(60), latitude: 52.6, longitude: 13.5),
                    ]))
            var seenByAlice: Set<String> = []
            for template in reading {
                let query = try #require(Self.readingQueries[template])
                let route = template.replacingOccurrences(of: "{uuid}", with: workout.uuid.uuidString)
                // The export is for the person's Health app (full access) alone; bob's app gets 403 whatever alice has.
                let own = try await client.call(
                    .get, route + query, token: route == "/export" ? fixture.token("alice", "com.apple.Health") : alice)
                #expect(own.status == .ok, "alice: GET \(route): \(own.text)")
                let ownText = own.text.replacingOccurrences(of: ",", with: "")
                if ownText.contains(uuid) || ownText.contains("4321") || own.text.contains("event: change") {
                    seenByAlice.insert(template)
                }
                let other = try await client.call(.get, route + query, token: bob)
                let expected: HTTPResponse.Status =
                    route == "/export" ? .forbidden : template == "/workouts/{uuid}/route" ? .notFound : .ok
                #expect(other.status == expected, "bob: GET \(route): \(other.text)")
                let otherText = other.text.replacingOccurrences(of: ",", with: "")
                #expect(
                    !otherText.contains(uuid) && !otherText.contains("4321")
                        && !otherText.contains(workout.uuid.uuidString),
                    "bob sees alice's sample on GET \(route): \(other.text)")
                if route == "/observe" {
                    #expect(!other.text.contains("event: change"), "bob's stream fired for alice's commit")
                }
            }
            // The check can fail: the owner sees the sample where it is shown.
            #expect(
                seenByAlice.isSuperset(of: [
                    "/", "/samples", "/statistics", "/statistics/collection", "/changes", "/observe", "/export",
                    "/workouts", "/workouts/{uuid}/route",
                ]), "\(seenByAlice.sorted())")
        }
    }

    @Test("Each person's data is a separate store file in the server directory")
    func storeFilePerPerson() async throws {
        let fixture = try ServerFixture()
        try await fixture.application().test(.router) { client in
            try await client.save(
                [steps(1, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")],
                token: fixture.token("alice", "com.example.steps"))
            try await client.save(
                [steps(2, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")],
                token: fixture.token("bob", "com.example.steps"))
        }
        defer { try? FileManager.default.removeItem(atPath: fixture.directory.path) }
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.peoplePath).filter {
            $0.hasSuffix(".sqlite")
        }.sorted()
        #expect(files == ["alice.sqlite", "bob.sqlite"])
    }

    @Test("A type the client may not read looks empty: it sees only what it saved itself")
    func readDenialIsHidden() async throws {
        let fixture = try ServerFixture()
        let steps = fixture.token("alice", "com.example.steps")
        let reader = fixture.token("alice", "com.example.reader")  // shares steps, reads no steps
        try await fixture.withRouter { client in
            try await client.save(
                [HealthServerTests.steps(4000, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")],
                token: steps)
            let own = try await client.save(
                [HealthServerTests.steps(300, start: "2024-03-10T10:00:00Z", end: "2024-03-10T11:00:00Z")],
                token: reader)
            let samples = try await client.call(.get, "/samples?type=stepCount", token: reader)
            #expect(samples.status == .ok)
            #expect(samples.uuids == (own.json["saved"] as? [String]))
            let statistics = try await client.call(.get, "/statistics?type=stepCount", token: reader)
            #expect((statistics.json["statistics"] as? [[String: Any]])?.first?["sum"] as? Double == 300)
            let changes = try await client.call(.get, "/changes?type=stepCount", token: reader)
            #expect(changes.samples.count == 1)
            // Heart rate: neither read nor shared; empty, not an error (a denial is never revealed).
            try await client.save(
                [#"{"type": "heartRate", "startDate": "2024-03-10T08:00:00Z", "value": 61, "unit": "count/min"}"#],
                token: steps)
            let hidden = try await client.call(.get, "/samples?type=heartRate", token: reader)
            #expect(hidden.status == .ok)
            #expect(hidden.samples.isEmpty)
            #expect(
                (try await client.call(.get, "/statistics?type=heartRate", token: reader).json["statistics"] as? [Any])?
                    .isEmpty == true)
        }
    }

    @Test("A correlation shows only the members the client may read")
    func correlationVisibility() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            try await client.save(
                [
                    #"""
                    {"type": "food", "startDate": "2024-03-10T07:00:00Z", "metadata": {"HKFoodType": "yogurt"}, "objects": [
                      {"type": "dietaryEnergyConsumed", "startDate": "2024-03-10T07:00:00Z", "value": 150, "unit": "kcal"},
                      {"type": "dietaryProtein", "startDate": "2024-03-10T07:00:00Z", "value": 17, "unit": "g"}]}
                    """#
                ], token: fixture.token("alice", "com.example.pressure"))
            // The reader may read food energy, not protein: the food shows its energy only.
            let seen = try await client.call(
                .get, "/samples?type=food", token: fixture.token("alice", "com.example.reader"))
            let objects = try #require(seen.samples.first?["objects"] as? [[String: Any]], "\(seen.text)")
            #expect(objects.map { $0["type"] as? String } == ["HKQuantityTypeIdentifierDietaryEnergyConsumed"])
            #expect(
                try await client.call(
                    .get, "/samples?type=dietaryProtein", token: fixture.token("alice", "com.example.reader")
                ).samples.isEmpty)
            // The steps app reads neither: no food at all.
            #expect(
                try await client.call(.get, "/samples?type=food", token: fixture.token("alice", "com.example.steps"))
                    .samples.isEmpty)
        }
    }

    @Test(
        "A blood pressure shows its systolic sample alone to a client that may read only systolic pressure, as in HealthKit"
    )
    func bloodPressureWithOneReadableMember() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            try await client.save(
                [
                    #"""
                    {"type": "bloodPressure", "startDate": "2024-03-10T07:00:00Z", "objects": [
                      {"type": "bloodPressureSystolic", "startDate": "2024-03-10T07:00:00Z", "value": 120, "unit": "mmHg"},
                      {"type": "bloodPressureDiastolic", "startDate": "2024-03-10T07:00:00Z", "value": 80, "unit": "mmHg"}]}
                    """#
                ], token: fixture.token("alice", "com.example.pressure"))
            // The reader may read systolic pressure only: the correlation is there, with that member alone.
            let reader = fixture.token("alice", "com.example.reader")
            let seen = try await client.call(.get, "/samples?type=bloodPressure", token: reader)
            #expect(seen.samples.count == 1, "\(seen.text)")
            let objects = try #require(seen.samples.first?["objects"] as? [[String: Any]], "\(seen.text)")
            #expect(objects.map { $0["type"] as? String } == ["HKQuantityTypeIdentifierBloodPressureSystolic"])
            #expect(objects.first?["value"] as? Double == 120)
            let changes = try await client.call(.get, "/changes?type=bloodPressure", token: reader)
            #expect((changes.samples.first?["objects"] as? [[String: Any]])?.count == 1, "\(changes.text)")
            // The saving app sees both; the steps app, which reads neither, sees no blood pressure.
            let own = try await client.call(
                .get, "/samples?type=bloodPressure", token: fixture.token("alice", "com.example.pressure"))
            #expect((own.samples.first?["objects"] as? [[String: Any]])?.count == 2)
            #expect(
                try await client.call(
                    .get, "/samples?type=bloodPressure", token: fixture.token("alice", "com.example.steps")
                ).samples.isEmpty)
        }
    }

    @Test("A revoked token fails with the next request, and a re-registered app gets its new grants")
    func revocationIsImmediate() async throws {
        let fixture = try ServerFixture()
        let token = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            try await client.save([steps(1, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")], token: token)
            #expect(try await client.call(.get, "/samples?type=stepCount", token: token).status == .ok)
            // As `ohk clients revoke` does, from another registry object (another process in real life).
            let registry = try PersonRegistry(directory: fixture.directory)
            #expect(
                try registry.revokeClient(
                    person: "alice", bundleIdentifier: "com.example.steps", now: ServerFixture.fixedNow) == 1)
            let refused = try await client.call(.get, "/samples?type=stepCount", token: token)
            #expect(refused.status == .unauthorized)
            #expect((refused.error["message"] as? String)?.contains("revoked") == true)

            let (_, renewed) = try registry.addClient(
                person: "alice", bundleIdentifier: "com.example.steps", name: "Steps", share: ["heartRate"], read: [],
                fullAccess: false,
                now: ServerFixture.fixedNow)
            // Its own earlier samples stay visible; sharing steps is no longer granted.
            #expect(try await client.call(.get, "/samples?type=stepCount", token: renewed.text).samples.count == 1)
            let denied = try await client.call(
                .post, "/samples", token: renewed.text,
                body: "{\"samples\": [\(steps(2, start: "2024-03-10T10:00:00Z", end: "2024-03-10T11:00:00Z"))]}")
            #expect(denied.status == .forbidden)
        }
    }
}
