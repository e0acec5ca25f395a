import Foundation
import HTTPTypes
import HealthServer
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// A server on a fresh temporary directory with two people: alice (a steps app reading steps, a blood pressure and
/// food app, a reader that may share steps but reads only systolic pressure and food energy, her Health app with full access) and bob (the same steps app).
struct ServerFixture {
    let directory: ServerDirectory
    let server: HealthServer
    /// Tokens by "person/bundle".
    let tokens: [String: String]

    static let fixedNow = Date(timeIntervalSince1970: 1_710_000_000)

    /// The configuration of test servers: any free port, the fixed clock, the metrics token, and rates so high that
    /// tests of other behaviour, which send requests as fast as they can from one address, never meet them (the rates
    /// are the business of `LimitTests`, whose `configure` sets them).
    static func configuration() -> ServerConfiguration {
        var configuration = ServerConfiguration(port: 0, now: { ServerFixture.fixedNow }, clock: ContinuousClock())
        configuration.limits.requestsPerSecond = 1_000_000
        configuration.limits.requestBurst = 1_000_000
        configuration.limits.anonymousRequestsPerSecond = 1_000_000
        configuration.limits.anonymousBurst = 1_000_000
        configuration.limits.signInAttemptsPerMinute = 1_000_000
        configuration.limits.signInBurst = 1_000_000
        configuration.metricsAccess = MetricsAccess(token: ServerFixture.metricsToken)
        return configuration
    }

    /// The operator's token for `/metrics` in these servers.
    static let metricsToken = "metrics-token-for-the-tests-only"

    init(tls: ServerTLS? = nil, configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-server-\(UUID().uuidString)").path
        directory = ServerDirectory(path: path)
        var configuration = ServerFixture.configuration()
        configure(&configuration)
        server = try HealthServer(directory: directory, configuration: configuration, tls: tls)
        let registry = server.registry
        try registry.addPerson("alice", now: ServerFixture.fixedNow)
        try registry.addPerson("bob", now: ServerFixture.fixedNow)
        var tokens: [String: String] = [:]
        func add(_ person: String, _ bundle: String, share: [String], read: [String], fullAccess: Bool = false) throws {
            let (_, token) = try registry.addClient(
                person: person, bundleIdentifier: bundle, name: nil, share: share, read: read, fullAccess: fullAccess,
                now: ServerFixture.fixedNow)
            tokens["\(person)/\(bundle)"] = token.text
        }
        try add(
            "alice", "com.example.steps",
            share: ["stepCount", "heartRate", "sleepAnalysis", "HKWorkoutTypeIdentifier", "activeEnergyBurned"],
            read: ["stepCount", "heartRate", "sleepAnalysis", "workout", "activeEnergyBurned"])
        try add(
            "alice", "com.example.pressure",
            share: ["bloodPressureSystolic", "bloodPressureDiastolic", "dietaryEnergyConsumed", "dietaryProtein"],
            read: ["bloodPressureSystolic", "bloodPressureDiastolic"])
        try add(
            "alice", "com.example.reader", share: ["stepCount"],
            read: ["bloodPressureSystolic", "dietaryEnergyConsumed"])
        try add("alice", "com.apple.Health", share: [], read: [], fullAccess: true)
        try add("bob", "com.example.steps", share: ["stepCount"], read: ["stepCount"])
        self.tokens = tokens
    }

    func token(_ person: String, _ bundle: String) -> String { tokens["\(person)/\(bundle)"]! }

    /// The application under test (logs only warnings, to keep test output short).
    func application() -> some ApplicationProtocol {
        var logger = Logger(label: "ohk.test")
        logger.logLevel = .warning
        return server.application(logger: logger)
    }

    /// Runs `body` against the router (no sockets), then removes the directory; returns what `body` returned.
    func withRouter<Value: Sendable>(
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        return try await application().test(.router) { client in try await body(client) }
    }
}

/// An answer: status, headers and the JSON body as a dictionary.
struct Reply: @unchecked Sendable {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let body: Data

    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    var text: String { String(decoding: body, as: UTF8.self) }
    var error: [String: Any] { json["error"] as? [String: Any] ?? [:] }
    var errorField: String? { error["field"] as? String }
    var samples: [[String: Any]] { json["samples"] as? [[String: Any]] ?? [] }
    var uuids: [String] { samples.compactMap { $0["uuid"] as? String } }
}

extension TestClientProtocol {
    /// One request with an optional bearer token and JSON body.
    func call(
        _ method: HTTPRequest.Method, _ uri: String, token: String?, body: String? = nil, headers: HTTPFields = [:]
    ) async throws -> Reply {
        var fields = headers
        if let token { fields[.authorization] = "Bearer \(token)" }
        if body != nil, fields[.contentType] == nil { fields[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: fields, body: body.map { ByteBuffer(string: $0) }) {
            response in
            Reply(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
        }
    }

    /// Saves samples (JSON objects) as a client; expects 201.
    @discardableResult
    func save(
        _ samples: [String], token: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Reply {
        let reply = try await call(
            .post, "/samples", token: token, body: "{\"samples\": [\(samples.joined(separator: ","))]}")
        #expect(reply.status == .created, "\(reply.text)", sourceLocation: sourceLocation)
        return reply
    }
}

/// A step count sample's JSON.
func steps(_ count: Double, start: String, end: String, uuid: String? = nil) -> String {
    let value = count == count.rounded() ? String(Int(count)) : String(count)
    return
        "{\"type\": \"stepCount\", \"startDate\": \"\(start)\", \"endDate\": \"\(end)\", \"value\": \(value), \"unit\": \"count\"\(uuid.map { ", \"uuid\": \"\($0)\"" } ?? "")}"
}
