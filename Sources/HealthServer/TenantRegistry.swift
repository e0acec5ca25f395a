import Foundation
import GRDB
import Synchronization

/// The server's people and their clients, in `server.sqlite`: names, grants and token digests (never tokens).
///
/// Authentication keeps the clients it found, but every request first asks whether the file changed since
/// (`RegistryVersion`, SQLite's data version); any change — a revocation by `ohk clients revoke` in another process,
/// a new client — empties the kept clients, so a revocation still takes effect with the next request.
public final class TenantRegistry: Sendable {
    /// The server directory.
    public let directory: ServerDirectory
    private let pool: DatabasePool
    private let version: RegistryVersion
    /// Clients found by `authenticate`, by selector, with their token digests, valid at registry version `version`.
    private let authenticated = Mutex<(version: Int64?, clients: [String: (RegisteredClient, [UInt8])])>((nil, [:]))
    /// At most this many clients are kept (more empties the cache: it only saves a read).
    private static let keptClients = 10_000

    /// Opens (creating) the registry of a server directory.
    public init(directory: ServerDirectory) throws(HealthServerError) {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(atPath: directory.peoplePath, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            configuration.label = "OpenHealthKit server registry"
            pool = try DatabasePool(path: directory.registryPath, configuration: configuration)
            try TenantRegistry.migrator.migrate(pool)
        } catch {
            throw .storeFailure("cannot open the server registry at \(directory.registryPath): \(error)")
        }
        version = try RegistryVersion(path: directory.registryPath)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 people and clients") { db in
            try db.execute(sql: """
                CREATE TABLE people (name TEXT PRIMARY KEY NOT NULL, created REAL NOT NULL);
                CREATE TABLE clients (
                    selector TEXT PRIMARY KEY NOT NULL,
                    person TEXT NOT NULL REFERENCES people(name),
                    bundle_identifier TEXT NOT NULL,
                    name TEXT NOT NULL,
                    share_types TEXT NOT NULL,
                    read_types TEXT NOT NULL,
                    full_access INTEGER NOT NULL,
                    token_hash BLOB NOT NULL,
                    created REAL NOT NULL,
                    revoked REAL
                );
                CREATE UNIQUE INDEX clients_active ON clients(person, bundle_identifier) WHERE revoked IS NULL;
                """)
        }
        return migrator
    }

    // MARK: People

    /// Checks a person's name: 1–64 lowercase letters, digits, '.', '_' or '-', starting with a letter or digit (it
    /// names the person's store file).
    public static func checkPersonName(_ name: String) throws(HealthServerError) {
        let allowed = name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0) }
        guard (1...64).contains(name.count), allowed, let first = name.unicodeScalars.first, !"._-".unicodeScalars.contains(first) else {
            throw .invalidField(field: "NAME", reason: "'\(name)' is not a person's name: use 1–64 lowercase letters, digits, '.', '_' or '-', starting with a letter or digit")
        }
    }

    /// Adds a person; refuses a name already taken.
    public func addPerson(_ name: String, now: Date) throws(HealthServerError) {
        try TenantRegistry.checkPersonName(name)
        try write("adding \(name)") { db in
            guard try String.fetchOne(db, sql: "SELECT name FROM people WHERE name = ?", arguments: [name]) == nil else {
                throw HealthServerError.registration("a person named \(name) exists already")
            }
            try db.execute(sql: "INSERT INTO people (name, created) VALUES (?, ?)", arguments: [name, now.timeIntervalSince1970])
        }
    }

    /// The people, by name.
    public func people() throws(HealthServerError) -> [String] {
        try read("listing people") { db in try String.fetchAll(db, sql: "SELECT name FROM people ORDER BY name") }
    }

    // MARK: Clients

    /// Registers an app for a person with its grants and returns its token (shown once: only its digest is kept).
    /// A person has at most one active client per bundle identifier (grants are per app, as in HealthKit).
    public func addClient(
        person: String, bundleIdentifier: String, name: String?, share: [String], read: [String], fullAccess: Bool, now: Date
    ) throws(HealthServerError) -> (RegisteredClient, AccessToken) {
        guard !bundleIdentifier.isEmpty, bundleIdentifier.count <= 255,
              bundleIdentifier.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || ".-_".unicodeScalars.contains($0) }) else {
            throw .invalidField(field: "BUNDLE-ID", reason: "'\(bundleIdentifier)' is not a bundle identifier (letters, digits, '.', '-', '_')")
        }
        var shareTypes = Set<String>()
        for text in share { shareTypes.insert(try RegisteredClient.grantedType(text, share: true, field: "--share")) }
        var readTypes = Set<String>()
        for text in read { readTypes.insert(try RegisteredClient.grantedType(text, share: false, field: "--read")) }
        let token = AccessToken.generate()
        let client = RegisteredClient(
            person: person, bundleIdentifier: bundleIdentifier, name: name ?? bundleIdentifier, share: shareTypes, read: readTypes,
            fullAccess: fullAccess, selector: token.selector, created: now, revoked: nil)
        try write("adding a client for \(person)") { db in
            guard try String.fetchOne(db, sql: "SELECT name FROM people WHERE name = ?", arguments: [person]) != nil else {
                throw HealthServerError.registration("no person named \(person): add them first with `ohk users add \(person)`")
            }
            let active = "SELECT selector FROM clients WHERE person = ? AND bundle_identifier = ? AND revoked IS NULL"
            guard try String.fetchOne(db, sql: active, arguments: [person, bundleIdentifier]) == nil else {
                throw HealthServerError.registration("\(bundleIdentifier) is registered for \(person) already: revoke it first with `ohk clients revoke \(person) \(bundleIdentifier)`")
            }
            try db.execute(
                sql: """
                    INSERT INTO clients (selector, person, bundle_identifier, name, share_types, read_types, full_access, token_hash, created)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    client.selector, person, bundleIdentifier, client.name, shareTypes.sorted().joined(separator: "\n"),
                    readTypes.sorted().joined(separator: "\n"), fullAccess, Data(token.hash), now.timeIntervalSince1970,
                ])
        }
        return (client, token)
    }

    /// Revokes a person's active client; returns how many tokens were revoked (0 when none was active).
    @discardableResult
    public func revokeClient(person: String, bundleIdentifier: String, now: Date) throws(HealthServerError) -> Int {
        try write("revoking \(bundleIdentifier)") { db in
            try db.execute(
                sql: "UPDATE clients SET revoked = ? WHERE person = ? AND bundle_identifier = ? AND revoked IS NULL",
                arguments: [now.timeIntervalSince1970, person, bundleIdentifier])
            return db.changesCount
        }
    }

    /// A person's clients, active and revoked, oldest first.
    public func clients(of person: String) throws(HealthServerError) -> [RegisteredClient] {
        try read("listing clients") { db in
            try Row.fetchAll(db, sql: "SELECT * FROM clients WHERE person = ? ORDER BY created, selector", arguments: [person]).map(TenantRegistry.client)
        }
    }

    /// The active client a presented token belongs to; throws `unauthorized` for a malformed, unknown or revoked
    /// token (the digest is compared in constant time).
    public func authenticate(_ presented: String) throws(HealthServerError) -> RegisteredClient {
        guard let token = AccessToken(presented: presented) else { throw .unauthorized("the bearer token is malformed") }
        // The version before the read: a client read after a change it does not show is then never kept as current.
        let now = version.current()
        let kept = authenticated.withLock { kept -> (RegisteredClient, [UInt8])? in
            guard let now, kept.version == now else {
                kept = (now, [:])
                return nil
            }
            return kept.clients[token.selector]
        }
        var found = kept
        if found == nil {
            found = try read("checking a token") { db -> (RegisteredClient, [UInt8])? in
                let statement = try db.cachedStatement(sql: "SELECT * FROM clients WHERE selector = ?")
                guard let row = try Row.fetchOne(statement, arguments: [token.selector]) else { return nil }
                let stored: Data = row["token_hash"]
                return (TenantRegistry.client(row), Array(stored))
            }
            if let found, let now {
                authenticated.withLock { kept in
                    guard kept.version == now else { return }
                    if kept.clients.count >= TenantRegistry.keptClients { kept.clients.removeAll() }
                    kept.clients[token.selector] = found
                }
            }
        }
        guard let (client, storedHash) = found, token.matches(storedHash: storedHash) else {
            throw .unauthorized("the bearer token is not known")
        }
        guard client.revoked == nil else { throw .unauthorized("the bearer token was revoked") }
        return client
    }

    private static func client(_ row: Row) -> RegisteredClient {
        func types(_ text: String) -> Set<String> { Set(text.split(separator: "\n").map(String.init)) }
        let revoked: Double? = row["revoked"]
        return RegisteredClient(
            person: row["person"], bundleIdentifier: row["bundle_identifier"], name: row["name"], share: types(row["share_types"]),
            read: types(row["read_types"]), fullAccess: row["full_access"], selector: row["selector"],
            created: Date(timeIntervalSince1970: row["created"]), revoked: revoked.map(Date.init(timeIntervalSince1970:)))
    }

    // MARK: Transactions

    private func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(HealthServerError) -> T {
        do {
            return try pool.read(body)
        } catch let error as HealthServerError {
            throw error
        } catch {
            throw .storeFailure("the server registry failed while \(operation): \(error)")
        }
    }

    private func write<T>(_ operation: String, _ body: (Database) throws -> T) throws(HealthServerError) -> T {
        do {
            return try pool.write(body)
        } catch let error as HealthServerError {
            throw error
        } catch {
            throw .storeFailure("the server registry failed while \(operation): \(error)")
        }
    }
}
