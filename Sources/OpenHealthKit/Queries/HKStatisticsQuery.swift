import Foundation
import HealthEngine
import HealthModel

/// A statistics query, as in HealthKit: sum, average, minimum, maximum, most recent value or duration over every
/// matching quantity sample, sources merged by priority (SEMANTICS §5).
///
/// The completion handler runs on the store's background queue. Each matching sample counts whole (no interval cuts
/// it); no matching sample gives `HKError.errorNoData`, an option that does not fit the type `errorInvalidArgument`
/// naming the option and the type.
open class HKStatisticsQuery: HKQuery, @unchecked Sendable {
    /// What the query computes.
    let options: HKStatisticsOptions
    private let completionHandler: (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void

    /// A statistics query over the samples of a quantity type that match the predicate (nil: all of them).
    public required init(
        quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
        completionHandler: @escaping (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void
    ) {
        self.options = options
        self.completionHandler = completionHandler
        super.init(objectType: quantityType, predicate: quantitySamplePredicate)
    }

    override func deliverFailure(_ error: HKError) { completionHandler(self, nil, error) }

    override func run(in healthStore: HKHealthStore) {
        do {
            let statistics = try Self.statistics(
                in: healthStore, type: objectType as! HKQuantityType, predicate: predicate, options: options)
            healthStore.deliver { [self] in completionHandler(self, statistics, nil) }
        } catch {
            healthStore.deliver { [self] in completionHandler(self, nil, error) }
        }
    }

    /// The statistics of the matching samples, errors in HealthKit's terms (shared with `HKStatisticsQueryDescriptor`).
    static func statistics(
        in healthStore: HKHealthStore, type: HKQuantityType, predicate: NSPredicate?, options: HKStatisticsOptions
    ) throws(HKError) -> HKStatistics {
        do {
            let model = try PredicateBridge.samplePredicate(predicate)
            return HKStatistics(
                try healthStore.dataStore.statistics(of: type.sampleType, matching: model, options: options.model))
        } catch {
            throw HKError.from(error)
        }
    }
}
