import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// The async form of a workout effort relationship query, as in HealthKit (iOS 18): `result(for:)` once, or
/// `results(for:)` to keep receiving the relationships related or changed later.
public struct HKWorkoutEffortRelationshipQueryDescriptor: @unchecked Sendable {
    /// Selects the workouts; nil for every workout.
    public var predicate: NSPredicate?
    /// The anchor to start from; nil for every relationship.
    public var anchor: HKQueryAnchor?
    /// Every related sample, or only the most relevant one.
    public var option: HKWorkoutEffortRelationshipQueryOptions

    /// A descriptor.
    public init(predicate: NSPredicate?, anchor: HKQueryAnchor?, option: HKWorkoutEffortRelationshipQueryOptions) {
        self.predicate = predicate
        self.anchor = anchor
        self.option = option
    }

    /// The batches `results(for:)` delivers, in order.
    public typealias Results = QueryResults<Result>

    /// The relationships found and the anchor after them.
    public struct Result: @unchecked Sendable {
        /// The relationships related or changed after the anchor.
        public let relationships: [HKWorkoutEffortRelationship]
        /// The anchor to ask from next time.
        public let newAnchor: HKQueryAnchor
    }

    /// The relationships after the anchor and the new anchor.
    public func result(for healthStore: HKHealthStore) async throws -> Result {
        try await healthStore.admitDescriptor(
            kind: "HKWorkoutEffortRelationshipQueryDescriptor", types: [TypeTable.workoutTypeIdentifier],
            predicate: predicate?.description)
        let box = UncheckedSendable(self)
        return try await healthStore.onStoreExecutor {
            let descriptor = box.value
            let (relationships, anchor) = try HKWorkoutEffortRelationshipQuery.evaluate(
                predicate: descriptor.predicate, anchor: descriptor.anchor, options: descriptor.option, in: healthStore)
            return Result(relationships: relationships, newAnchor: anchor)
        }
    }

    /// The relationships after the anchor, then those of every later commit that relates or unrelates samples, until
    /// the task is cancelled or iteration stops. The first element comes even when there is none.
    public func results(for healthStore: HKHealthStore) -> Results {
        let predicate = UncheckedSendable(self.predicate)
        let anchor = self.anchor?.sequence ?? 0
        let mostRelevant = option == .mostRelevant
        let stream = AsyncThrowingStream<Result, any Error> { continuation in
            let model: SamplePredicate
            do {
                model = try PredicateBridge.samplePredicate(predicate.value)
            } catch {
                continuation.finish(throwing: error)
                return
            }
            let monitor = ChangeFeedMonitor(
                dataStore: healthStore.dataStore, descriptors: HealthDataStore.effortDescriptors,
                queue: healthStore.callbackQueue)
            continuation.onTermination = { _ in monitor.stop() }
            let forward: @Sendable (Swift.Result<AnchoredQueryResult, HKError>) -> Void = { outcome in
                do {
                    let changes = try outcome.get()
                    let found = try healthStore.dataStore.workoutEffortRelationships(
                        touchedBy: changes, matching: model, mostRelevant: mostRelevant)
                    continuation.yield(
                        Result(
                            relationships: found.map(HKWorkoutEffortRelationship.init),
                            newAnchor: HKQueryAnchor(sequence: changes.anchor)))
                } catch {
                    monitor.stop()
                    continuation.finish(throwing: HKError.from(error))
                }
            }
            monitor.start(anchor: anchor, limit: 0, initial: forward, onUpdate: forward)
        }
        return Results(stream: stream)
    }
}
