import Foundation
import GRDB

/// The registry in `server.sqlite` of a server directory (GRDB, write-ahead log: other processes' `ohk clients`
/// commands write it while the server reads).
final class SQLiteRegistryDatabase: RegistryDatabase {
    private let pool: DatabasePool
    private let dataVersion: RegistryVersion

    /// Opens (creating, migrating) the registry file of a server directory.
    init(directory: ServerDirectory) throws(RegistryError) {
        do {
            try FileManager.default.createDirectory(atPath: directory.peoplePath, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            configuration.label = "OpenHealthKit server registry"
            pool = try DatabasePool(path: directory.registryPath, configuration: configuration)
            try SQLiteRegistryDatabase.migrator.migrate(pool)
        } catch {
            throw .databaseFailure("cannot open the server registry at \(directory.registryPath): \(error)")
        }
        dataVersion = try RegistryVersion(path: directory.registryPath)
    }

    func version() -> Int64? { dataVersion.current() }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 people and clients") { db in
            try db.execute(
                sql: """
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

    func insertPerson(_ name: String, now: Date) throws(RegistryError) -> Bool {
        try write("adding \(name)") { db in
            guard try String.fetchOne(db, sql: "SELECT name FROM people WHERE name = ?", arguments: [name]) == nil
            else { return false }
            try db.execute(
                sql: "INSERT INTO people (name, created) VALUES (?, ?)", arguments: [name, now.timeIntervalSince1970])
            return true
        }
    }

    func people() throws(RegistryError) -> [String] {
        try read("listing people") { db in try String.fetchAll(db, sql: "SELECT name FROM people ORDER BY name") }
    }

    func insertClient(_ client: RegisteredClient, tokenHash: [UInt8]) throws(RegistryError) -> ClientInsertion {
        try write("adding a client for \(client.person)") { db in
            guard
                try String.fetchOne(db, sql: "SELECT name FROM people WHERE name = ?", arguments: [client.person])
                    != nil
            else {
                return .unknownPerson
            }
            let active = "SELECT selector FROM clients WHERE person = ? AND bundle_identifier = ? AND revoked IS NULL"
            guard try String.fetchOne(db, sql: active, arguments: [client.person, client.bundleIdentifier]) == nil
            else { return .alreadyActive }
            try db.execute(
                sql: """
                    INSERT INTO clients (selector, person, bundle_identifier, name, share_types, read_types, full_access, token_hash, created)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    client.selector, client.person, client.bundleIdentifier, client.name,
                    client.share.sorted().joined(separator: "\n"),
                    client.read.sorted().joined(separator: "\n"), client.fullAccess, Data(tokenHash),
                    client.created.timeIntervalSince1970,
                ])
            return .inserted
        }
    }

    func revokeClient(person: String, bundleIdentifier: String, now: Date) throws(RegistryError) -> Int {
        try write("revoking \(bundleIdentifier)") { db in
            try db.execute(
                sql: "UPDATE clients SET revoked = ? WHERE person = ? AND bundle_identifier = ? AND revoked IS NULL",
                arguments: [now.timeIntervalSince1970, person, bundleIdentifier])
            return db.changesCount
        }
    }

    func deletePerson(_ name: String) throws(RegistryError) -> Bool {
        try write("removing \(name)") { db in
            try db.execute(sql: "DELETE FROM clients WHERE person = ?", arguments: [name])
            try db.execute(sql: "DELETE FROM people WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    func clients(of person: String) throws(RegistryError) -> [RegisteredClient] {
        try read("listing clients") { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM clients WHERE person = ? ORDER BY created, selector", arguments: [person]
            )
            .map(SQLiteRegistryDatabase.client)
        }
    }

    func client(selector: String) throws(RegistryError) -> (RegisteredClient, [UInt8])? {
        try read("checking a token") { db -> (RegisteredClient, [UInt8])? in
            // A cached statement: this runs on every request.
            let statement = try db.cachedStatement(
                sql: """
                    SELECT clients.*, people.created AS person_created,
                        (SELECT group_concat(earlier.share_types, char(10)) FROM clients AS earlier
                            WHERE earlier.person = clients.person AND earlier.bundle_identifier = clients.bundle_identifier
                            AND earlier.revoked IS NOT NULL AND earlier.selector != clients.selector) AS earlier_share,
                        (SELECT group_concat(earlier.read_types, char(10)) FROM clients AS earlier
                            WHERE earlier.person = clients.person AND earlier.bundle_identifier = clients.bundle_identifier
                            AND earlier.revoked IS NOT NULL AND earlier.selector != clients.selector) AS earlier_read
                    FROM clients JOIN people ON people.name = clients.person
                    WHERE selector = ?
                    """)
            guard let row = try Row.fetchOne(statement, arguments: [selector]) else { return nil }
            let stored: Data = row["token_hash"]
            return (SQLiteRegistryDatabase.client(row), Array(stored))
        }
    }

    private static func client(_ row: Row) -> RegisteredClient {
        func types(_ text: String) -> Set<String> { Set(text.split(separator: "\n").map(String.init)) }
        let revoked: Double? = row["revoked"]
        let personCreated: Double? = row.hasColumn("person_created") ? row["person_created"] : nil
        // An earlier registration's grants, read with the client by its token only.
        let earlierShare: String? = row.hasColumn("earlier_share") ? row["earlier_share"] : nil
        let earlierRead: String? = row.hasColumn("earlier_read") ? row["earlier_read"] : nil
        return RegisteredClient(
            person: row["person"], bundleIdentifier: row["bundle_identifier"], name: row["name"],
            share: types(row["share_types"]),
            read: types(row["read_types"]), fullAccess: row["full_access"], selector: row["selector"],
            created: Date(timeIntervalSince1970: row["created"]),
            revoked: revoked.map(Date.init(timeIntervalSince1970:)),
            personCreated: personCreated.map(Date.init(timeIntervalSince1970:)),
            withdrawnShare: earlierShare.map(types) ?? [], withdrawnRead: earlierRead.map(types) ?? [])
    }

    // MARK: Transactions

    private func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(RegistryError) -> T {
        do {
            return try pool.read(body)
        } catch let error as RegistryError {
            throw error
        } catch {
            throw .databaseFailure("the server registry failed while \(operation): \(error)")
        }
    }

    private func write<T>(_ operation: String, _ body: (Database) throws -> T) throws(RegistryError) -> T {
        do {
            return try pool.write(body)
        } catch let error as RegistryError {
            throw error
        } catch {
            throw .databaseFailure("the server registry failed while \(operation): \(error)")
        }
    }
}
