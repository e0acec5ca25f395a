import Foundation
import HealthStore
import PostgresNIO

extension PostgresStorage {
    /// Erases a person's store from the database: every row of every store table that carries the person, then the
    /// person's row, in one transaction that first takes the person's row lock (so a commit in flight finishes first,
    /// and none can start on the rows being deleted). Returns whether the person had a store.
    ///
    /// Tables are found by their `person` column in the store's schema, so tables added by later migrations are
    /// erased too; the server registry's tables (`server_…`) are left to the registry.
    @discardableResult
    public static func erase(person: String, client database: PostgresStoreClient) throws -> Bool {
        try database.blocking("erasing the store of \(person)") {
            [client = database.client, logger = database.logger] in
            try await client.withTransaction(logger: logger) { connection in
                var existed = false
                let locked = try await connection.query(
                    "SELECT person FROM people WHERE person = \(person) FOR UPDATE", logger: logger)
                for try await _ in locked.decode(String.self) { existed = true }
                var tables: [String] = []
                let names = try await connection.query(
                    """
                    SELECT table_name::text FROM information_schema.columns
                    WHERE table_schema = current_schema() AND column_name = 'person' AND table_name <> 'people'
                      AND table_name NOT LIKE 'server\\_%'
                    ORDER BY table_name
                    """, logger: logger)
                for try await name in names.decode(String.self) { tables.append(name) }
                // Rows that cascade from `samples` go with it; deleting them first changes nothing.
                for table in tables.sorted(by: { ($0 == "samples" ? 1 : 0, $0) < ($1 == "samples" ? 1 : 0, $1) }) {
                    let identifier = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                    var query = PostgresQuery(unsafeSQL: "DELETE FROM \(identifier) WHERE person = $1")
                    query.binds.append(person)
                    try await connection.query(query, logger: logger)
                }
                try await connection.query("DELETE FROM people WHERE person = \(person)", logger: logger)
                return existed
            }
        }
    }
}
