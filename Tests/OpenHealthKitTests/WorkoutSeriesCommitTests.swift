import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

/// Routes and heartbeat series are samples of their series types (issue 26): a workout finishes with its associated
/// samples and its route in one commit, found by anchored, association and observer queries like any sample, and a
/// route deleted alone is a deletion anchored queries report.
@Suite("Workout series through the one commit: a built run with its route and a heartbeat series")
struct WorkoutSeriesCommitTests {
    /// A run of 40 minutes with heart rate readings and a five-point route, built with `HKWorkoutBuilder` and its own
    /// route builder, collection ended: ready to finish.
    static func endedRun(in healthStore: HKHealthStore, samples: [HKQuantitySample]) async throws -> HKWorkoutBuilder {
        let builder = HKWorkoutBuilder(
            healthStore: healthStore, configuration: Duathlon.configuration(.running, .outdoor), device: nil)
        try await builder.beginCollection(at: Duathlon.at(7, 0))
        try await builder.addSamples(samples)
        let routeBuilder = try #require(
            builder.seriesBuilder(for: HKSeriesType.workoutRoute()) as? HKWorkoutRouteBuilder)
        try await routeBuilder.insertRouteData(Duathlon.route())
        try await builder.endCollection(at: Duathlon.at(7, 40))
        return builder
    }

    /// The run of `endedRun`, finished.
    static func buildRun(in healthStore: HKHealthStore, samples: [HKQuantitySample]) async throws -> HKWorkout {
        try #require(try await endedRun(in: healthStore, samples: samples).finishWorkout())
    }

    static func heartRates() -> [HKQuantitySample] {
        [131, 142, 149].enumerated().map { index, rate in
            Duathlon.reading(
                Duathlon.heartRate, rate, Duathlon.beatsPerMinute, at: Duathlon.at(7, 5 + index * 10), minutes: 1)
        }
    }

    static func routes(_ predicate: NSPredicate?, in healthStore: HKHealthStore) async throws -> [HKSample] {
        try await HKSampleQueryDescriptor(
            predicates: [.sample(type: HKSeriesType.workoutRoute(), predicate: predicate)], sortDescriptors: []
        ).result(for: healthStore)
    }

    @Test(
        "A built run's route is found by anchored and association queries, its observer fires once, and a heartbeat series is a sample of its own",
        arguments: StorageBackend.allCases)
    func builtRunIsFoundEverywhere(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let fired = DeliveryLog<Int>()
        healthStore.execute(
            HKObserverQuery(sampleType: HKSeriesType.workoutRoute(), predicate: nil) { _, done, _ in
                fired.append(1)
                done()
            })
        try await Task.sleep(nanoseconds: 300_000_000)
        let initial = fired.all.count
        let anchor = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.sample(type: HKSeriesType.workoutRoute())], anchor: nil
        ).result(for: healthStore).newAnchor

        let samples = Self.heartRates()
        try await healthStore.save(samples)
        let workout = try await Self.buildRun(in: healthStore, samples: samples)

        // The anchored query on the route type reports the route once, with its five locations.
        let changes = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.sample(type: HKSeriesType.workoutRoute())], anchor: anchor
        ).result(for: healthStore)
        #expect(changes.addedSamples.count == 1)
        let route = try #require(changes.addedSamples.first as? HKWorkoutRoute)
        #expect(route.count == 5)
        #expect(route.startDate == Duathlon.at(7, 0) && route.endDate == Duathlon.at(7, 20))
        // The association predicate finds the route and the heart rates, and nothing of another workout.
        let associated = HKQuery.predicateForObjects(from: workout)
        #expect(try await Self.routes(associated, in: healthStore).map(\.uuid) == [route.uuid])
        let rates = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: Duathlon.heartRate, predicate: associated)], sortDescriptors: []
        ).result(for: healthStore)
        #expect(Set(rates.map(\.uuid)) == Set(samples.map(\.uuid)))
        // One commit: the route observer fired once for the workout's finish.
        #expect(try await fired.wait(forCount: initial + 1).count == initial + 1)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(fired.all.count == initial + 1)

        // A heartbeat series is its own commit and its own sample, found by anchored queries on its type.
        let beatsAnchor = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.sample(type: HKSeriesType.heartbeat())], anchor: nil
        ).result(for: healthStore).newAnchor
        let beats = HKHeartbeatSeriesBuilder(healthStore: healthStore, device: nil, start: Duathlon.at(7, 30))
        for index in 0..<8 { try await beats.addHeartbeat(at: Double(index) * 0.42, precededByGap: index == 4) }
        let series = try await beats.finishSeries()
        let seriesChanges = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.sample(type: HKSeriesType.heartbeat())], anchor: beatsAnchor
        ).result(for: healthStore)
        #expect(seriesChanges.addedSamples.map(\.uuid) == [series.uuid])
        #expect((seriesChanges.addedSamples.first as? HKHeartbeatSeriesSample)?.count == 8)
    }

    @Test(
        "A workout whose associated sample vanished before it finished leaves nothing: no workout, no route",
        arguments: StorageBackend.allCases)
    func finishIsAtomic(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        let healthStore = HKHealthStore(dataStore: dataStore)
        let samples = Self.heartRates()
        try await healthStore.save(samples)
        let builder = try await Self.endedRun(in: healthStore, samples: samples)
        // The fault between the parts: a sample the workout is to be associated with is deleted meanwhile.
        try await healthStore.delete(samples[1])
        let sequence = try dataStore.changeLog.latestSequence()
        await #expect(throws: HKError.self) { _ = try await builder.finishWorkout() }
        #expect(try dataStore.changeLog.latestSequence() == sequence)
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(
            for: healthStore)
        #expect(workouts.isEmpty)
        #expect(try await Self.routes(nil, in: healthStore).isEmpty)
    }

    @Test(
        "A route deleted alone is a deletion anchored queries report; its workout stays",
        arguments: StorageBackend.allCases)
    func deletedRouteIsReported(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let workout = try await Self.buildRun(in: healthStore, samples: [])
        let first = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.sample(type: HKSeriesType.workoutRoute())], anchor: nil
        ).result(for: healthStore)
        let route = try #require(first.addedSamples.first)
        try await healthStore.delete(route)
        let next = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.sample(type: HKSeriesType.workoutRoute())], anchor: first.newAnchor
        ).result(for: healthStore)
        #expect(next.addedSamples.isEmpty)
        #expect(next.deletedObjects.map(\.uuid) == [route.uuid])
        #expect(try await Self.routes(HKQuery.predicateForObjects(from: workout), in: healthStore).isEmpty)
        let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(
            for: healthStore)
        #expect(workouts.map(\.uuid) == [workout.uuid])
    }
}
