import Foundation
import HealthServer
import HealthStorePostgres
import HealthTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// Two servers on one PostgreSQL database, each with its own connection pool, as two `ohk serve --postgres`
/// processes would be (runs when `OHK_TEST_POSTGRES_URL` names a database).
@Suite(
    "Servers sharing a PostgreSQL database",
    .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.offReason))
struct PostgresServerTests {

    /// A person's name no other test (or earlier run on the same database) has used.
    private static func newPerson() -> String { "p-" + UUID().uuidString.lowercased() }

    /// Two servers on their own clients of the database and their own directories; closed and removed afterwards.
    private static func withTwoServers(_ body: (HealthServer, HealthServer) async throws -> Void) async throws {
        let url = try #require(PostgresTestDatabase.url)
        var servers: [HealthServer] = []
        var clients: [PostgresStoreClient] = []
        var directories: [String] = []
        defer {
            for server in servers { server.stores.close() }
            for client in clients { client.shutdown() }
            for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
        }
        for _ in 0..<2 {
            let client = try PostgresStoreClient(url: url, maximumConnections: 4)
            clients.append(client)
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "ohk-server-\(UUID().uuidString)"
            ).path
            directories.append(directory)
            let configuration = ServerFixture.configuration()
            servers.append(
                try HealthServer(
                    directory: ServerDirectory(path: directory), configuration: configuration, postgres: client))
        }
        try await body(servers[0], servers[1])
    }

    private static func application(_ server: HealthServer) -> some ApplicationProtocol {
        var logger = Logger(label: "ohk.test")
        logger.logLevel = .warning
        return server.application(logger: logger)
    }

    @Test(
        "A person and app registered through one server are known to the other, and a revocation through one holds on the other at once"
    )
    func sharedRegistry() async throws {
        try await Self.withTwoServers { first, second in
            let person = Self.newPerson()
            try first.registry.addPerson(person, now: ServerFixture.fixedNow)
            #expect(throws: RegistryError.personExists(person)) {
                try second.registry.addPerson(person, now: ServerFixture.fixedNow)
            }
            #expect(try second.registry.people().contains(person))
            let (client, token) = try first.registry.addClient(
                person: person, bundleIdentifier: "com.example.steps", name: "Steps", share: ["stepCount"],
                read: ["heartRate"],
                fullAccess: false, now: ServerFixture.fixedNow)
            #expect(try second.registry.authenticate(token.text) == client)
            #expect(try second.registry.clients(of: person) == [client])
            #expect(throws: RegistryError.self) {
                try second.registry.addClient(
                    person: person, bundleIdentifier: "com.example.steps", name: nil, share: [], read: [],
                    fullAccess: false, now: ServerFixture.fixedNow)
            }
            #expect(throws: RegistryError.self) {
                try second.registry.addClient(
                    person: Self.newPerson(), bundleIdentifier: "com.example.steps", name: nil, share: [], read: [],
                    fullAccess: false,
                    now: ServerFixture.fixedNow)
            }
            try await Self.application(second).test(.router) { server in
                #expect(try await server.call(.get, "/samples?type=stepCount", token: token.text).status == .ok)
                #expect(
                    try first.registry.revokeClient(
                        person: person, bundleIdentifier: "com.example.steps", now: ServerFixture.fixedNow + 1) == 1)
                let refused = try await server.call(.get, "/samples?type=stepCount", token: token.text)
                #expect(refused.status == .unauthorized)
                #expect(refused.error["message"] as? String == "the bearer token was revoked")
            }
            #expect(try second.registry.clients(of: person).map(\.revoked) == [ServerFixture.fixedNow + 1])
            #expect(throws: RegistryError.tokenRefused("the bearer token is not known")) {
                try second.registry.authenticate(AccessToken.generate().text)
            }
        }
    }

    @Test(
        "An app re-registered through one server with other grants is decided by them on both servers from its next request"
    )
    func reRegisteredGrantsHoldOnBothServers() async throws {
        try await Self.withTwoServers { first, second in
            let person = Self.newPerson()
            try first.registry.addPerson(person, now: ServerFixture.fixedNow)
            let watch = try first.registry.addClient(
                person: person, bundleIdentifier: "com.example.watch", name: "Watch", share: ["stepCount"], read: [],
                fullAccess: false, now: ServerFixture.fixedNow
            ).1.text
            let old = try first.registry.addClient(
                person: person, bundleIdentifier: "com.example.steps", name: "Steps", share: ["stepCount"],
                read: ["stepCount"], fullAccess: false, now: ServerFixture.fixedNow
            ).1.text
            try await Self.application(first).test(.router) { one in
                try await Self.application(second).test(.router) { two in
                    try await one.save(
                        [steps(9, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")], token: watch)
                    // Both servers have opened the person's store and served the app with its first grants.
                    for server in [one, two] as [any TestClientProtocol] {
                        #expect(try await server.call(.get, "/samples?type=stepCount", token: old).samples.count == 1)
                    }
                    _ = try second.registry.revokeClient(
                        person: person, bundleIdentifier: "com.example.steps", now: ServerFixture.fixedNow + 1)
                    let renewed = try second.registry.addClient(
                        person: person, bundleIdentifier: "com.example.steps", name: "Steps", share: [],
                        read: ["heartRate"], fullAccess: false, now: ServerFixture.fixedNow + 1
                    ).1.text
                    for server in [one, two] as [any TestClientProtocol] {
                        // The Watch's steps are no longer readable, and steps can no longer be saved.
                        let stepCount = "HKQuantityTypeIdentifierStepCount"
                        #expect(try await server.call(.get, "/samples?type=stepCount", token: renewed).samples.isEmpty)
                        let refused = try await server.call(
                            .post, "/samples", token: renewed,
                            body:
                                "{\"samples\": [\(steps(1, start: "2024-03-10T10:00:00Z", end: "2024-03-10T11:00:00Z"))]}"
                        )
                        #expect(refused.status == .forbidden)
                        // Taken back, not never granted: the registry says so to both servers.
                        #expect(
                            refused.error["message"] as? String == "not authorized: sharing \(stepCount) was denied")
                    }
                }
            }
        }
    }

    @Test("A commit through one server wakes a long-poll and an observer stream on the other, which then read it")
    func commitsWakeTheOtherServer() async throws {
        try await Self.withTwoServers { first, second in
            let person = Self.newPerson()
            try first.registry.addPerson(person, now: ServerFixture.fixedNow)
            let token = try first.registry.addClient(
                person: person, bundleIdentifier: "com.example.steps", name: nil, share: ["stepCount"],
                read: ["stepCount"], fullAccess: false,
                now: ServerFixture.fixedNow
            ).1.text
            try await Self.application(first).test(.router) { writer in
                try await Self.application(second).test(.router) { reader in
                    let poll = Task {
                        try await reader.call(.get, "/changes?type=stepCount&anchor=0&wait=30", token: token)
                    }
                    // Long enough for the save, the poll and the delete below on a loaded machine (the stream always lasts
                    // this long). From anchor 0, so that a stream opened after the save (a slow machine) still hears it.
                    let stream = Task {
                        try await reader.call(.get, "/observe?type=stepCount&anchor=0&timeout=15", token: token)
                    }
                    try await Task.sleep(for: .milliseconds(700))
                    let clock = ContinuousClock()
                    let saved = clock.now
                    let reply = try await writer.save(
                        [steps(42, start: "2024-03-10T08:00:00Z", end: "2024-03-10T09:00:00Z")], token: token)
                    let uuid = try #require((reply.json["saved"] as? [String])?.first)
                    let polled = try await poll.value
                    // Woken by the other server's commit, not by the end of the 30 s wait.
                    #expect(clock.now - saved < .seconds(10))
                    #expect(polled.uuids == [uuid])
                    #expect(polled.json["anchor"] as? Double == 1)
                    #expect(try await writer.call(.delete, "/samples?uuid=\(uuid)", token: token).status == .ok)
                    let observed = try await stream.value
                    #expect(observed.text.hasPrefix(": observing from anchor 0\n\n"))
                    #expect(
                        observed.text.contains("event: change\nid: 1\n")
                            || observed.text.contains("event: change\nid: 2\n"), "\(observed.text)")
                    #expect(observed.text.contains("event: change\nid: 2\n"), "\(observed.text)")
                    let after = try await reader.call(.get, "/changes?type=stepCount&anchor=1", token: token)
                    #expect(
                        (after.json["deletions"] as? [[String: Any]])?.compactMap { $0["uuid"] as? String } == [uuid])
                }
            }
        }
    }
}
