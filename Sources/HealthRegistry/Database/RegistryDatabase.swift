import Foundation

/// Where a `PersonRegistry` keeps people and clients: the SQLite file of a server directory
/// (`SQLiteRegistryDatabase`) or a PostgreSQL database shared by several servers (`PostgresRegistryDatabase`). The
/// registry checks names, grants and tokens; a database only stores and finds rows, each call one transaction.
protocol RegistryDatabase: Sendable {
    /// Adds a person; false when the name is taken.
    func insertPerson(_ name: String, now: Date) throws(RegistryError) -> Bool

    /// The people, by name.
    func people() throws(RegistryError) -> [String]

    /// Adds an active client with its token's digest, unless its person is unknown or has an active client of that
    /// bundle identifier.
    func insertClient(_ client: RegisteredClient, tokenHash: [UInt8]) throws(RegistryError) -> ClientInsertion

    /// Marks a person's active client of a bundle identifier revoked; answers how many were (0 or 1).
    func revokeClient(person: String, bundleIdentifier: String, now: Date) throws(RegistryError) -> Int

    /// Deletes a person and all of their clients (with their token digests) in one transaction; false when no person
    /// has the name.
    func deletePerson(_ name: String) throws(RegistryError) -> Bool

    /// A person's clients, active and revoked, oldest first.
    func clients(of person: String) throws(RegistryError) -> [RegisteredClient]

    /// The client of a token selector and its stored token digest (runs on every request the registry has not
    /// kept the client for).
    func client(selector: String) throws(RegistryError) -> (RegisteredClient, [UInt8])?

    /// A number that changes whenever anyone changes the registry, cheap enough to ask on every request; nil when the
    /// database cannot tell (then the registry keeps no clients and reads the row every time).
    func version() -> Int64?
}

/// What became of a client's registration.
enum ClientInsertion: Sendable {
    case inserted
    case unknownPerson
    case alreadyActive
}
