import Foundation
import HealthEngine

/// Observation as an asynchronous sequence: the one way every long-running query, long-poll and event stream follows
/// the store's commits.
extension HealthDataStore {
    /// The commits this store object can see, from the moment of the call, as they happen: each commit that saved or
    /// deleted something visible (filtered by the client view), and, for commits made outside this store object
    /// (`checkForOutsideWrites()`, `noteOutsideCommit(latestSequence:)`), a result with no samples carrying the new
    /// latest sequence.
    ///
    /// The store's observer is registered by the call itself, so a consumer that reads the change log after calling
    /// it misses no commit. The observer is removed when the sequence ends for its consumer: the consuming task is
    /// cancelled, or the sequence and its iterator are released. By default, when more than 16 commits wait for a
    /// slow consumer the oldest are dropped (a consumer that re-reads the change log at each one loses nothing); a
    /// consumer that must see every commit and drains them at once passes `.unbounded`.
    public func commits(
        bufferingPolicy: AsyncStream<CommitResult>.Continuation.BufferingPolicy = .bufferingNewest(16)
    ) -> AsyncStream<CommitResult> {
        let (stream, continuation) = AsyncStream<CommitResult>.makeStream(bufferingPolicy: bufferingPolicy)
        let token = hub.add({ commit in _ = continuation.yield(commit) }, filter: visibilityFilter)
        continuation.onTermination = { [hub] _ in hub.remove(token) }
        return stream
    }

    /// The observers registered on this store and its client views (`commits()` sequences and `addObserver(_:)`).
    package var observerCount: Int { hub.count }
}
