import Dispatch
import Foundation
import PostgresNIO
import Synchronization

/// Hears of the commits made through any `PostgresStorage` on the database, by this process or any other:
/// PostgreSQL `LISTEN` on one pooled connection of the client, held for as long as the listener runs. Each commit
/// that changed something sends `NOTIFY` in its transaction (delivered only when it commits, in commit order).
///
/// The callbacks run one at a time on a dispatch queue of the listener's own, never on the event loop or Swift's
/// cooperative pool, so they may call the (blocking) storage. `onListening` runs each time the `LISTEN` is in place
/// (at start and after a reconnection): commits made while nobody listened were not heard, so a caller checks
/// whatever it watches then. A lost connection is retried every second until `stop()`.
public final class PostgresCommitListener: Sendable {
    /// The notification channel commits are announced on.
    public static let channel = "ohk_commits"

    private let task: Mutex<Task<Void, Never>?>
    /// Signalled when the listening task has ended (its connection back in the pool).
    private let ended = DispatchSemaphore(value: 0)

    /// Starts listening on `database`; `onCommit` receives the person and their new latest sequence.
    public init(
        database: PostgresStoreClient, onListening: @escaping @Sendable () -> Void,
        onCommit: @escaping @Sendable (_ person: String, _ latestSequence: Int64) -> Void
    ) {
        let queue = DispatchQueue(label: "org.openhealthkit.postgres-commits")
        let client = database.client
        let logger = database.logger
        let ended = self.ended
        task = Mutex(
            database.detached {
                defer { ended.signal() }
                while !Task.isCancelled {
                    do {
                        try await client.withConnection { connection in
                            try await connection.listen(on: PostgresCommitListener.channel) { notifications in
                                queue.async(execute: onListening)
                                for try await notification in notifications {
                                    guard let (person, sequence) = PostgresCommitListener.parse(notification.payload)
                                    else { continue }
                                    queue.async { onCommit(person, sequence) }
                                }
                            }
                        }
                    } catch {
                        logger.error(
                            "listening for commits failed; retrying in a second",
                            metadata: ["error": "\(String(reflecting: error))"])
                    }
                    try? await Task.sleep(for: .seconds(1))
                }
            })
    }

    /// The person and sequence of a notification's payload (`SEQUENCE PERSON`), nil for anything else.
    static func parse(_ payload: String) -> (String, Int64)? {
        guard let space = payload.firstIndex(of: " "), let sequence = Int64(payload[..<space]) else { return nil }
        let person = String(payload[payload.index(after: space)...])
        return person.isEmpty ? nil : (person, sequence)
    }

    /// Stops listening and waits (at most two seconds) for the connection to go back to the pool, so that the client
    /// can be shut down next; later commits are not reported. Must not be called on the client's event loop.
    public func stop() {
        let stopped = task.withLock { task -> Task<Void, Never>? in
            defer { task = nil }
            return task
        }
        guard let stopped else { return }
        stopped.cancel()
        _ = ended.wait(timeout: .now() + 2)
    }

    deinit {
        // Never waits: the last reference may go away anywhere.
        task.withLock { $0?.cancel() }
    }
}
