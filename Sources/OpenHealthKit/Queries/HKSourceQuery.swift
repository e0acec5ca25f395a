import Foundation
import HealthEngine
import HealthModel

/// Finds the sources (apps and devices) that saved samples of a type matching a predicate.
open class HKSourceQuery: HKQuery, @unchecked Sendable {
    private let completionHandler: (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void

    /// A source query; the handler receives the sources on a background queue.
    public required init(
        sampleType: HKSampleType, samplePredicate objectPredicate: NSPredicate?,
        completionHandler: @escaping (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void
    ) {
        self.completionHandler = completionHandler
        super.init(objectType: sampleType, predicate: objectPredicate)
    }

    override func deliverFailure(_ error: HKError) { completionHandler(self, nil, error) }

    override func run(in healthStore: HKHealthStore) {
        do {
            guard let sampleType else { throw HKError(.errorInvalidArgument, "a source query needs a sample type") }
            let sources = try healthStore.dataStore.sources(
                of: sampleType.sampleType, matching: try PredicateBridge.samplePredicate(predicate))
            let found = Set(sources.map(HKSource.init))
            healthStore.deliver { [self] in completionHandler(self, found, nil) }
        } catch {
            healthStore.deliver { [self] in completionHandler(self, nil, HKError.from(error)) }
        }
    }
}

/// The async form of a source query, as in HealthKit: `try await descriptor.result(for: store)` gives the sources
/// sorted by name.
public struct HKSourceQueryDescriptor<Sample: HKSample>: @unchecked Sendable {
    /// The type and predicate.
    public var predicate: HKSamplePredicate<Sample>

    /// A descriptor.
    public init(predicate: HKSamplePredicate<Sample>) {
        self.predicate = predicate
    }

    /// The sources with matching samples, sorted by name.
    public func result(for healthStore: HKHealthStore) async throws -> [HKSource] {
        let type = predicate.sampleType.sampleType
        let model = try PredicateBridge.samplePredicate(predicate.nsPredicate)
        let sources = try await healthStore.onStoreExecutor {
            do {
                return try healthStore.dataStore.sources(of: type, matching: model)
            } catch {
                throw HKError.from(error)
            }
        }
        return sources.map(HKSource.init)
    }
}
