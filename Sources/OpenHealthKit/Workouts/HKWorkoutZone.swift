import Foundation
import HealthModel

/// One zone of a zone configuration, with its thresholds, as in HealthKit (iOS 27).
public struct HKWorkoutZone: Sendable, Equatable {
    /// The zone's zero-based position in its configuration, lowest threshold first.
    public let index: Int
    private let configuration: WorkoutZoneConfiguration

    init(index: Int, configuration: WorkoutZoneConfiguration) {
        self.index = index
        self.configuration = configuration
    }

    /// The lower threshold; nil for the first zone, which has no lower bound.
    public var minimum: HKQuantity? {
        configuration.minimum(ofZone: index).map { HKQuantity(Quantity($0, configuration.unit)) }
    }

    /// The upper threshold (not included in the zone); nil for the last zone, which has no upper bound.
    public var maximum: HKQuantity? {
        configuration.maximum(ofZone: index).map { HKQuantity(Quantity($0, configuration.unit)) }
    }
}
