import Foundation
import HealthEngine

extension HealthDataStore {
    /// What the backend can do beyond storing (`OnlineBackup`, `Checkpointing`, `StoreInspection`): a backup, its
    /// journal, its schema, its size. A backend without a capability, or a client view, answers as the members say.
    public var backend: StoreBackend { StoreBackend(storage: storage, base: base) }
}

/// The backend of a store as one store object reaches it (`HealthDataStore.backend`): the capabilities a backend may
/// adopt, asked for by protocol, never by downcasting to a storage type. Errors are `HealthStoreError`.
public struct StoreBackend: Sendable {
    /// The storage as the store object sees it (a client view has no capability of its own).
    let storage: any HealthStorage
    /// The whole backend.
    let base: any HealthStorage

    /// Copies the store into a new file at `destination` when its backend can (`OnlineBackup`, SQLite's online
    /// backup); an existing `destination` is refused unless `replacing`. Returns the size of the copy in bytes. A client
    /// view, or a backend without the capability, fails with `storeUnavailable`.
    @discardableResult
    public func backup(to destination: String, replacing: Bool = false) throws -> Int64 {
        guard let backend = storage as? any OnlineBackup else {
            throw HealthStoreError.storeUnavailable(path: destination, reason: "this store cannot be backed up online")
        }
        return try wrappingStoreErrors { try backend.backup(to: destination, replacing: replacing) }
    }

    /// Writes a store's journal into its main file when its backend keeps one (`Checkpointing`, SQLite's WAL);
    /// does nothing on other backends. Call it before closing a store for good.
    public func checkpoint() throws {
        _ = try wrappingStoreErrors { try (base as? any Checkpointing)?.checkpoint() }
    }

    /// The schema migrations applied to the backend, oldest first (empty for a backend without a schema, and for a
    /// client view).
    public func appliedMigrations() throws -> [String] {
        try wrappingStoreErrors { try (storage as? any StoreInspection)?.appliedMigrations() ?? [] }
    }

    /// The number of samples stored (as this store object sees them: a client view counts what it may read).
    public func sampleCount() throws -> Int {
        try wrappingStoreErrors {
            if let backend = storage as? any StoreInspection { return try backend.sampleCount() }
            return try storage.typeSummaries().reduce(0) { $0 + $1.count }
        }
    }

    /// The bytes the store takes on this machine's disk (nil for a store in memory, on a database server, or seen
    /// through a client view).
    public var bytesOnDisk: Int64? {
        (storage as? any StoreInspection)?.sizeOnDisk
    }
}

/// A backend capability: a storage that can copy itself into a new file while in use (SQLite's online backup).
/// `StoreBackend.backup(to:replacing:)` asks for it; a backend that cannot simply does not adopt it.
public protocol OnlineBackup {
    /// Copies the store into a new file at `destination` (an existing one only when `replacing`), consistently and
    /// without blocking writers; returns the size of the copy in bytes.
    func backup(to destination: String, replacing: Bool) throws -> Int64
}

/// A backend capability: a storage that keeps a journal beside its main file (SQLite's write-ahead log) and can write
/// it back, so that closing leaves one self-contained file. `StoreBackend.checkpoint()` asks for it; a backend
/// without a journal simply does not adopt it.
public protocol Checkpointing {
    /// Writes the journal into the main file and truncates it.
    func checkpoint() throws
}

/// A backend capability: a storage that can say what schema it has applied, how many samples it holds and how much
/// disk it takes (`ohk store info`). `StoreBackend.appliedMigrations()`, `sampleCount()` and `bytesOnDisk` ask for
/// it; a backend without a schema (memory) does not adopt it.
public protocol StoreInspection {
    /// The names of the schema migrations applied, oldest first.
    func appliedMigrations() throws -> [String]
    /// The number of samples stored (every app's).
    func sampleCount() throws -> Int
    /// The bytes the store takes on this machine's disk, or nil when it lives elsewhere (a database server).
    var sizeOnDisk: Int64? { get }
}
