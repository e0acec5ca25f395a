import Foundation
import HealthStorePostgres
import Synchronization

/// The server's people and their clients: names, grants and token digests (never tokens), in `server.sqlite` of the
/// server directory or, for servers sharing a PostgreSQL database, in its `server_people` and `server_clients` tables.
///
/// Authentication keeps the clients it found while the registry's version (`RegistryDatabase.version()`: SQLite's data
/// version) says nothing changed; any change — a revocation by `ohk clients revoke` in another process, a new client —
/// empties the kept clients, so a revocation takes effect with the next request. PostgreSQL has no such cheap version
/// across servers, so there every request reads the client's row (a prepared statement), and a revocation made through
/// any server holds on all of them at the next request.
public final class PersonRegistry: Sendable {
    /// The server directory (the registry file for SQLite; uploads in any case).
    public let directory: ServerDirectory
    private let database: any RegistryDatabase
    /// Clients found by `authenticate`, by selector, with their token digests, valid at registry version `version`.
    private let authenticated = Mutex<(version: Int64?, clients: [String: (RegisteredClient, [UInt8])])>((nil, [:]))
    /// At most this many clients are kept (more empties the cache: it only saves a read).
    private static let keptClients = 10_000

    /// Opens (creating) the registry of a server directory.
    public init(directory: ServerDirectory) throws(RegistryError) {
        self.directory = directory
        database = try SQLiteRegistryDatabase(directory: directory)
    }

    /// Opens (creating, migrating) the registry kept in a PostgreSQL database, shared by every server using it;
    /// `directory` holds only uploads in flight.
    public init(directory: ServerDirectory, postgres: PostgresStoreClient) throws(RegistryError) {
        self.directory = directory
        database = try PostgresRegistryDatabase(client: postgres)
    }

    // MARK: People

    /// Checks a person's name: 1–64 lowercase letters, digits, '.', '_' or '-', starting with a letter or digit (it
    /// names the person's store file).
    public static func checkPersonName(_ name: String) throws(RegistryError) {
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
        }
        guard (1...64).contains(name.count), allowed, let first = name.unicodeScalars.first,
            !"._-".unicodeScalars.contains(first)
        else {
            throw .invalidField(
                field: "person",
                reason:
                    "'\(name)' is not a person's name: use 1–64 lowercase letters, digits, '.', '_' or '-', starting with a letter or digit"
            )
        }
    }

    /// Adds a person; refuses a name already taken.
    public func addPerson(_ name: String, now: Date) throws(RegistryError) {
        try PersonRegistry.checkPersonName(name)
        guard try database.insertPerson(name, now: now) else { throw .personExists(name) }
    }

    /// Removes a person: first from the registry, their row and all of their clients with their token digests (so
    /// their tokens are refused from the next request on, in this process and in a running server), then their store
    /// (`PersonStorageLocation.erase`: the SQLite file with its log, or their PostgreSQL rows) and their uploads in
    /// flight (`uploads/NAME/` of the server directory). Throws when no person has the name. A server that has the
    /// store open closes it (`PersonStores`).
    public func removePerson(_ name: String, storage: PersonStorageLocation) throws(RegistryError) {
        try PersonRegistry.checkPersonName(name)
        guard try database.deletePerson(name) else { throw .unknownPerson(name) }
        authenticated.withLock { $0 = (nil, [:]) }
        do {
            try storage.erase(name)
        } catch {
            throw .erasureFailure(
                "\(name) is removed from the registry, but their store could not be erased (remove it by hand): \(error)"
            )
        }
        let uploads = directory.uploadsPath(of: name)
        if FileManager.default.fileExists(atPath: uploads) {
            do {
                try FileManager.default.removeItem(atPath: uploads)
            } catch {
                throw .erasureFailure("cannot remove the uploads of \(name) at \(uploads): \(error)")
            }
        }
    }

    /// The people, by name.
    public func people() throws(RegistryError) -> [String] { try database.people() }

    // MARK: Clients

    /// Registers an app for a person with its grants and returns its token (shown once: only its digest is kept).
    /// A person has at most one active client per bundle identifier (grants are per app, as in HealthKit).
    public func addClient(
        person: String, bundleIdentifier: String, name: String?, share: [String], read: [String], fullAccess: Bool,
        now: Date
    ) throws(RegistryError) -> (RegisteredClient, AccessToken) {
        guard !bundleIdentifier.isEmpty, bundleIdentifier.count <= 255,
            bundleIdentifier.unicodeScalars.allSatisfy({
                CharacterSet.alphanumerics.contains($0) || ".-_".unicodeScalars.contains($0)
            })
        else {
            throw .invalidField(
                field: "bundleIdentifier",
                reason: "'\(bundleIdentifier)' is not a bundle identifier (letters, digits, '.', '-', '_')")
        }
        var shareTypes = Set<String>()
        for text in share { shareTypes.insert(try RegisteredClient.grantedType(text, share: true, field: "share")) }
        var readTypes = Set<String>()
        for text in read { readTypes.insert(try RegisteredClient.grantedType(text, share: false, field: "read")) }
        let token = AccessToken.generate()
        let client = RegisteredClient(
            person: person, bundleIdentifier: bundleIdentifier, name: name ?? bundleIdentifier, share: shareTypes,
            read: readTypes,
            fullAccess: fullAccess, selector: token.selector, created: now, revoked: nil)
        switch try database.insertClient(client, tokenHash: token.hash) {
        case .inserted: break
        case .unknownPerson: throw .unknownPerson(person)
        case .alreadyActive: throw .clientExists(person: person, bundleIdentifier: bundleIdentifier)
        }
        return (client, token)
    }

    /// Revokes a person's active client; returns how many tokens were revoked (0 when none was active).
    @discardableResult
    public func revokeClient(person: String, bundleIdentifier: String, now: Date) throws(RegistryError) -> Int {
        try database.revokeClient(person: person, bundleIdentifier: bundleIdentifier, now: now)
    }

    /// A person's clients, active and revoked, oldest first.
    public func clients(of person: String) throws(RegistryError) -> [RegisteredClient] {
        try database.clients(of: person)
    }

    /// The active client a presented token belongs to; throws `tokenRefused` for a malformed, unknown or revoked
    /// token (the digest is compared in constant time).
    public func authenticate(_ presented: String) throws(RegistryError) -> RegisteredClient {
        guard let token = AccessToken(presented: presented) else {
            throw .tokenRefused("the bearer token is malformed")
        }
        // The version before the read: a client read after a change it does not show is then never kept as current.
        let now = database.version()
        let kept = authenticated.withLock { kept -> (RegisteredClient, [UInt8])? in
            guard let now, kept.version == now else {
                kept = (now, [:])
                return nil
            }
            return kept.clients[token.selector]
        }
        var found = kept
        if found == nil {
            found = try database.client(selector: token.selector)
            if let found, let now {
                authenticated.withLock { kept in
                    guard kept.version == now else { return }
                    if kept.clients.count >= PersonRegistry.keptClients { kept.clients.removeAll() }
                    kept.clients[token.selector] = found
                }
            }
        }
        guard let (client, storedHash) = found, token.matches(storedHash: storedHash) else {
            throw .tokenRefused("the bearer token is not known")
        }
        guard client.revoked == nil else { throw .tokenRefused("the bearer token was revoked") }
        return client
    }
}

/// The registry's earlier name.
@available(*, deprecated, renamed: "PersonRegistry")
public typealias TenantRegistry = PersonRegistry
