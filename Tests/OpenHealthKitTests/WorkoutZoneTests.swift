import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

@Suite("Workout zones through the HealthKit API (iOS 27): configurations, builders, workouts, activities, privacy")
struct WorkoutZoneTests {
    static let heartRate = HKQuantityType(.heartRate)
    static let power = HKQuantityType(.cyclingPower)
    static let bpm = HKUnit.count().unitDivided(by: .minute())

    static func beats(_ values: [Double]) -> [HKQuantity] {
        values.map { HKQuantity(unit: bpm, doubleValue: $0) }
    }

    static func durations(_ group: HKWorkoutZoneGroup?) -> [Double]? {
        group?.zoneDurations.map(\.duration)
    }

    /// The run's readings saved in the Watch's and the strap's names, the strap ranked first for heart rate.
    static func seedRun(_ dataStore: HealthDataStore) throws {
        try dataStore.save(try ZoneRun.watchSamples(), as: Fixture.watch)
        try dataStore.save(try ZoneRun.strapSamples(), as: ZoneRun.strap)
        try dataStore.setSourceOrder(
            [ZoneRun.strap.source.bundleIdentifier, Fixture.watchSource.bundleIdentifier], for: Fixture.heartRate)
    }

    @Test(
        "A run built with custom zones, a pause and two overlapping sources spends the hand-computed seconds in each zone",
        arguments: StorageBackend.allCases)
    func handComputedRun(_ backend: StorageBackend) async throws {
        let (dataStore, reopen) = try backend.makeReopenableStore()
        try Self.seedRun(dataStore)
        let healthStore = HKHealthStore(dataStore: dataStore, clock: { ZoneRun.end })
        let readings = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: Self.heartRate)], sortDescriptors: []
        ).result(for: healthStore)
        #expect(readings.count == 30 + ZoneRun.strapTimes.count)

        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let builder = HKWorkoutBuilder(healthStore: healthStore, configuration: configuration, device: nil)
        let zones = try HKWorkoutZoneConfiguration(
            quantityType: Self.heartRate, zoneBoundaries: Self.beats(ZoneRun.boundaries))
        #expect(zones.source == .app)
        #expect(zones.zones.count == 5)
        #expect(zones.zones.first?.minimum == nil && zones.zones.last?.maximum == nil)
        #expect(zones.zones[1].minimum?.doubleValue(for: Self.bpm) == 120)
        #expect(zones.zones[1].maximum?.doubleValue(for: Self.bpm) == 140)
        #expect(try await builder.zoneConfiguration(for: Self.heartRate) == nil)  // nothing preferred, none custom
        try await builder.setCustomZoneConfiguration(zones, for: Self.heartRate)
        #expect(try await builder.zoneConfiguration(for: Self.heartRate) == zones)

        try await builder.beginCollection(at: ZoneRun.start)
        await #expect(throws: HKError.self) { try await builder.setCustomZoneConfiguration(nil, for: Self.heartRate) }
        try await builder.addWorkoutEvents([
            HKWorkoutEvent(
                type: .pause, dateInterval: DateInterval(start: ZoneRun.at(600), duration: 0), metadata: nil),
            HKWorkoutEvent(
                type: .resume, dateInterval: DateInterval(start: ZoneRun.at(720), duration: 0), metadata: nil),
        ])
        try await builder.addSamples(readings)
        // During collection, up to the clock (the run's end): the same seconds.
        #expect(Self.durations(builder.zoneGroup(for: Self.heartRate)) == ZoneRun.strapFirstDurations)
        #expect(builder.zoneGroup(for: Self.power) == nil)
        try await builder.endCollection(at: ZoneRun.end)
        let workout = try #require(try await builder.finishWorkout())

        let group = try #require(workout.zoneGroup(for: Self.heartRate))
        #expect(group.configuration == zones)
        #expect(Self.durations(group) == ZoneRun.strapFirstDurations)
        #expect(group.zoneDurations.map(\.zone.index) == [0, 1, 2, 3, 4])
        #expect(workout.zoneGroupsByType?.keys.map(\.identifier) == [Self.heartRate.identifier])
        #expect(workout.zoneGroup(for: Self.power) == nil)

        // Read back from the store opened again: the custom zones stayed with the workout.
        let stored = try #require(
            try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(
                for: HKHealthStore(dataStore: try reopen())
            ).first)
        #expect(Self.durations(stored.zoneGroup(for: Self.heartRate)) == ZoneRun.strapFirstDurations)
        #expect(stored.zoneGroup(for: Self.heartRate)?.configuration.source == .app)
        // Its one activity spans the whole workout.
        #expect(
            Self.durations(stored.workoutActivities.first?.zoneGroup(for: Self.heartRate))
                == ZoneRun.strapFirstDurations)
    }

    @Test("Invalid boundaries throw errorInvalidArgument naming what is wrong")
    func invalidBoundaries() throws {
        func message(_ type: HKQuantityType, _ boundaries: [HKQuantity]) -> String? {
            do {
                _ = try HKWorkoutZoneConfiguration(quantityType: type, zoneBoundaries: boundaries)
                return nil
            } catch let error as HKError {
                return error.code == .errorInvalidArgument ? error.localizedDescription : "code \(error.code)"
            } catch {
                return "\(error)"
            }
        }
        #expect(message(Self.heartRate, Self.beats([120, 140])) == nil)  // three zones
        #expect(message(Self.heartRate, Self.beats([120]))?.contains("3 to 9 zones") == true)
        #expect(message(Self.heartRate, Self.beats([160, 140, 180]))?.contains("lowest to highest") == true)
        #expect(message(Self.heartRate, Self.beats([.nan, 140, 180]))?.contains("zoneBoundaries[0]") == true)
        #expect(message(Self.heartRate, Self.beats([-1, 140, 180]))?.contains("negative") == true)
        #expect(
            message(
                Self.heartRate,
                [HKQuantity(unit: .watt(), doubleValue: 100), HKQuantity(unit: .watt(), doubleValue: 200)])
                != nil)
        #expect(
            message(HKQuantityType(.stepCount), [HKQuantity(unit: .count(), doubleValue: 1)])?.contains("no zones")
                == true)
        #expect(
            message(
                Self.power, [HKQuantity(unit: .watt(), doubleValue: 150), HKQuantity(unit: .watt(), doubleValue: 200)])
                == nil)
    }

    @Test(
        "Preferred zones: the person's (user), else derived from age and resting heart rate (system), else nil",
        arguments: StorageBackend.allCases)
    func preferredZones(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        let healthStore = HKHealthStore(dataStore: dataStore, clock: { Fixture.morning })
        #expect(try await healthStore.preferredWorkoutZoneConfiguration(for: Self.heartRate) == nil)
        #expect(try await healthStore.preferredWorkoutZoneConfiguration(for: Self.power) == nil)
        await #expect(throws: HKError.self) {
            _ = try await healthStore.preferredWorkoutZoneConfiguration(for: HKQuantityType(.stepCount))
        }

        // Born 1984-06-15: 39 on 2024-03-10 (maximum 208 − 27.3 = 180.7); resting 58 and 62 over the last month.
        try dataStore.setCharacteristics([CharacteristicValues.dateOfBirthIdentifier: "1984-06-15"])
        let resting = try SampleType.quantity("restingHeartRate")
        try dataStore.save(
            [
                try Sample.quantity(
                    type: resting, quantity: Quantity(58, Fixture.bpm), start: Fixture.at(-3 * 1440),
                    end: Fixture.at(-3 * 1440)),
                try Sample.quantity(
                    type: resting, quantity: Quantity(62, Fixture.bpm), start: Fixture.at(-2 * 1440),
                    end: Fixture.at(-2 * 1440)),
            ], as: Fixture.watch)
        let system = try #require(try await healthStore.preferredWorkoutZoneConfiguration(for: Self.heartRate))
        #expect(system.source == .system)
        // Reserve 180.7 − 60 = 120.7: 60 + 0.6·120.7 = 132.42 → 132.4, 144.5, 156.6, 168.6 (rounded to a tenth).
        #expect(system.zones.compactMap { $0.maximum?.doubleValue(for: Self.bpm) } == [132.4, 144.5, 156.6, 168.6])

        let bench = dataStore
        try bench.setPreferredWorkoutZones(
            try WorkoutZoneConfiguration(
                type: Fixture.heartRate, canonicalBoundaries: [125, 145, 165], source: .user),
            for: Fixture.heartRate)
        let user = try #require(try await healthStore.preferredWorkoutZoneConfiguration(for: Self.heartRate))
        #expect(user.source == .user)
        #expect(user.zones.count == 4)
        try bench.setPreferredWorkoutZones(nil, for: Fixture.heartRate)
        #expect(try await healthStore.preferredWorkoutZoneConfiguration(for: Self.heartRate)?.source == .system)
    }

    @Test(
        "A saved workout's zones come from the samples stored when it is read: samples arriving later change them",
        arguments: StorageBackend.allCases)
    func samplesArrivingLater(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        try dataStore.setPreferredWorkoutZones(
            try WorkoutZoneConfiguration(
                type: Fixture.heartRate, canonicalBoundaries: ZoneRun.boundaries, source: .user),
            for: Fixture.heartRate)
        let healthStore = HKHealthStore(dataStore: dataStore)
        let workout = HKWorkout(
            activityType: .running, start: ZoneRun.start, end: ZoneRun.end,
            workoutEvents: [
                HKWorkoutEvent(
                    type: .pause, dateInterval: DateInterval(start: ZoneRun.at(600), duration: 0), metadata: nil),
                HKWorkoutEvent(
                    type: .resume, dateInterval: DateInterval(start: ZoneRun.at(720), duration: 0), metadata: nil),
            ], totalEnergyBurned: nil, totalDistance: nil, metadata: nil)
        #expect(workout.zoneGroupsByType == nil)  // made by the app: no store behind it
        try await healthStore.save(workout)

        func readBack() async throws -> HKWorkout {
            try #require(
                try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(
                    for: healthStore
                )
                .first)
        }
        #expect(try await readBack().zoneGroupsByType == nil)  // no heart rate yet
        try dataStore.save(try ZoneRun.watchSamples(), as: Fixture.watch)
        let watchOnly = try #require(try await readBack().zoneGroup(for: Self.heartRate))
        #expect(watchOnly.configuration.source == .user)
        #expect(Self.durations(watchOnly) == [300, 300, 480, 300, 300])
        try dataStore.save(try ZoneRun.strapSamples(), as: ZoneRun.strap)
        try dataStore.setSourceOrder(
            [ZoneRun.strap.source.bundleIdentifier, Fixture.watchSource.bundleIdentifier], for: Fixture.heartRate)
        #expect(Self.durations(try await readBack().zoneGroup(for: Self.heartRate)) == ZoneRun.strapFirstDurations)
        // An anchored query's workouts have the store behind them too.
        let anchored = try await HKAnchoredObjectQueryDescriptor(predicates: [.workout()], anchor: nil).result(
            for: healthStore)
        let changed = try #require(anchored.addedSamples.first)
        #expect(Self.durations(changed.zoneGroup(for: Self.heartRate)) == ZoneRun.strapFirstDurations)
    }

    @Test("Each activity counts the zones over its own range", arguments: StorageBackend.allCases)
    func activities(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        try Self.seedRun(dataStore)
        let healthStore = HKHealthStore(dataStore: dataStore)
        let builder = HKWorkoutBuilder(
            healthStore: healthStore, configuration: HKWorkoutConfiguration(), device: nil)
        try await builder.setCustomZoneConfiguration(
            try HKWorkoutZoneConfiguration(
                quantityType: Self.heartRate, zoneBoundaries: Self.beats(ZoneRun.boundaries)),
            for: Self.heartRate)
        try await builder.beginCollection(at: ZoneRun.start)
        let warmUp = HKWorkoutConfiguration()
        warmUp.activityType = .walking
        let main = HKWorkoutConfiguration()
        main.activityType = .running
        try await builder.addWorkoutActivity(
            HKWorkoutActivity(workoutConfiguration: warmUp, start: ZoneRun.start, end: ZoneRun.at(600), metadata: nil))
        try await builder.addWorkoutActivity(
            HKWorkoutActivity(workoutConfiguration: main, start: ZoneRun.at(720), end: ZoneRun.end, metadata: nil))
        try await builder.endCollection(at: ZoneRun.end)
        _ = try #require(try await builder.finishWorkout())
        let stored = try #require(
            try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: healthStore)
                .first)
        let activities = stored.workoutActivities
        try #require(activities.count == 2)
        #expect(Self.durations(activities[0].zoneGroup(for: Self.heartRate)) == [300, 300, 0, 0, 0])
        #expect(Self.durations(activities[1].zoneGroup(for: Self.heartRate)) == [0, 0, 330, 450, 300])
        // The workout counts its whole range (no pause events here: 600–720 is the strap's 170).
        #expect(Self.durations(stored.zoneGroup(for: Self.heartRate)) == [300, 300, 330, 570, 300])
    }

    @Test(
        "A client without heart rate read authorization gets no zones, as if there were no data",
        arguments: StorageBackend.allCases)
    func privacy(_ backend: StorageBackend) async throws {
        let storage = try backend.makeStorage()
        let dataStore = HealthDataStore(
            storage: storage, access: AccessControl(policy: .denyRead([Fixture.heartRate.identifier])))
        try Self.seedRun(dataStore)
        try dataStore.setPreferredWorkoutZones(
            try WorkoutZoneConfiguration(
                type: Fixture.heartRate, canonicalBoundaries: ZoneRun.boundaries, source: .user),
            for: Fixture.heartRate)
        try dataStore.save(
            [try Sample.workout(activityTypeRawValue: 37, start: ZoneRun.start, end: ZoneRun.end)], as: Fixture.watch)

        let app = HKHealthStore(
            dataStore: dataStore, client: HKSource(Source(name: "Trainer", bundleIdentifier: "com.example.trainer")))
        try await app.requestAuthorization(toShare: [], read: [HKObjectType.workoutType(), Self.heartRate])
        let seen = try #require(
            try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: app).first)
        #expect(seen.zoneGroupsByType == nil)
        #expect(seen.zoneGroup(for: Self.heartRate) == nil)
        // The person's zones are a setting, not data: still readable.
        #expect(try await app.preferredWorkoutZoneConfiguration(for: Self.heartRate)?.source == .user)
        // The store itself sees them.
        let full = try #require(
            try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(
                for: HKHealthStore(dataStore: dataStore)
            ).first)
        #expect(full.zoneGroup(for: Self.heartRate) != nil)
    }

    @Test(
        "A client's system zones use only what it may read: none without the date of birth, age-only without resting rate",
        arguments: StorageBackend.allCases)
    func systemZonesRespectReadAccess(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        try dataStore.setCharacteristics([CharacteristicValues.dateOfBirthIdentifier: "1984-06-15"])
        let resting = try SampleType.quantity("restingHeartRate")
        try dataStore.save(
            [
                try Sample.quantity(
                    type: resting, quantity: Quantity(60, Fixture.bpm), start: Fixture.at(-2 * 1440),
                    end: Fixture.at(-2 * 1440))
            ], as: Fixture.watch)
        func app(_ bundle: String, reads: Set<HKObjectType>) async throws -> HKHealthStore {
            let app = HKHealthStore(
                dataStore: dataStore, clock: { Fixture.morning },
                client: HKSource(Source(name: bundle, bundleIdentifier: "com.example.\(bundle)")))
            try await app.requestAuthorization(toShare: [], read: reads)
            return app
        }
        let workouts = HKObjectType.workoutType()
        let birth = HKCharacteristicType(.dateOfBirth)
        // No date of birth: zones made from an age would tell the age.
        let noBirth = try await app("trainer", reads: [workouts, Self.heartRate, HKQuantityType(.restingHeartRate)])
        #expect(try await noBirth.preferredWorkoutZoneConfiguration(for: Self.heartRate) == nil)
        // Age only (maximum 180.7): 60, 70, 80, 90 % of it.
        let ageOnly = try await app("coach", reads: [workouts, Self.heartRate, birth])
        let fromAge = try #require(try await ageOnly.preferredWorkoutZoneConfiguration(for: Self.heartRate))
        #expect(fromAge.zones.compactMap { $0.maximum?.doubleValue(for: Self.bpm) } == [108.4, 126.5, 144.6, 162.6])
        // Both: heart rate reserve above the resting 60.
        let both = try await app(
            "club", reads: [workouts, Self.heartRate, birth, HKQuantityType(.restingHeartRate)])
        let fromBoth = try #require(try await both.preferredWorkoutZoneConfiguration(for: Self.heartRate))
        #expect(fromBoth.zones.compactMap { $0.maximum?.doubleValue(for: Self.bpm) } == [132.4, 144.5, 156.6, 168.6])
    }
}
