import Foundation
import HealthEngine
import HealthModel

/// The async form of an activity summary query, as in HealthKit: `result(for:)` once, or `results(for:)` to keep
/// receiving the summaries that change.
public struct HKActivitySummaryQueryDescriptor: @unchecked Sendable {
    /// The summaries `results(for:)` delivers: every matching one first, then those that changed, until the task is
    /// cancelled or iteration stops.
    public typealias Results = QueryResults<[HKActivitySummary]>

    /// The days to fetch; nil for every day with data.
    public var predicate: NSPredicate?

    /// A descriptor.
    public init(predicate: NSPredicate?) {
        self.predicate = predicate
    }

    /// The summaries the predicate selects, oldest first.
    public func result(for healthStore: HKHealthStore) async throws -> [HKActivitySummary] {
        try await healthStore.admitDescriptor(
            kind: "HKActivitySummaryQueryDescriptor", types: [HKObjectType.activitySummaryType().identifier],
            predicate: predicate?.description)
        let (model, calendar) = try HKActivitySummaryQuery.request(predicate)
        let summaries = try await healthStore.onStoreExecutor {
            do {
                return try healthStore.dataStore.activitySummaries(matching: model, calendar: calendar)
            } catch {
                throw HKError.from(error)
            }
        }
        return summaries.map(HKActivitySummary.init)
    }

    /// The matching summaries, then after each change the summaries it changed (an `HKActivitySummaryQuery` with an
    /// update handler, stopped when iteration stops).
    public func results(for healthStore: HKHealthStore) -> Results {
        let predicate = UncheckedSendable(predicate)
        return QueryResults(
            stream: AsyncThrowingStream { continuation in
                let forward: HKActivitySummaryQuery.Handler = { _, summaries, error in
                    if let error {
                        continuation.finish(throwing: error)
                    } else {
                        continuation.yield(summaries ?? [])
                    }
                }
                let query = HKActivitySummaryQuery(predicate: predicate.value, resultsHandler: forward)
                query.updateHandler = forward
                continuation.onTermination = { _ in healthStore.stop(query) }
                healthStore.execute(query)
            })
    }
}
