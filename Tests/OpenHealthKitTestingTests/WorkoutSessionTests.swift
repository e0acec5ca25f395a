import Foundation
import HealthModel
import HealthTestSupport
import OpenHealthKit
import OpenHealthKitTesting
import Testing

/// Records what a workout session and its live builder tell their delegates.
final class SessionRecorder: HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    var log: [String] { lock.withLock { entries } }
    private func note(_ entry: String) { lock.withLock { entries.append(entry) } }

    func workoutSession(
        _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
        from fromState: HKWorkoutSessionState, date: Date
    ) { note("state \(fromState) -> \(toState)") }
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        note("failed \((error as? HKError)?.code.rawValue ?? -1)")
    }
    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {
        note("event \(event.type)")
    }
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        note("collected \(collectedTypes.map(\.identifier).sorted().joined(separator: ","))")
    }
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) { note("builder event") }
}

@Suite("HKWorkoutSession and HKLiveWorkoutBuilder driven on the test clock with a scripted sensor feed")
struct WorkoutSessionTests {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    /// 2024-11-03 01:10 PDT: the run crosses the fall-back hour (01:59:59 PDT → 01:00 PST).
    static let start: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = losAngeles
        return calendar.date(from: DateComponents(year: 2024, month: 11, day: 3, hour: 1, minute: 10))!
    }()
    static let heartRate = HKQuantityType(.heartRate)
    static let energy = HKQuantityType(.activeEnergyBurned)
    static let distance = HKQuantityType(.distanceWalkingRunning)
    static let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
    static let heartRates: [Double] = [96, 124, 141, 150, 153, 149, 155, 158, 151, 160, 162, 139]
    static let energyPerFiveMinutes: [Double] = [38.5, 52, 55.25, 57, 58.75, 60, 61.5, 59, 62.25, 63, 64.5, 40]

    @Test(
        "A run is driven through prepare, start, pause, resume, stop and end; the builder collects the feed and saves it",
        arguments: StorageBackend.allCases)
    func wholeRun(_ backend: StorageBackend) async throws {
        let bench = HealthKitTestBench(storage: try backend.makeStorage(), start: Self.start)
        // A reading every five minutes for an hour: heart rate at the block's end, energy and 0.9 km per block.
        var readings: [(HKQuantityType, HKQuantity, start: Date, end: Date?)] = []
        for block in 0..<12 {
            let blockStart = Self.start.addingTimeInterval(Double(block) * 300)
            let blockEnd = blockStart.addingTimeInterval(300)
            readings.append(
                (
                    Self.heartRate, HKQuantity(unit: Self.beatsPerMinute, doubleValue: Self.heartRates[block]),
                    blockEnd,
                    nil
                ))
            readings.append(
                (
                    Self.energy, HKQuantity(unit: .kilocalorie(), doubleValue: Self.energyPerFiveMinutes[block]),
                    blockStart, blockEnd
                ))
            readings.append(
                (Self.distance, HKQuantity(unit: .meter(), doubleValue: 900), blockStart, blockEnd))
        }
        bench.scriptSensorReadings(readings)
        let healthStore = bench.healthStore()
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor

        let session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration)
        let builder = session.associatedWorkoutBuilder()
        #expect(session.associatedWorkoutBuilder() === builder)
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: configuration)
        #expect(builder.dataSource?.typesToCollect.contains(Self.distance) == true)
        let recorder = SessionRecorder()
        session.delegate = recorder
        builder.delegate = recorder

        session.prepare()
        session.startActivity(with: bench.clock.now())
        try await builder.beginCollection(at: bench.clock.now())
        #expect(session.state == .running && session.startDate == Self.start)

        bench.advanceWorkout(by: 1_800)  // 30 minutes: six blocks delivered
        #expect(builder.elapsedTime == 1_800)
        let halfway = try #require(builder.statistics(for: Self.energy)?.sumQuantity())
        #expect(halfway.doubleValue(for: .kilocalorie()) == Self.energyPerFiveMinutes.prefix(6).reduce(0, +))

        session.pause()
        bench.advanceWorkout(by: 120)
        #expect(session.state == .paused)
        #expect(builder.elapsedTime == 1_800)
        session.resume()
        bench.advanceWorkout(by: 1_800)  // to 01:12 PST, the readings up to 02:10 local wall time delivered
        session.stopActivity(with: bench.clock.now())
        session.end()
        #expect(session.state == .ended)
        session.pause()  // not allowed once ended
        try await builder.endCollection(at: bench.clock.now())
        let workout = try #require(try await builder.finishWorkout())

        #expect(workout.workoutActivityType == .running)
        #expect(workout.duration == 3_600)
        #expect(workout.endDate.timeIntervalSince(workout.startDate) == 3_720)
        #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
        let energy = try #require(workout.statistics(for: Self.energy)?.sumQuantity())
        #expect(energy.doubleValue(for: .kilocalorie()) == Self.energyPerFiveMinutes.reduce(0, +))
        #expect(workout.statistics(for: Self.distance)?.sumQuantity()?.doubleValue(for: .meter()) == 10_800)
        let rate = try #require(workout.statistics(for: Self.heartRate))
        #expect(rate.maximumQuantity()?.doubleValue(for: Self.beatsPerMinute) == 162)
        #expect(rate.minimumQuantity()?.doubleValue(for: Self.beatsPerMinute) == 96)

        let log = recorder.log
        #expect(
            log.filter { $0.hasPrefix("state") } == [
                "state notStarted -> prepared", "state prepared -> running", "state running -> paused",
                "state paused -> running", "state running -> stopped", "state stopped -> ended",
            ])
        #expect(log.filter { $0.hasPrefix("event") } == ["event pause", "event resume"])
        #expect(log.filter { $0 == "builder event" }.count == 2)
        #expect(log.contains("failed 3"))
        #expect(log.contains { $0.hasPrefix("collected") && $0.contains("HKQuantityTypeIdentifierHeartRate") })

        // The samples the feed delivered are in the store, associated with the workout.
        let associated = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: Self.energy, predicate: HKQuery.predicateForObjects(from: workout))],
            sortDescriptors: []
        ).result(for: healthStore)
        #expect(associated.count == 12)
    }

    @Test("Activities begun and ended in a session become the workout's activities")
    func sessionActivities() async throws {
        let bench = HealthKitTestBench(start: Self.start)
        let healthStore = bench.healthStore()
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .highIntensityIntervalTraining
        let session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration)
        let builder = session.associatedWorkoutBuilder()
        session.startActivity(with: nil)
        try await builder.beginCollection(at: Self.start)
        for interval in 0..<3 {
            let work = HKWorkoutConfiguration()
            work.activityType = interval == 1 ? .walking : .running
            session.beginNewActivity(configuration: work, date: bench.clock.now(), metadata: nil)
            #expect(builder.currentWorkoutActivity?.workoutConfiguration.activityType == work.activityType)
            bench.advanceWorkout(by: 240)
            session.endCurrentActivity(on: bench.clock.now())
            #expect(builder.currentWorkoutActivity == nil)
        }
        session.end()
        try await builder.endCollection(at: bench.clock.now())
        let workout = try #require(try await builder.finishWorkout())
        #expect(workout.workoutActivities.map(\.workoutConfiguration.activityType) == [.running, .walking, .running])
        #expect(workout.workoutActivities.map(\.duration) == [240, 240, 240])
    }

    @Test("Mirroring and the watch calls fail as HealthKit fails without a companion device")
    func unavailableCalls() async throws {
        let healthStore = HealthKitTestBench(start: Self.start).healthStore()
        let session = try HKWorkoutSession(healthStore: healthStore, configuration: HKWorkoutConfiguration())
        do {
            try await session.startMirroringToCompanionDevice()
            Issue.record("mirroring should fail")
        } catch {
            #expect((error as? HKError)?.code == .errorHealthDataUnavailable)
        }
        let launched: (Bool, HKError.Code?) = await withCheckedContinuation { continuation in
            healthStore.startWatchApp(with: HKWorkoutConfiguration()) { success, error in
                continuation.resume(returning: (success, (error as? HKError)?.code))
            }
        }
        #expect(launched.0 == false && launched.1 == .errorHealthDataUnavailable)
        #expect(try await healthStore.recoverActiveWorkoutSession() == nil)
        healthStore.workoutSessionMirroringStartHandler = { _ in }
        #expect(healthStore.workoutSessionMirroringStartHandler != nil)
    }
}
