import HealthEngine
import HealthStore

extension HealthDataStore {
    /// Opens (creating) the store of `person` in the PostgreSQL database of `client` (`PostgresStorage`): the way for
    /// code outside the store modules to open one without naming the backend. `access` and `executor` as in
    /// `init(storage:access:executor:)`.
    public static func postgres(
        client: PostgresStoreClient, person: String, retention: ChangeLogRetention = .forever,
        access: AccessControl = AccessControl(), executor: StoreExecutor = .shared
    ) throws -> HealthDataStore {
        HealthDataStore(
            storage: try PostgresStorage(client: client, person: person, retention: retention), access: access,
            executor: executor)
    }
}

extension PostgresStoreClient {
    /// Erases the store of `person` (every row that carries the person) from the database; returns whether there
    /// was anything to erase (`PostgresStorage.erase(person:client:)`).
    @discardableResult
    public func eraseStore(of person: String) throws -> Bool {
        try PostgresStorage.erase(person: person, client: self)
    }
}
