import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Workout summaries: distance, energy, pace or speed, and heart rate from two devices merged by priority")
struct WorkoutSummaryTests {
    static let strap = SourceRevision(source: Source(name: "Polar Beat", bundleIdentifier: "fi.polar.beat"))
    /// 2024-03-09 10:00 in Berlin (09:00 UTC).
    static let start = Date(timeIntervalSince1970: 1_709_974_800)

    static func minute(_ offset: Int) -> Date { start.addingTimeInterval(TimeInterval(offset * 60)) }

    static func heartRate(_ bpm: Double, minute offset: Int) throws -> Sample {
        try Sample.quantity(
            type: Fixture.heartRate, quantity: Quantity(bpm, Fixture.bpm), start: minute(offset),
            end: minute(offset + 1))
    }

    /// A 30-minute 5 km run with 300 kcal; the Watch's heart rate every minute at 150, a chest strap's at 170 for
    /// minutes 10–19 and 30–39 (after the run), and a ride after it without heart rate.
    static func seed(_ store: HealthDataStore) throws -> (run: Sample, ride: Sample) {
        let run = try Sample.workout(
            activityTypeRawValue: 37, start: minute(0), end: minute(30),
            statistics: [
                try WorkoutStatistic(
                    quantityTypeIdentifier: "HKQuantityTypeIdentifierDistanceWalkingRunning",
                    sum: Quantity(5, try HealthUnit(parsing: "km"))),
                try WorkoutStatistic(
                    quantityTypeIdentifier: "HKQuantityTypeIdentifierActiveEnergyBurned",
                    sum: Quantity(300, try HealthUnit(parsing: "kcal"))),
            ])
        let ride = try Sample.workout(
            activityTypeRawValue: 13, start: minute(120), end: minute(180),
            statistics: [
                try WorkoutStatistic(
                    quantityTypeIdentifier: "HKQuantityTypeIdentifierDistanceCycling",
                    sum: Quantity(24_000, try HealthUnit(parsing: "m")))
            ])
        _ = try store.save([run, ride] + (0..<30).map { try heartRate(150, minute: $0) }, as: Fixture.watch)
        _ = try store.save(
            try (10..<20).map { try heartRate(170, minute: $0) } + (30..<40).map { try heartRate(190, minute: $0) },
            as: strap)
        return (run, ride)
    }

    @Test(
        "The Watch outranks the strap by default; with the strap first its ten minutes count; samples after the run never do",
        arguments: StorageBackend.allCases)
    func heartRateFromTwoDevices(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let (run, ride) = try Self.seed(store)
        let summaries = try store.workoutSummaries(from: Self.minute(-60), to: Self.minute(240))
        #expect(summaries.map(\.uuid) == [run.uuid, ride.uuid])
        let first = try #require(summaries.first)
        #expect(first.activityType == "running")
        #expect(first.duration == 1800)
        #expect(first.distance == 5000)
        #expect(first.energy == 300)
        #expect(first.pace == 360, "6:00 per km")
        #expect(first.speed == nil)
        #expect(first.averageHeartRate == 150)
        #expect(first.maximumHeartRate == 150)
        #expect(first.source == Fixture.watchSource)
        let second = try #require(summaries.last)
        #expect(second.activityType == "cycling")
        #expect(second.speed == 24, "24 km in an hour")
        #expect(second.pace == nil)
        #expect(second.averageHeartRate == nil)

        // The strap first for heart rate: minutes 10–19 at 170, the Watch's 150 elsewhere: (20·150 + 10·170) / 30.
        try store.setSourceOrder([Self.strap.source.bundleIdentifier], for: Fixture.heartRate)
        let reordered = try #require(try store.workoutSummaries(from: Self.minute(-60), to: Self.minute(60)).first)
        #expect(abs((reordered.averageHeartRate ?? 0) - (20 * 150 + 10 * 170) / 30.0) < 1e-9)
        #expect(reordered.maximumHeartRate == 170, "the strap's 190s came after the run")
    }

    @Test("A client that may not read workouts sees none of them", arguments: StorageBackend.allCases)
    func clientView(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        _ = try Self.seed(store)
        store.access.policy = .denyRead(["HKWorkoutTypeIdentifier"])
        store.access.request(client: "com.example.reader", share: [], read: ["HKWorkoutTypeIdentifier"])
        #expect(
            try store.client("com.example.reader").workoutSummaries(from: Self.minute(-60), to: Self.minute(240))
                .isEmpty)
    }

    /// A route of the run: 100 m → 112 m with a metre of jitter, back down to 103 m.
    static func route(of workout: Sample) -> WorkoutRoute {
        let altitudes: [Double] = [100, 101, 100.5, 104, 108, 107, 112, 111, 106, 103]
        return WorkoutRoute(
            uuid: UUID(), workout: workout.uuid, sourceName: "Watch", filePath: nil,
            locations: altitudes.enumerated().map { index, altitude in
                WorkoutRouteLocation(
                    date: minute(index), latitude: 52.5 + Double(index) / 1_000, longitude: 13.4, altitude: altitude,
                    horizontalAccuracy: 4, verticalAccuracy: 3)
            })
    }

    @Test(
        "Elevation from the stored route (3 m dead band), else from HKElevationAscended; none for a workout with neither",
        arguments: StorageBackend.allCases)
    func elevation(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let (run, ride) = try Self.seed(store)
        let hike = try Sample.workout(
            activityTypeRawValue: 24, start: Self.minute(200), end: Self.minute(260),
            metadata: ["HKElevationAscended": .quantity(Quantity(41_800, try HealthUnit(parsing: "cm")))])
        _ = try store.save([hike], as: Fixture.watch)
        try store.saveWorkoutRoute(Self.route(of: run))
        let summaries = try store.workoutSummaries(from: Self.minute(-60), to: Self.minute(300))
        #expect(summaries.map(\.uuid) == [run.uuid, ride.uuid, hike.uuid])
        // 100 → 104 (+4) → 108 (+4) → 112 (+4) → 106 (−6): the metre of jitter at 101, 100.5, 107 and 111 is left
        // out; 103 is 3 m under 106 and counts (−3).
        #expect(summaries[0].elevation == WorkoutElevation(ascended: 12, descended: 9, origin: .route))
        #expect(summaries[1].elevation == nil)
        let fromMetadata = try #require(summaries[2].elevation)
        #expect(abs(fromMetadata.ascended - 418) < 1e-9 && fromMetadata.descended == nil)
        #expect(fromMetadata.origin == .metadata)
    }

    @Test(
        "A workout and its route are found by uuid or uuid prefix only where the client may read the workout",
        arguments: StorageBackend.allCases)
    func lookupThroughTheClientView(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let (run, _) = try Self.seed(store)
        try store.saveWorkoutRoute(Self.route(of: run))
        #expect(try store.workout(withUUID: run.uuid)?.uuid == run.uuid)
        // Identifiers start with their creation time (RandomUUID), so two workouts made together share a short prefix.
        let prefix = String(run.uuid.uuidString.prefix(30)).lowercased()
        #expect(try store.workouts(withUUIDPrefix: prefix).map(\.uuid) == [run.uuid])
        #expect(
            try store.workouts(withUUIDPrefix: String(run.uuid.uuidString.prefix(4))).contains { $0.uuid == run.uuid })
        #expect(try store.workoutRoutes(ofWorkout: run.uuid).first?.locations.count == 10)

        store.access.policy = .denyRead(["HKWorkoutTypeIdentifier"])
        store.access.request(client: "com.example.reader", share: [], read: ["HKWorkoutTypeIdentifier"])
        let reader = store.client("com.example.reader")
        #expect(try reader.workout(withUUID: run.uuid) == nil)
        #expect(try reader.workouts(withUUIDPrefix: prefix).isEmpty)
        #expect(try reader.workoutRoutes(ofWorkout: run.uuid).isEmpty)
        #expect(try reader.workout(withUUID: UUID()) == nil, "hidden and absent alike")
    }
}
