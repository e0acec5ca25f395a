import Foundation
import HealthModel
import HealthTestSupport
import OpenHealthKit
import OpenHealthKitTesting
import Testing

/// Records the zone updates a live builder sends.
final class ZoneUpdateRecorder: HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [HKLiveWorkoutZoneUpdate] = []
    private var batches = 0
    var updates: [HKLiveWorkoutZoneUpdate] { lock.withLock { entries } }
    var collections: Int { lock.withLock { batches } }

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        lock.withLock { batches += 1 }
    }
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
    func workoutBuilder(
        _ workoutBuilder: HKLiveWorkoutBuilder, didUpdateWorkoutZone zoneUpdate: HKLiveWorkoutZoneUpdate
    ) {
        lock.withLock { entries.append(zoneUpdate) }
    }
}

@Suite("HKLiveWorkoutBuilder: live zone updates only when the current zone changes")
struct WorkoutZoneLiveTests {
    static let heartRate = HKQuantityType(.heartRate)
    static let bpm = HKUnit.count().unitDivided(by: .minute())
    /// A reading a minute from the start (zones 120/140/160/180): Z1 Z1 Z2 Z2 Z3 Z3 Z2 Z5 Z5.
    static let rates: [Double] = [110, 115, 125, 128, 145, 150, 130, 185, 190]

    @Test(
        "The delegate hears each change of zone once, with the zone left and the totals",
        arguments: StorageBackend.allCases)
    func zoneChanges(_ backend: StorageBackend) async throws {
        let bench = HealthKitTestBench(storage: try backend.makeStorage(), start: ZoneRun.start)
        try bench.setPreferredWorkoutZones(
            ZoneRun.boundaries.map { HKQuantity(unit: Self.bpm, doubleValue: $0) }, for: Self.heartRate)
        bench.scriptSensorReadings(
            Self.rates.enumerated().map { index, rate in
                (
                    Self.heartRate, HKQuantity(unit: Self.bpm, doubleValue: rate),
                    ZoneRun.start.addingTimeInterval(Double(index) * 60 + 1), nil
                )
            })
        let healthStore = bench.healthStore()
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration)
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: configuration)
        let recorder = ZoneUpdateRecorder()
        builder.delegate = recorder
        #expect(try await builder.zoneConfiguration(for: Self.heartRate)?.source == .user)
        session.prepare()
        session.startActivity(with: bench.clock.now())
        try await builder.beginCollection(at: bench.clock.now())

        for _ in Self.rates { bench.advanceWorkout(by: 60) }
        #expect(recorder.collections == Self.rates.count)
        let updates = recorder.updates
        #expect(updates.map { $0.currentZoneDuration?.zone.index } == [0, 1, 2, 1, 4])
        #expect(updates.map { $0.previousZoneDuration?.zone.index } == [nil, 0, 1, 2, 1])
        // Entering Z2 (read at 02:01, delivered at 03:00): Z1 held 00:01–02:01 (two readings of 60 s), Z2 since 02:01.
        try #require(updates.count == 5)
        #expect(updates[1].previousZoneDuration?.duration == 120)
        #expect(updates[1].currentZoneDuration?.duration == 59)
        #expect(updates[1].lastSampleProcessedDate == ZoneRun.start.addingTimeInterval(121))
        #expect(updates[4].zoneGroup?.zoneDurations.map(\.duration) == [120, 180, 120, 0, 59])
        // The builder's group now: the last two readings, to the clock (09:09), 60 s and 59 s.
        #expect(builder.zoneGroup(for: Self.heartRate)?.zoneDurations.map(\.duration) == [120, 180, 120, 0, 119])
    }
}
