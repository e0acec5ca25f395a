import Foundation
import GRDB
import HealthStore

extension SQLiteStorage {
    /// Copies the store into a new SQLite file at `destination` with SQLite's online backup API, while other
    /// connections (a server's requests, other processes) go on reading and writing.
    ///
    /// The copy is taken in one read transaction of the write-ahead log, so it holds exactly the commits made before
    /// the backup started, each one whole, and writers are never blocked. It is written to a temporary file beside
    /// `destination` and renamed into place once complete and checked (`PRAGMA integrity_check`), so a failed or
    /// interrupted backup leaves no partial file at `destination`. An existing `destination` is refused unless
    /// `replacing` is true. The copy is readable by its owner only (mode 0600). Returns the size of the copy in bytes.
    @discardableResult
    public func backup(to destination: String, replacing: Bool = false) throws -> Int64 {
        let manager = FileManager.default
        if manager.fileExists(atPath: destination), !replacing {
            throw HealthStoreError.storeUnavailable(
                path: destination, reason: "exists already: choose another path, or replace it on purpose")
        }
        let folder = (destination as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let temporary = destination + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        func removeTemporary() {
            for suffix in ["", "-wal", "-shm", "-journal"] { try? manager.removeItem(atPath: temporary + suffix) }
        }
        removeTemporary()
        do {
            // In its own scope, so that the copy's connection is closed (its log checkpointed away) before the rename.
            try {
                let copy = try DatabaseQueue(path: temporary)
                try pool.backup(to: copy)
                let problems = try copy.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
                guard problems == ["ok"] else {
                    throw HealthStoreError.corruptStore(
                        "the backup of \(path) fails its integrity check: \(problems.prefix(5).joined(separator: "; "))"
                    )
                }
                try copy.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
                try copy.close()
            }()
            // Health data: readable by its owner only.
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: temporary)
            if replacing {
                for suffix in ["", "-wal", "-shm"] { try? manager.removeItem(atPath: destination + suffix) }
            }
            try manager.moveItem(atPath: temporary, toPath: destination)
            removeTemporary()
        } catch let error as HealthStoreError {
            removeTemporary()
            throw error
        } catch {
            removeTemporary()
            throw HealthStoreError.database(operation: "backing \(path) up to \(destination)", message: "\(error)")
        }
        let size = (try? manager.attributesOfItem(atPath: destination)[.size] as? NSNumber)?.int64Value ?? 0
        return size
    }
}

/// `StoreBackend.backup(to:replacing:)` (`store.backend`) reaches SQLite's online backup through this capability.
extension SQLiteStorage: OnlineBackup {}
