import Foundation
import HealthModel

/// The rules of workout effort relationships over any storage: which record relating an effort score sample to a
/// workout may be saved, which records an unrelate deletes, and what the relationship query returns.
///
/// A relationship is stored as records (`SampleType.workoutEffortRelationship`, one per related sample), saved and
/// deleted through the commit path, so they take change-log sequences and the query is an anchored query over them.
/// The storage read is the reader's view: records, workouts and samples it may not see are not there.
public struct WorkoutEffortQueryEngine: Sendable {
    /// The storage read.
    public let storage: any SampleStorage

    /// An engine over a storage.
    public init(storage: any SampleStorage) {
        self.storage = storage
    }

    // MARK: Relating

    /// The record relating `sample` to `workout` (to its activity `activity` when given), or nil when that relation
    /// is stored already. Throws when the workout or sample is not stored (or not visible), when the sample is not an
    /// effort score, or when the activity is not one of the workout's.
    public func record(
        relating sample: UUID, to workout: UUID, activity: UUID?
    ) throws -> Sample? {
        let (workoutSample, effortSample) = try lookUp(sample: sample, workout: workout, activity: activity)
        if try records(ofWorkout: workout, activity: activity, exactly: true).contains(where: { $0.sample == sample }) {
            return nil
        }
        let content = WorkoutEffortRelationshipContent(
            workout: workout, activity: activity, sample: sample, sampleType: effortSample.type.identifier)
        do {
            return try Sample(
                type: .workoutEffortRelationship, startDate: workoutSample.startDate, endDate: workoutSample.endDate,
                content: .payload(.workoutEffortRelationship(content)))
        } catch {
            throw HealthEngineError.model(error)
        }
    }

    /// The stored records relating `sample` to `workout` (to its activity `activity` when given, else to the whole
    /// workout), which unrelating deletes; throws as `record(relating:to:activity:)` does, and when there are none.
    public func recordsToDelete(
        unrelating sample: UUID, from workout: UUID, activity: UUID?
    ) throws -> [UUID] {
        _ = try lookUp(sample: sample, workout: workout, activity: activity)
        let found = try storedRecords().filter {
            $0.content.workout == workout && $0.content.activity == activity && $0.content.sample == sample
        }
        guard !found.isEmpty else {
            throw HealthEngineError.invalidQuery(
                field: "sample",
                reason: "\(sample) is not related to workout \(workout)\(activity.map { " activity \($0)" } ?? "")")
        }
        return found.map(\.uuid)
    }

    private func lookUp(sample: UUID, workout: UUID, activity: UUID?) throws -> (workout: Sample, sample: Sample) {
        let stored = try storage.storedSamples(withUUIDs: [sample, workout])
        guard let workoutSample = stored.first(where: { $0.sample.uuid == workout })?.sample,
            let content = workoutSample.workoutContent
        else {
            throw HealthEngineError.invalidQuery(field: "workout", reason: "no saved workout has uuid \(workout)")
        }
        guard let effortSample = stored.first(where: { $0.sample.uuid == sample })?.sample else {
            throw HealthEngineError.invalidQuery(field: "sample", reason: "no saved sample has uuid \(sample)")
        }
        guard WorkoutEffortRelationshipContent.isEffortType(effortSample.type) else {
            throw HealthEngineError.invalidQuery(
                field: "sample",
                reason:
                    "\(effortSample.type.identifier) samples cannot be related to a workout (only workoutEffortScore and estimatedWorkoutEffortScore)"
            )
        }
        if let activity, Self.activity(activity, of: workoutSample, content) == nil {
            throw HealthEngineError.invalidQuery(
                field: "activity", reason: "\(activity) is not an activity of workout \(workout)")
        }
        return (workoutSample, effortSample)
    }

    /// Throws when one of the types is an effort score type: HealthKit refuses effort samples in `add(_:to:)` and
    /// the workout builder's `add` ("must be related to a workout").
    public static func checkAddable(_ types: some Sequence<SampleType>) throws {
        if let type = types.first(where: WorkoutEffortRelationshipContent.isEffortType) {
            throw HealthEngineError.invalidQuery(
                field: "samples",
                reason:
                    "\(type.identifier) samples must be related to a workout (relateWorkoutEffortSample), not added to it"
            )
        }
    }

    // MARK: Reading

    /// The stored relations of a workout: to one activity when given, otherwise to the workout or any activity
    /// (`exactly`: with a nil activity, only those to the whole workout).
    public func records(
        ofWorkout workout: UUID, activity: UUID?, exactly: Bool = false
    ) throws -> [WorkoutEffortRelationshipContent] {
        try storedRecords().map(\.content).filter { record in
            guard record.workout == workout else { return false }
            if activity != nil || exactly { return record.activity == activity }
            return true
        }
    }

    private func storedRecords() throws -> [(uuid: UUID, content: WorkoutEffortRelationshipContent)] {
        try storage.candidates(of: .workoutEffortRelationship, within: .unbounded).compactMap { stored in
            guard case let .workoutEffortRelationship(content)? = stored.sample.payload else { return nil }
            return (stored.sample.uuid, content)
        }
    }

    /// The relationships touched by `records` (changed records of an anchored query, or every record), each with all
    /// its current related samples, in the order first touched; those whose workout does not match `predicate`, and
    /// those without a workout or sample the reader sees, are left out. `mostRelevant` keeps one sample each: the
    /// latest score the person gave, else the latest estimate.
    public func relationships(
        touchedBy records: [Sample], matching predicate: SamplePredicate, mostRelevant: Bool
    ) throws -> [WorkoutEffortRelationship] {
        struct Key: Hashable {
            let workout: UUID
            let activity: UUID?
        }
        var order: [Key] = []
        var seen = Set<Key>()
        for record in records {
            guard case let .workoutEffortRelationship(content)? = record.payload else { continue }
            let key = Key(workout: content.workout, activity: content.activity)
            if seen.insert(key).inserted { order.append(key) }
        }
        guard !order.isEmpty else { return [] }
        var related: [Key: [UUID]] = [:]
        for (_, content) in try storedRecords() {
            let key = Key(workout: content.workout, activity: content.activity)
            if seen.contains(key), !(related[key]?.contains(content.sample) ?? false) {
                related[key, default: []].append(content.sample)
            }
        }
        let workouts = try storage.storedSamples(withUUIDs: Set(order.map(\.workout)))
        let evaluator = try PredicateEvaluator(
            predicate: predicate, type: .workout, storage: storage, candidates: workouts)
        var workoutByUUID: [UUID: Sample] = [:]
        for stored in workouts where evaluator.matches(stored.sample) {
            workoutByUUID[stored.sample.uuid] = stored.sample
        }
        var samples: [UUID: Sample] = [:]
        for stored in try storage.storedSamples(withUUIDs: Set(related.values.joined())) {
            samples[stored.sample.uuid] = stored.sample
        }
        return order.compactMap { key in
            guard let workout = workoutByUUID[key.workout] else { return nil }
            var activity: WorkoutActivity?
            if let uuid = key.activity {
                guard let content = workout.workoutContent, let found = Self.activity(uuid, of: workout, content) else {
                    return nil
                }
                activity = found
            }
            var found = (related[key] ?? []).compactMap { samples[$0] }.sorted {
                ($0.startDate, $0.uuid.uuidString) < ($1.startDate, $1.uuid.uuidString)
            }
            guard !found.isEmpty else { return nil }
            if mostRelevant { found = [Self.mostRelevant(of: found)] }
            return WorkoutEffortRelationship(workout: workout, activity: activity, samples: found)
        }
    }

    /// The workout's activity with this identifier; a workout recorded without activities has one over its whole
    /// interval, identified by the workout's identifier (as `HKWorkout.workoutActivities` shows it).
    static func activity(_ uuid: UUID, of workout: Sample, _ content: WorkoutContent) -> WorkoutActivity? {
        if let found = content.activities.first(where: { $0.uuid == uuid }) { return found }
        guard content.activities.isEmpty, uuid == workout.uuid else { return nil }
        return try? WorkoutActivity(
            uuid: uuid, configuration: WorkoutConfiguration(activityTypeRawValue: content.activityTypeRawValue),
            startDate: workout.startDate, endDate: workout.endDate, events: content.events,
            statistics: content.statistics)
    }

    private static let personScore = "HKQuantityTypeIdentifierWorkoutEffortScore"

    /// The latest score the person gave, else the latest estimate (`samples` is not empty and sorted by start).
    private static func mostRelevant(of samples: [Sample]) -> Sample {
        samples.last(where: { $0.type.identifier == personScore }) ?? samples[samples.count - 1]
    }
}
