import Foundation
import HealthEngine
import HealthModel
import Synchronization

/// The commit observers of one store and all its client views. Each observer sits behind the visibility filter of
/// the view that registered it, so a client's long-running queries hear only of changes it may see.
final class ObserverHub: Sendable {
    private struct Entry {
        let observer: @Sendable (CommitResult) -> Void
        let filter: @Sendable (CommitResult) -> CommitResult?
        /// The object whose life the entry follows, when it has one (the entry goes when it does).
        weak var owner: AnyObject?
        let hasOwner: Bool

        /// Whether the entry's owner is gone.
        var isOrphaned: Bool { hasOwner && owner == nil }
    }

    private struct State {
        var entries: [UUID: Entry] = [:]
        /// The latest sequence observers have been told of.
        var notifiedSequence: Int64
    }

    private let state: Mutex<State>
    /// The unrestricted change log, for the latest sequence.
    private let storage: any ChangeLog

    init(latestSequence: Int64, storage: any ChangeLog) {
        state = Mutex(State(notifiedSequence: latestSequence))
        self.storage = storage
    }

    /// Adds an observer behind a view's filter; with an `owner`, for as long as the owner exists.
    func add(
        _ observer: @escaping @Sendable (CommitResult) -> Void,
        filter: @escaping @Sendable (CommitResult) -> CommitResult?, owner: (any AnyObject & Sendable)? = nil
    ) -> UUID {
        let token = RandomUUID.make()
        state.withLock { state in
            state.entries = state.entries.filter { !$0.value.isOrphaned }
            state.entries[token] = Entry(observer: observer, filter: filter, owner: owner, hasOwner: owner != nil)
        }
        return token
    }

    func remove(_ token: UUID) {
        _ = state.withLock { $0.entries.removeValue(forKey: token) }
    }

    /// The observers registered.
    var count: Int { state.withLock { $0.entries.values.count { !$0.isOrphaned } } }

    /// Calls every observer with the commit as its view sees it.
    func notify(_ result: CommitResult) {
        let entries = state.withLock { state in
            state.notifiedSequence = max(state.notifiedSequence, result.latestSequence)
            state.entries = state.entries.filter { !$0.value.isOrphaned }
            return Array(state.entries.values)
        }
        for entry in entries {
            if let seen = entry.filter(result) { entry.observer(seen) }
        }
    }

    /// Reports commits made by others (see `HealthDataStore.checkForOutsideWrites()`).
    func checkForOutsideWrites() throws -> Bool {
        try outsideCommit(latestSequence: storage.latestSequence())
    }

    /// Reports a commit made by others up to a known sequence, when the observers have not been told of it.
    func outsideCommit(latestSequence latest: Int64) -> Bool {
        let entries = state.withLock { state -> [Entry]? in
            guard latest > state.notifiedSequence else { return nil }
            state.notifiedSequence = latest
            return Array(state.entries.values)
        }
        guard let entries else { return false }
        let result = CommitResult(inserted: [], deleted: [], ignored: [], latestSequence: latest)
        for entry in entries { entry.observer(result) }
        return true
    }
}
