import Dispatch
import Foundation
import Synchronization

/// The threads that run blocking store work (SQLite and PostgreSQL calls, statistics, the JSON of sample batches) off
/// Swift's cooperative pool, shared by every store in the process: the one way from `async` code into the synchronous
/// store. `HealthDataStore.run(_:)` uses it; so do the HealthKit API's `async` methods and the server's endpoints.
///
/// Why a pool of its own: the store's calls are synchronous and a save waits for the store's single writer. On the
/// cooperative pool (one thread per core, two here) two requests waiting for the writer left no thread for HTTP, for
/// parsing the next batch or for reads, so the server's ingest ran one step at a time (measured: 13 batches/s on a
/// quiet machine). Twice as many threads as cores (at least four) let a batch be parsed while the previous one is
/// written, and let reads go on beside a write; a fixed number, unlike a GCD queue, which starts a thread for each
/// blocked job up to its limit. Jobs run in the order they were submitted. The shared executor lives as long as the
/// process, like `NIOThreadPool.singleton` (whose one thread per core would recreate the problem).
///
/// Long jobs (an import, an export streamed to a client) take a thread of their own (`runLong(named:_:)`), so that
/// they never hold a pool thread for minutes while requests queue behind them.
public final class StoreExecutor: Sendable {
    /// The process's executor: `max(4, 2 × cores)` threads, started on first use.
    public static let shared = StoreExecutor(threadCount: max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))

    private typealias Job = @Sendable () -> Void

    private struct Queue {
        var jobs: [Job?] = []
        var head = 0
        var started = false

        mutating func append(_ job: @escaping Job) { jobs.append(job) }

        mutating func next() -> Job {
            let job = jobs[head]!
            jobs[head] = nil
            head += 1
            if head > 64, head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    /// The number of threads of the pool.
    public let threadCount: Int
    private let queue = Mutex(Queue())
    /// Counts the jobs queued and not yet taken by a thread.
    private let waiting = DispatchSemaphore(value: 0)

    /// An executor with `threadCount` threads (at least one), started when the first job comes.
    public init(threadCount: Int) {
        self.threadCount = max(1, threadCount)
    }

    /// Runs `body` on one of the pool's threads and returns its result (or error) to the calling task.
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            submit { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Queues `job` on the pool and returns at once: for callers that hand the outcome on themselves (HealthKit's
    /// completion handlers, delivered on their callback queue), where `run(_:)` would need a task to await it.
    public func execute(_ job: @escaping @Sendable () -> Void) {
        submit(job)
    }

    /// Whether the caller runs on one of this executor's pool threads: for checks that blocking work is where it
    /// should be (tests, preconditions). A thread's name cannot say so on Linux, where Foundation may not apply it.
    public var isCurrent: Bool {
        (Thread.current.threadDictionary[Self.threadKey] as? NSNumber)?.uintValue
            == UInt(bitPattern: ObjectIdentifier(self))
    }

    /// The thread dictionary key under which a pool thread keeps its executor's identity.
    private static let threadKey = "org.openhealthkit.store-executor"

    /// Runs a long job (minutes: an import, a streamed export) on a thread of its own, named for it; returns at once.
    public func runLong(named name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }

    /// Queues a job; the pool's threads take jobs in order.
    private func submit(_ job: @escaping Job) {
        let start = queue.withLock { queue -> Bool in
            queue.append(job)
            defer { queue.started = true }
            return !queue.started
        }
        if start {
            for index in 0..<threadCount {
                let thread = Thread { [self] in
                    Thread.current.threadDictionary[Self.threadKey] = NSNumber(
                        value: UInt(bitPattern: ObjectIdentifier(self)))
                    work()
                }
                thread.name = "org.openhealthkit.store-\(index)"
                thread.start()
            }
        }
        waiting.signal()
    }

    /// A pool thread's loop: takes the next job and runs it, for ever.
    private func work() {
        while true {
            waiting.wait()
            let job = queue.withLock { $0.next() }
            job()
        }
    }
}
