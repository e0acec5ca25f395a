import Foundation
import HealthModel
import HealthStore

/// Workout zones as a health store gives them: the person's zones (`preferredWorkoutZoneConfiguration(for:)`, declared
/// in the class so test doubles override it) and the store view put behind the workouts it returns.
extension HKHealthStore {
    /// Puts this health store's view behind the workouts among `samples`, so their zones are computed from it.
    func attachingZones<S: Sequence>(_ samples: S) -> S {
        for case let workout as HKWorkout in samples { attachZones(to: workout) }
        return samples
    }

    /// Puts this health store's view behind a workout read from it.
    func attachZones(to workout: HKWorkout) {
        guard let sample = try? workout.backing.get() else { return }
        workout.zoneLookup.attach(store: dataStore, workout: sample)
    }

    /// The person's zones for a type, at the health store's clock (`preferredWorkoutZoneConfiguration(for:)`).
    func preferredWorkoutZoneConfigurationNow(for quantityType: HKQuantityType) throws -> HKWorkoutZoneConfiguration? {
        do {
            return try dataStore.preferredWorkoutZones(for: quantityType.sampleType, at: clock(), calendar: .current)
                .map(HKWorkoutZoneConfiguration.init)
        } catch {
            throw HKError.from(error)
        }
    }
}
