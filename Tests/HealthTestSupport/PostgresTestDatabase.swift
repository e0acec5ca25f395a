import Foundation
import HealthEngine
import HealthStore
import HealthStorePostgres
import Testing

/// The PostgreSQL database the tests use, when `OHK_TEST_POSTGRES_URL` is set: one pooled client per test process,
/// one new person per store (so tests never see each other's rows). The only place that reads the variable.
public enum PostgresTestDatabase {
    /// The database URL, or nil when PostgreSQL tests are off.
    public static let url: String? = ProcessInfo.processInfo.environment["OHK_TEST_POSTGRES_URL"].flatMap {
        $0.isEmpty ? nil : $0
    }

    /// Why PostgreSQL tests are off, for `.enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.offReason)`.
    public static let offReason: Comment = "set OHK_TEST_POSTGRES_URL to run the PostgreSQL tests"

    /// The client (connected and migrated on first use).
    public static let client: PostgresStoreClient = {
        guard let url else { fatalError("OHK_TEST_POSTGRES_URL is not set") }
        do { return try PostgresStoreClient(url: url) } catch { fatalError("cannot connect to \(url): \(error)") }
    }()

    /// A person name nobody has used yet.
    public static func newPerson(_ prefix: String = "test") -> String { "\(prefix)-\(UUID().uuidString)" }

    /// A new person's storage.
    public static func newStorage(
        retention: ChangeLogRetention = .forever, columnCacheThreshold: Int = PostgresStorage.columnCacheThreshold
    ) throws -> PostgresStorage {
        try storage(of: newPerson(), retention: retention, columnCacheThreshold: columnCacheThreshold)
    }

    /// A storage on a person's rows (a second storage on the same person sees the same data, as another process would).
    public static func storage(
        of person: String, retention: ChangeLogRetention = .forever,
        columnCacheThreshold: Int = PostgresStorage.columnCacheThreshold
    ) throws -> PostgresStorage {
        try PostgresStorage(
            client: client, person: person, retention: retention, columnCacheThreshold: columnCacheThreshold)
    }
}
