import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

/// A storage in one SQLite file (through GRDB): everything survives restarts, crashes and kills.
///
/// The file is in WAL mode and opened as a `DatabasePool`: one writer at a time, readers never blocked by it, each
/// read one consistent snapshot. A commit is one transaction. Quantity statistics read columns through the
/// (type, start) index, or from a per-type column cache kept in step with this storage's writes.
public final class SQLiteStorage: HealthStorage {
    /// The store file.
    public let path: String
    /// The database connections.
    let pool: DatabasePool
    let retention: ChangeLogRetention

    struct Shared {
        var catalog: SQLiteCatalog
        /// The columns kept in memory, by type id.
        var columns: ColumnCachePolicy
    }

    let shared: Mutex<Shared>
    /// Checkpoints the log in the background (nil when its connection could not be opened: SQLite's automatic
    /// checkpoints then stay on).
    private let checkpointer: SQLiteCheckpointer?

    /// The default smallest column answer that makes the storage keep a type's columns in memory: at once when the
    /// answer is the whole type (the scan already read it), otherwise when the type is asked for a second time
    /// (`ColumnCachePolicy`, shared with the PostgreSQL storage).
    public static let columnCacheThreshold = ColumnCachePolicy.defaultThreshold

    /// Opens the store at `path`, creating it (and its folder) when the file does not exist or is empty, and
    /// migrating a store written by an older version; column answers of `columnCacheThreshold` rows or more make
    /// the storage keep the type's columns in memory (see `SQLiteStorage.columnCacheThreshold`). A file that is not a store, or is from a newer version, is
    /// refused with `notAStore` or `newerStore` and left untouched.
    public init(
        path: String, retention: ChangeLogRetention = .forever,
        columnCacheThreshold: Int = SQLiteStorage.columnCacheThreshold
    ) throws {
        self.path = path
        self.retention = retention
        let isNew = try SQLiteStorage.checkFile(at: path)
        if isNew {
            try SQLiteStorage.markNewStore(at: path)
        } else {
            try SQLiteStorage.checkMigrations(at: path)
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        configuration.maximumReaderCount = 4
        configuration.label = "OpenHealthKit store"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY")
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw HealthStoreError.storeUnavailable(path: path, reason: "\(error)")
        }
        let migrator = SQLiteSchema.migrator()
        do {
            try migrator.migrate(pool)
            let catalog = try pool.read { db in try SQLiteCatalog.load(db) }
            shared = Mutex(Shared(catalog: catalog, columns: ColumnCachePolicy(threshold: columnCacheThreshold)))
            checkpointer = try? SQLiteCheckpointer(path: path)
            if checkpointer != nil {
                // The log file keeps its largest size once rewound; a limit trims it back (64 MiB, the wait threshold).
                try pool.writeWithoutTransaction { db in
                    try db.execute(
                        sql:
                            "PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = \(SQLiteCheckpointer.logSizeLimit)"
                    )
                }
            }
            try moveRetiredSeries()
        } catch let error as HealthStoreError {
            throw error
        } catch {
            throw HealthStoreError.storeUnavailable(path: path, reason: "\(error)")
        }
    }

    deinit {
        // Closes the checkpoint connection here and now, not at the end of a checkpoint still running: another
        // connection opening the file right after would find it busy.
        checkpointer?.waitForCheckpoints()
    }

    // MARK: Opening

    /// Checks an existing file without changing it; returns whether a new store must be made (no file, or empty).
    static func checkFile(at path: String) throws -> Bool {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                do {
                    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw HealthStoreError.storeUnavailable(
                        path: path, reason: "cannot create the folder \(folder): \(error.localizedDescription)")
                }
            }
            return true
        }
        guard !isDirectory.boolValue else {
            throw HealthStoreError.storeUnavailable(path: path, reason: "it is a folder")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw HealthStoreError.storeUnavailable(path: path, reason: "the file cannot be read")
        }
        defer { try? handle.close() }
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        if header.isEmpty { return true }
        guard header.count == 100, header.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
            throw HealthStoreError.notAStore(path: path, reason: "it is not an SQLite database")
        }
        func bigEndian(_ offset: Int) -> Int32 {
            Int32(bitPattern: header[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        let applicationID = bigEndian(68)
        guard applicationID == SQLiteSchema.applicationID else {
            throw HealthStoreError.notAStore(
                path: path, reason: "an SQLite database of another application (application_id \(applicationID))")
        }
        let version = bigEndian(60)
        if version > SQLiteSchema.migrationNames.count {
            throw HealthStoreError.newerStore(path: path, unknownMigrations: ["schema version \(version)"])
        }
        return false
    }

    /// Refuses a store with migrations this version does not know, reading through a read-only connection (a
    /// writable pool would touch the file before the check could refuse it).
    static func checkMigrations(at path: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(30)
        let applied: [String]
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            applied = try queue.read { db -> [String] in
                guard try db.tableExists("grdb_migrations") else { return [] }
                return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            }
            try queue.close()
        } catch {
            throw HealthStoreError.storeUnavailable(path: path, reason: "\(error)")
        }
        let unknown = applied.filter { !SQLiteSchema.migrationNames.contains($0) }
        guard unknown.isEmpty else { throw HealthStoreError.newerStore(path: path, unknownMigrations: unknown) }
    }

    /// Writes the application id into a new (absent or empty) file, before WAL mode, so that the file is known as a
    /// store from its first byte on disk; the page size is chosen first (it cannot change once a table exists).
    static func markNewStore(at path: String) throws {
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA page_size = \(SQLiteSchema.newStorePageSize)")
                try db.execute(sql: "PRAGMA application_id = \(SQLiteSchema.applicationID)")
            }
            try queue.close()
        } catch {
            throw HealthStoreError.storeUnavailable(path: path, reason: "cannot create the store: \(error)")
        }
    }

    /// Runs SQLite's integrity check and foreign-key check; returns the problems found (empty when sound).
    public func integrityProblems() throws -> [String] {
        try read("checking integrity") { db in
            var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            for row in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") {
                problems.append("foreign key: \(row)")
            }
            return problems
        }
    }

    /// The number of samples stored.
    public func sampleCount() throws -> Int {
        try read("counting samples") { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM samples") ?? 0 }
    }

    /// The names of the migrations this version applies, oldest first (a store with others is from a newer version).
    public static var knownMigrations: [String] { SQLiteSchema.migrationNames }

    /// The names of the migrations applied to the file, oldest first.
    public func appliedMigrations() throws -> [String] {
        try read("reading the applied migrations") { db in try SQLiteSchema.migrator().appliedMigrations(db) }
    }

    /// Bytes the store takes on disk (the file plus its write-ahead log).
    public func bytesOnDisk() -> Int64 {
        [path, path + "-wal"].reduce(Int64(0)) { total, file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0
            return total + size
        }
    }

    /// Writes the log back into the main file and truncates the log (done by SQLite on its own as it grows).
    public func checkpoint() throws {
        checkpointer?.waitForCheckpoints()
        try write("checkpointing", withoutTransaction: true) { db in _ = try db.checkpoint(.truncate) }
    }

    // MARK: Transactions

    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch let error as HealthStoreError {
            throw error
        } catch let error as HealthEngineError {
            throw error
        } catch {
            throw HealthStoreError.database(operation: operation, message: "\(error)")
        }
    }

    /// Runs `body` on the writer, in a transaction unless `withoutTransaction`; with `foreignKeysPerRow` false, in a
    /// transaction with SQLite's foreign key checks off (the caller checks the parents itself), turned on again after.
    func write<T>(
        _ operation: String, withoutTransaction: Bool = false, foreignKeysPerRow: Bool = true,
        _ body: (Database) throws -> T
    ) throws -> T {
        checkpointer?.waitWhenLogIsLong()
        defer { checkpointer?.checkpointSoon() }
        do {
            if !foreignKeysPerRow {
                return try pool.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA foreign_keys = OFF")
                    let outcome = Result<T, any Error> {
                        var value: T?
                        try db.inTransaction(.immediate) {
                            value = try body(db)
                            return .commit
                        }
                        return value!
                    }
                    try db.execute(sql: "PRAGMA foreign_keys = ON")
                    return try outcome.get()
                }
            }
            return withoutTransaction ? try pool.writeWithoutTransaction(body) : try pool.write(body)
        } catch let error as HealthStoreError {
            throw error
        } catch {
            throw HealthStoreError.database(operation: operation, message: "\(error)")
        }
    }

    func catalogSnapshot() -> SQLiteCatalog { shared.withLock { $0.catalog } }

    func publish(_ catalog: SQLiteCatalog) {
        shared.withLock { $0.catalog.merge(catalog) }
    }

    static func info(_ key: String, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT value FROM store_info WHERE key = ?"), arguments: [key]) ?? 0
    }
}

/// `StoreBackend.appliedMigrations()`, `sampleCount()` and `bytesOnDisk` (`store.backend`) reach the file through
/// this capability.
extension SQLiteStorage: StoreInspection {
    /// The file plus its write-ahead log (`StoreBackend.bytesOnDisk`).
    public var sizeOnDisk: Int64? { bytesOnDisk() }
}

/// SQLite keeps a write-ahead log beside the store file: `checkpoint()` (in `SQLiteStorage`) writes it back.
extension SQLiteStorage: Checkpointing {}
