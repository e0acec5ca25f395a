import Foundation

/// The asynchronous sequence some query descriptors' `results(for:)` return (`HKActivitySummaryQueryDescriptor.Results`,
/// `HKQuantitySeriesSampleQueryDescriptor.Results`, `HKWorkoutRouteQueryDescriptor.Results`,
/// `HKHeartbeatSeriesQueryDescriptor.Results`): the elements in order, or the error that ended the query.
public struct QueryResults<Element: Sendable>: AsyncSequence, Sendable {
    let stream: AsyncThrowingStream<Element, any Error>

    /// A sequence over a stream of elements.
    init(stream: AsyncThrowingStream<Element, any Error>) {
        self.stream = stream
    }

    /// Reads the elements on the store's executor once iteration starts, after the testing product's interceptor.
    init(
        _ healthStore: HKHealthStore, kind: String, types: [String],
        _ read: @escaping @Sendable () throws -> [Element]
    ) {
        stream = AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await healthStore.admitDescriptor(kind: kind, types: types, predicate: nil)
                    for element in try await healthStore.onStoreExecutor(read) { continuation.yield(element) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: HKError.from(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// An iterator over the elements.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Element, any Error>.AsyncIterator
        /// The next element; nil once the sequence has ended.
        public mutating func next() async throws -> Element? { try await base.next() }
    }

    /// An iterator over the elements.
    public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
}
