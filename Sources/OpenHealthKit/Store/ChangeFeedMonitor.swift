import Dispatch
import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

/// Follows the store's change log for a set of (type, predicate) descriptors: an initial read after an anchor, then,
/// when asked to keep watching, every later matching change exactly once and in commit order. Shared by the anchored
/// object query, its async descriptor and the observer query.
///
/// A watch of the store's commits (`CommitWatch`), started before the initial read, turns each commit into a read of
/// the log after the last position delivered, in a serial lane on the store's executor (`StoreLane`); so a change can
/// be neither missed nor delivered twice, whatever the order in which concurrent commits report themselves. The
/// handlers are called on a serial queue targeting the health store's callback queue, in the order of the reads, and
/// never after `stop()` returns to a caller on that queue.
final class ChangeFeedMonitor: Sendable {
    private let dataStore: HealthDataStore
    private let descriptors: [SampleQueryDescriptor]
    /// Where the store is read: one read at a time, in order, on the store's executor.
    private let lane: StoreLane
    /// Where the handlers are called, in order.
    private let handlers: DispatchQueue

    private struct State {
        var watch: CommitWatch?
        var stopped = false
        var cursor: Int64 = 0
        var onUpdate: (@Sendable (Result<AnchoredQueryResult, HKError>) -> Void)?
    }

    private let state = Mutex(State())

    init(dataStore: HealthDataStore, descriptors: [SampleQueryDescriptor], queue target: DispatchQueue) {
        self.dataStore = dataStore
        self.descriptors = descriptors
        self.lane = StoreLane(on: dataStore.executor)
        self.handlers = DispatchQueue(label: "org.openhealthkit.change-feed", target: target)
    }

    /// Calls a handler on the handler queue, unless the monitor was stopped meanwhile (`always`: the initial
    /// report, which a query gives once even when stopped after it was read).
    private func report(
        _ outcome: Result<AnchoredQueryResult, HKError>,
        to handler: (@Sendable (Result<AnchoredQueryResult, HKError>) -> Void)?, always: Bool = false
    ) {
        guard let handler else { return }
        handlers.async { [self] in
            guard always || !state.withLock({ $0.stopped }) else { return }
            handler(outcome)
        }
    }

    /// Reads the changes after `anchor` (at most `limit`, 0 for all) and reports them to `initial`, unless
    /// `skipInitialRead`, which starts watching from the store's current position instead. With `onUpdate`, keeps
    /// watching and reports each later batch of matching changes until `stop()`.
    func start(
        anchor: Int64, limit: Int, skipInitialRead: Bool = false,
        initial: (@Sendable (Result<AnchoredQueryResult, HKError>) -> Void)?,
        onUpdate: (@Sendable (Result<AnchoredQueryResult, HKError>) -> Void)?
    ) {
        lane.async { [self] in
            guard !state.withLock({ $0.stopped }) else { return }
            if onUpdate != nil {
                let watch = CommitWatch(dataStore) { [self] commit in
                    let end = commit.latestSequence
                    lane.async { [self] in deliver(through: end) }
                }
                let running = state.withLock { state -> Bool in
                    guard !state.stopped else { return false }
                    state.watch = watch
                    state.onUpdate = onUpdate
                    return true
                }
                guard running else {
                    watch.cancel()
                    return
                }
            }
            let result: AnchoredQueryResult
            do {
                if skipInitialRead {
                    result = AnchoredQueryResult(changes: [], anchor: try dataStore.changeLog.latestSequence())
                } else {
                    result = try dataStore.changes(
                        AnchoredQueryRequest(descriptors: descriptors, anchor: anchor, limit: limit))
                }
            } catch {
                stop()
                report(.failure(HKError.from(error)), to: initial ?? onUpdate, always: true)
                return
            }
            state.withLock { $0.cursor = result.anchor }
            report(.success(result), to: initial, always: true)
        }
    }

    /// Stops watching; updates not yet reported are dropped.
    func stop() {
        let watch = state.withLock { state -> CommitWatch? in
            state.stopped = true
            state.onUpdate = nil
            defer { state.watch = nil }
            return state.watch
        }
        watch?.cancel()
    }

    /// In the lane: reads the matching changes after the cursor up to the commit `end` and reports them.
    private func deliver(through end: Int64) {
        let (cursor, onUpdate) = state.withLock { ($0.cursor, $0.stopped ? nil : $0.onUpdate) }
        guard let onUpdate, end > cursor else { return }
        let result: AnchoredQueryResult
        do {
            result = try dataStore.changes(AnchoredQueryRequest(descriptors: descriptors, anchor: cursor), through: end)
        } catch {
            report(.failure(HKError.from(error)), to: onUpdate)
            return
        }
        state.withLock { $0.cursor = max($0.cursor, result.anchor) }
        if !result.isEmpty { report(.success(result), to: onUpdate) }
    }
}
