import Foundation
import HealthEngine
import HealthModel
import Testing

@Suite("Workout elevation: climb and descent from route altitudes with a 3 m dead band, else the workout's metadata")
struct WorkoutElevationTests {
    static let start = Date(timeIntervalSince1970: 1_709_974_800)

    static func route(_ altitudes: [Double?], verticalAccuracy: Double? = 3) -> WorkoutRoute {
        WorkoutRoute(
            uuid: UUID(), workout: UUID(), sourceName: "Watch", filePath: nil,
            locations: altitudes.enumerated().map { index, altitude in
                WorkoutRouteLocation(
                    date: start.addingTimeInterval(Double(index)), latitude: 52.5, longitude: 13.4, altitude: altitude,
                    verticalAccuracy: verticalAccuracy)
            })
    }

    @Test("Jitter under 3 m is not climbing; a climb counts whole once it passes 3 m; a descent likewise")
    func deadBand() throws {
        // 100 → 101 → 99.5 → 101 (jitter) → 104 (+4 from 100) → 110 (+6) → 108.5 (jitter) → 100 (−10) → 102.
        let elevation = try #require(
            WorkoutElevation.fromRoutes([Self.route([100, 101, 99.5, 101, 104, 110, 108.5, 100, 102])]))
        #expect(elevation.ascended == 10)
        #expect(elevation.descended == 10)
        #expect(elevation.origin == .route)
        // Every rise summed would have given 1 + 1.5 + 3 + 6 + 2 = 13.5.
    }

    @Test("Points without an altitude or with a negative vertical accuracy are skipped; routes are not bridged")
    func skippedPointsAndTwoRoutes() throws {
        let first = Self.route([10, nil, 20])
        let invalid = Self.route([500, 900], verticalAccuracy: -1)
        let second = Self.route([300, 296])
        let elevation = try #require(WorkoutElevation.fromRoutes([first, invalid, second]))
        // 10 → 20 climbs 10; the jump from 20 to 300 between routes is not a climb; 300 → 296 descends 4.
        #expect(elevation.ascended == 10)
        #expect(elevation.descended == 4)
        #expect(WorkoutElevation.fromRoutes([invalid]) == nil, "no usable altitude")
        #expect(WorkoutElevation.fromRoutes([Self.route([42])]) == nil, "one altitude measures nothing")
        #expect(WorkoutElevation.fromRoutes([Self.route([42, 42.5])])?.ascended == 0, "flat is 0, not unknown")
    }

    @Test("Without a route the HKElevationAscended metadata counts, in metres; a route wins over metadata")
    func metadataFallback() throws {
        let workout = try Sample.workout(
            activityTypeRawValue: 24, start: Self.start, end: Self.start.addingTimeInterval(3_600),
            metadata: [
                "HKElevationAscended": .quantity(Quantity(41_800, try HealthUnit(parsing: "cm"))),
                "HKElevationDescended": .quantity(Quantity(0.5, try HealthUnit(parsing: "km"))),
            ])
        let fromMetadata = try #require(WorkoutElevation.of(workout: workout, routes: []))
        #expect(abs(fromMetadata.ascended - 418) < 1e-9)
        #expect(abs((fromMetadata.descended ?? 0) - 500) < 1e-9)
        #expect(fromMetadata.origin == .metadata)
        let fromRoute = try #require(WorkoutElevation.of(workout: workout, routes: [Self.route([0, 5])]))
        #expect(fromRoute == WorkoutElevation(ascended: 5, descended: 0, origin: .route))
        let ascentOnly = try Sample.workout(
            activityTypeRawValue: 24, start: Self.start, end: Self.start.addingTimeInterval(3_600),
            metadata: ["HKElevationAscended": .quantity(Quantity(12, .meter()))])
        #expect(WorkoutElevation.of(workout: ascentOnly, routes: [])?.descended == nil)
        let notALength = try Sample.workout(
            activityTypeRawValue: 24, start: Self.start, end: Self.start.addingTimeInterval(3_600),
            metadata: ["HKElevationAscended": .string("a lot")])
        #expect(WorkoutElevation.of(workout: notALength, routes: []) == nil)
    }
}
