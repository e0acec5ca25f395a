import Foundation
import HTTPTypes
import HealthServer
import HummingbirdTesting
import Testing

@Suite("Live server")
struct LiveServerTests {
    @Test("A real server on a loopback port saves, answers and closes its stores when it stops")
    func loopback() async throws {
        let fixture = try ServerFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.directory.path) }
        let token = fixture.token("alice", "com.example.steps")
        try await fixture.application().test(.live) { client in
            #expect(client.port != nil && client.port != 0)
            try await client.save(
                [steps(321, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")], token: token)
            let reply = try await client.call(.get, "/samples?type=stepCount", token: token)
            #expect(reply.samples.map { $0["value"] as? Double } == [321])
            #expect(try await client.call(.get, "/samples?type=stepCount", token: nil).status == .unauthorized)
            #expect(fixture.server.stores.openCount == 1)
        }
        // The test framework shut the application down gracefully: the stores service closed the stores.
        #expect(fixture.server.stores.openCount == 0)
    }
}
