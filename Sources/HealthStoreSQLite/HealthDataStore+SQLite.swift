import HealthEngine
// The SQLite backend (through GRDB) as a module of its own, so that `HealthStore` and the PostgreSQL backend do not
// link GRDB. Importing `HealthStoreSQLite` brings the facade and the storage roles with it.
@_exported import HealthStore

extension HealthDataStore {
    /// Opens (creating or migrating) the SQLite store at `path` (`SQLiteStorage`): the way for code outside the store
    /// modules to open one without naming the backend. `access` and `executor` as in `init(storage:access:executor:)`.
    public static func sqlite(
        path: String, retention: ChangeLogRetention = .forever, access: AccessControl = AccessControl(),
        executor: StoreExecutor = .shared
    ) throws -> HealthDataStore {
        HealthDataStore(
            storage: try SQLiteStorage(path: path, retention: retention), access: access, executor: executor)
    }
}
