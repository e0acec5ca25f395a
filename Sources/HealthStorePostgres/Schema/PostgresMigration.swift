/// A named schema change: its statements run in one transaction with the other migrations applied at the same time,
/// and its name is recorded so that it runs once per database. A released migration is never edited; a change is a
/// new migration at the end of its list.
public struct PostgresMigration: Sendable {
    /// The name recorded once it is applied.
    public let name: String
    /// The SQL statements, in order.
    public let statements: [String]

    /// A migration.
    public init(name: String, statements: [String]) {
        self.name = name
        self.statements = statements
    }
}
