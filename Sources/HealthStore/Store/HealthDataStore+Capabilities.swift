extension HealthDataStore {
    /// Copies the store into a new file at `destination` when its backend can (`OnlineBackup`, SQLite's online
    /// backup); an existing `destination` is refused unless `replacing`. Returns the size of the copy in bytes. A client
    /// view, or a backend without the capability, fails with `storeUnavailable`.
    @discardableResult
    public func backup(to destination: String, replacing: Bool = false) throws -> Int64 {
        guard let backend = storage as? any OnlineBackup else {
            throw HealthStoreError.storeUnavailable(path: destination, reason: "this store cannot be backed up online")
        }
        return try wrapped { try backend.backup(to: destination, replacing: replacing) }
    }

    /// The schema migrations applied to the backend, oldest first (empty for a backend without a schema, and for a
    /// client view).
    public func appliedMigrations() throws -> [String] {
        try wrapped { try (storage as? any StoreInspection)?.appliedMigrations() ?? [] }
    }

    /// The number of samples stored (as this store object sees them: a client view counts what it may read).
    public func sampleCount() throws -> Int {
        try wrapped {
            if let backend = storage as? any StoreInspection { return try backend.sampleCount() }
            return try storage.typeSummaries().reduce(0) { $0 + $1.count }
        }
    }

    /// The bytes the store takes on this machine's disk (nil for a store in memory, on a database server, or seen
    /// through a client view).
    public func bytesOnDisk() -> Int64? {
        (storage as? any StoreInspection)?.sizeOnDisk
    }
}
