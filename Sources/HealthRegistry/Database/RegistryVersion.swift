import GRDBSQLite
import Synchronization

/// Tells whether the registry file changed since the last look: SQLite's `PRAGMA data_version` on a connection of its
/// own, which changes whenever another connection (of this process or another, e.g. `ohk clients revoke`) commits.
///
/// What lets `PersonRegistry` keep the clients it has authenticated: a request asks this (a read of the log's shared
/// header, about a microsecond) instead of reading the client's row through the pool (a queue hop, a statement and a
/// row decoded). Written with SQLite's C API rather than a GRDB `DatabaseQueue`: one statement on one connection,
/// stepped under a lock, without a dispatch queue per call.
final class RegistryVersion: Sendable {
    /// The connection and its prepared statement, used under `lock` only.
    private final class Connection: @unchecked Sendable {
        let handle: OpaquePointer
        let statement: OpaquePointer
        init(handle: OpaquePointer, statement: OpaquePointer) {
            self.handle = handle
            self.statement = statement
        }
    }

    private let connection: Connection
    private let lock = Mutex(())

    /// Opens a read-only connection on the registry at `path` (which must exist).
    init(path: String) throws(RegistryError) {
        var handle: OpaquePointer?
        var statement: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle,
            sqlite3_prepare_v2(handle, "PRAGMA data_version", -1, &statement, nil) == SQLITE_OK, let statement
        else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "code \(code)"
            sqlite3_close_v2(handle)
            throw .databaseFailure("cannot open the server registry at \(path) to watch it: \(message)")
        }
        connection = Connection(handle: handle, statement: statement)
    }

    deinit {
        sqlite3_finalize(connection.statement)
        sqlite3_close_v2(connection.handle)
    }

    /// The current version; a different value than before means another connection committed in between. Nil when
    /// SQLite cannot tell (then nothing may be trusted as unchanged).
    func current() -> Int64? {
        lock.withLock { _ in
            defer { sqlite3_reset(connection.statement) }
            guard sqlite3_step(connection.statement) == SQLITE_ROW else { return nil }
            return sqlite3_column_int64(connection.statement, 0)
        }
    }
}
