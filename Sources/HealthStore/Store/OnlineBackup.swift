/// A backend capability: a storage that can copy itself into a new file while in use (SQLite's online backup).
/// `HealthDataStore.backup(to:replacing:)` asks for it; a backend that cannot simply does not adopt it.
public protocol OnlineBackup {
    /// Copies the store into a new file at `destination` (an existing one only when `replacing`), consistently and
    /// without blocking writers; returns the size of the copy in bytes.
    func backup(to destination: String, replacing: Bool) throws -> Int64
}
