import Foundation
import HealthEngine
import HealthModel

/// The async form of an activity summary query, as in HealthKit.
public struct HKActivitySummaryQueryDescriptor: @unchecked Sendable {
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
}
