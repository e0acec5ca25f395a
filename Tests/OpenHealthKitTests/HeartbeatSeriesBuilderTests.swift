import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

/// A minute of beats at rest, about 72 a minute with a little variation, and three beats the sensor lost after the
/// 30th: the 31st is preceded by a gap.
enum RestingBeats {
    static let start = Date(timeIntervalSince1970: 1_711_872_000)  // 2024-03-31 08:00 Berlin (summer time)
    static let beats: [(time: TimeInterval, gap: Bool)] = {
        var result: [(TimeInterval, Bool)] = []
        var time = 0.35
        for index in 0..<60 {
            let gap = index == 30
            if gap { time += 3 * 0.83 }
            result.append((time, gap))
            time += [0.81, 0.84, 0.79, 0.86, 0.83][index % 5]
        }
        return result
    }()
}

@Suite("HKHeartbeatSeriesBuilder: a series built beat by beat, saved and read back exactly")
struct HeartbeatSeriesBuilderTests {
    @Test(
        "Sixty beats with a gap, built and finished, read back with HKHeartbeatSeriesQuery and the descriptor exactly",
        arguments: StorageBackend.allCases)
    func buildAndReadBack(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let builder = HKHeartbeatSeriesBuilder(healthStore: healthStore, device: nil, start: RestingBeats.start)
        for beat in RestingBeats.beats.prefix(40) {
            try await builder.addHeartbeat(at: beat.time, precededByGap: beat.gap)
        }
        for beat in RestingBeats.beats.dropFirst(40) {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                builder.addHeartbeatWithTimeInterval(sinceSeriesStartDate: beat.time, precededByGap: beat.gap) {
                    _, error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }
            }
        }
        try await builder.addMetadata([HKMetadataKeyWasUserEntered: false])
        let series = try await builder.finishSeries()
        #expect(series.count == 60)
        #expect(series.startDate == RestingBeats.start)
        #expect(series.endDate == RestingBeats.start.addingTimeInterval(RestingBeats.beats.last!.time))
        #expect(series.sampleType == HKSeriesType.heartbeat())
        #expect(series.metadata?[HKMetadataKeyWasUserEntered] as? Bool == false)

        var read: [HKHeartbeatSeriesQueryDescriptor.Heartbeat] = []
        for try await beat in HKHeartbeatSeriesQueryDescriptor(series).results(for: healthStore) { read.append(beat) }
        #expect(read.map(\.timeIntervalSinceStart) == RestingBeats.beats.map(\.time))
        #expect(read.map(\.precededByGap) == RestingBeats.beats.map(\.gap))

        let log = DeliveryLog<(TimeInterval, Bool, Bool)>()
        healthStore.execute(
            HKHeartbeatSeriesQuery(heartbeatSeries: series) { _, time, gap, done, error in
                #expect(error == nil)
                log.append((time, gap, done))
            })
        let delivered = try await log.wait(forCount: 60)
        #expect(delivered.map(\.0) == RestingBeats.beats.map(\.time))
        #expect(delivered.map(\.1) == RestingBeats.beats.map(\.gap))
        #expect(delivered.map(\.2) == Array(repeating: false, count: 59) + [true])

        // The series is a sample of the heartbeat type: sample queries find it.
        let found = try await HKSampleQueryDescriptor(
            predicates: [HKSamplePredicate.sample(type: HKSeriesType.heartbeat())], sortDescriptors: []
        ).result(for: healthStore)
        #expect(found.map(\.uuid) == [series.uuid])
        #expect((found.first as? HKHeartbeatSeriesSample)?.count == 60)
    }

    @Test(
        "Beats out of order, before the start or past maximumCount fail; a finished or discarded builder refuses more")
    func misuse() async throws {
        let healthStore = HKHealthStore(dataStore: HealthDataStore())
        let builder = HKHeartbeatSeriesBuilder(healthStore: healthStore, device: nil, start: RestingBeats.start)
        try await builder.addHeartbeat(at: 0.8, precededByGap: false)
        await expectHKError(.errorInvalidArgument) { try await builder.addHeartbeat(at: 0.8, precededByGap: false) }
        await expectHKError(.errorInvalidArgument) { try await builder.addHeartbeat(at: 0.5, precededByGap: false) }
        await expectHKError(.errorInvalidArgument) { try await builder.addHeartbeat(at: -1, precededByGap: false) }
        await expectHKError(.errorInvalidArgument) { try await builder.addHeartbeat(at: .nan, precededByGap: false) }
        for index in 1..<HKHeartbeatSeriesBuilder.maximumCount {
            try await builder.addHeartbeat(at: 0.8 + Double(index) * 0.8, precededByGap: false)
        }
        await expectHKError(.errorInvalidArgument) {
            try await builder.addHeartbeat(at: 100_000, precededByGap: false)
        }
        let series = try await builder.finishSeries()
        #expect(series.count == HKHeartbeatSeriesBuilder.maximumCount)
        await expectHKError(.errorInvalidArgument) { _ = try await builder.finishSeries() }

        let empty = HKHeartbeatSeriesBuilder(healthStore: healthStore, device: nil, start: RestingBeats.start)
        await expectHKError(.errorInvalidArgument) { _ = try await empty.finishSeries() }
        empty.discard()
        await expectHKError(.errorInvalidArgument) { try await empty.addHeartbeat(at: 1, precededByGap: false) }
    }

    @Test("An app without permission to share heartbeat series cannot save one")
    func sharePermission() async throws {
        let dataStore = HealthDataStore()
        let client = "com.example.beats"
        dataStore.access.restrict(client)
        let healthStore = HKHealthStore(
            dataStore: dataStore, client: HKSource(Source(name: "Beats", bundleIdentifier: client)))
        let builder = HKHeartbeatSeriesBuilder(healthStore: healthStore, device: nil, start: RestingBeats.start)
        try await builder.addHeartbeat(at: 0.8, precededByGap: false)
        await expectHKError(.errorAuthorizationNotDetermined) { _ = try await builder.finishSeries() }
        dataStore.access.setDecision(
            .authorized, client: client, type: HKSeriesType.heartbeat().identifier, share: true)
        let series = try await builder.finishSeries()
        #expect(series.sourceRevision.source.bundleIdentifier == client)
    }

    @Test("A cumulative series sample comes back as HKCumulativeQuantitySeriesSample, whose sum is its total")
    func cumulativeSeriesSample() async throws {
        let healthStore = HKHealthStore(dataStore: HealthDataStore())
        let steps = HKQuantityType(.stepCount)
        let builder = HKQuantitySeriesSampleBuilder(
            healthStore: healthStore, quantityType: steps, startDate: RestingBeats.start, device: nil)
        for (minute, count) in [112.0, 98, 131].enumerated() {
            try builder.insert(
                HKQuantity(unit: .count(), doubleValue: count),
                for: DateInterval(start: RestingBeats.start.addingTimeInterval(Double(minute) * 60), duration: 60))
        }
        let saved = try await builder.finishSeries(metadata: nil)
        let series = try #require(saved.first as? HKCumulativeQuantitySeriesSample)
        #expect(series.sum.doubleValue(for: .count()) == 341)
        #expect(series.sumQuantity.doubleValue(for: .count()) == 341)
        let single = HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 40), start: RestingBeats.start,
            end: RestingBeats.start.addingTimeInterval(60))
        try await healthStore.save(single)
        let read = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: steps, predicate: HKQuery.predicateForObject(with: single.uuid))],
            sortDescriptors: []
        ).result(for: healthStore)
        #expect(read.first is HKCumulativeQuantitySample)
        #expect(!(read.first is HKCumulativeQuantitySeriesSample))
    }

    @Test("Workout activity predicates select the workouts that have such an activity; the key paths are distinct")
    func activityPredicates() async throws {
        let healthStore = HKHealthStore(dataStore: HealthDataStore())
        let duathlon = try await Duathlon.build(with: healthStore)
        let row = HKWorkout(activityType: .rowing, start: Duathlon.at(12, 0), end: Duathlon.at(12, 40))
        try await healthStore.save(row)
        func workouts(_ activityPredicate: NSPredicate) async throws -> [UUID] {
            try await HKSampleQueryDescriptor(
                predicates: [.workout(HKQuery.predicateForWorkouts(activityPredicate: activityPredicate))],
                sortDescriptors: []
            ).result(for: healthStore).map(\.uuid)
        }
        #expect(
            try await workouts(HKQuery.predicateForWorkoutActivities(workoutActivityType: .running)) == [duathlon.uuid])
        #expect(try await workouts(HKQuery.predicateForWorkoutActivities(workoutActivityType: .rowing)) == [row.uuid])
        let long = HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, duration: 50 * 60)
        #expect(try await workouts(long) == [duathlon.uuid])  // cycling: 60 minutes less a two-minute pause
        let keyPaths = [
            HKPredicateKeyPathWorkoutActivity, HKPredicateKeyPathWorkoutActivityType,
            HKPredicateKeyPathWorkoutActivityDuration, HKPredicateKeyPathWorkoutActivityStartDate,
            HKPredicateKeyPathWorkoutActivityEndDate, HKPredicateKeyPathWorkoutActivitySumQuantity,
            HKPredicateKeyPathWorkoutActivityMinimumQuantity, HKPredicateKeyPathWorkoutActivityMaximumQuantity,
            HKPredicateKeyPathWorkoutActivityAverageQuantity, HKPredicateKeyPathWorkoutEffortRelationship,
            HKPredicateKeyPathAverageHeartRate,
        ]
        #expect(Set(keyPaths).count == keyPaths.count)
    }
}
