import Foundation
import HealthServer
import Testing

@Suite("Registry and tokens")
struct PersonRegistryTests {
    private func temporaryDirectory() -> ServerDirectory {
        ServerDirectory(
            path: FileManager.default.temporaryDirectory.appendingPathComponent("ohk-registry-\(UUID().uuidString)")
                .path)
    }

    @Test("Tokens are kept only as SHA-256 digests and shown once")
    func tokensAreHashed() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let registry = try PersonRegistry(directory: directory)
        try registry.addPerson("carol", now: Date(timeIntervalSince1970: 0))
        let (client, token) = try registry.addClient(
            person: "carol", bundleIdentifier: "org.example.app", name: "App", share: ["stepCount"],
            read: ["HKQuantityTypeIdentifierHeartRate"],
            fullAccess: false, now: Date(timeIntervalSince1970: 0))
        #expect(client.share == ["HKQuantityTypeIdentifierStepCount"])
        #expect(try registry.authenticate(token.text) == client)
        // The registry file and its write-ahead log, wherever the row is now.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: directory.registryPath))
        bytes += (try? Data(contentsOf: URL(fileURLWithPath: directory.registryPath + "-wal"))) ?? Data()
        #expect(bytes.range(of: Data(token.text.utf8)) == nil)
        #expect(bytes.range(of: Data(String(token.text.suffix(64)).utf8)) == nil)
        #expect(bytes.range(of: Data(token.hash)) != nil)
        #expect(token.matches(storedHash: token.hash))
        // Flip one bit of the last byte (replacing it with 0 would leave it unchanged in 1 run of 256).
        #expect(!token.matches(storedHash: Array(token.hash.dropLast()) + [token.hash.last! ^ 0x01]))
        #expect(AccessToken.generate() != AccessToken.generate())
    }

    @Test(
        "A revocation through another connection (another process's `ohk clients revoke`) fails the next authentication"
    )
    func revocationElsewhereIsSeen() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let server = try PersonRegistry(directory: directory)
        let now = Date(timeIntervalSince1970: 0)
        try server.addPerson("erin", now: now)
        let (client, token) = try server.addClient(
            person: "erin", bundleIdentifier: "org.example.app", name: nil, share: [], read: ["stepCount"],
            fullAccess: false, now: now)
        // Authenticated twice: the second time from what the registry kept.
        #expect(try server.authenticate(token.text) == client)
        #expect(try server.authenticate(token.text) == client)
        let elsewhere = try PersonRegistry(directory: directory)
        try elsewhere.revokeClient(person: "erin", bundleIdentifier: "org.example.app", now: now)
        #expect(throws: RegistryError.tokenRefused("the bearer token was revoked")) {
            try server.authenticate(token.text)
        }
        // A kept client is still checked against its digest.
        let forged = String(token.text.dropLast(64)) + String(repeating: "0", count: 64)
        let (_, second) = try elsewhere.addClient(
            person: "erin", bundleIdentifier: "org.example.app", name: nil, share: [], read: [], fullAccess: false,
            now: now)
        #expect(try server.authenticate(second.text).revoked == nil)
        #expect(throws: RegistryError.self) {
            try server.authenticate(String(second.text.dropLast(64)) + String(repeating: "0", count: 64))
        }
        #expect(throws: RegistryError.self) { try server.authenticate(forged) }
    }

    /// The field of the `invalidField` error `body` throws (nil for any other outcome).
    private static func field(_ body: () throws -> Void) -> String? {
        do {
            try body()
        } catch let RegistryError.invalidField(field, _) {
            return field
        } catch {}
        return nil
    }

    @Test("Registration refuses bad names, unknown people, duplicate apps and types that cannot be granted")
    func registrationRules() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let registry = try PersonRegistry(directory: directory)
        let now = Date(timeIntervalSince1970: 0)
        for name in ["", "Alice", "../etc", ".hidden", String(repeating: "a", count: 65)] {
            #expect(throws: RegistryError.self) { try registry.addPerson(name, now: now) }
        }
        try registry.addPerson("dave", now: now)
        #expect(throws: RegistryError.personExists("dave")) { try registry.addPerson("dave", now: now) }
        func add(_ person: String, _ bundle: String, share: [String] = [], read: [String] = []) throws {
            _ = try registry.addClient(
                person: person, bundleIdentifier: bundle, name: nil, share: share, read: read, fullAccess: false,
                now: now)
        }
        #expect(throws: RegistryError.unknownPerson("erin")) { try add("erin", "org.example.app") }
        // Fields are named in the registry's terms (the server answers with them; `ohk` names its arguments).
        #expect(Self.field { try registry.addPerson("Alice", now: now) } == "person")
        #expect(Self.field { try add("dave", "org example") } == "bundleIdentifier")
        #expect(Self.field { try add("dave", "org.example.app", share: ["stepsTaken"]) } == "share")
        #expect(Self.field { try add("dave", "org.example.app", read: ["stepsTaken"]) } == "read")
        #expect(throws: RegistryError.self) { try add("dave", "org.example.app", read: ["bloodPressure"]) }
        #expect(throws: RegistryError.self) { try add("dave", "org.example.app", share: ["appleStandTime"]) }
        try add("dave", "org.example.app", share: ["stepCount"], read: ["activitySummary"])
        #expect(throws: RegistryError.clientExists(person: "dave", bundleIdentifier: "org.example.app")) {
            try add("dave", "org.example.app")
        }
        #expect(try registry.revokeClient(person: "dave", bundleIdentifier: "org.example.app", now: now) == 1)
        #expect(try registry.revokeClient(person: "dave", bundleIdentifier: "org.example.app", now: now) == 0)
        _ = try registry.addClient(
            person: "dave", bundleIdentifier: "org.example.app", name: nil, share: [], read: [], fullAccess: false,
            now: now + 60)
        #expect(try registry.clients(of: "dave").map { $0.revoked == nil } == [false, true])
        #expect(try registry.people() == ["dave"])
    }

    @Test("The server directory follows --store, then OHK_SERVER_STORE, then the XDG data directory, then HOME")
    func directoryResolution() throws {
        #expect(try ServerDirectory.resolve(option: "~/srv", environment: ["HOME": "/home/a"]).path == "/home/a/srv")
        #expect(
            try ServerDirectory.resolve(option: nil, environment: ["OHK_SERVER_STORE": "/data/ohk", "HOME": "/home/a"])
                .path == "/data/ohk")
        #expect(
            try ServerDirectory.resolve(option: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/a"]).path
                == "/xdg/openhealthkit/server")
        #expect(
            try ServerDirectory.resolve(option: nil, environment: ["HOME": "/home/a"]).path
                == "/home/a/.local/share/openhealthkit/server")
        #expect(throws: RegistryError.noServerDirectory) { try ServerDirectory.resolve(option: nil, environment: [:]) }
        #expect(ServerDirectory(path: "/d").storePath(of: "alice") == "/d/people/alice.sqlite")
    }
}
