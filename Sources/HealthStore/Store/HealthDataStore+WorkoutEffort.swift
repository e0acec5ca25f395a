import Foundation
import HealthEngine
import HealthModel

/// Workout effort relationships (HealthKit's `relateWorkoutEffortSample`, `HKWorkoutEffortRelationshipQuery`): each
/// related sample is a record saved and deleted through the commit path, read back through the store's view
/// (docs/decisions/workout-effort.md).
extension HealthDataStore {
    /// Relates a saved effort score sample to a saved workout, or to one of its activities, on behalf of a source
    /// revision; relating it again changes nothing. Needs the grant to share the sample's type.
    public func relateWorkoutEffort(
        sample: UUID, workout: UUID, activity: UUID?, as sourceRevision: SourceRevision
    ) throws {
        let engine = WorkoutEffortQueryEngine(storage: storage)
        guard let record = try wrapped({ try engine.record(relating: sample, to: workout, activity: activity) }) else {
            return
        }
        try save([record], as: sourceRevision)
    }

    /// Removes the relation of an effort score sample to a workout (to its activity when given); fails when there is
    /// none, and when another app related it.
    public func unrelateWorkoutEffort(sample: UUID, workout: UUID, activity: UUID?) throws {
        let engine = WorkoutEffortQueryEngine(storage: storage)
        let records = try wrapped { try engine.recordsToDelete(unrelating: sample, from: workout, activity: activity) }
        try delete(records)
    }

    /// The relationships related or changed after `anchor` (0: every one) whose workout matches `predicate`, and the
    /// anchor to ask from next time.
    public func workoutEffortRelationships(
        matching predicate: SamplePredicate, anchor: Int64, mostRelevant: Bool
    ) throws -> (relationships: [WorkoutEffortRelationship], anchor: Int64) {
        let changes = try self.changes(AnchoredQueryRequest(descriptors: Self.effortDescriptors, anchor: anchor))
        let found = try workoutEffortRelationships(touchedBy: changes, matching: predicate, mostRelevant: mostRelevant)
        return (found, changes.anchor)
    }

    /// The relationships a batch of changes to relationship records touches (for a change feed over
    /// `effortDescriptors`).
    public func workoutEffortRelationships(
        touchedBy changes: AnchoredQueryResult, matching predicate: SamplePredicate, mostRelevant: Bool
    ) throws -> [WorkoutEffortRelationship] {
        let engine = WorkoutEffortQueryEngine(storage: storage)
        return try wrapped {
            try engine.relationships(touchedBy: changes.samples, matching: predicate, mostRelevant: mostRelevant)
        }
    }

    /// The anchored-query descriptors of relationship records.
    public static let effortDescriptors = [SampleQueryDescriptor(type: .workoutEffortRelationship)]
}
