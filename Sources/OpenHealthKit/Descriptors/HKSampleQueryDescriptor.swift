import Foundation
import HealthEngine
import HealthModel

/// A sample type and predicate whose results are of a known class, for the async query descriptors.
public struct HKSamplePredicate<Sample: HKSample>: @unchecked Sendable {
    /// The sample type.
    public let sampleType: HKSampleType
    /// The predicate; nil for every sample of the type.
    public let nsPredicate: NSPredicate?

    init(sampleType: HKSampleType, predicate: NSPredicate?) {
        self.sampleType = sampleType
        self.nsPredicate = predicate
    }

    /// Whether a sample matches (used by `HKSampleQueryDescriptor` results in memory).
    func model() throws -> SampleQueryDescriptor {
        SampleQueryDescriptor(type: sampleType.sampleType, predicate: try PredicateBridge.samplePredicate(nsPredicate))
    }
}

extension HKSamplePredicate where Sample == HKSample {
    /// Samples of any type.
    public static func sample(type: HKSampleType, predicate: NSPredicate? = nil) -> HKSamplePredicate<HKSample> {
        HKSamplePredicate(sampleType: type, predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKQuantitySample {
    /// Quantity samples of a type.
    public static func quantitySample(
        type: HKQuantityType, predicate: NSPredicate? = nil
    ) -> HKSamplePredicate<HKQuantitySample> {
        HKSamplePredicate(sampleType: type, predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKCategorySample {
    /// Category samples of a type.
    public static func categorySample(
        type: HKCategoryType, predicate: NSPredicate? = nil
    ) -> HKSamplePredicate<HKCategorySample> {
        HKSamplePredicate(sampleType: type, predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKCorrelation {
    /// Correlations of a type.
    public static func correlation(
        type: HKCorrelationType, predicate: NSPredicate? = nil
    ) -> HKSamplePredicate<HKCorrelation> {
        HKSamplePredicate(sampleType: type, predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKWorkout {
    /// Workouts.
    public static func workout(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkout> {
        HKSamplePredicate(sampleType: HKObjectType.workoutType(), predicate: predicate)
    }
}

/// The async form of a sample query, as in HealthKit: `try await descriptor.result(for: store)`.
public struct HKSampleQueryDescriptor<Sample: HKSample>: @unchecked Sendable {
    /// The (type, predicate) pairs.
    public var predicates: [HKSamplePredicate<Sample>]
    /// The sort order, applied before the limit.
    public var sortDescriptors: [SortDescriptor<Sample>]
    /// The most samples returned; nil for all.
    public var limit: Int?

    /// A descriptor.
    public init(predicates: [HKSamplePredicate<Sample>], sortDescriptors: [SortDescriptor<Sample>], limit: Int? = nil) {
        self.predicates = predicates
        self.sortDescriptors = sortDescriptors
        self.limit = limit
    }

    /// Runs the query and returns the matching samples, sorted and limited.
    public func result(for healthStore: HKHealthStore) async throws -> [Sample] {
        try await healthStore.admitDescriptor(
            kind: "HKSampleQueryDescriptor", types: predicates.map(\.sampleType.identifier),
            predicate: predicates.first?.nsPredicate?.description)
        if let limit, limit < 0 { throw HKError(.errorInvalidArgument, "limit must not be negative (got \(limit))") }
        do {
            let descriptors = try predicates.map { try $0.model() }
            let unsortedLimit = sortDescriptors.isEmpty ? (limit ?? 0) : 0
            let request = SampleQueryRequest(descriptors: descriptors, limit: unsortedLimit)
            let stored = try await healthStore.onStoreExecutor { try healthStore.dataStore.samples(request) }
            var samples = healthStore.attachingZones(HKSample.wrap(stored)).compactMap { $0 as? Sample }
            if !sortDescriptors.isEmpty {
                samples.sort(using: sortDescriptors)
                if let limit, limit > 0, samples.count > limit { samples.removeSubrange(limit...) }
            }
            return samples
        } catch {
            throw HKError.from(error)
        }
    }
}
