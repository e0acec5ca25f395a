import Foundation
import HTTPTypes
import HealthServer
import HummingbirdTesting
import Logging
import Synchronization
import Testing

/// The log lines of a test's application, kept with the logger's own metadata (the request id) merged in.
private final class LogLines: Sendable {
    let lines = Mutex<[(message: String, metadata: Logger.Metadata)]>([])
}

private struct CapturingLogHandler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, explicit in explicit }
        lines.lines.withLock { $0.append((event.message.description, merged)) }
    }
}

@Suite("Request middlewares")
struct RequestMiddlewareTests {
    @Test(
        "Each request logs one line once answered: its X-Request-Id, method, path, status, milliseconds, person, client and error code"
    )
    func oneLogLinePerRequest() async throws {
        let fixture = try ServerFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.directory.path) }
        let token = fixture.token("alice", "com.example.steps")
        let lines = LogLines()
        let logger = Logger(label: "ohk.test") { _ in CapturingLogHandler(lines: lines) }
        let replies = Mutex<[Reply]>([])
        try await fixture.server.application(logger: logger).test(.router) { client in
            let health = try await client.call(.get, "/health", token: nil)
            let refused = try await client.call(.get, "/samples?type=notAType", token: token)
            replies.withLock { $0 = [health, refused] }
        }
        let requests = lines.lines.withLock { $0 }.filter { $0.message == "request" }
        try #require(requests.count == 2)
        let (health, refused) = replies.withLock { ($0[0], $0[1]) }
        let id = HTTPField.Name("X-Request-Id")!

        #expect(requests[0].metadata["hb.request.id"]?.description == health.headers[id])
        #expect(requests[0].metadata["path"]?.description == "/health")
        #expect(requests[0].metadata["status"]?.description == "200")
        #expect(requests[0].metadata["milliseconds"] != nil)
        #expect(requests[0].metadata["person"] == nil && requests[0].metadata["error"] == nil)

        #expect(refused.status == .badRequest)
        #expect(requests[1].metadata["hb.request.id"]?.description == refused.headers[id])
        #expect(requests[1].metadata["hb.request.id"]?.description.count == 32)
        #expect(requests[1].metadata["method"]?.description == "GET")
        #expect(requests[1].metadata["status"]?.description == "400")
        #expect(requests[1].metadata["person"]?.description == "alice")
        #expect(requests[1].metadata["client"]?.description == "com.example.steps")
        #expect(requests[1].metadata["error"]?.description == "invalidField")
    }
}
