import Foundation
import HealthModel

/// One all-or-nothing write: samples to insert, stored objects to delete, samples to associate with workouts, and
/// records to put or delete.
///
/// Every change to a store's data is one batch through `SampleStorage.commit(_:)`, so that a workout finishes with its
/// associated samples and its route in one commit (or not at all), a setting changes with a change sequence, and
/// observers see each commit once.
public struct CommitBatch: Sendable {
    /// The samples to insert (validated, with their source revisions).
    public var samples: [Sample]
    /// The identifiers of stored objects to delete.
    public var deletions: [UUID]
    /// Samples (stored, or inserted by this batch) to associate with workouts (stored, or inserted by this batch).
    public var associations: [WorkoutAssociation]
    /// Records to put or delete (`RecordKind`), applied after the samples, in order (a later write of the same key
    /// wins).
    public var records: [RecordWrite]

    /// A batch.
    public init(
        samples: [Sample] = [], deletions: [UUID] = [], associations: [WorkoutAssociation] = [],
        records: [RecordWrite] = []
    ) {
        self.samples = samples
        self.deletions = deletions
        self.associations = associations
        self.records = records
    }

    /// The objects its associations name (workouts and their samples): those this batch inserts, by identifier, and
    /// the identifiers of the others, which must be stored already.
    public func associatedObjects() -> (inserted: [UUID: Sample], stored: Set<UUID>) {
        var named = Set<UUID>()
        for association in associations {
            named.insert(association.workout)
            named.formUnion(association.samples)
        }
        var inserted: [UUID: Sample] = [:]
        for sample in samples where named.remove(sample.uuid) != nil { inserted[sample.uuid] = sample }
        return (inserted, named)
    }

    /// Whether the batch changes nothing.
    public var isEmpty: Bool {
        samples.isEmpty && deletions.isEmpty && associations.allSatisfy(\.samples.isEmpty) && records.isEmpty
    }
}

/// Samples associated with a workout (HealthKit's `add(_:to:)`; found with `predicateForObjects(from: workout)`).
public struct WorkoutAssociation: Sendable, Hashable {
    /// The workout.
    public let workout: UUID
    /// The samples associated with it.
    public let samples: [UUID]

    /// An association.
    public init(workout: UUID, samples: [UUID]) {
        self.workout = workout
        self.samples = samples
    }
}
