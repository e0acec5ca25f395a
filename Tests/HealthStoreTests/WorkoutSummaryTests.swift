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
}
