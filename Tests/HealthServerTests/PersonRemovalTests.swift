import Foundation
import HTTPTypes
import HealthServer
import HealthStorePostgres
import HealthTestSupport
import HummingbirdTesting
import Testing

@Suite("Removing a person: store, clients, tokens and uploads gone; the same name added again starts empty")
struct PersonRemovalTests {
    @Test(
        "After removal the person's tokens get 401, the store file and its log are gone, uploads too, and the server closes the store; others are untouched"
    )
    func removalErasesEverything() async throws {
        let fixture = try ServerFixture()
        let steps = fixture.token("alice", "com.example.steps")
        let health = fixture.token("alice", "com.apple.Health")
        let bob = fixture.token("bob", "com.example.steps")
        try await fixture.withRouter { client in
            try await client.save([ServerFixture.stepsJSON(4321)], token: steps)
            try await client.save([ServerFixture.stepsJSON(77)], token: bob)
            let path = fixture.directory.storePath(of: "alice")
            #expect(FileManager.default.fileExists(atPath: path))
            // An upload in flight.
            let uploads = fixture.directory.uploadsPath(of: "alice")
            try FileManager.default.createDirectory(atPath: uploads, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: uploads + "/1.upload", contents: Data("<HealthData>".utf8))

            try fixture.server.registry.removePerson("alice", storage: .directory(fixture.directory))

            for token in [steps, health] {
                let reply = try await client.call(.get, "/samples?type=stepCount", token: token)
                #expect(reply.status == .unauthorized, "\(reply.text)")
            }
            for suffix in ["", "-wal", "-shm"] {
                #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(path + suffix)")
            }
            #expect(!FileManager.default.fileExists(atPath: uploads))
            #expect(try fixture.server.registry.people() == ["bob"])
            #expect(try fixture.server.registry.clients(of: "alice").isEmpty)
            // The server's own sweep (every 5 s) may have closed it first on a slow machine; either way it is closed.
            let closed = fixture.server.stores.closeRemovedStores()
            #expect(closed == ["alice"] || closed.isEmpty, "\(closed)")
            #expect(fixture.server.stores.openCount == 1)
            // Bob's data stays.
            #expect(try await client.call(.get, "/samples?type=stepCount", token: bob).samples.count == 1)
            #expect(throws: RegistryError.unknownPerson("alice")) {
                try fixture.server.registry.removePerson("alice", storage: .directory(fixture.directory))
            }
        }
    }

    @Test(
        "A person removed while the server has their store open and added again under the same name starts empty, on a new file"
    )
    func sameNameAddedAgainStartsEmpty() async throws {
        let fixture = try ServerFixture()
        let old = fixture.token("alice", "com.example.steps")
        try await fixture.withRouter { client in
            try await client.save([ServerFixture.stepsJSON(4321)], token: old)
            let registry = fixture.server.registry
            try registry.removePerson("alice", storage: .directory(fixture.directory))
            // No sweep in between: the next request must notice by itself.
            try registry.addPerson("alice", now: ServerFixture.fixedNow.addingTimeInterval(60))
            let (_, token) = try registry.addClient(
                person: "alice", bundleIdentifier: "com.example.steps", name: nil, share: ["stepCount"],
                read: ["stepCount"], fullAccess: false,
                now: ServerFixture.fixedNow.addingTimeInterval(60))
            #expect(try await client.call(.get, "/samples?type=stepCount", token: old).status == .unauthorized)
            let fresh = try await client.call(.get, "/samples?type=stepCount", token: token.text)
            #expect(fresh.status == .ok)
            #expect(fresh.samples.isEmpty, "\(fresh.text)")
            try await client.save([ServerFixture.stepsJSON(5)], token: token.text)
            #expect(try await client.call(.get, "/samples?type=stepCount", token: token.text).samples.count == 1)
            #expect(FileManager.default.fileExists(atPath: fixture.directory.storePath(of: "alice")))
        }
    }

    @Test(
        "On PostgreSQL: removal deletes the person's rows and clients; the same name added again starts empty",
        .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.offReason))
    func postgresRemoval() async throws {
        let url = try #require(PostgresTestDatabase.url)
        let database = try PostgresStoreClient(url: url, maximumConnections: 4)
        defer { database.shutdown() }
        let directory = ServerDirectory(
            path: FileManager.default.temporaryDirectory.appendingPathComponent("ohk-server-\(UUID().uuidString)").path)
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let server = try HealthServer(
            directory: directory, configuration: ServerFixture.configuration(), postgres: database)
        defer { server.stores.close() }
        let person = "p-" + UUID().uuidString.lowercased()
        @Sendable func addClient(at date: Date) throws -> String {
            try server.registry.addPerson(person, now: date)
            return try server.registry.addClient(
                person: person, bundleIdentifier: "com.example.steps", name: nil, share: ["stepCount"],
                read: ["stepCount"], fullAccess: false, now: date
            ).1.text
        }
        let old = try addClient(at: ServerFixture.fixedNow)
        try await server.application(logger: .init(label: "ohk.test")).test(.router) { client in
            try await client.save([ServerFixture.stepsJSON(4321)], token: old)
            try server.registry.removePerson(person, storage: .postgres(database))
            #expect(try await client.call(.get, "/samples?type=stepCount", token: old).status == .unauthorized)
            let rows = try database.blocking("counting") { [client = database.client] in
                var count = 0
                for try await value in try await client.query("SELECT count(*) FROM samples WHERE person = \(person)")
                    .decode(Int.self)
                { count = value }
                return count
            }
            #expect(rows == 0)
            let token = try addClient(at: ServerFixture.fixedNow.addingTimeInterval(60))
            let fresh = try await client.call(.get, "/samples?type=stepCount", token: token)
            #expect(fresh.status == .ok && fresh.samples.isEmpty, "\(fresh.text)")
            try await client.save([ServerFixture.stepsJSON(5)], token: token)
            #expect(try await client.call(.get, "/samples?type=stepCount", token: token).samples.count == 1)
        }
    }
}

extension ServerFixture {
    /// A step count sample's JSON on 2024-03-05.
    static func stepsJSON(_ count: Int) -> String {
        steps(Double(count), start: "2024-03-05T08:00:00Z", end: "2024-03-05T09:00:00Z")
    }
}
