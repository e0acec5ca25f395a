import Foundation
import HealthStorePostgres
import PostgresNIO

/// The registry in a PostgreSQL database (`server_people`, `server_clients`), beside the people's stores, so that
/// every server on the database sees the same people, clients and revocations. Its migrations are recorded in
/// `ohk_server_migrations`, apart from the store's; the token lookup of every request is a prepared statement.
///
/// The two tables are small and keyed by name and token selector rather than by person first: under Citus they
/// would be reference tables (or stay on the coordinator), not distributed ones.
final class PostgresRegistryDatabase: RegistryDatabase {
    private let database: PostgresStoreClient

    static let migrations = [
        PostgresMigration(
            name: "v1 server people and clients",
            statements: [
                "CREATE TABLE server_people (name text PRIMARY KEY, created double precision NOT NULL)",
                """
                CREATE TABLE server_clients (
                    selector text PRIMARY KEY,
                    person text NOT NULL REFERENCES server_people (name),
                    bundle_identifier text NOT NULL,
                    name text NOT NULL,
                    share_types text[] NOT NULL,
                    read_types text[] NOT NULL,
                    full_access boolean NOT NULL,
                    token_hash bytea NOT NULL,
                    created double precision NOT NULL,
                    revoked double precision
                )
                """,
                "CREATE UNIQUE INDEX server_clients_active ON server_clients (person, bundle_identifier) WHERE revoked IS NULL",
                "CREATE INDEX server_clients_by_person ON server_clients (person, created, selector)",
            ])
    ]

    /// The registry's tables in the client's database (made or migrated on first use).
    init(client: PostgresStoreClient) throws(RegistryError) {
        database = client
        do {
            try client.migrate(PostgresRegistryDatabase.migrations, recordedIn: "ohk_server_migrations")
        } catch {
            throw .databaseFailure("cannot open the server registry in \(client.location): \(error)")
        }
    }

    func insertPerson(_ name: String, now: Date) throws(RegistryError) -> Bool {
        try run("adding \(name)") { client, logger in
            let rows = try await client.query(
                "INSERT INTO server_people (name, created) VALUES (\(name), \(now.timeIntervalSince1970)) ON CONFLICT DO NOTHING RETURNING name",
                logger: logger)
            return try await rows.collect().count == 1
        }
    }

    func people() throws(RegistryError) -> [String] {
        try run("listing people") { client, logger in
            var names: [String] = []
            for try await name in try await client.query("SELECT name FROM server_people ORDER BY name", logger: logger)
                .decode(String.self)
            {
                names.append(name)
            }
            return names
        }
    }

    func insertClient(_ client: RegisteredClient, tokenHash: [UInt8]) throws(RegistryError) -> ClientInsertion {
        try run("adding a client for \(client.person)") { pool, logger in
            try await pool.withTransaction(logger: logger) { connection -> ClientInsertion in
                // The person's row lock: two servers adding the same app at once add it once.
                let person = try await connection.query(
                    "SELECT name FROM server_people WHERE name = \(client.person) FOR UPDATE", logger: logger
                ).collect()
                guard !person.isEmpty else { return .unknownPerson }
                let active = try await connection.query(
                    """
                    SELECT selector FROM server_clients
                    WHERE person = \(client.person) AND bundle_identifier = \(client.bundleIdentifier) AND revoked IS NULL
                    """, logger: logger
                ).collect()
                guard active.isEmpty else { return .alreadyActive }
                try await connection.query(
                    """
                    INSERT INTO server_clients
                        (selector, person, bundle_identifier, name, share_types, read_types, full_access, token_hash, created)
                    VALUES (\(client.selector), \(client.person), \(client.bundleIdentifier), \(client.name), \(client.share.sorted()),
                        \(client.read.sorted()), \(client.fullAccess), \(Data(tokenHash)), \(client.created.timeIntervalSince1970))
                    """, logger: logger)
                return .inserted
            }
        }
    }

    func revokeClient(person: String, bundleIdentifier: String, now: Date) throws(RegistryError) -> Int {
        try run("revoking \(bundleIdentifier)") { client, logger in
            try await client.query(
                """
                UPDATE server_clients SET revoked = \(now.timeIntervalSince1970)
                WHERE person = \(person) AND bundle_identifier = \(bundleIdentifier) AND revoked IS NULL RETURNING selector
                """, logger: logger
            ).collect().count
        }
    }

    func deletePerson(_ name: String) throws(RegistryError) -> Bool {
        try run("removing \(name)") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("DELETE FROM server_clients WHERE person = \(name)", logger: logger)
                return try await connection.query(
                    "DELETE FROM server_people WHERE name = \(name) RETURNING name", logger: logger
                ).collect().count > 0
            }
        }
    }

    func clients(of person: String) throws(RegistryError) -> [RegisteredClient] {
        try run("listing clients") { client, logger in
            var clients: [RegisteredClient] = []
            let query: PostgresQuery =
                "SELECT \(unescaped: ClientByTokenStatement.columns) FROM server_clients WHERE person = \(person) ORDER BY created, selector"
            for try await row in try await client.query(query, logger: logger) {
                clients.append(try ClientByTokenStatement.client(row).0)
            }
            return clients
        }
    }

    func client(selector: String) throws(RegistryError) -> (RegisteredClient, [UInt8])? {
        try run("checking a token") { client, logger in
            for try await found in try await client.execute(ClientByTokenStatement(selector: selector), logger: logger)
            { return found }
            return nil
        }
    }

    /// None: another server's change could only be seen by a read, which is what a kept client would save.
    func version() -> Int64? { nil }

    /// Runs database work on the store client's bridge, reporting failures as the registry's.
    private func run<T: Sendable>(
        _ operation: String, _ body: @escaping @Sendable (PostgresClient, Logger) async throws -> T
    ) throws(RegistryError) -> T {
        do {
            return try database.blocking(operation) { [database] in try await body(database.client, database.logger) }
        } catch {
            throw .databaseFailure("the server registry failed while \(operation): \(error)")
        }
    }
}

/// A client and its token digest by the token's selector: the statement of every request.
struct ClientByTokenStatement: PostgresPreparedStatement {
    static let columns =
        "person, bundle_identifier, name, share_types, read_types, full_access, selector, created, revoked, token_hash"
    static let sql = """
        SELECT \(columns.split(separator: ", ").map { "server_clients." + $0 }.joined(separator: ", ")), server_people.created,
            \(earlier("share_types")), \(earlier("read_types"))
        FROM server_clients JOIN server_people ON server_people.name = server_clients.person
        WHERE selector = $1::text
        """
    /// The types of a grant column over the app's earlier (revoked) registrations for the person.
    private static func earlier(_ column: String) -> String {
        """
        (SELECT coalesce(array_agg(type), '{}'::text[]) FROM server_clients AS earlier, unnest(earlier.\(column)) AS type
            WHERE earlier.person = server_clients.person AND earlier.bundle_identifier = server_clients.bundle_identifier
            AND earlier.revoked IS NOT NULL AND earlier.selector <> server_clients.selector)
        """
    }
    typealias Row = (RegisteredClient, [UInt8])
    let selector: String

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(selector, context: .default)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (
            person, bundleIdentifier, name, share, read, fullAccess, selector, created, revoked, tokenHash,
            personCreated, earlierShare, earlierRead
        ) = try row.decode(
            (
                String, String, String, [String], [String], Bool, String, Double, Double?, Data, Double, [String],
                [String]
            )
            .self)
        let client = RegisteredClient(
            person: person, bundleIdentifier: bundleIdentifier, name: name, share: Set(share), read: Set(read),
            fullAccess: fullAccess,
            selector: selector, created: Date(timeIntervalSince1970: created),
            revoked: revoked.map(Date.init(timeIntervalSince1970:)),
            personCreated: Date(timeIntervalSince1970: personCreated), withdrawnShare: Set(earlierShare),
            withdrawnRead: Set(earlierRead))
        return (client, Array(tokenHash))
    }

    /// A client from a row of `columns`.
    static func client(_ row: PostgresRow) throws -> Row {
        let (person, bundleIdentifier, name, share, read, fullAccess, selector, created, revoked, tokenHash) =
            try row.decode(
                (String, String, String, [String], [String], Bool, String, Double, Double?, Data).self)
        let client = RegisteredClient(
            person: person, bundleIdentifier: bundleIdentifier, name: name, share: Set(share), read: Set(read),
            fullAccess: fullAccess,
            selector: selector, created: Date(timeIntervalSince1970: created),
            revoked: revoked.map(Date.init(timeIntervalSince1970:)))
        return (client, Array(tokenHash))
    }
}
