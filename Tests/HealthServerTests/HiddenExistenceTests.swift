import Foundation
import HTTPTypes
import HealthServer
import HummingbirdTesting
import Testing

/// Issue 17's defects on the server: what an app may not see must look exactly like nothing, and dates must mean
/// what they say.
@Suite("Nothing hidden shows: source orders, chosen uuids, activity summaries, impossible offsets")
struct HiddenExistenceTests {
    static let health = ("alice", "com.apple.Health")

    @Test("GET /sources names only sources the client can see, and an order of invisible apps looks like no order")
    func sourceOrderShowsOnlyVisibleSources() async throws {
        let fixture = try ServerFixture()
        let health = fixture.token("alice", "com.apple.Health")
        let pressure = fixture.token("alice", "com.example.pressure")
        try await fixture.withRouter { client in
            // The reader may share steps but not read them; the steps app may read them.
            try await client.save(
                [steps(10, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")],
                token: fixture.token("alice", "com.example.steps"))
            // The pressure app cannot read steps and saved none: before any order is set…
            let before = try await client.call(.get, "/sources?type=stepCount", token: pressure)
            #expect(before.status == .ok)
            let order = #"{"order": ["com.x.glucose", "com.example.steps", "com.example.reader"]}"#
            let set = try await client.call(.put, "/sources/priority?type=stepCount", token: health, body: order)
            #expect(set.status == .ok, "\(set.text)")
            // …and after: byte for byte the same answer.
            let after = try await client.call(.get, "/sources?type=stepCount", token: pressure)
            #expect(after.status == before.status)
            #expect(after.text == before.text, "\(after.text)")
            #expect(after.json["order"] is NSNull)
            #expect(!after.text.contains("com.x.glucose"))
            // A type the pressure app has no data of at all: the same.
            let none = try await client.call(.get, "/sources?type=heartRate", token: pressure)
            #expect(none.json["order"] is NSNull)
            // The steps app reads steps: the order names the sources there are, not the glucose app.
            let reader = try await client.call(
                .get, "/sources?type=stepCount", token: fixture.token("alice", "com.example.steps"))
            #expect(reader.json["order"] as? [String] == ["com.example.steps"], "\(reader.text)")
            // The person's Health app sees the order as set.
            let own = try await client.call(.get, "/sources?type=stepCount", token: health)
            #expect(own.json["order"] as? [String] == ["com.x.glucose", "com.example.steps", "com.example.reader"])
        }
    }

    @Test("An app naming another app's uuid gets the answer a fresh uuid gets; the full-access app may name uuids")
    func chosenUUIDsTellNothing() async throws {
        let fixture = try ServerFixture()
        let health = fixture.token("alice", "com.apple.Health")
        let reader = fixture.token("alice", "com.example.reader")
        try await fixture.withRouter { client in
            // The steps app saves a sample the reader may not read (it shares steps but does not read them).
            let saved = try await client.save(
                [steps(10, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")],
                token: fixture.token("alice", "com.example.steps"))
            let hidden = try #require((saved.json["saved"] as? [String])?.first)
            let fresh = UUID().uuidString
            let taken = try await client.call(
                .post, "/samples", token: reader,
                body:
                    "{\"samples\": [\(steps(1, start: "2024-03-10T10:00:00Z", end: "2024-03-10T10:05:00Z", uuid: hidden))]}"
            )
            let unused = try await client.call(
                .post, "/samples", token: reader,
                body:
                    "{\"samples\": [\(steps(1, start: "2024-03-10T10:00:00Z", end: "2024-03-10T10:05:00Z", uuid: fresh))]}"
            )
            #expect(taken.status == .badRequest)
            #expect(taken.status == unused.status)
            #expect(taken.errorField == "samples[0].uuid")
            #expect(
                taken.error["message"] as? String == unused.error["message"] as? String,
                "\(taken.text) / \(unused.text)")
            // Without a uuid the save works and the answer names the uuid the server gave.
            let plain = try await client.save(
                [steps(1, start: "2024-03-10T10:00:00Z", end: "2024-03-10T10:05:00Z")], token: reader)
            #expect((plain.json["saved"] as? [String])?.count == 1)
            // A correlation member may not name one either.
            let member =
                #"{"samples": [{"type": "bloodPressure", "startDate": "2024-03-10T07:00:00Z", "objects": [{"type": "bloodPressureSystolic", "startDate": "2024-03-10T07:00:00Z", "value": 120, "unit": "mmHg", "uuid": "\#(fresh)"}, {"type": "bloodPressureDiastolic", "startDate": "2024-03-10T07:00:00Z", "value": 80, "unit": "mmHg"}]}]}"#
            let correlation = try await client.call(
                .post, "/samples", token: fixture.token("alice", "com.example.pressure"), body: member)
            #expect(correlation.errorField == "samples[0].objects[0].uuid", "\(correlation.text)")
            // The Health app sees everything, so it may name uuids; a taken one is a conflict for it.
            let chosen = try await client.call(
                .post, "/samples", token: health,
                body:
                    "{\"samples\": [\(steps(2, start: "2024-03-10T11:00:00Z", end: "2024-03-10T11:05:00Z", uuid: fresh))]}"
            )
            #expect(chosen.status == .created, "\(chosen.text)")
            #expect(chosen.json["saved"] as? [String] == [fresh])
            let conflict = try await client.call(
                .post, "/samples", token: health,
                body:
                    "{\"samples\": [\(steps(2, start: "2024-03-10T11:00:00Z", end: "2024-03-10T11:05:00Z", uuid: hidden))]}"
            )
            #expect(conflict.status == .conflict)
        }
    }

    @Test("/activity-summaries needs the activitySummary read grant, even for an app that reads active energy")
    func activitySummariesNeedTheGrant() async throws {
        let fixture = try ServerFixture()
        let steps = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            try await client.save(
                [
                    #"{"type": "activeEnergyBurned", "startDate": "2024-03-10T08:00:00-07:00", "endDate": "2024-03-10T09:00:00-07:00", "value": 300, "unit": "kcal"}"#
                ], token: steps)
            let uri = "/activity-summaries?startDay=2024-03-10&endDay=2024-03-10&timeZone=America/Los_Angeles"
            // The steps app reads active energy (and saved it) but has no activity-summary grant.
            #expect(try await client.call(.get, "/samples?type=activeEnergyBurned", token: steps).samples.count == 1)
            let denied = try await client.call(.get, uri, token: steps)
            #expect(denied.status == .ok)
            #expect(
                denied.text.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"summaries":[]}"#, "\(denied.text)")
            let own = try await client.call(.get, uri, token: fixture.token("alice", "com.apple.Health"))
            #expect((own.json["summaries"] as? [Any])?.count == 1, "\(own.text)")
        }
    }

    @Test("Request ids are random: one client's ids say nothing of how many requests others made in between")
    func requestIdsCarryNoCounter() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            let first = try await client.call(.get, "/health", token: nil)
            for _ in 0..<5 { _ = try await client.call(.get, "/health", token: nil) }
            let second = try await client.call(.get, "/health", token: nil)
            let ids = try [first, second].map { reply in try #require(reply.headers[HTTPField.Name("X-Request-Id")!]) }
            #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) }, "\(ids)")
            // A counter (Hummingbird's own ids) would end in numbers 6 apart; random ids share no such tail.
            let tails = ids.map { UInt64($0.suffix(12), radix: 16)! }
            #expect(tails[1] &- tails[0] != 6)
            #expect(ids[0].prefix(16) != ids[1].prefix(16))
        }
    }

    @Test(
        "/metrics, which counts every person's activity, needs the operator's metrics token, never a client's; off without one"
    )
    func metricsNeedTheOperatorsToken() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            try await client.save(
                [steps(10, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")],
                token: fixture.token("bob", "com.example.steps"))
            for token in [
                nil, fixture.token("alice", "com.apple.Health"), fixture.token("alice", "com.example.steps"),
                "metrics-token-for-the-tests-onlx",
            ] {
                let reply = try await client.call(.get, "/metrics", token: token)
                #expect(reply.status == .unauthorized, "\(reply.text)")
                #expect(!reply.text.contains("ohk_samples_saved_total"))
            }
            let operator_ = try await client.call(.get, "/metrics", token: ServerFixture.metricsToken)
            #expect(operator_.text.contains("ohk_samples_saved_total 1"), "\(operator_.text)")
        }
        let off = try ServerFixture { configuration in configuration.metricsAccess = MetricsAccess(token: nil) }
        try await off.withRouter { client in
            let reply = try await client.call(.get, "/metrics", token: ServerFixture.metricsToken)
            #expect(reply.status == .notFound, "\(reply.text)")
        }
    }

    /// An impossible UTC offset and where it is given.
    struct ImpossibleOffset: Sendable, CustomTestStringConvertible {
        let method: HTTPRequest.Method
        let uri: String
        let body: String?
        let field: String
        var testDescription: String { "\(method) \(uri) \(field)" }
    }

    static let offsets: [ImpossibleOffset] = {
        var cases: [ImpossibleOffset] = []
        for offset in ["+99:00", "+00:60", "-19:00", "+1860"] {
            let date = "2030-06-01T08:00:00\(offset)"
            let encoded = date.replacingOccurrences(of: "+", with: "%2B")
            cases.append(
                ImpossibleOffset(
                    method: .post, uri: "/samples",
                    body: "{\"samples\": [\(steps(1, start: date, end: "2030-06-01T09:00:00Z"))]}",
                    field: "samples[0].startDate"))
            cases.append(
                ImpossibleOffset(
                    method: .get, uri: "/samples?type=stepCount&startDate=\(encoded)", body: nil, field: "startDate"))
            cases.append(
                ImpossibleOffset(
                    method: .get, uri: "/statistics?type=stepCount&startDate=2030-06-01T00:00:00Z&endDate=\(encoded)",
                    body: nil, field: "endDate"))
            cases.append(
                ImpossibleOffset(
                    method: .delete, uri: "/samples?type=stepCount&startDate=\(encoded)&endDate=2030-06-02T00:00:00Z",
                    body: nil, field: "startDate"))
        }
        // Health Auto Export writes `+9900` after a space.
        cases.append(
            ImpossibleOffset(
                method: .post, uri: "/ingest/health-auto-export",
                body:
                    #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"qty": 1, "date": "2030-06-01 08:00:00 +9900"}]}]}}"#,
                field: "data.metrics[0].data[0].date"))
        return cases
    }()

    @Test(
        "Impossible UTC offsets are 400s naming the field, in bodies, query parameters and Health Auto Export",
        arguments: offsets)
    func impossibleOffsetsAreRefused(_ bad: ImpossibleOffset) async throws {
        let fixture = try ServerFixture()
        let token = fixture.token("alice", "com.apple.Health")
        try await fixture.withRouter { client in
            let reply = try await client.call(bad.method, bad.uri, token: token, body: bad.body)
            #expect(reply.status == .badRequest, "\(reply.text)")
            #expect(reply.errorField == bad.field, "\(reply.text)")
            #expect(try await client.call(.get, "/samples?type=stepCount", token: token).samples.isEmpty)
        }
    }

    @Test("The largest real offsets still read as the instants they name")
    func realOffsetsStillWork() async throws {
        let fixture = try ServerFixture()
        let token = fixture.token("alice", "com.apple.Health")
        try await fixture.withRouter { client in
            try await client.save(
                [
                    steps(1, start: "2030-06-01T08:00:00+14:00", end: "2030-06-01T08:00:00+14:00"),
                    steps(2, start: "2030-06-01T08:00:00-12:00", end: "2030-06-01T08:00:00-12:00"),
                    steps(3, start: "2030-06-01T08:00:00+05:45", end: "2030-06-01T08:00:00+05:45"),
                ], token: token)
            let reply = try await client.call(.get, "/samples?type=stepCount&sort=startDate&timeZone=UTC", token: token)
            #expect(
                reply.samples.compactMap { $0["startDate"] as? String } == [
                    "2030-05-31T18:00:00+00:00", "2030-06-01T02:15:00+00:00", "2030-06-01T20:00:00+00:00",
                ], "\(reply.text)")
        }
    }
}
