import Logging
import PostgresNIO

/// A named schema change: its statements run in one transaction with the other migrations applied at the same time,
/// and its name is recorded so that it runs once per database. A released migration is never edited; a change is a
/// new migration at the end of its list.
public struct PostgresMigration: Sendable {
    /// The name recorded once it is applied.
    public let name: String
    /// The SQL statements, in order.
    public let statements: [String]
    /// Work SQL alone cannot do (rows in a binary layout turned into JSON), run in the same transaction before the
    /// statements, on its connection.
    public let moveRows: (@Sendable (PostgresConnection, Logger) async throws -> Void)?

    /// A migration.
    public init(
        name: String, statements: [String],
        moveRows: (@Sendable (PostgresConnection, Logger) async throws -> Void)? = nil
    ) {
        self.name = name
        self.statements = statements
        self.moveRows = moveRows
    }
}
