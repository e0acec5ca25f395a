import Foundation
import HealthEngine
import HealthStore
import HealthStorePostgres
import HealthStoreSQLite

/// Where a server keeps its people's stores: one SQLite file per person in the server directory, or one PostgreSQL
/// database for everyone, shared by any number of servers (`ohk serve --postgres`).
public enum PersonStorageLocation: Sendable {
    /// `people/NAME.sqlite` in the directory.
    case directory(ServerDirectory)
    /// Everyone's stores in one PostgreSQL database, on one shared client (its connection pool).
    case postgres(PostgresStoreClient)

    /// Opens (creating) a person's store, with `access` deciding what its clients may do and `executor` running its
    /// work for `async` callers.
    package func open(
        _ person: String, retention: ChangeLogRetention, access: AccessControl, executor: StoreExecutor = .shared
    ) throws -> HealthDataStore {
        switch self {
        case let .directory(directory):
            try .sqlite(path: directory.storePath(of: person), retention: retention, access: access, executor: executor)
        case let .postgres(client):
            try .postgres(client: client, person: person, retention: retention, access: access, executor: executor)
        }
    }

    /// Erases a person's store: the SQLite file with its `-wal`, `-shm` and `-journal` files, or the person's rows of
    /// the PostgreSQL database. Returns whether there was anything to erase.
    @discardableResult
    public func erase(_ person: String) throws -> Bool {
        switch self {
        case let .directory(directory):
            let path = directory.storePath(of: person)
            var erased = false
            for suffix in ["", "-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
                try FileManager.default.removeItem(atPath: path + suffix)
                erased = true
            }
            return erased
        case let .postgres(client):
            return try client.eraseStore(of: person)
        }
    }

    /// For PostgreSQL, a listener that hears of every commit made through any server on the database (nil for
    /// SQLite, whose stores belong to this server alone).
    package func commitListener(
        onListening: @escaping @Sendable () -> Void,
        onCommit: @escaping @Sendable (_ person: String, _ latestSequence: Int64) -> Void
    ) -> PostgresCommitListener? {
        guard case let .postgres(client) = self else { return nil }
        return PostgresCommitListener(database: client, onListening: onListening, onCommit: onCommit)
    }
}
