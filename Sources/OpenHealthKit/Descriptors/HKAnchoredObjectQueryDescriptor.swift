import Foundation
import HealthEngine
import HealthModel

/// The async form of an anchored object query, as in HealthKit: `result(for:)` once, or `results(for:)` to keep
/// receiving changes.
public struct HKAnchoredObjectQueryDescriptor<Sample: HKSample>: @unchecked Sendable {
    /// The (type, predicate) pairs.
    public var predicates: [HKSamplePredicate<Sample>]
    /// The anchor to start from; nil for none.
    public var anchor: HKQueryAnchor?
    /// The most samples and deleted objects in the first result; nil for all.
    public var limit: Int?

    /// A descriptor.
    public init(predicates: [HKSamplePredicate<Sample>], anchor: HKQueryAnchor?, limit: Int? = nil) {
        self.predicates = predicates
        self.anchor = anchor
        self.limit = limit
    }

    /// One batch of changes and the anchor after it.
    public struct Result: @unchecked Sendable {
        /// Samples saved after the anchor, in the order they were saved.
        public let addedSamples: [Sample]
        /// Objects deleted after the anchor.
        public let deletedObjects: [HKDeletedObject]
        /// The anchor to ask from next time.
        public let newAnchor: HKQueryAnchor

        init(_ result: AnchoredQueryResult, healthStore: HKHealthStore) {
            addedSamples = healthStore.attachingZones(HKSample.wrap(result.samples)).map { $0 as! Sample }
            deletedObjects = result.deletions.map(HKDeletedObject.init)
            newAnchor = HKQueryAnchor(sequence: result.anchor)
        }
    }

    /// The changes after the anchor (at most `limit`) and the new anchor.
    public func result(for healthStore: HKHealthStore) async throws -> Result {
        try await healthStore.admitDescriptor(
            kind: "HKAnchoredObjectQueryDescriptor", types: predicates.map(\.sampleType.identifier),
            predicate: predicates.first?.nsPredicate?.description)
        let request = try self.request()
        let result = try await healthStore.onStoreExecutor {
            do {
                return try healthStore.dataStore.changes(request)
            } catch {
                throw HKError.from(error)
            }
        }
        return Result(result, healthStore: healthStore)
    }

    /// The changes after the anchor, then every later batch of changes as it is committed, until the task is
    /// cancelled or iteration stops. The first element comes even when nothing changed.
    public func results(for healthStore: HKHealthStore) -> Results {
        let stream = AsyncThrowingStream<Result, any Error> { continuation in
            let request: AnchoredQueryRequest
            do {
                request = try self.request()
            } catch {
                continuation.finish(throwing: error)
                return
            }
            let monitor = ChangeFeedMonitor(
                dataStore: healthStore.dataStore, descriptors: request.descriptors, queue: healthStore.callbackQueue)
            continuation.onTermination = { _ in monitor.stop() }
            let forward: @Sendable (Swift.Result<AnchoredQueryResult, HKError>) -> Void = { outcome in
                switch outcome {
                case let .success(result): continuation.yield(Result(result, healthStore: healthStore))
                case let .failure(error): continuation.finish(throwing: error)
                }
            }
            monitor.start(anchor: request.anchor, limit: request.limit, initial: forward, onUpdate: forward)
        }
        return Results(stream: stream)
    }

    /// The batches of changes `results(for:)` delivers.
    public struct Results: AsyncSequence, Sendable {
        /// Each element is one batch of changes.
        public typealias Element = Result
        let stream: AsyncThrowingStream<Result, any Error>

        /// An iterator over the batches.
        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<Result, any Error>.AsyncIterator
            /// The next batch; nil once the sequence has ended.
            public mutating func next() async throws -> Result? { try await base.next() }
        }

        /// An iterator.
        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
    }

    private func request() throws -> AnchoredQueryRequest {
        if let limit, limit < 0 { throw HKError(.errorInvalidArgument, "limit must not be negative (got \(limit))") }
        guard !predicates.isEmpty else {
            throw HKError(.errorInvalidArgument, "an anchored object query needs at least one predicate")
        }
        do {
            return AnchoredQueryRequest(
                descriptors: try predicates.map { try $0.model() }, anchor: anchor?.sequence ?? 0, limit: limit ?? 0)
        } catch {
            throw HKError.from(error)
        }
    }
}
