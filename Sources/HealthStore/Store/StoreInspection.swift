/// A backend capability: a storage that can say what schema it has applied, how many samples it holds and how much
/// disk it takes (`ohk store info`). `HealthDataStore.appliedMigrations()`, `sampleCount()` and `bytesOnDisk()` ask
/// for it; a backend without a schema (memory) does not adopt it.
public protocol StoreInspection {
    /// The names of the schema migrations applied, oldest first.
    func appliedMigrations() throws -> [String]
    /// The number of samples stored (every app's).
    func sampleCount() throws -> Int
    /// The bytes the store takes on this machine's disk, or nil when it lives elsewhere (a database server).
    var sizeOnDisk: Int64? { get }
}
