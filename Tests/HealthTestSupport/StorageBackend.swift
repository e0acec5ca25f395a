import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthStorePostgres
import HealthStoreSQLite
import Testing

/// The storage backends every store-touching test runs against; a new backend only adds a case here.
///
/// PostgreSQL takes part when `OHK_TEST_POSTGRES_URL` names a database (`.ci/run` starts one; see the README), so a
/// developer without PostgreSQL still runs the others.
public enum StorageBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory
    case sqlite
    case postgres

    /// The backends available here: memory and SQLite, and PostgreSQL when `OHK_TEST_POSTGRES_URL` is set.
    public static var allCases: [StorageBackend] {
        PostgresTestDatabase.url == nil ? [.inMemory, .sqlite] : [.inMemory, .sqlite, .postgres]
    }

    /// A fresh, empty store on this backend (SQLite: a new file in this test process's temporary folder; PostgreSQL:
    /// a new person in the test database).
    public func makeStore() -> HealthDataStore {
        do {
            return HealthDataStore(storage: try makeStorage())
        } catch {
            fatalError("cannot make an empty \(rawValue) store: \(error)")
        }
    }

    /// A fresh, empty storage on this backend with a change-log retention.
    public func makeStorage(retention: ChangeLogRetention = .forever) throws -> any HealthStorage {
        try makeReopenableStorage(retention: retention).storage
    }

    /// A fresh store and a way to get a store on the same data as if the program had started again (SQLite: a new
    /// storage on the same file; PostgreSQL: a new storage on the same person; memory: the same storage).
    public func makeReopenableStore() throws -> (store: HealthDataStore, reopen: () throws -> HealthDataStore) {
        let (storage, reopen) = try makeReopenableStorage(retention: .forever)
        return (HealthDataStore(storage: storage), { HealthDataStore(storage: try reopen()) })
    }

    private func makeReopenableStorage(
        retention: ChangeLogRetention
    ) throws -> (storage: any HealthStorage, reopen: () throws -> any HealthStorage) {
        switch self {
        case .inMemory:
            let storage = InMemoryStorage(retention: retention)
            return (storage, { storage })
        case .sqlite:
            let path = TemporaryStoreFolder.newPath()
            return (
                try SQLiteStorage(path: path, retention: retention),
                { try SQLiteStorage(path: path, retention: retention) }
            )
        case .postgres:
            let person = PostgresTestDatabase.newPerson()
            return (
                try PostgresTestDatabase.storage(of: person, retention: retention),
                { try PostgresTestDatabase.storage(of: person, retention: retention) }
            )
        }
    }

    /// The case name (`inMemory`, `sqlite`, `postgres`), as a parameterised test shows its argument.
    public var testDescription: String { rawValue }
}
