import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HealthServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The request budget (`ServerLimits`): every limit answers a 4xx JSON error naming it; rates answer 429 with
/// `Retry-After`, per client, so that one client's flood never refuses another's requests.
@Suite("Request limits and rates")
struct LimitTests {
    /// The error object of a limit: its status, code `limitExceeded`, the limit's name and its maximum.
    private func expectLimit(
        _ reply: Reply, _ limit: ServerLimit, status: HTTPResponse.Status, maximum: Double? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(reply.status == status, "\(reply.text)", sourceLocation: sourceLocation)
        #expect(reply.error["code"] as? String == "limitExceeded", "\(reply.text)", sourceLocation: sourceLocation)
        #expect(reply.error["limit"] as? String == limit.rawValue, "\(reply.text)", sourceLocation: sourceLocation)
        #expect(reply.error["status"] as? Double == Double(status.code), sourceLocation: sourceLocation)
        if let maximum {
            #expect(reply.error["maximum"] as? Double == maximum, "\(reply.text)", sourceLocation: sourceLocation)
        }
        #expect(
            (reply.error["message"] as? String)?.contains(limit.flag) == true, "\(reply.text)",
            sourceLocation: sourceLocation)
    }

    // MARK: Statistics buckets (defect 5)

    @Test("interval=1s over 40 days is refused at once with 400 naming maximumBuckets, before the store is read")
    func fineIntervalOverLongWindow() async throws {
        let fixture = try ServerFixture()
        let token = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            try await client.save([steps(10, start: "2024-03-01T08:00:00Z", end: "2024-03-01T09:00:00Z")], token: token)
            let reply = try await client.call(
                .get,
                "/statistics/collection?type=stepCount&interval=1s&startDate=2024-03-01T00:00:00Z&endDate=2024-04-10T00:00:00Z",
                token: token)
            expectLimit(reply, .maximumBuckets, status: .badRequest, maximum: 20_000)
            #expect(reply.error["requested"] as? Double == Double(40 * 86_400))
            #expect(reply.errorField == "interval")
            #expect(reply.body.count < 1_000)
            // The same window by the hour is 960 buckets: answered.
            let hourly = try await client.call(
                .get,
                "/statistics/collection?type=stepCount&interval=1h&startDate=2024-03-01T00:00:00Z&endDate=2024-04-10T00:00:00Z",
                token: token)
            #expect(hourly.status == .ok)
            #expect((hourly.json["statistics"] as? [Any])?.count == 960)
        }
    }

    @Test(
        "A window open at either end is refused once the data's span is known, in DST zones",
        arguments: [
            ("America/Los_Angeles", "interval=1min&startDate=2024-03-01"), ("Europe/Berlin", "interval=1s"),
            ("Europe/Berlin", "interval=1min&endDate=2024-06-01"),
        ])
    func openWindow(zone: String, query: String) async throws {
        let fixture = try ServerFixture { $0.limits.maximumBuckets = 1_000 }
        let token = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            try await client.save(
                [
                    steps(10, start: "2024-03-02T08:00:00Z", end: "2024-03-02T09:00:00Z"),
                    steps(10, start: "2024-03-30T08:00:00Z", end: "2024-03-30T09:00:00Z"),
                ], token: token)
            let reply = try await client.call(
                .get, "/statistics/collection?type=stepCount&\(query)&timeZone=\(zone)", token: token)
            expectLimit(reply, .maximumBuckets, status: .badRequest, maximum: 1_000)
            // Days over the same span: answered.
            let daily = try await client.call(
                .get, "/statistics/collection?type=stepCount&interval=1d&timeZone=\(zone)", token: token)
            #expect(daily.status == .ok, "\(daily.text)")
        }
    }

    // MARK: Sizes

    @Test("Bodies, batches, pages and waits over their limits answer 413 or 400 naming the limit")
    func sizes() async throws {
        let fixture = try ServerFixture { configuration in
            configuration.limits.maximumBodyBytes = 4096
            configuration.limits.maximumBatchSamples = 2
            configuration.limits.maximumPageSize = 50
            configuration.limits.maximumWaitSeconds = 5
        }
        let token = fixture.token("alice", "com.example.steps")
        let sample = steps(1, start: "2024-03-01T08:00:00Z", end: "2024-03-01T09:00:00Z")
        try await fixture.withRouter { client in
            let body = try await client.call(
                .post, "/samples", token: token,
                body: "{\"samples\": [\(sample)], \"x\": \"\(String(repeating: "x", count: 5000))\"}")
            expectLimit(body, .maximumBodyBytes, status: .contentTooLarge, maximum: 4096)
            #expect(body.errorField == "body")
            let batch = try await client.call(
                .post, "/samples", token: token, body: "{\"samples\": [\(sample), \(sample), \(sample)]}")
            expectLimit(batch, .maximumBatchSamples, status: .contentTooLarge, maximum: 2)
            #expect(batch.errorField == "samples")
            let autoExport = try await client.call(
                .post, "/ingest/health-auto-export", token: token,
                body: """
                    {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [\
                    {"date": "2024-03-01 08:00:00 +0000", "qty": 1}, {"date": "2024-03-01 09:00:00 +0000", "qty": 1}, \
                    {"date": "2024-03-01 10:00:00 +0000", "qty": 1}]}]}}
                    """)
            expectLimit(autoExport, .maximumBatchSamples, status: .contentTooLarge, maximum: 2)
            expectLimit(
                try await client.call(.get, "/samples?type=stepCount&limit=51", token: token), .maximumPageSize,
                status: .badRequest, maximum: 50)
            expectLimit(
                try await client.call(.get, "/changes?type=stepCount&limit=51", token: token), .maximumPageSize,
                status: .badRequest, maximum: 50)
            #expect(try await client.call(.get, "/samples?type=stepCount&limit=50", token: token).status == .ok)
            #expect(try await client.call(.get, "/samples?type=stepCount&limit=0", token: token).errorField == "limit")
            expectLimit(
                try await client.call(.get, "/changes?type=stepCount&wait=6", token: token), .maximumWaitSeconds,
                status: .badRequest, maximum: 5)
        }
    }

    @Test("An upload declaring more than the upload limit is refused before a byte is read, naming maximumUploadBytes")
    func uploadSize() async throws {
        let fixture = try ServerFixture { $0.limits.maximumUploadBytes = 1_000 }
        try await fixture.withRouter { client in
            let reply = try await client.call(
                .post, "/import", token: fixture.token("alice", "com.apple.Health"),
                body: "<HealthData>" + String(repeating: " ", count: 2_000))
            expectLimit(reply, .maximumUploadBytes, status: .contentTooLarge, maximum: 1_000)
        }
    }

    // MARK: Requests open at once

    @Test(
        "A client's long-polls and event streams beyond its limit get 429 naming the limit; another client's are not counted"
    )
    func openAtOnce() async throws {
        let fixture = try ServerFixture { configuration in
            configuration.limits.maximumLongPollsPerClient = 1
            configuration.limits.maximumStreamsPerClient = 1
        }
        let steps = fixture.token("alice", "com.example.steps")
        let other = fixture.token("bob", "com.example.steps")
        try await fixture.withRouter { client in
            let poll = Task { try await client.call(.get, "/changes?type=stepCount&wait=2", token: steps) }
            let stream = Task { try await client.call(.get, "/observe?type=stepCount&timeout=2", token: steps) }
            try await Task.sleep(for: .milliseconds(500))
            expectLimit(
                try await client.call(.get, "/changes?type=stepCount&wait=1", token: steps), .maximumLongPollsPerClient,
                status: .tooManyRequests, maximum: 1)
            expectLimit(
                try await client.call(.get, "/observe?type=stepCount&timeout=1", token: steps),
                .maximumStreamsPerClient, status: .tooManyRequests, maximum: 1)
            // A plain read of the same client is no long-poll; another client has places of its own.
            #expect(try await client.call(.get, "/changes?type=stepCount", token: steps).status == .ok)
            #expect(try await client.call(.get, "/changes?type=stepCount&wait=1", token: other).status == .ok)
            #expect(try await poll.value.status == .ok)
            #expect(try await stream.value.status == .ok)
            // Once answered, the places are free again.
            #expect(try await client.call(.get, "/changes?type=stepCount&wait=1", token: steps).status == .ok)
            #expect(try await client.call(.get, "/observe?type=stepCount&timeout=1", token: steps).status == .ok)
        }
    }

    @Test(
        "Imports beyond one per person or the server's total are refused (429 naming the limit); places come back when released"
    )
    func importPlaces() throws {
        var limits = ServerLimits()
        limits.maximumImportsPerPerson = 1
        limits.maximumImports = 2
        let budget = RequestBudget(limits: limits, clock: ContinuousClock())
        var alice: RequestBudget.Slot? = try budget.openImport(person: "alice")
        #expect(throws: HealthServerError.limitExceeded(.maximumImportsPerPerson, maximum: 1)) {
            try budget.openImport(person: "alice")
        }
        let bob = try budget.openImport(person: "bob")
        #expect(throws: HealthServerError.limitExceeded(.maximumImports, maximum: 2)) {
            try budget.openImport(person: "carol")
        }
        #expect(HealthServerError.limitExceeded(.maximumImports, maximum: 2).status == .tooManyRequests)
        alice = nil
        #expect(alice == nil)
        let carol = try budget.openImport(person: "carol")
        #expect(budget.openCount("imports") == 2)
        withExtendedLifetime((bob, carol)) {}
    }

    // MARK: Rates

    @Test(
        "A flooding client gets 429 with Retry-After; other clients, of the same person and of others, are still answered"
    )
    func floodingClient() async throws {
        let fixture = try ServerFixture { configuration in
            configuration.limits.requestsPerSecond = 0.01
            configuration.limits.requestBurst = 5
        }
        let flooder = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<8 {
                statuses.append(try await client.call(.get, "/samples?type=stepCount", token: flooder).status)
            }
            #expect(statuses.prefix(5).allSatisfy { $0 == .ok })
            #expect(statuses.suffix(3).allSatisfy { $0 == .tooManyRequests })
            let refused = try await client.call(.get, "/samples?type=stepCount", token: flooder)
            expectLimit(refused, .requestsPerSecond, status: .tooManyRequests, maximum: 0.01)
            let retryAfter = try #require(refused.headers[.retryAfter].flatMap { Int($0) })
            #expect(retryAfter >= 1 && retryAfter <= 100)
            #expect(refused.error["retryAfter"] as? Double == Double(retryAfter))
            #expect(
                try await client.call(
                    .get, "/samples?type=bloodPressureSystolic", token: fixture.token("alice", "com.example.pressure")
                ).status == .ok)
            #expect(
                try await client.call(.get, "/samples?type=stepCount", token: fixture.token("bob", "com.example.steps"))
                    .status == .ok)
            #expect(try await client.call(.get, "/health", token: nil).status == .ok)
        }
    }

    @Test(
        "Forged tokens naming a client's selector do not use up its rate; once it is used up, they are refused before their check"
    )
    func forgedSelector() async throws {
        let fixture = try ServerFixture { configuration in
            configuration.limits.requestsPerSecond = 0.01
            configuration.limits.requestBurst = 3
        }
        let token = fixture.token("alice", "com.example.steps")
        let forged = String(token.dropLast(4)) + (token.hasSuffix("0000") ? "1111" : "0000")
        try await fixture.withRouter { client in
            for _ in 0..<5 {
                #expect(try await client.call(.get, "/samples?type=stepCount", token: forged).status == .unauthorized)
            }
            for _ in 0..<3 {
                #expect(try await client.call(.get, "/samples?type=stepCount", token: token).status == .ok)
            }
            expectLimit(
                try await client.call(.get, "/samples?type=stepCount", token: forged), .requestsPerSecond,
                status: .tooManyRequests)
        }
    }

    @Test("A statistics collection costs by its buckets: a large one uses up the burst that many small requests would")
    func weightedCost() async throws {
        let fixture = try ServerFixture { configuration in
            configuration.limits.requestsPerSecond = 0.01
            configuration.limits.requestBurst = 10
            configuration.limits.bucketsPerRequestCost = 100
        }
        let token = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            // 960 hourly buckets: 1 + 9 = the whole burst.
            let large = try await client.call(
                .get,
                "/statistics/collection?type=stepCount&interval=1h&startDate=2024-03-01T00:00:00Z&endDate=2024-04-10T00:00:00Z",
                token: token)
            #expect(large.status == .ok)
            expectLimit(
                try await client.call(.get, "/samples?type=stepCount", token: token), .requestsPerSecond,
                status: .tooManyRequests)
        }
    }

    @Test(
        "Requests without a token are bounded per address; refused tokens and sign-ins use up the address's sign-in attempts"
    )
    func anonymousAndSignIn() async throws {
        let fixture = try ServerFixture { configuration in
            configuration.limits.anonymousRequestsPerSecond = 0.01
            configuration.limits.anonymousBurst = 3
            configuration.limits.signInAttemptsPerMinute = 0.1
            configuration.limits.signInBurst = 3
        }
        let token = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            for _ in 0..<3 { #expect(try await client.call(.get, "/health", token: nil).status == .ok) }
            let anonymous = try await client.call(.get, "/health", token: nil)
            expectLimit(anonymous, .anonymousRequestsPerSecond, status: .tooManyRequests, maximum: 0.01)
            #expect(anonymous.headers[.retryAfter] != nil)
            // A valid token is not anonymous.
            #expect(try await client.call(.get, "/samples?type=stepCount", token: token).status == .ok)
            // Two forged tokens and a sign-in form: the three attempts.
            #expect(
                try await client.call(.get, "/samples?type=stepCount", token: "ohk_forged_1").status == .unauthorized)
            #expect(
                try await client.call(.get, "/samples?type=stepCount", token: "ohk_forged_2").status == .unauthorized)
            let form = try await client.call(
                .post, "/session", token: nil, body: "token=ohk_forged_3",
                headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(form.status == .unauthorized)
            // Now every request with credentials from this address waits, valid or not, before its token is checked.
            let locked = try await client.call(.get, "/samples?type=stepCount", token: token)
            expectLimit(locked, .signInAttemptsPerMinute, status: .tooManyRequests, maximum: 0.1)
            #expect(locked.headers[.retryAfter] != nil)
            let page = try await client.call(.get, "/?token=\(token)", token: nil)
            #expect(page.status == .tooManyRequests)
            #expect(page.headers[.retryAfter] != nil)
        }
    }

    // MARK: Slow clients

    @Test(
        "A body trickled slower than the body timeout is answered 408 naming bodyTimeoutSeconds, and the connection freed"
    )
    func slowBody() async throws {
        let fixture = try ServerFixture { $0.limits.bodyTimeoutSeconds = 1 }
        let token = fixture.token("alice", "com.example.steps")
        defer { try? FileManager.default.removeItem(atPath: fixture.directory.path) }
        try await fixture.application().test(.live) { client in
            let port = try #require(client.port)
            let answer = try await Self.onThread { try Self.trickle(port: port, token: token) }
            #expect(answer.hasPrefix("HTTP/1.1 408"), "answered and closed: \(answer)")
            #expect(answer.contains("\"limit\":\"bodyTimeoutSeconds\""), "\(answer)")
            // The server still answers others.
            #expect(try await client.call(.get, "/samples?type=stepCount", token: token).status == .ok)
        }
    }

    @Test(
        "A refused request's trickled body is not drained: a forged token's answer is 401 with Connection: close, and the connection closes"
    )
    func refusedBodyNotDrained() async throws {
        let fixture = try ServerFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.directory.path) }
        try await fixture.application().test(.live) { client in
            let port = try #require(client.port)
            let answer = try await Self.onThread { try Self.trickle(port: port, token: "ohk_0000000000000000_forged") }
            #expect(answer.hasPrefix("HTTP/1.1 401"), "answered and closed: \(answer)")
            // The answer tells the client not to send another request on this connection, whose unread body bytes
            // would otherwise be taken for the next request's head.
            #expect(answer.lowercased().contains("\r\nconnection: close\r\n"), "\(answer)")
        }
    }

    /// A request whose body goes over `maximumBodyBytes` (4096 in `oneAnswerToOversizedBody`), sent on a raw socket.
    enum OversizedBody: String, CaseIterable, CustomTestStringConvertible {
        /// Chunks past the limit, and no last chunk (a body that would go on and on).
        case chunked
        /// Chunks past the limit, then the last chunk.
        case chunkedComplete
        /// A declared length over the limit, and part of the body.
        case declared
        /// A declared length over the limit, `Expect: 100-continue`, and no body (waiting for the answer).
        case declaredExpectingContinue
        /// Chunks past the limit after `Expect: 100-continue` (as curl sends them when no 100 comes).
        case chunkedExpectingContinue

        var testDescription: String { rawValue }

        /// The head's lines after the request line, and the body bytes sent.
        var headAndBody: (head: String, body: String) {
            let chunk = "7d0\r\n" + String(repeating: "x", count: 2000) + "\r\n"
            let chunks = String(repeating: chunk, count: 3)
            switch self {
            case .chunked: return ("Transfer-Encoding: chunked\r\n", chunks)
            case .chunkedComplete: return ("Transfer-Encoding: chunked\r\n", chunks + "0\r\n\r\n")
            case .declared: return ("Content-Length: 8000\r\n", String(repeating: "x", count: 6000))
            case .declaredExpectingContinue: return ("Content-Length: 8000\r\nExpect: 100-continue\r\n", "")
            case .chunkedExpectingContinue:
                return ("Transfer-Encoding: chunked\r\nExpect: 100-continue\r\n", chunks)
            }
        }
    }

    @Test(
        "A body over maximumBodyBytes is answered once, 413, and then the connection closes (no second answer)",
        arguments: OversizedBody.allCases)
    func oneAnswerToOversizedBody(_ body: OversizedBody) async throws {
        let fixture = try ServerFixture { $0.limits.maximumBodyBytes = 4096 }
        let token = fixture.token("alice", "com.example.steps")
        defer { try? FileManager.default.removeItem(atPath: fixture.directory.path) }
        try await fixture.application().test(.live) { client in
            let port = try #require(client.port)
            let (head, bytes) = body.headAndBody
            let request =
                "POST /samples HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(token)\r\n"
                + "Content-Type: application/json\r\n\(head)\r\n\(bytes)"
            let received = try await Self.onThread { try Self.answerUntilClosed(port: port, request: request) }
            let answer = try #require(received, "the connection stayed open for 15 s")
            let statusLines = answer.components(separatedBy: "\r\n").filter { $0.hasPrefix("HTTP/1.") }
            #expect(statusLines.count == 1, "\(answer)")
            #expect(statusLines.first?.hasPrefix("HTTP/1.1 413") == true, "\(answer)")
            #expect(answer.contains("\"limit\":\"maximumBodyBytes\""), "\(answer)")
            // The server still answers others.
            #expect(try await client.call(.get, "/samples?type=stepCount", token: token).status == .ok)
        }
    }

    @Test("A connection that stops half way through its request head is closed after the idle timeout")
    func idleConnection() async throws {
        let fixture = try ServerFixture { $0.limits.idleTimeoutSeconds = 1 }
        defer { try? FileManager.default.removeItem(atPath: fixture.directory.path) }
        try await fixture.application().test(.live) { client in
            let port = try #require(client.port)
            let closed = try await Self.onThread { try Self.closedAfterPartialHead(port: port) }
            #expect(closed, "the server kept a silent connection open for 15 s")
        }
    }

    /// Runs blocking socket work on a thread of its own: on Swift's cooperative pool (one thread per core) it would
    /// starve the server under test.
    private static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// Opens a connection, sends half a request head, then waits up to 15 s for the server to close it.
    private static func closedAfterPartialHead(port: Int) throws -> Bool {
        let descriptor = try connected(port: port)
        defer { close(descriptor) }
        _ = "GET /health HTTP/1.1\r\nHost: loc".withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 512)
        for _ in 0..<50 {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { return true }
            if count < 0, errno != EAGAIN, errno != EWOULDBLOCK { return true }
        }
        return false
    }

    /// Sends `request` and reads everything the server writes until it closes the connection (nil when it is still
    /// open after 15 s).
    private static func answerUntilClosed(port: Int, request: String) throws -> String? {
        let descriptor = try connected(port: port)
        defer { close(descriptor) }
        _ = request.withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<50 {  // at most 15 s
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                return String(decoding: received, as: UTF8.self)
            }
        }
        return nil
    }

    /// A TCP connection to the loopback port, reads timing out after 300 ms.
    private static func connected(port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0)
        var timeout = timeval(tv_sec: 0, tv_usec: 300_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return descriptor
    }

    /// Sends a request head announcing 1000 bytes, then one byte every 300 ms until the server closes the connection;
    /// returns what it answered before (empty when it never closed within 15 s).
    private static func trickle(port: Int, token: String) throws -> String {
        let descriptor = try connected(port: port)
        defer { close(descriptor) }
        let head =
            "POST /samples HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
        _ = head.withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var closed = false
        for _ in 0..<50 {  // at most 15 s
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 { received += buffer[0..<count] }
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                closed = true
                break
            }
            _ = " ".withCString { send(descriptor, $0, 1, Int32(MSG_NOSIGNAL)) }
        }
        return closed ? String(decoding: received, as: UTF8.self) : ""
    }
}

@Suite("Request limits in the OpenAPI document")
struct LimitDocumentTests {
    @Test("The document names every limit an error may name, and every route may answer 429")
    func documentNamesLimits() {
        let line =
            OpenAPIDocument.yaml.components(separatedBy: "\n").first { $0.contains("limit: {type: string") } ?? ""
        let list = line.components(separatedBy: "enum: [").last?.components(separatedBy: "]").first ?? ""
        #expect(Set(list.components(separatedBy: ", ")) == Set(ServerLimit.allCases.map(\.rawValue)))
        let routes = OpenAPIDocument.yaml.components(separatedBy: "\n  /").dropFirst().filter {
            !$0.hasPrefix("session/delete")
        }
        for route in routes { #expect(route.contains("\"429\""), "\(route.prefix(40))") }
    }
}
