import Foundation
import HealthModel

extension SampleQueryEngine {
    /// The routes of a workout: the route samples associated with it (`predicateForObjects(from: workout)`, as
    /// HealthKit apps find them), oldest first.
    public func workoutRoutes(ofWorkout workout: UUID) throws -> [WorkoutRoute] {
        try samples(
            for: SampleQueryRequest(
                type: .workoutRoute, predicate: .associatedWithWorkout(workout),
                sort: [SampleSort(.startDate)])
        ).compactMap { WorkoutRoute(sample: $0, workout: workout) }
    }
}
