import Foundation
import NIOPosix

/// The threads that run the API's store work (SQLite calls, statistics, JSON of sample batches), off Swift's
/// cooperative pool.
///
/// Why: the store's calls are synchronous and a save waits for the store's single writer. On the cooperative pool
/// (one thread per core, two here) two requests waiting for the writer left no thread for HTTP, for parsing the next
/// batch or for reads, so ingest ran one step at a time (measured: 13 batches/s on a quiet machine, more under load).
/// A pool of its own (swift-nio's `NIOThreadPool`) with twice as many threads as cores lets a batch be parsed while
/// the previous one is written, and lets reads go on beside a write. Process-wide and never shut down, like
/// `NIOThreadPool.singleton` (whose one thread per core would recreate the problem).
enum StoreThreads {
    /// The pool, started on first use.
    static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))
        pool.start()
        return pool
    }()

    /// Runs `body` on the pool and returns its result to the calling task.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive(body)
    }
}
