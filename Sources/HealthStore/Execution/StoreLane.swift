import Foundation
import Synchronization

/// A serial lane on a `StoreExecutor`: its jobs run one at a time, in the order they were queued, on the executor's
/// threads, and the lane holds no thread while it has nothing to do. How a long-running HealthKit query follows the
/// store (each commit turned into a read of the change log after the last position delivered) without a GCD queue of
/// its own: store work stays on the executor, and a read cannot overtake the one before it.
public final class StoreLane: Sendable {
    private typealias Job = @Sendable () -> Void

    private struct State {
        var jobs: [Job] = []
        var draining = false
    }

    private let executor: StoreExecutor
    private let state = Mutex(State())

    /// A lane on `executor`.
    public init(on executor: StoreExecutor) {
        self.executor = executor
    }

    /// Queues `job` after the lane's earlier jobs and returns at once.
    public func async(_ job: @escaping @Sendable () -> Void) {
        let starts = state.withLock { state -> Bool in
            state.jobs.append(job)
            defer { state.draining = true }
            return !state.draining
        }
        if starts { executor.execute { [self] in drain() } }
    }

    /// Runs the queued jobs in order until none is left; one executor job at a time holds the lane.
    private func drain() {
        while true {
            let jobs = state.withLock { state -> [Job] in
                let jobs = state.jobs
                state.jobs.removeAll(keepingCapacity: true)
                if jobs.isEmpty { state.draining = false }
                return jobs
            }
            guard !jobs.isEmpty else { return }
            for job in jobs { job() }
        }
    }
}
