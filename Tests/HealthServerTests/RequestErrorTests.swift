import Foundation
import HTTPTypes
import HealthServer
import HummingbirdTesting
import Testing

@Suite("Bad input")
struct RequestErrorTests {
    /// A bad save: the body, the status and the field the JSON error must name.
    struct BadSave: Sendable, CustomTestStringConvertible {
        let name: String
        let body: String
        let status: Int
        let field: String
        var testDescription: String { name }
    }

    static let good = steps(100, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")

    static let badSaves: [BadSave] = [
        BadSave(name: "malformed JSON", body: #"{"samples": [{"type": "stepCount",]}"#, status: 400, field: "body"),
        BadSave(name: "not an object", body: #"[1, 2]"#, status: 400, field: "body"),
        BadSave(name: "no samples", body: #"{"sample": []}"#, status: 400, field: "sample"),
        BadSave(name: "empty batch", body: #"{"samples": []}"#, status: 400, field: "samples"),
        BadSave(
            name: "unknown type",
            body:
                "{\"samples\": [\(good), {\"type\": \"stepsTaken\", \"startDate\": \"2024-03-10T08:00:00Z\", \"value\": 1, \"unit\": \"count\"}]}",
            status: 400, field: "samples[1].type"),
        BadSave(
            name: "wrong unit",
            body:
                "{\"samples\": [\(good), \(steps(1, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z").replacingOccurrences(of: "\"count\"", with: "\"km\""))]}",
            status: 400, field: "samples[1].unit"),
        BadSave(
            name: "unparsable unit",
            body: "{\"samples\": [\(good.replacingOccurrences(of: "\"count\"", with: "\"furlongs/fortnight\""))]}",
            status: 400, field: "samples[0].unit"),
        BadSave(
            name: "end before start",
            body: "{\"samples\": [\(good), \(steps(1, start: "2024-03-10T09:00:00Z", end: "2024-03-10T08:00:00Z"))]}",
            status: 400, field: "samples[1].endDate"),
        BadSave(
            name: "date without an offset",
            body: "{\"samples\": [\(steps(1, start: "2024-03-10T09:00:00", end: "2024-03-10T10:00:00Z"))]}",
            status: 400, field: "samples[0].startDate"),
        BadSave(
            name: "value not a number",
            body: "{\"samples\": [\(good.replacingOccurrences(of: "100", with: "\"100\""))]}",
            status: 400, field: "samples[0].value"),
        BadSave(
            name: "misspelt field",
            body: "{\"samples\": [\(good.replacingOccurrences(of: "\"unit\"", with: "\"units\""))]}",
            status: 400, field: "samples[0].units"),
        BadSave(
            name: "unknown category value",
            body:
                #"{"samples": [{"type": "sleepAnalysis", "startDate": "2024-03-10T01:00:00Z", "endDate": "2024-03-10T02:00:00Z", "value": "dreaming"}]}"#,
            status: 400, field: "samples[0].value"),
        BadSave(
            name: "unknown workout activity",
            body:
                #"{"samples": [{"type": "workout", "startDate": "2024-03-10T01:00:00Z", "endDate": "2024-03-10T02:00:00Z", "activityType": "sofa"}]}"#,
            status: 400, field: "samples[0].activityType"),
        BadSave(
            name: "bad correlation member",
            body:
                #"{"samples": [{"type": "bloodPressure", "startDate": "2024-03-10T07:00:00Z", "objects": [{"type": "bloodPressureSystolic", "startDate": "2024-03-10T07:00:00Z", "value": 120, "unit": "kg"}]}]}"#,
            status: 400, field: "samples[0].objects[0].unit"),
        BadSave(
            name: "a type not granted for sharing",
            body:
                #"{"samples": [{"type": "bodyMass", "startDate": "2024-03-10T07:00:00Z", "value": 70, "unit": "kg"}]}"#,
            status: 403, field: "samples"),
        BadSave(
            name: "a uuid named by an app without full access",
            body:
                "{\"samples\": [\(good), \(steps(2, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z", uuid: "11111111-2222-3333-4444-555555555555"))]}",
            status: 400, field: "samples[1].uuid"),
        BadSave(
            name: "an impossible UTC offset",
            body: "{\"samples\": [\(steps(1, start: "2024-03-10T08:00:00+99:00", end: "2024-03-10T09:00:00Z"))]}",
            status: 400, field: "samples[0].startDate"),
        BadSave(
            name: "too many samples",
            body: "{\"samples\": [\(Array(repeating: good, count: 4).joined(separator: ","))]}", status: 413,
            field: "samples"),
        BadSave(
            name: "an oversized body",
            body: "{\"samples\": [\(good)], \"padding\": \"\(String(repeating: "x", count: 5000))\"}", status: 413,
            field: "body"),
    ]

    @Test("Each bad save is a 4xx naming the field, and nothing of the batch is saved", arguments: badSaves)
    func badSave(_ bad: BadSave) async throws {
        let fixture = try ServerFixture { configuration in
            configuration.limits.maximumBatchSamples = 3
            configuration.limits.maximumBodyBytes = 4096
        }
        let token = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            let reply = try await client.call(.post, "/samples", token: token, body: bad.body)
            #expect(Int(reply.status.code) == bad.status, "\(reply.text)")
            #expect(reply.errorField == bad.field, "\(reply.text)")
            #expect(reply.error["message"] is String)
            #expect(reply.error["requestId"] as? String == reply.headers[HTTPField.Name("X-Request-Id")!])
            // Nothing half-saved: the change feed is still empty, at anchor 0.
            let changes = try await client.call(
                .get, "/changes?type=stepCount&type=sleepAnalysis&type=workout&type=bloodPressureSystolic", token: token
            )
            #expect(changes.samples.isEmpty)
            #expect(changes.json["anchor"] as? Double == 0)
        }
    }

    @Test("A body that is not JSON by its content type is refused with 415")
    func wrongMediaType() async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            let reply = try await client.call(
                .post, "/samples", token: fixture.token("alice", "com.example.steps"), body: "samples=1",
                headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(reply.status == .unsupportedMediaType)
            #expect(reply.errorField == "Content-Type")
        }
    }

    /// A bad query: the URI, the status and the field.
    struct BadQuery: Sendable, CustomTestStringConvertible {
        let uri: String
        let status: Int
        let field: String
        var testDescription: String { uri }
    }

    static let badQueries: [BadQuery] = [
        BadQuery(uri: "/samples", status: 400, field: "type"),
        BadQuery(uri: "/samples?type=stepsTaken", status: 400, field: "type"),
        BadQuery(uri: "/samples?type=stepCount&startDate=2024-03-10&endDate=2024-03-09", status: 400, field: "endDate"),
        BadQuery(uri: "/samples?type=stepCount&startDate=yesterday", status: 400, field: "startDate"),
        BadQuery(uri: "/samples?type=stepCount&limit=0", status: 400, field: "limit"),
        BadQuery(uri: "/samples?type=stepCount&sort=value", status: 400, field: "sort"),
        BadQuery(uri: "/samples?type=stepCount&cursor=bm9wZQ", status: 400, field: "cursor"),
        BadQuery(uri: "/samples?type=stepCount&unit=kg", status: 400, field: "unit"),
        BadQuery(uri: "/samples?type=stepCount&timeZone=Mars/Olympus", status: 400, field: "timeZone"),
        BadQuery(uri: "/samples?type=stepCount&strictStartDate=maybe", status: 400, field: "strictStartDate"),
        BadQuery(uri: "/samples?type=stepCount&colour=blue", status: 400, field: "colour"),
        BadQuery(uri: "/statistics?type=sleepAnalysis", status: 400, field: "type"),
        BadQuery(uri: "/statistics?type=stepCount&options=average", status: 400, field: "options"),
        BadQuery(uri: "/statistics?type=stepCount&options=median", status: 400, field: "options"),
        BadQuery(uri: "/statistics?type=heartRate&unit=km", status: 400, field: "unit"),
        BadQuery(
            uri: "/statistics?type=stepCount&startDate=2024-03-10&endDate=2024-03-10", status: 400, field: "endDate"),
        BadQuery(uri: "/statistics?type=stepCount&interval=1d", status: 400, field: "interval"),
        BadQuery(uri: "/statistics/collection?type=stepCount", status: 400, field: "interval"),
        BadQuery(uri: "/statistics/collection?type=stepCount&interval=fortnightly", status: 400, field: "interval"),
        BadQuery(uri: "/changes", status: 400, field: "type"),
        BadQuery(uri: "/changes?type=stepCount&anchor=-1", status: 400, field: "anchor"),
        BadQuery(uri: "/changes?type=stepCount&wait=3600", status: 400, field: "wait"),
        BadQuery(uri: "/sources", status: 400, field: "type"),
        BadQuery(uri: "/activity-summaries?startDay=2024-03-10", status: 400, field: "endDay"),
        BadQuery(uri: "/activity-summaries?startDay=2024-03-10&endDay=2024-03-09", status: 400, field: "endDay"),
        BadQuery(uri: "/sleep?startDay=2024-03-10", status: 400, field: "endDay"),
        BadQuery(uri: "/sleep?startDay=2024-03-10&endDay=2024-03-09", status: 400, field: "endDay"),
        BadQuery(uri: "/sleep?startDay=2023-01-01&endDay=2024-03-09", status: 400, field: "endDay"),
        BadQuery(uri: "/sleep?startDay=2024-02-30&endDay=2024-03-09", status: 400, field: "startDay"),
        BadQuery(uri: "/hrv?startDay=2024-03-10", status: 400, field: "endDay"),
        BadQuery(uri: "/hrv?startDay=2023-01-01&endDay=2024-03-09", status: 400, field: "endDay"),
        BadQuery(uri: "/hrv?startDay=2024-03-01&endDay=2024-03-09&by=week", status: 400, field: "by"),
        BadQuery(uri: "/workouts?from=2024-03-10", status: 400, field: "to"),
        BadQuery(uri: "/workouts?from=2024-03-10&to=2024-03-09", status: 400, field: "to"),
        BadQuery(uri: "/workouts?from=2023-01-01&to=2024-03-09", status: 400, field: "to"),
        BadQuery(uri: "/workouts?from=2024-02-30&to=2024-03-09", status: 400, field: "from"),
        BadQuery(uri: "/workouts?from=2024-03-01&to=2024-03-09&limit=0", status: 400, field: "limit"),
        BadQuery(uri: "/workouts/not-a-uuid/route", status: 400, field: "uuid"),
        BadQuery(uri: "/workouts/\(UUID().uuidString)/route?format=kml", status: 400, field: "format"),
        BadQuery(uri: "/workouts/\(UUID().uuidString)/route", status: 404, field: "uuid"),
        BadQuery(uri: "/nowhere", status: 404, field: "path"),
    ]

    @Test("Each bad query is a 4xx naming the parameter", arguments: badQueries)
    func badQuery(_ bad: BadQuery) async throws {
        let fixture = try ServerFixture()
        try await fixture.withRouter { client in
            let reply = try await client.call(.get, bad.uri, token: fixture.token("alice", "com.example.steps"))
            #expect(Int(reply.status.code) == bad.status, "\(reply.text)")
            #expect(reply.errorField == bad.field, "\(reply.text)")
        }
    }

    /// The routes anyone may call: the probes, the document and signing out (which only clears the browser's cookie).
    /// `/metrics` takes the operator's metrics token, not a client's (HiddenExistenceTests), so it is tested there.
    static let openRoutes: Set<String> = ["GET /health", "GET /openapi.yaml", "POST /session/delete"]
    static let operatorRoutes: Set<String> = ["GET /metrics"]

    @Test(
        "Every route but the open ones refuses missing, malformed, unknown, forged and revoked tokens with 401 (routes from the router)"
    )
    func badTokensOnEveryRoute() async throws {
        let fixture = try ServerFixture()
        // The routes as the router has them, so that a route added later is checked too.
        let routes = fixture.server.router().routes.map { (method: $0.method, path: "\($0.path)") }
        #expect(routes.count >= 18)
        #expect(Self.openRoutes.isSubset(of: Set(routes.map { "\($0.method.rawValue) \($0.path)" })))
        let real = fixture.token("alice", "com.example.steps")
        // Same selector, another secret: found by selector, refused by the digest.
        let forged = String(real.dropLast(64)) + String(repeating: "0", count: 64)
        let unknown = "ohk_0123456789abcdef_" + String(repeating: "a", count: 64)
        // A token that worked and was then revoked (after a request, so the registry had it in its cache).
        let revoked = fixture.token("bob", "com.example.steps")
        try await fixture.withRouter { client in
            #expect(try await client.call(.get, "/samples?type=stepCount", token: revoked).status == .ok)
            try fixture.server.registry.revokeClient(
                person: "bob", bundleIdentifier: "com.example.steps", now: ServerFixture.fixedNow)
            for route in routes
            where !Self.openRoutes.union(Self.operatorRoutes).contains("\(route.method.rawValue) \(route.path)") {
                for token in [nil, "", "not-a-token", unknown, forged, revoked] {
                    let reply: Reply
                    if route.path == "/session" {
                        // The sign-in form: the token in the body.
                        reply = try await client.call(
                            route.method, route.path, token: nil, body: "token=\(token ?? "")",
                            headers: [.contentType: "application/x-www-form-urlencoded"])
                    } else {
                        reply = try await client.call(
                            route.method, route.path, token: token,
                            body: route.method == .get ? nil : #"{"samples": []}"#)
                    }
                    #expect(
                        reply.status == .unauthorized,
                        "\(route.method) \(route.path), \(token ?? "no token"): \(reply.text)")
                    if reply.headers[.contentType]?.hasPrefix("application/json") == true {
                        #expect(reply.errorField == "Authorization")
                    }
                }
                var basic: HTTPFields = [:]
                basic[.authorization] = "Basic YWxpY2U6c2VjcmV0"
                if route.path != "/session" {
                    #expect(
                        try await client.call(route.method, route.path, token: nil, headers: basic).status
                            == .unauthorized, "\(route.method) \(route.path)")
                }
            }
            // The open routes answer without a token.
            for route in routes where Self.openRoutes.contains("\(route.method.rawValue) \(route.path)") {
                let status = try await client.call(route.method, route.path, token: nil).status
                #expect(status == .ok || status == .seeOther, "\(route.method) \(route.path): \(status)")
            }
        }
    }
}
