import HealthKit
import Testing

// Workout zones (iOS 27) as an app's code and its tests use them, against `import HealthKit` alone.

/// A health store test double answering the person's zones without a store, as app tests override HealthKit's
/// members.
final class ZonesHealthStoreDouble: HKHealthStore, @unchecked Sendable {
    override func preferredWorkoutZoneConfiguration(
        for quantityType: HKQuantityType
    ) async throws -> HKWorkoutZoneConfiguration? {
        let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
        return try HKWorkoutZoneConfiguration(
            quantityType: quantityType,
            zoneBoundaries: [120, 140, 160, 180].map { HKQuantity(unit: beatsPerMinute, doubleValue: $0) })
    }
}

@Suite("Workout zones through import HealthKit: a test double, the zones' bounds")
struct WorkoutZoneAppTests {
    @Test("An overridden preferredWorkoutZoneConfiguration answers; each zone's bounds read as an app shows them")
    func zonesFromADouble() async throws {
        let healthStore: HKHealthStore = ZonesHealthStoreDouble()
        let heartRate = HKQuantityType(.heartRate)
        let zones = try #require(try await healthStore.preferredWorkoutZoneConfiguration(for: heartRate))
        #expect(zones.quantityType == heartRate)
        let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
        let labels = zones.zones.map { zone -> String in
            let low = zone.minimum.map { "\(Int($0.doubleValue(for: beatsPerMinute)))" } ?? ""
            let high = zone.maximum.map { "\(Int($0.doubleValue(for: beatsPerMinute)))" } ?? ""
            return "\(zone.index + 1):\(low)-\(high)"
        }
        #expect(labels == ["1:-120", "2:120-140", "3:140-160", "4:160-180", "5:180-"])
        switch zones.source {
        case .app: break
        case .system, .user: Issue.record("an app's configuration has source .app")
        }
    }
}
