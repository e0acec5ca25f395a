import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

/// A duathlon on the morning Berlin's clocks go forward (2024-03-31, 02:00 → 03:00 CEST): cycling 07:00–08:00 with
/// a two-minute pause at 07:30, then running 08:05–08:45 with a lap marker at 08:20. Heart rate and active energy
/// every ten minutes, distance per leg.
enum Duathlon {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static func at(_ hour: Int, _ minute: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return calendar.date(from: DateComponents(year: 2024, month: 3, day: 31, hour: hour, minute: minute))!
    }
    static let start = at(7, 0)
    static let end = at(8, 45)
    static let heartRate = HKQuantityType(.heartRate)
    static let energy = HKQuantityType(.activeEnergyBurned)
    static let cyclingDistance = HKQuantityType(.distanceCycling)
    static let runningDistance = HKQuantityType(.distanceWalkingRunning)
    static let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
    /// Heart rate in each ten-minute block (one-minute readings), cycling then running.
    static let cyclingHeartRates: [Double] = [118, 131, 142, 137, 145, 149]
    static let runningHeartRates: [Double] = [152, 158, 161, 166]
    static let cyclingEnergy: [Double] = [61.5, 72, 80.25, 77, 83.5, 85]
    static let runningEnergy: [Double] = [104, 110.5, 112, 118.25]

    static func reading(
        _ type: HKQuantityType, _ value: Double, _ unit: HKUnit, at start: Date, minutes: Double
    )
        -> HKQuantitySample
    {
        HKQuantitySample(
            type: type, quantity: HKQuantity(unit: unit, doubleValue: value), start: start,
            end: start.addingTimeInterval(minutes * 60))
    }

    /// The samples of both legs.
    static func samples() -> [HKQuantitySample] {
        var samples: [HKQuantitySample] = []
        for (index, rate) in cyclingHeartRates.enumerated() {
            let block = at(7, index * 10)
            samples.append(reading(heartRate, rate, beatsPerMinute, at: block.addingTimeInterval(240), minutes: 1))
            samples.append(reading(energy, cyclingEnergy[index], .kilocalorie(), at: block, minutes: 10))
        }
        samples.append(reading(cyclingDistance, 31.4, .meterUnit(with: .kilo), at: at(7, 0), minutes: 60))
        for (index, rate) in runningHeartRates.enumerated() {
            let block = at(8, 5 + index * 10)
            samples.append(reading(heartRate, rate, beatsPerMinute, at: block.addingTimeInterval(240), minutes: 1))
            samples.append(reading(energy, runningEnergy[index], .kilocalorie(), at: block, minutes: 10))
        }
        samples.append(reading(runningDistance, 8.2, .meterUnit(with: .kilo), at: at(8, 5), minutes: 40))
        return samples
    }

    static func configuration(
        _ type: HKWorkoutActivityType, _ location: HKWorkoutSessionLocationType
    )
        -> HKWorkoutConfiguration
    {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = type
        configuration.locationType = location
        return configuration
    }

    /// Route points every five minutes along the cycling leg (Berlin, Tiergarten towards Wannsee).
    static func route() -> [CLLocation] {
        (0..<5).map { index in
            CLLocation(
                coordinate: CLLocationCoordinate2D(
                    latitude: 52.5145 - Double(index) * 0.0121, longitude: 13.3501 - Double(index) * 0.0315),
                altitude: 34 + Double(index), horizontalAccuracy: 4.5, verticalAccuracy: 3, course: 225,
                speed: 8.7, timestamp: at(7, index * 5))
        }
    }

    /// Builds and finishes the duathlon with `healthStore`, the route through the builder's series builder.
    static func build(with healthStore: HKHealthStore) async throws -> HKWorkout {
        let builder = HKWorkoutBuilder(
            healthStore: healthStore, configuration: configuration(.swimBikeRun, .outdoor), device: nil)
        try await builder.beginCollection(at: start)
        let cycling = HKWorkoutActivity(
            workoutConfiguration: configuration(.cycling, .outdoor), start: start, end: nil, metadata: nil)
        try await builder.addWorkoutActivity(cycling)
        try await builder.updateActivity(uuid: cycling.uuid, end: at(8, 0))
        try await builder.updateActivity(uuid: cycling.uuid, adding: ["lane": "B"])
        try await builder.addWorkoutActivity(
            HKWorkoutActivity(
                workoutConfiguration: configuration(.running, .outdoor), start: at(8, 5), end: at(8, 45),
                metadata: nil))
        try await builder.addWorkoutEvents([
            HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: at(7, 30), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: at(7, 32), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: at(8, 20), duration: 0), metadata: nil),
        ])
        try await builder.addSamples(samples())
        try await builder.addMetadata([HKMetadataKeyWorkoutBrandName: "Duathlon Club Berlin"])
        let routeBuilder = try #require(
            builder.seriesBuilder(for: HKSeriesType.workoutRoute()) as? HKWorkoutRouteBuilder)
        try await routeBuilder.insertRouteData(route())
        try await builder.endCollection(at: end)
        return try #require(try await builder.finishWorkout())
    }
}

@Suite("HKWorkoutBuilder: a multi-sport workout built, finished, queried by statistics, read back with its route")
struct WorkoutBuilderTests {
    static let totalEnergy = (Duathlon.cyclingEnergy + Duathlon.runningEnergy).reduce(0, +)

    @Test(
        "The finished workout records activities, events, duration and the statistics of its samples",
        arguments: StorageBackend.allCases)
    func finishedWorkout(_ backend: StorageBackend) async throws {
        let (dataStore, reopen) = try backend.makeReopenableStore()
        let workout = try await Duathlon.build(with: HKHealthStore(dataStore: dataStore))
        #expect(workout.workoutActivityType == .swimBikeRun)
        #expect(workout.duration == 105 * 60 - 120)
        #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume, .lap])
        #expect(workout.metadata?[HKMetadataKeyWorkoutBrandName] as? String == "Duathlon Club Berlin")
        let energy = try #require(workout.statistics(for: Duathlon.energy)?.sumQuantity())
        #expect(abs(energy.doubleValue(for: .kilocalorie()) - Self.totalEnergy) < 1e-9)
        #expect(abs((workout.totalEnergyBurned?.doubleValue(for: .kilocalorie()) ?? 0) - Self.totalEnergy) < 1e-9)

        // Read back from a store opened again: the activities come from the workout's stored detail.
        let healthStore = HKHealthStore(dataStore: try reopen())
        let stored = try #require(
            try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: healthStore)
                .first)
        #expect(stored.uuid == workout.uuid)
        let activities = stored.workoutActivities
        #expect(activities.map(\.workoutConfiguration.activityType) == [.cycling, .running])
        #expect(activities.map(\.startDate) == [Duathlon.start, Duathlon.at(8, 5)])
        #expect(activities.map(\.endDate) == [Duathlon.at(8, 0), Duathlon.at(8, 45)])
        #expect(activities[0].duration == 58 * 60)
        #expect(activities[0].workoutEvents.map(\.type) == [.pause, .resume])
        #expect(activities[1].workoutEvents.map(\.type) == [.lap])
        #expect(activities[0].metadata?["lane"] as? String == "B")
        let cyclingRate = try #require(activities[0].statistics(for: Duathlon.heartRate))
        #expect(cyclingRate.minimumQuantity()?.doubleValue(for: Duathlon.beatsPerMinute) == 118)
        #expect(cyclingRate.maximumQuantity()?.doubleValue(for: Duathlon.beatsPerMinute) == 149)
        let cyclingMean = Duathlon.cyclingHeartRates.reduce(0, +) / 6
        #expect(
            abs((cyclingRate.averageQuantity()?.doubleValue(for: Duathlon.beatsPerMinute) ?? 0) - cyclingMean) < 1e-9)
        #expect(
            activities[0].statistics(for: Duathlon.cyclingDistance)?.sumQuantity()?.doubleValue(
                for: .meterUnit(with: .kilo)) == 31.4)
        #expect(activities[1].statistics(for: Duathlon.cyclingDistance) == nil)
        #expect(
            activities[1].allStatistics[Duathlon.runningDistance]?.sumQuantity()?.doubleValue(
                for: .meterUnit(with: .kilo)) == 8.2)
        let workoutRate = try #require(stored.statistics(for: Duathlon.heartRate))
        #expect(workoutRate.maximumQuantity()?.doubleValue(for: Duathlon.beatsPerMinute) == 166)
        #expect(Set(stored.allStatistics.keys.map(\.identifier)).count == 4)

        // The samples are associated with the workout: a statistics query over them gives the same total.
        let associated = HKQuery.predicateForObjects(from: stored)
        let queried = try await HKStatisticsQueryDescriptor(
            predicate: .quantitySample(type: Duathlon.energy, predicate: associated), options: .cumulativeSum
        ).result(for: healthStore)
        let queriedEnergy = try #require(queried?.sumQuantity()?.doubleValue(for: .kilocalorie()))
        #expect(abs(queriedEnergy - Self.totalEnergy) < 1e-9)

        // Workouts found by their activities.
        func workouts(withActivity predicate: NSPredicate) async throws -> Int {
            try await HKSampleQueryDescriptor(
                predicates: [.workout(HKQuery.predicateForWorkouts(activityPredicate: predicate))], sortDescriptors: []
            ).result(for: healthStore).count
        }
        #expect(
            try await workouts(withActivity: HKQuery.predicateForWorkoutActivities(workoutActivityType: .running)) == 1)
        #expect(
            try await workouts(withActivity: HKQuery.predicateForWorkoutActivities(workoutActivityType: .swimming)) == 0
        )
        let fast = { (bpm: Double) in
            HKQuery.predicateForWorkoutActivities(
                operatorType: .greaterThan, quantityType: Duathlon.heartRate,
                averageQuantity: HKQuantity(unit: Duathlon.beatsPerMinute, doubleValue: bpm))
        }
        #expect(try await workouts(withActivity: fast(159)) == 1)  // the run averages 159.25
        #expect(try await workouts(withActivity: fast(160)) == 0)
        let longRide = NSCompoundPredicate(andPredicateWithSubpredicates: [
            HKQuery.predicateForWorkoutActivities(workoutActivityType: .cycling),
            HKQuery.predicateForWorkoutActivities(operatorType: .greaterThanOrEqualTo, duration: 58 * 60),
        ])
        #expect(try await workouts(withActivity: longRide) == 1)
        #expect(
            try await workouts(
                withActivity: HKQuery.predicateForWorkoutActivities(
                    start: Duathlon.at(8, 30), end: Duathlon.at(9, 0), options: .strictStartDate)) == 0)
    }

    @Test(
        "A quantity series builder saves one sample whose series holds the measurements",
        arguments: StorageBackend.allCases)
    func quantitySeries(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let builder = HKQuantitySeriesSampleBuilder(
            healthStore: healthStore, quantityType: Duathlon.energy, startDate: Duathlon.start, device: nil)
        for (index, kilocalories) in Duathlon.cyclingEnergy.enumerated() {
            try builder.insert(
                HKQuantity(unit: .kilocalorie(), doubleValue: kilocalories),
                for: DateInterval(start: Duathlon.at(7, index * 10), duration: 600))
        }
        #expect(throws: HKError.self) {
            try builder.insert(HKQuantity(unit: .meter(), doubleValue: 5), at: Duathlon.at(7, 5))
        }
        let samples = try await builder.finishSeries(metadata: nil)
        let sample = try #require(samples.first)
        #expect(samples.count == 1 && sample.count == 6)
        #expect(sample.quantity.doubleValue(for: .kilocalorie()) == Duathlon.cyclingEnergy.reduce(0, +))
        #expect(sample.startDate == Duathlon.start && sample.endDate == Duathlon.at(8, 0))
        let entries: [Double] = try await withCheckedThrowingContinuation { continuation in
            let collected = LockedValues()
            healthStore.execute(
                HKQuantitySeriesSampleQuery(sample: sample) { _, quantity, _, done, error in
                    if let error { return continuation.resume(throwing: error) }
                    if let quantity { collected.append(quantity.doubleValue(for: .kilocalorie())) }
                    if done { continuation.resume(returning: collected.all) }
                })
        }
        #expect(entries == Duathlon.cyclingEnergy)
        await expectHKError(.errorInvalidArgument) { _ = try await builder.finishSeries(metadata: nil) }
    }

    @Test("The route built with the workout is read back with HKWorkoutRouteQuery", arguments: StorageBackend.allCases)
    func routeReadBack(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let workout = try await Duathlon.build(with: healthStore)
        let routes: [HKSample] = try await withCheckedThrowingContinuation { continuation in
            healthStore.execute(
                HKSampleQuery(
                    sampleType: HKSeriesType.workoutRoute(), predicate: HKQuery.predicateForObjects(from: workout),
                    limit: HKObjectQueryNoLimit, sortDescriptors: nil
                ) { _, samples, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: samples ?? [])
                    }
                })
        }
        let route = try #require(routes.first as? HKWorkoutRoute)
        #expect(routes.count == 1)
        #expect(route.count == 5)
        #expect(route.startDate == Duathlon.start && route.endDate == Duathlon.at(7, 20))
        #expect(route.sourceRevision.source.bundleIdentifier == healthStore.client.bundleIdentifier)
        let locations: [CLLocation] = try await withCheckedThrowingContinuation { continuation in
            let collected = LockedLocations()
            healthStore.execute(
                HKWorkoutRouteQuery(route: route) { _, batch, done, error in
                    if let error { return continuation.resume(throwing: error) }
                    collected.append(batch ?? [])
                    if done { continuation.resume(returning: collected.all) }
                })
        }
        #expect(locations.map(\.timestamp) == Duathlon.route().map(\.timestamp))
        #expect(locations.first?.coordinate.latitude == 52.5145)
        #expect(locations.last?.coordinate.longitude == 13.3501 - 4 * 0.0315)
        #expect(locations.first?.speed == 8.7 && locations.first?.altitude == 34)
    }

    @Test("An app saves a route only to a workout it saved, and only with permission to share routes")
    func routePermissions() async throws {
        let dataStore = HealthDataStore()
        let owner = HKHealthStore(dataStore: dataStore)
        let workout = HKWorkout(activityType: .running, start: Duathlon.at(8, 5), end: Duathlon.at(8, 45))
        try await owner.save(workout)
        dataStore.access.restrict("com.example.other")
        let other = HKHealthStore(
            dataStore: dataStore, client: HKSource(Source(name: "Other", bundleIdentifier: "com.example.other")))
        let builder = HKWorkoutRouteBuilder(healthStore: other, device: nil)
        try await builder.insertRouteData(Duathlon.route())
        await expectHKError(.errorAuthorizationNotDetermined) {
            _ = try await builder.finishRoute(with: workout, metadata: nil)
        }
        try await other.requestAuthorization(toShare: [HKSeriesType.workoutRoute()], read: [HKObjectType.workoutType()])
        await expectHKError(.errorAuthorizationDenied) {
            _ = try await builder.finishRoute(with: workout, metadata: nil)
        }
        builder.discard()
        await expectHKError(.errorInvalidArgument) { try await builder.insertRouteData(Duathlon.route()) }
    }

    @Test("Builder misuse fails with errorInvalidArgument naming the call, and discard ends the builder")
    func builderMisuse() async throws {
        let healthStore = HKHealthStore(dataStore: HealthDataStore())
        let builder = HKWorkoutBuilder(
            healthStore: healthStore, configuration: Duathlon.configuration(.running, .indoor), device: nil)
        #expect(builder.elapsedTime(at: Duathlon.end) == 0)
        await expectHKError(.errorInvalidArgument) { _ = try await builder.finishWorkout() }
        try await builder.beginCollection(at: Duathlon.start)
        await expectHKError(.errorInvalidArgument) { try await builder.endCollection(at: Duathlon.at(6, 0)) }
        try await builder.addWorkoutEvents([
            HKWorkoutEvent(
                type: .pause, dateInterval: DateInterval(start: Duathlon.at(7, 10), duration: 0), metadata: nil)
        ])
        #expect(builder.elapsedTime(at: Duathlon.at(7, 40)) == 600)
        try await builder.addSamples([
            Duathlon.reading(Duathlon.energy, 42, .kilocalorie(), at: Duathlon.start, minutes: 5),
            Duathlon.reading(Duathlon.energy, 8, .kilocalorie(), at: Duathlon.at(7, 5), minutes: 5),
        ])
        let sum = try #require(builder.statistics(for: Duathlon.energy)?.sumQuantity())
        #expect(abs(sum.doubleValue(for: .kilocalorie()) - 50) < 1e-9)
        #expect(builder.statistics(for: Duathlon.heartRate) == nil)
        builder.discardWorkout()
        await expectHKError(.errorInvalidArgument) { try await builder.addMetadata(["k": "v"]) }
        let saved = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(
            for: healthStore)
        #expect(saved.isEmpty)
    }

    @Test("An imported-style workout built with totals reports them as statistics and has one whole activity")
    func totalsAsStatistics() throws {
        let workout = HKWorkout(
            activityType: .cycling, start: Duathlon.start, end: Duathlon.at(8, 0), workoutEvents: nil,
            totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 612),
            totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 31.4), metadata: nil)
        #expect(workout.statistics(for: Duathlon.energy)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 612)
        #expect(
            workout.statistics(for: Duathlon.cyclingDistance)?.sumQuantity()?.doubleValue(for: .meterUnit(with: .kilo))
                == 31.4)
        let activity = try #require(workout.workoutActivities.first)
        #expect(workout.workoutActivities.count == 1)
        #expect(activity.workoutConfiguration.activityType == .cycling)
        #expect(activity.startDate == Duathlon.start && activity.endDate == Duathlon.at(8, 0))
        #expect(activity.statistics(for: Duathlon.energy)?.sumQuantity()?.doubleValue(for: .kilocalorie()) == 612)
        let timed = HKWorkout(
            activityType: .rowing, start: Duathlon.start, end: Duathlon.at(7, 45), duration: 2_400,
            totalEnergyBurned: nil, totalDistance: HKQuantity(unit: .meter(), doubleValue: 9_000),
            device: HKDevice(
                name: "Concept2 PM5", manufacturer: "Concept2", model: nil, hardwareVersion: nil, firmwareVersion: nil,
                softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil), metadata: nil)
        #expect(timed.duration == 2_400 && timed.device?.name == "Concept2 PM5")
        #expect(
            timed.statistics(for: HKQuantityType(.distanceRowing))?.sumQuantity()?.doubleValue(for: .meter()) == 9_000)
    }
}

/// Expects `body` to throw an `HKError` with `code`.
func expectHKError(
    _ code: HKError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("expected \(code), nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        #expect((error as? HKError)?.code == code, "\(error)", sourceLocation: sourceLocation)
    }
}

/// Values collected from a series query's calls.
final class LockedValues: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Double] = []
    func append(_ value: Double) { lock.withLock { values.append(value) } }
    var all: [Double] { lock.withLock { values } }
}

/// Locations collected from a route query's batches.
final class LockedLocations: @unchecked Sendable {
    private let lock = NSLock()
    private var locations: [CLLocation] = []
    func append(_ batch: [CLLocation]) { lock.withLock { locations += batch } }
    var all: [CLLocation] { lock.withLock { locations } }
}
