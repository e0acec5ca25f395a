import Foundation
import HealthModel

/// The async form of a quantity series query, as in HealthKit: `results(for:)` gives every series entry of the
/// matching quantity samples (a sample saved without entries counts as one entry), oldest sample first.
public struct HKQuantitySeriesSampleQueryDescriptor: Sendable {
    /// What the results include and how they are ordered.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The options' bits.
        public let rawValue: Int
        /// Options from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Entries grouped by their sample's start date (otherwise by the order samples were saved).
        public static let orderByQuantitySampleStartDate = Options(rawValue: 1 << 0)
        /// Each result carries the sample its entry belongs to.
        public static let includeSample = Options(rawValue: 1 << 1)
    }

    /// One series entry.
    public struct Result: Hashable, Sendable {
        /// The entry's quantity.
        public let quantity: HKQuantity
        /// The entry's interval.
        public let dateInterval: DateInterval
        /// The sample the entry belongs to, with `.includeSample`; otherwise nil.
        public let sample: HKQuantitySample?
    }

    /// The asynchronous sequence of entries.
    public typealias Results = QueryResults<Result>

    /// The quantity type and predicate of the samples read.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    /// What the results include and how they are ordered.
    public var options: Options

    /// A descriptor.
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: Options = []) {
        self.predicate = predicate
        self.options = options
    }

    /// The entries of the matching samples, one element per entry.
    public func results(for healthStore: HKHealthStore) -> Results {
        let (type, nsPredicate, options) = (predicate.sampleType, UncheckedSendable(predicate.nsPredicate), options)
        return QueryResults(
            healthStore, kind: "HKQuantitySeriesSampleQueryDescriptor", types: [type.identifier]
        ) {
            try HKQuantitySeriesSampleQuery.entries(
                of: type, matching: nsPredicate.value,
                orderedBySampleStart: options.contains(.orderByQuantitySampleStartDate), in: healthStore
            ).map { entry in
                Result(
                    quantity: HKQuantity(entry.quantity), dateInterval: entry.interval,
                    sample: options.contains(.includeSample) ? HKSample.wrap(entry.sample) as? HKQuantitySample : nil)
            }
        }
    }
}
