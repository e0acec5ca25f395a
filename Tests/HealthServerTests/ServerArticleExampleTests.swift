import Foundation
import HTTPTypes
import HealthServer
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// The code of the article "Running the server" (Sources/HealthServer/HealthServer.docc), run as written: each of the
/// article's Swift blocks is a run of lines of this file, which scripts/ci/check-docs.sh checks. Edit both together.
@Suite("The server article's examples run as written")
struct ServerArticleExampleTests {
    @Test("A server embedded in a process: a person, an app with a token, a save and a statistics query over loopback")
    func embeddedServer() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-article-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }

        let server = try HealthServer(
            directory: ServerDirectory(path: path),
            configuration: ServerConfiguration(host: "127.0.0.1", port: 0, now: { Date() }, clock: ContinuousClock()))
        try server.registry.addPerson("alice", now: Date())
        let (_, token) = try server.registry.addClient(
            person: "alice", bundleIdentifier: "com.example.steps", name: nil, share: ["stepCount"],
            read: ["stepCount"], fullAccess: false, now: Date())
        let application = server.application(logger: Logger(label: "health-server"))

        try await application.test(.live) { client in
            let sample = """
                {"samples": [{"type": "stepCount", "startDate": "2024-03-10T08:00:00-08:00",
                              "endDate": "2024-03-10T09:00:00-08:00", "value": 1200, "unit": "count"}]}
                """
            let headers: HTTPFields = [.authorization: "Bearer \(token.text)", .contentType: "application/json"]
            try await client.execute(
                uri: "/samples", method: .post, headers: headers, body: ByteBuffer(string: sample)
            ) { response in
                #expect(response.status == .created)
            }
            let query =
                "/statistics?type=stepCount&startDate=2024-03-10&endDate=2024-03-11&timeZone=America/Los_Angeles"
            try await client.execute(uri: query, method: .get, headers: headers) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("1200"))
            }
        }
    }
}
