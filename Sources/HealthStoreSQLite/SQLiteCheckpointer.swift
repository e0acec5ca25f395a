import Dispatch
import GRDBSQLite
import HealthStore
import Synchronization

/// Copies the write-ahead log back into the store file on a background thread, with a connection of its own.
///
/// SQLite's automatic checkpoint runs inside the commit that crosses its threshold, so that commit waits for the copy
/// and for the fsync of the store file (`synchronous = NORMAL` syncs at checkpoints). Measured in C on the store's
/// schema: 1,000,000 rows in commits of 100,000 took the same CPU time either way, and 2.30 s of wall time with
/// automatic checkpoints against 1.97 s without. Here the committing thread only asks for a checkpoint, and a
/// passive one runs beside the next commit (it never blocks the writer or readers).
///
/// The log is rewound to its start only by a writer that begins while every frame is checkpointed, which a writer
/// committing back to back would never see; so when the log has grown past `frameLimit` frames, the next commit
/// first waits for the checkpoint running, and begins on a fully copied log.
final class SQLiteCheckpointer: Sendable {
    /// The log length (in frames, i.e. pages) from which a commit waits for the running checkpoint: 4,096 frames are
    /// 64 MiB with 16 KiB pages (SQLite's automatic checkpoint starts at 1,000).
    static let frameLimit: Int32 = 4_096
    /// The size the log file is cut back to when it is rewound (`PRAGMA journal_size_limit`): 64 MiB.
    static let logSizeLimit = 64 << 20

    /// The connection, used on `queue` only.
    private final class Connection: @unchecked Sendable {
        let handle: OpaquePointer
        init(handle: OpaquePointer) { self.handle = handle }
    }

    private struct State {
        /// Whether a checkpoint is asked for and not yet started.
        var scheduled = false
        /// Frames in the log at the last checkpoint.
        var logFrames: Int32 = 0
    }

    private let connection: Connection
    private let queue = DispatchQueue(label: "OpenHealthKit store checkpoints")
    private let state = Mutex(State())

    /// Opens a connection of its own on the store at `path` (which must exist and be in WAL mode).
    init(path: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "code \(code)"
            sqlite3_close_v2(handle)
            throw HealthStoreError.storeUnavailable(
                path: path, reason: "cannot open the checkpoint connection: \(message)")
        }
        // A connection opens the log on its first read; until then a checkpoint would do nothing.
        guard sqlite3_exec(handle, "PRAGMA schema_version", nil, nil, nil) == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(handle))
            sqlite3_close_v2(handle)
            throw HealthStoreError.storeUnavailable(
                path: path, reason: "cannot read with the checkpoint connection: \(message)")
        }
        connection = Connection(handle: handle)
    }

    deinit {
        // A checkpoint running holds a reference, so none runs now (this may run on `queue`, at the end of one).
        sqlite3_close_v2(connection.handle)
    }

    /// Asks for a checkpoint after a commit; returns at once (a checkpoint already asked for covers this one).
    func checkpointSoon() {
        let isNew = state.withLock { state -> Bool in
            if state.scheduled { return false }
            state.scheduled = true
            return true
        }
        guard isNew else { return }
        queue.async { [weak self] in
            guard let self else { return }
            state.withLock { $0.scheduled = false }
            var logFrames: Int32 = 0
            var copiedFrames: Int32 = 0
            let code = sqlite3_wal_checkpoint_v2(
                connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copiedFrames)
            // A failed passive checkpoint (the log busy in another process's checkpoint) is retried after the next commit.
            if code == SQLITE_OK { state.withLock { $0.logFrames = logFrames } }
        }
    }

    /// Waits for the checkpoints asked for (a checkpoint of another connection fails while this one runs one).
    func waitForCheckpoints() {
        queue.sync {}
    }

    /// Before a commit: waits for the checkpoints asked for when the log has grown past `frameLimit` frames.
    func waitWhenLogIsLong() {
        guard state.withLock({ $0.logFrames }) > SQLiteCheckpointer.frameLimit else { return }
        waitForCheckpoints()
        state.withLock { $0.logFrames = 0 }
    }
}
