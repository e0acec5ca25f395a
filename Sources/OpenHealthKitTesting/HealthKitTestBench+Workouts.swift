import Foundation
import OpenHealthKit

/// Driving workout sessions off-device: a scripted sensor feed read by `HKLiveWorkoutDataSource`, delivered as the
/// bench's clock moves on.
extension HealthKitTestBench {
    /// The bench's sensor feed: what a watch's sensors would measure during a workout.
    public var sensorFeed: LiveSensorFeed { LiveSensorFeed.install(for: dataStore) }

    /// Scripts sensor readings: each a quantity of a type over an interval (an instant when `end` is nil).
    public func scriptSensorReadings(_ readings: [(HKQuantityType, HKQuantity, start: Date, end: Date?)]) {
        sensorFeed.script(
            readings.map {
                LiveSensorFeed.Reading(type: $0.0, quantity: $0.1, start: $0.start, end: $0.end ?? $0.start)
            })
    }

    /// Moves the clock on and hands the running live workout builders the readings that ended by then, as a watch
    /// delivers its sensors' data during a workout.
    public func advanceWorkout(by seconds: TimeInterval) {
        clock.advance(by: seconds)
        sensorFeed.deliver(until: clock.now())
    }
}
