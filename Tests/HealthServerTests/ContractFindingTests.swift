import Foundation
import HTTPTypes
import HealthServer
import HummingbirdTesting
import Testing

/// What scripts/ci/check-contract.sh (schemathesis against the served OpenAPI document) found, kept as tests.
@Suite("Contract findings")
struct ContractFindingTests {
    @Test(
        "A known path asked with a method it does not answer is 405 with Allow, not 404; an unknown path stays 404",
        arguments: [
            ("TRACE", "/samples", "DELETE, GET, POST"), ("PUT", "/health", "GET"),
            ("DELETE", "/sources/priority", "PUT"),
            ("GET", "/session", "POST"), ("PATCH", "/", "GET"), ("POST", "/statistics/collection/", "GET"),
        ])
    func methodNotAllowed(_ method: String, _ path: String, _ allowed: String) async throws {
        let fixture = try ServerFixture()
        let token = fixture.token("alice", "com.apple.Health")
        try await fixture.withRouter { client in
            let reply = try await client.call(HTTPRequest.Method(method)!, path, token: token)
            #expect(reply.status == .methodNotAllowed)
            #expect(reply.headers[.allow] == allowed)
            #expect(reply.error["code"] as? String == "methodNotAllowed" && reply.errorField == "method")
            let unknown = try await client.call(HTTPRequest.Method(method)!, "/nothing-here", token: token)
            #expect(unknown.status == .notFound && unknown.errorField == "path")
        }
    }

    @Test(
        "An empty query parameter is refused naming it, not read as absent (which widened startDate= to all time)",
        arguments: [
            ("/activity-summaries?startDay=", "startDay"), ("/samples?type=stepCount&startDate=", "startDate"),
            ("/statistics?type=stepCount&unit=", "unit"), ("/changes?type=stepCount&anchor=", "anchor"),
            ("/statistics/collection?type=stepCount&interval=1d&timeZone=", "timeZone"),
        ])
    func emptyParameter(_ uri: String, _ field: String) async throws {
        let fixture = try ServerFixture()
        let token = fixture.token("alice", "com.apple.Health")
        try await fixture.withRouter { client in
            let reply = try await client.call(.get, uri, token: token)
            #expect(reply.status == .badRequest)
            #expect(reply.errorField == field)
        }
    }
}
