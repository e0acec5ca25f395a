import Foundation
import HealthEngine
import HealthStore

/// A long-running HealthKit query's hold on the store's commits (`HealthDataStore.commits()`): calls a handler with
/// each commit the query's store object can see, from its creation until `cancel()`, which removes the store's
/// observer. The handler runs on a task, not on the committing thread, and must return at once (the queries hand the
/// work to their own queue): every commit is kept for it (`.unbounded`), so that a query following the change log
/// sees the latest position even when commits report themselves out of order.
struct CommitWatch: Sendable {
    private let task: Task<Void, Never>

    /// Starts watching at once (the store's observer is registered before this returns).
    init(_ dataStore: HealthDataStore, _ handler: @escaping @Sendable (CommitResult) -> Void) {
        let commits = dataStore.commits(bufferingPolicy: .unbounded)
        task = Task { for await commit in commits { handler(commit) } }
    }

    /// Stops watching; the store's observer is removed.
    func cancel() { task.cancel() }
}
