import Foundation

/// The `async` way into the store: its work runs on the store's executor (`StoreExecutor`), never on Swift's
/// cooperative pool, whose few threads a blocking SQLite or PostgreSQL call would take from every other task.
extension HealthDataStore {
    /// Runs `body` with this store on the store's executor and returns its result to the awaiting task: the `async`
    /// form of every method (`try await store.run { try $0.samples(request) }`), with the facade's errors.
    public func run<T: Sendable>(_ body: @escaping @Sendable (HealthDataStore) throws -> T) async throws -> T {
        try await executor.run { try body(self) }
    }
}
