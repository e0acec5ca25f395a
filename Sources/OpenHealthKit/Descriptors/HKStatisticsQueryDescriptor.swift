import Foundation
import HealthEngine
import HealthModel

/// The async form of a statistics query, as in HealthKit: `try await descriptor.result(for: store)`.
///
/// As HealthKit documents, no matching sample gives nil rather than an error (the callback-style `HKStatisticsQuery`
/// reports `errorNoData` instead); other failures (an option that does not fit the type, an unsupported predicate)
/// throw `HKError`.
public struct HKStatisticsQueryDescriptor: Sendable {
    /// The quantity type and predicate of the samples counted.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    /// What is computed.
    public var options: HKStatisticsOptions

    /// A descriptor.
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions) {
        self.predicate = predicate
        self.options = options
    }

    /// The statistics of the matching samples, or nil when none matches.
    public func result(for healthStore: HKHealthStore) async throws -> HKStatistics? {
        try await healthStore.admitDescriptor(
            kind: "HKStatisticsQueryDescriptor", types: [predicate.sampleType.identifier],
            predicate: predicate.nsPredicate?.description)
        do {
            let type = HKQuantityType(sampleType: predicate.sampleType.sampleType)
            let nsPredicate = predicate.nsPredicate
            let options = options
            return try await healthStore.onStoreExecutor {
                try HKStatisticsQuery.statistics(in: healthStore, type: type, predicate: nsPredicate, options: options)
            }
        } catch let error as HKError where error.code == .errorNoData {
            return nil
        }
    }
}

/// The async form of a statistics collection query, as in HealthKit: `result(for:)` for a snapshot, `results(for:)`
/// for the current collection followed by one element per later change.
///
/// Intervals are computed in `intervalComponents.calendar` when set, otherwise in `Calendar.current` (SEMANTICS §11).
public struct HKStatisticsCollectionQueryDescriptor: Sendable {
    /// The quantity type and predicate of the samples counted.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    /// What is computed.
    public var options: HKStatisticsOptions
    /// The anchor of the intervals.
    public var anchorDate: Date
    /// The length of one interval.
    public var intervalComponents: DateComponents

    /// A descriptor.
    public init(
        predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions, anchorDate: Date,
        intervalComponents: DateComponents
    ) {
        self.predicate = predicate
        self.options = options
        self.anchorDate = anchorDate
        self.intervalComponents = intervalComponents
    }

    /// One element of `results(for:)`: the whole collection, and the statistics of the intervals that changed (nil
    /// for the first element, which reflects the store when the sequence started).
    public struct Result: Sendable {
        /// The full, current collection.
        public let statisticsCollection: HKStatisticsCollection
        /// The intervals whose statistics changed since the previous element; nil for the first element.
        public let updatedStatistics: [HKStatistics]?
    }

    /// The collection as the store holds it now.
    public func result(for healthStore: HKHealthStore) async throws -> HKStatisticsCollection {
        try await healthStore.admitDescriptor(
            kind: "HKStatisticsCollectionQueryDescriptor", types: [predicate.sampleType.identifier],
            predicate: predicate.nsPredicate?.description)
        let monitor = try monitor(for: healthStore)
        return HKStatisticsCollection(try await healthStore.onStoreExecutor { try monitor.compute() })
    }

    /// The current collection, then one element per later save or delete that changes it, until the consuming task
    /// is cancelled or stops iterating (which stops watching the store).
    public func results(for healthStore: HKHealthStore) -> Results {
        let stream = AsyncThrowingStream<Result, any Error> { continuation in
            let monitor: StatisticsCollectionMonitor
            do {
                monitor = try self.monitor(for: healthStore)
            } catch {
                continuation.finish(throwing: error)
                return
            }
            continuation.onTermination = { _ in monitor.stop() }
            monitor.start(
                initial: { result in
                    switch result {
                    case let .success(collection):
                        continuation.yield(
                            Result(statisticsCollection: HKStatisticsCollection(collection), updatedStatistics: nil))
                    case let .failure(error):
                        continuation.finish(throwing: error)
                    }
                },
                onUpdate: { result in
                    switch result {
                    case let .success(change):
                        continuation.yield(
                            Result(
                                statisticsCollection: HKStatisticsCollection(change.collection),
                                updatedStatistics: change.changed.map(HKStatistics.init)))
                    case let .failure(error):
                        continuation.finish(throwing: error)
                    }
                })
        }
        return Results(stream: stream)
    }

    /// The asynchronous sequence of `results(for:)`.
    public struct Results: AsyncSequence, Sendable {
        /// Each element is the current collection with the intervals that changed.
        public typealias Element = Result
        let stream: AsyncThrowingStream<Result, any Error>

        /// An iterator over the results.
        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<Result, any Error>.AsyncIterator
            /// The next result; nil once the sequence has ended.
            public mutating func next() async throws -> Result? { try await base.next() }
        }

        /// An iterator over the results, reading the underlying stream.
        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
    }

    private func monitor(for healthStore: HKHealthStore) throws(HKError) -> StatisticsCollectionMonitor {
        try StatisticsCollectionMonitor(
            healthStore: healthStore, type: HKQuantityType(sampleType: predicate.sampleType.sampleType),
            predicate: predicate.nsPredicate, options: options, anchorDate: anchorDate,
            intervalComponents: intervalComponents)
    }
}
