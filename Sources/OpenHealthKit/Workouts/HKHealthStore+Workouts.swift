import Foundation

/// Associating samples with a workout: the store work behind `add(_:to:completion:)` and `addSamples(_:to:)`, declared
/// in `HKHealthStore`'s body so that subclasses can override them.
extension HKHealthStore {
    func addSamplesNow(_ samples: [HKSample], to workout: HKWorkout) throws {
        do {
            try dataStore.associate(samples.map(\.uuid), withWorkout: workout.uuid)
        } catch {
            throw HKError.from(error)
        }
    }
}
