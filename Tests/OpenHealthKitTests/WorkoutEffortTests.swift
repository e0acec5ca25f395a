import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

/// The Berlin duathlon (`Duathlon`) with the effort the athlete gave afterwards: 7 for the whole race, 8.5 for the
/// running leg.
enum DuathlonEffort {
    static let type = HKQuantityType(.workoutEffortScore)

    static func score(_ value: Double, minute: Int) -> HKQuantitySample {
        let at = Duathlon.at(8, 45).addingTimeInterval(Double(minute) * 60)
        return HKQuantitySample(
            type: type, quantity: HKQuantity(unit: .appleEffortScore(), doubleValue: value), start: at, end: at)
    }

    /// The duathlon built on `dataStore` by the default app, with the score 7 saved and related to the whole race.
    static func race(on dataStore: HealthDataStore) async throws -> (HKHealthStore, HKWorkout, HKQuantitySample) {
        let healthStore = HKHealthStore(dataStore: dataStore)
        let workout = try await Duathlon.build(with: healthStore)
        let whole = score(7, minute: 5)
        try await healthStore.save(whole)
        try await relate(whole, workout, nil, in: healthStore)
        return (healthStore, workout, whole)
    }

    static func relate(
        _ sample: HKSample, _ workout: HKWorkout, _ activity: HKWorkoutActivity?, in healthStore: HKHealthStore
    ) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            healthStore.relateWorkoutEffortSample(sample, with: workout, activity: activity) { success, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                #expect(success == (error == nil))
            }
        }
    }

    static func unrelate(
        _ sample: HKSample, _ workout: HKWorkout, _ activity: HKWorkoutActivity?, in healthStore: HKHealthStore
    ) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            healthStore.unrelateWorkoutEffortSample(sample, from: workout, activity: activity) { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    /// The relationships an `HKWorkoutEffortRelationshipQuery` delivers, and its new anchor.
    static func query(
        _ healthStore: HKHealthStore, predicate: NSPredicate? = nil, anchor: HKQueryAnchor? = nil,
        options: HKWorkoutEffortRelationshipQueryOptions = .default
    ) async throws -> ([HKWorkoutEffortRelationship], HKQueryAnchor) {
        let found = try await withCheckedThrowingContinuation {
            (
                continuation: CheckedContinuation<
                    UncheckedBox<([HKWorkoutEffortRelationship], HKQueryAnchor)>, any Error
                >
            )
            in
            healthStore.execute(
                HKWorkoutEffortRelationshipQuery(predicate: predicate, anchor: anchor, options: options) {
                    _, relationships, newAnchor, error in
                    if let relationships, let newAnchor {
                        continuation.resume(returning: UncheckedBox((relationships, newAnchor)))
                    } else {
                        continuation.resume(throwing: error ?? HKError(.unknownError))
                    }
                })
        }
        return found.value
    }

    /// The values (in appleEffortScore) of a relationship's samples.
    static func values(_ relationship: HKWorkoutEffortRelationship) -> [Double] {
        (relationship.samples ?? []).compactMap {
            ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .appleEffortScore())
        }
    }
}

/// Hands a non-Sendable value across a continuation in a test.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

@Suite("Workout effort relationships: relate, query (callback and anchored descriptor), unrelate, permissions")
struct WorkoutEffortTests {
    @Test(
        "Two effort scores related to the duathlon (one to its running leg) come back through the query and the anchored descriptor; unrelating removes one",
        arguments: StorageBackend.allCases)
    func relateQueryUnrelate(_ backend: StorageBackend) async throws {
        let (healthStore, workout, whole) = try await DuathlonEffort.race(on: backend.makeStore())
        let running = try #require(workout.workoutActivities.last)
        #expect(running.workoutConfiguration.activityType == .running)
        let leg = DuathlonEffort.score(8.5, minute: 6)
        try await healthStore.save(leg)
        try await DuathlonEffort.relate(leg, workout, running, in: healthStore)
        try await DuathlonEffort.relate(leg, workout, running, in: healthStore)  // again: nothing changes

        let (relationships, anchor) = try await DuathlonEffort.query(healthStore)
        #expect(relationships.count == 2)
        let toWorkout = try #require(relationships.first { $0.activity == nil })
        let toLeg = try #require(relationships.first { $0.activity != nil })
        #expect(toWorkout.workout.uuid == workout.uuid && toLeg.workout.uuid == workout.uuid)
        #expect(toLeg.activity?.uuid == running.uuid)
        #expect(DuathlonEffort.values(toWorkout) == [7])
        #expect(DuathlonEffort.values(toLeg) == [8.5])
        #expect(toLeg.samples?.first?.uuid == leg.uuid)

        // The descriptor gives the same, and nothing after the anchor the query returned.
        let described = try await HKWorkoutEffortRelationshipQueryDescriptor(
            predicate: nil, anchor: nil, option: .default
        )
        .result(for: healthStore)
        #expect(Set(described.relationships.map { $0.activity?.uuid }) == [nil, running.uuid])
        let later = try await HKWorkoutEffortRelationshipQueryDescriptor(
            predicate: nil, anchor: described.newAnchor, option: .default
        ).result(for: healthStore)
        #expect(later.relationships.isEmpty)

        // A workout predicate selects the workouts whose relationships are returned.
        let elsewhere = HKQuery.predicateForSamples(withStart: Duathlon.at(12, 0), end: nil)
        #expect(try await DuathlonEffort.query(healthStore, predicate: elsewhere).0.isEmpty)
        let this = HKQuery.predicateForObject(with: workout.uuid)
        #expect(try await DuathlonEffort.query(healthStore, predicate: this).0.count == 2)

        // Sample queries find the related effort samples: to the workout and any activity, or to one activity.
        let all = try await HKSampleQueryDescriptor(
            predicates: [
                .quantitySample(
                    type: DuathlonEffort.type,
                    predicate: HKQuery.predicateForWorkoutEffortSamplesRelated(workout: workout, activity: nil))
            ], sortDescriptors: []
        ).result(for: healthStore)
        #expect(Set(all.map(\.uuid)) == [whole.uuid, leg.uuid])
        let onLeg = try await HKSampleQueryDescriptor(
            predicates: [
                .quantitySample(
                    type: DuathlonEffort.type,
                    predicate: HKQuery.predicateForWorkoutEffortSamplesRelated(workout: workout, activity: running))
            ], sortDescriptors: []
        ).result(for: healthStore)
        #expect(onLeg.map(\.uuid) == [leg.uuid])

        // A third score for the whole race, given later: the most relevant one is the latest the person gave.
        let revised = DuathlonEffort.score(6, minute: 30)
        try await healthStore.save(revised)
        try await DuathlonEffort.relate(revised, workout, nil, in: healthStore)
        let changed = try await DuathlonEffort.query(healthStore, anchor: anchor)
        #expect(changed.0.count == 1)
        #expect(changed.0.first.map(DuathlonEffort.values) == [7, 6])
        let relevant = try await DuathlonEffort.query(healthStore, options: .mostRelevant).0
        #expect(relevant.first { $0.activity == nil }.map(DuathlonEffort.values) == [6])

        try await DuathlonEffort.unrelate(leg, workout, running, in: healthStore)
        let remaining = try await DuathlonEffort.query(healthStore).0
        #expect(remaining.count == 1)
        #expect(remaining.first?.activity == nil)
        #expect(remaining.first.map(DuathlonEffort.values) == [7, 6])
        await expectHKError(.errorInvalidArgument) {
            try await DuathlonEffort.unrelate(leg, workout, running, in: healthStore)
        }
    }

    @Test(
        "A reader sees a relationship only when it may read workouts and effort scores; without that it sees none",
        arguments: StorageBackend.allCases)
    func readerPermissions(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        let (_, workout, whole) = try await DuathlonEffort.race(on: dataStore)

        let reader = "com.example.coach"
        dataStore.access.restrict(reader)
        let coach = HKHealthStore(
            dataStore: dataStore, client: HKSource(Source(name: "Coach", bundleIdentifier: reader)))
        dataStore.access.setDecision(
            .authorized, client: reader, type: HKObjectType.workoutType().identifier, share: false)
        #expect(try await DuathlonEffort.query(coach).0.isEmpty)
        let described = try await HKWorkoutEffortRelationshipQueryDescriptor(
            predicate: nil, anchor: nil, option: .default
        )
        .result(for: coach)
        #expect(described.relationships.isEmpty)
        dataStore.access.setDecision(.authorized, client: reader, type: DuathlonEffort.type.identifier, share: false)
        let seen = try await DuathlonEffort.query(coach).0
        #expect(seen.count == 1)
        #expect(seen.first.map(DuathlonEffort.values) == [7])
        // The coach may read but not write effort scores: it cannot take the athlete's relationship away.
        await expectHKError(.errorAuthorizationDenied) {
            try await DuathlonEffort.unrelate(whole, workout, nil, in: coach)
        }
    }

    @Test("results(for:) gives the relationships so far, then each later relating as it is committed")
    func followsLaterRelating() async throws {
        let (healthStore, workout, _) = try await DuathlonEffort.race(on: HealthDataStore())
        let running = try #require(workout.workoutActivities.last)
        var iterator = HKWorkoutEffortRelationshipQueryDescriptor(predicate: nil, anchor: nil, option: .mostRelevant)
            .results(for: healthStore).makeAsyncIterator()
        let first = try #require(try await iterator.next())
        #expect(first.relationships.map(DuathlonEffort.values) == [[7]])
        let leg = DuathlonEffort.score(8.5, minute: 6)
        try await healthStore.save(leg)
        try await DuathlonEffort.relate(leg, workout, running, in: healthStore)
        var next = try #require(try await iterator.next())
        while next.relationships.isEmpty { next = try #require(try await iterator.next()) }  // the save's own batch
        #expect(next.relationships.count == 1)
        #expect(next.relationships.first?.activity?.uuid == running.uuid)
        #expect(next.relationships.first.map(DuathlonEffort.values) == [8.5])
    }

    @Test("Only effort scores relate, to a saved workout and one of its activities; errors as HealthKit's codes")
    func relateRules() async throws {
        let dataStore = HealthDataStore()
        let healthStore = HKHealthStore(dataStore: dataStore)
        let workout = try await Duathlon.build(with: healthStore)
        let score = DuathlonEffort.score(7, minute: 5)
        try await healthStore.save(score)
        let heartRate = Duathlon.reading(
            Duathlon.heartRate, 150, Duathlon.beatsPerMinute, at: Duathlon.at(8, 50), minutes: 1)
        try await healthStore.save(heartRate)
        await expectHKError(.errorInvalidArgument) {
            try await DuathlonEffort.relate(heartRate, workout, nil, in: healthStore)
        }
        // As in HealthKit, effort scores are related, never added to a workout or a workout builder.
        await expectHKError(.errorInvalidArgument) { try await healthStore.addSamples([score], to: workout) }
        let builder = HKWorkoutBuilder(
            healthStore: healthStore, configuration: Duathlon.configuration(.running, .outdoor), device: nil)
        try await builder.beginCollection(at: Duathlon.at(9, 0))
        await expectHKError(.errorInvalidArgument) { try await builder.addSamples([score]) }
        builder.discardWorkout()
        let unsaved = HKWorkout(activityType: .running, start: Duathlon.at(9, 0), end: Duathlon.at(9, 30))
        await expectHKError(.errorInvalidArgument) {
            try await DuathlonEffort.relate(score, unsaved, nil, in: healthStore)
        }
        let strange = HKWorkoutActivity(
            workoutConfiguration: Duathlon.configuration(.rowing, .indoor), start: Duathlon.at(7, 0),
            end: Duathlon.at(7, 10), metadata: nil)
        await expectHKError(.errorInvalidArgument) {
            try await DuathlonEffort.relate(score, workout, strange, in: healthStore)
        }
        // A workout without activities has one over its whole interval, which a score may be related to.
        let run = HKWorkout(activityType: .running, start: Duathlon.at(9, 0), end: Duathlon.at(9, 30))
        try await healthStore.save(run)
        let only = try #require(run.workoutActivities.first)
        try await DuathlonEffort.relate(score, run, only, in: healthStore)
        let found = try await DuathlonEffort.query(healthStore).0
        #expect(found.first?.activity?.uuid == run.uuid)

        let denied = "com.example.denied"
        dataStore.access.restrict(denied)
        let other = HKHealthStore(
            dataStore: dataStore, client: HKSource(Source(name: "Denied", bundleIdentifier: denied)))
        dataStore.access.setDecision(
            .authorized, client: denied, type: HKObjectType.workoutType().identifier, share: false)
        dataStore.access.setDecision(.authorized, client: denied, type: DuathlonEffort.type.identifier, share: false)
        await expectHKError(.errorAuthorizationNotDetermined) {
            try await DuathlonEffort.relate(score, workout, nil, in: other)
        }
    }

    @Test(
        "The async relate and unrelate return true and throw what the completion forms report; startWatchApp(toHandle:) finds no watch",
        arguments: StorageBackend.allCases)
    func asyncRelateAndUnrelate(_ backend: StorageBackend) async throws {
        let (healthStore, workout, whole) = try await DuathlonEffort.race(on: backend.makeStore())
        let running = try #require(workout.workoutActivities.last)
        let leg = DuathlonEffort.score(8.5, minute: 6)
        try await healthStore.save(leg)
        #expect(try await healthStore.relateWorkoutEffortSample(leg, with: workout, activity: running))
        #expect(try await DuathlonEffort.query(healthStore).0.count == 2)

        #expect(try await healthStore.unrelateWorkoutEffortSample(whole, from: workout, activity: nil))
        let left = try await DuathlonEffort.query(healthStore).0
        #expect(left.count == 1 && left.first?.activity?.uuid == running.uuid)
        await expectHKError(.errorInvalidArgument) {
            _ = try await healthStore.unrelateWorkoutEffortSample(whole, from: workout, activity: nil)
        }
        await expectHKError(.errorHealthDataUnavailable) {
            try await healthStore.startWatchApp(toHandle: Duathlon.configuration(.running, .outdoor))
        }
    }
}
