import Foundation
import HealthModel
import HealthStore

/// How a workout or an activity read from a health store finds its time in zone: computed from the store the first
/// time it is asked (`zoneGroupsByType`), from the samples stored then, and kept with the object. Objects an app makes
/// itself have no store behind them and no zones.
final class WorkoutZoneLookup: @unchecked Sendable {
    private let lock = NSLock()
    private var store: HealthDataStore?
    private var workout: Sample?
    private var activity: UUID?
    private var computed: [HKQuantityType: HKWorkoutZoneGroup]??

    /// Puts a store behind the object: the workout as stored and, for an activity, its identifier (the first call
    /// wins: an object belongs to the store it was read from).
    func attach(store: HealthDataStore, workout: Sample, activity: UUID? = nil) {
        lock.withLock {
            guard self.store == nil else { return }
            self.store = store
            self.workout = workout
            self.activity = activity
        }
    }

    /// The store and workout behind the object, if any.
    var attachment: (store: HealthDataStore, workout: Sample)? {
        lock.withLock { store.flatMap { store in workout.map { (store, $0) } } }
    }

    /// The groups by type: nil when no store is behind the object or no type has zone data.
    var groups: [HKQuantityType: HKWorkoutZoneGroup]? {
        lock.lock()
        defer { lock.unlock() }
        if let computed { return computed }
        guard let store, let workout else { return nil }
        let found = try? store.workoutZoneGroups(of: workout, activity: activity, calendar: .current)
        let kept = found.flatMap { $0.isEmpty ? nil : HKWorkoutZoneGroup.byType($0) }
        computed = .some(kept)
        return kept
    }
}
