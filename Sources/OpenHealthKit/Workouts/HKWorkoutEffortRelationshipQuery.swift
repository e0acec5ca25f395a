import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// Finds workouts (and their activities) with the effort score samples related to them, as in HealthKit (iOS 18):
/// every relationship without an anchor, those related or changed after it with one, and the anchor to ask from next
/// time. The predicate selects workouts (`predicateForSamples`, `predicateForObjects(with:)`, workout predicates). A
/// relationship shows only when the app may read workouts and the effort type.
open class HKWorkoutEffortRelationshipQuery: HKQuery, @unchecked Sendable {
    private let anchor: HKQueryAnchor?
    private let options: HKWorkoutEffortRelationshipQueryOptions
    private let resultsHandler:
        (HKWorkoutEffortRelationshipQuery, [HKWorkoutEffortRelationship]?, HKQueryAnchor?, (any Error)?) -> Void

    /// A query; the handler receives the relationships and the new anchor on a background queue.
    public required init(
        predicate: NSPredicate?, anchor: HKQueryAnchor?, options: HKWorkoutEffortRelationshipQueryOptions,
        resultsHandler:
            @escaping (
                HKWorkoutEffortRelationshipQuery, [HKWorkoutEffortRelationship]?, HKQueryAnchor?, (any Error)?
            ) -> Void
    ) {
        self.anchor = anchor
        self.options = options
        self.resultsHandler = resultsHandler
        super.init(objectType: nil, predicate: predicate)
    }

    override var queryTypes: [HKObjectType] { [HKObjectType.workoutType()] }

    override func deliverFailure(_ error: HKError) { resultsHandler(self, nil, nil, error) }

    override func run(in healthStore: HKHealthStore) {
        do {
            let (relationships, newAnchor) = try Self.evaluate(
                predicate: predicate, anchor: anchor, options: options, in: healthStore)
            healthStore.deliver { [self] in resultsHandler(self, relationships, newAnchor, nil) }
        } catch {
            healthStore.deliver { [self] in resultsHandler(self, nil, nil, HKError.from(error)) }
        }
    }

    /// The relationships after an anchor and the new anchor (shared with the descriptor).
    static func evaluate(
        predicate: NSPredicate?, anchor: HKQueryAnchor?, options: HKWorkoutEffortRelationshipQueryOptions,
        in healthStore: HKHealthStore
    ) throws -> ([HKWorkoutEffortRelationship], HKQueryAnchor) {
        do {
            let found = try healthStore.dataStore.workoutEffortRelationships(
                matching: try PredicateBridge.samplePredicate(predicate), anchor: anchor?.sequence ?? 0,
                mostRelevant: options == .mostRelevant)
            return (found.relationships.map(HKWorkoutEffortRelationship.init), HKQueryAnchor(sequence: found.anchor))
        } catch {
            throw HKError.from(error)
        }
    }
}
