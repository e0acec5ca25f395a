import Foundation
import HealthTestSupport
import Logging
import PostgresNIO
import Testing

@testable import HealthStorePostgres

/// A PostgreSQL database of a migration test's own, on the test server: created at an older schema (the first
/// migrations only) with rows written as that release wrote them, through a client of its own; then opened by this
/// version, which migrates it; dropped by `drop()`.
struct ScratchPostgresDatabase {
    /// The database's name.
    let name: String
    /// Its URL.
    let url: String

    /// A new database with the first `count` migrations applied and `statements` run.
    static func make(
        _ prefix: String, migratedThrough count: Int, statements: [PostgresQuery]
    ) async throws -> ScratchPostgresDatabase {
        let url = try #require(PostgresTestDatabase.url)
        let name = prefix + "_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = PostgresTestDatabase.client
        try admin.blocking("creating \(name)") { [client = admin.client, logger = admin.logger] in
            try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        }
        var components = try #require(URLComponents(string: url))
        components.path = "/" + name
        let database = ScratchPostgresDatabase(name: name, url: try #require(components.string))
        let raw = PostgresClient(configuration: try PostgresStoreClient.configuration(url: database.url))
        let running = Task { await raw.run() }
        defer { running.cancel() }
        let logger = Logger(label: "scratch-\(name)")
        try await PostgresSchema.migrate(
            raw, migrations: Array(PostgresSchema.migrations.prefix(count)), logger: logger, location: name)
        for statement in statements { try await raw.query(statement, logger: logger) }
        return database
    }

    /// Which of `tables` still exist, as `client` (a store client on this database) sees them.
    func remainingTables(_ tables: [String], client: PostgresStoreClient) throws -> [String] {
        try client.blocking("listing tables") { [client = client.client, logger = client.logger] in
            var names: [String] = []
            for try await table in try await client.query(
                """
                SELECT table_name::text FROM information_schema.tables
                WHERE table_schema = current_schema() AND table_name = ANY(\(tables))
                """, logger: logger
            ).decode(String.self) {
                names.append(table)
            }
            return names
        }
    }

    /// Drops the database (its connections too).
    func drop() {
        let admin = PostgresTestDatabase.client
        _ = try? admin.blocking("dropping \(name)") { [client = admin.client, logger = admin.logger, name] in
            try await client.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"), logger: logger)
        }
    }
}
