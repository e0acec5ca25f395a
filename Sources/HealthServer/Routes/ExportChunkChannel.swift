import Foundation
import Synchronization

/// Hands the chunks of a document written on a thread of its own (`ExportDocumentWriter` reads the store
/// synchronously) to a response body, with back-pressure: at most `capacity` chunks wait to be sent, and the writer
/// blocks until the client has taken one, so a slow client holds at most `capacity` chunks in memory. When the
/// response ends early (the client went away), `cancel()` makes the writer's next `send` throw, ending its thread.
final class ExportChunkChannel: Sendable {
    /// Thrown by `send` once the response has ended.
    struct Cancelled: Error {}

    /// The chunks, in order, ending when the writer finishes.
    let chunks: AsyncStream<Data>
    private let continuation: AsyncStream<Data>.Continuation
    private let slots: DispatchSemaphore
    private let capacity: Int
    private let cancelled = Atomic<Bool>(false)

    init(capacity: Int = 4) {
        (chunks, continuation) = AsyncStream<Data>.makeStream(bufferingPolicy: .unbounded)
        self.capacity = capacity
        slots = DispatchSemaphore(value: capacity)
    }

    /// Queues a chunk, waiting while `capacity` chunks wait already (writer's thread only).
    func send(_ chunk: Data) throws {
        slots.wait()
        guard !cancelled.load(ordering: .acquiring) else { throw Cancelled() }
        continuation.yield(chunk)
    }

    /// Frees a chunk's slot once it is written to the client.
    func taken() { slots.signal() }

    /// Ends the stream (the writer is done, or failed: the document then ends early, which an importer reports).
    func finish() { continuation.finish() }

    /// Makes the writer stop at its next chunk.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
        for _ in 0...capacity { slots.signal() }
    }
}
