import Foundation

/// Associating samples with a workout, the `async` form.
extension HKHealthStore {
    /// Associates saved samples with a saved workout (`predicateForObjects(from:)` then finds them); the app must
    /// have saved the workout.
    public func addSamples(_ samples: [HKSample], to workout: HKWorkout) async throws {
        try await onStoreExecutor {
            do {
                try self.dataStore.associate(samples.map(\.uuid), withWorkout: workout.uuid)
            } catch {
                throw HKError.from(error)
            }
        }
    }
}
