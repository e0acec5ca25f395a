import Foundation
import HealthEngine
import HealthModel

/// Finds correlations (food, blood pressure) by their own predicate and a predicate per contained type: a correlation
/// matches when it contains at least one sample of every keyed type and every such sample matches (SEMANTICS §7).
open class HKCorrelationQuery: HKQuery, @unchecked Sendable {
    /// The correlation type searched.
    open internal(set) var correlationType: HKCorrelationType
    /// Per contained type, the condition its samples must meet.
    open internal(set) var samplePredicates: [HKSampleType: NSPredicate]?
    private let completion: (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void

    /// A correlation query; `completion` receives the matching correlations on a background queue.
    public required init(
        type correlationType: HKCorrelationType, predicate: NSPredicate?,
        samplePredicates: [HKSampleType: NSPredicate]?,
        completion: @escaping (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void
    ) {
        self.correlationType = correlationType
        self.samplePredicates = samplePredicates
        self.completion = completion
        super.init(objectType: correlationType, predicate: predicate)
    }

    override func deliverFailure(_ error: HKError) { completion(self, nil, error) }

    override func run(in healthStore: HKHealthStore) {
        do {
            var keyed: [SampleType: SamplePredicate] = [:]
            for (type, predicate) in samplePredicates ?? [:] {
                keyed[type.sampleType] = try PredicateBridge.samplePredicate(predicate)
            }
            let request = CorrelationQueryRequest(
                type: correlationType.sampleType, predicate: try PredicateBridge.samplePredicate(predicate),
                samplePredicates: keyed)
            let found = try healthStore.dataStore.correlations(request).map(HKCorrelation.init(model:))
            healthStore.deliver { [self] in completion(self, found, nil) }
        } catch {
            healthStore.deliver { [self] in completion(self, nil, HKError.from(error)) }
        }
    }
}
