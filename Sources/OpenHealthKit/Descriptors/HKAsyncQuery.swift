import Foundation

/// A query descriptor with a one-shot `result(for:)`, as in HealthKit.
public protocol HKAsyncQuery {
    /// What `result(for:)` returns.
    associatedtype Output
    /// Runs the query once and returns what the store holds now.
    func result(for healthStore: HKHealthStore) async throws -> Output
}

/// A query descriptor whose `results(for:)` delivers its results as an asynchronous sequence, as in HealthKit.
public protocol HKAsyncSequenceQuery {
    /// The asynchronous sequence `results(for:)` returns.
    associatedtype Sequence: AsyncSequence
    /// Runs the query and delivers its results as they come.
    func results(for healthStore: HKHealthStore) -> Sequence
}

extension HKSampleQueryDescriptor: HKAsyncQuery {}
extension HKSourceQueryDescriptor: HKAsyncQuery {}
extension HKStatisticsQueryDescriptor: HKAsyncQuery {}
extension HKActivitySummaryQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery {}
extension HKStatisticsCollectionQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery {}
extension HKAnchoredObjectQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery {}
extension HKQuantitySeriesSampleQueryDescriptor: HKAsyncSequenceQuery {}
extension HKWorkoutRouteQueryDescriptor: HKAsyncSequenceQuery {}
extension HKHeartbeatSeriesQueryDescriptor: HKAsyncSequenceQuery {}
extension HKElectrocardiogramQueryDescriptor: HKAsyncSequenceQuery {}
extension HKWorkoutEffortRelationshipQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery {}
