import Foundation
import HealthEngine
import HealthModel

/// A sample type and a predicate, for queries over several types at once.
open class HKQueryDescriptor: NSObject, NSCopying, @unchecked Sendable {
    /// The sample type.
    open internal(set) var sampleType: HKSampleType
    /// The predicate; nil matches every sample of the type.
    open internal(set) var predicate: NSPredicate?

    /// A descriptor.
    public init(sampleType: HKSampleType, predicate: NSPredicate?) {
        self.sampleType = sampleType
        self.predicate = predicate
        super.init()
    }

    /// Descriptors are immutable: the copy is the descriptor itself. (Not `NSSecureCoding` yet: predicates do not
    /// archive on Linux; decisions/archiving.md.)
    open func copy(with zone: NSZone? = nil) -> Any { self }

    func model() throws -> SampleQueryDescriptor {
        SampleQueryDescriptor(type: sampleType.sampleType, predicate: try PredicateBridge.samplePredicate(predicate))
    }
}

/// A snapshot query for samples, as in HealthKit: predicate, limit and sort; results on a background queue.
open class HKSampleQuery: HKQuery, @unchecked Sendable {
    /// The most samples returned; `HKObjectQueryNoLimit` (0) for all.
    open internal(set) var limit: Int
    /// The sort order; nil for insertion order.
    open internal(set) var sortDescriptors: [NSSortDescriptor]?
    /// The (type, predicate) pairs of a multi-type query.
    let queryDescriptors: [HKQueryDescriptor]?
    private let resultsHandler: (HKSampleQuery, [HKSample]?, (any Error)?) -> Void

    /// A query over one sample type.
    public required init(
        sampleType: HKSampleType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
        resultsHandler: @escaping (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.queryDescriptors = nil
        self.resultsHandler = resultsHandler
        super.init(objectType: sampleType, predicate: predicate)
    }

    /// A query over several (type, predicate) pairs, unsorted.
    public required init(
        queryDescriptors: [HKQueryDescriptor], limit: Int,
        resultsHandler: @escaping (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.limit = limit
        self.sortDescriptors = nil
        self.queryDescriptors = queryDescriptors
        self.resultsHandler = resultsHandler
        super.init(objectType: nil, predicate: nil)
    }

    /// A query over several (type, predicate) pairs, sorted.
    public required init(
        queryDescriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor],
        resultsHandler: @escaping (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.queryDescriptors = queryDescriptors
        self.resultsHandler = resultsHandler
        super.init(objectType: nil, predicate: nil)
    }

    override func deliverFailure(_ error: HKError) { resultsHandler(self, nil, error) }

    override var queryTypes: [HKObjectType] { queryDescriptors?.map(\.sampleType) ?? super.queryTypes }

    override func run(in healthStore: HKHealthStore) {
        do {
            let samples = try evaluate(in: healthStore)
            healthStore.deliver { [self] in resultsHandler(self, samples, nil) }
        } catch {
            healthStore.deliver { [self] in resultsHandler(self, nil, HKError.from(error)) }
        }
    }

    func evaluate(in healthStore: HKHealthStore) throws -> [HKSample] {
        guard limit >= 0 else { throw HKError(.errorInvalidArgument, "limit must not be negative (got \(limit))") }
        let descriptors: [SampleQueryDescriptor]
        if let queryDescriptors {
            descriptors = try queryDescriptors.map { try $0.model() }
        } else if let sampleType {
            descriptors = [
                SampleQueryDescriptor(
                    type: sampleType.sampleType, predicate: try PredicateBridge.samplePredicate(predicate))
            ]
        } else {
            throw HKError(.errorInvalidArgument, "a sample query needs a sample type")
        }
        let sort = try (sortDescriptors ?? []).map(SortKeyPaths.sort(for:))
        let request = SampleQueryRequest(descriptors: descriptors, limit: limit, sort: sort)
        return healthStore.attachingZones(try HKSample.wrap(healthStore.dataStore.samples(request)))
    }
}
