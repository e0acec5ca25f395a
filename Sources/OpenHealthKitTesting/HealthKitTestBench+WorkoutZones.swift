import Foundation
import HealthModel
import HealthStore
import OpenHealthKit

extension HealthKitTestBench {
    /// Sets the person's zones for heart rate or cycling power, as Health Settings does (apps cannot): each boundary
    /// is the upper bound of one zone, lowest first, so `n` boundaries make `n + 1` zones; nil clears them (the system
    /// zones apply again). Throws `errorInvalidArgument` for invalid boundaries, as
    /// `HKWorkoutZoneConfiguration(quantityType:zoneBoundaries:)` does.
    public func setPreferredWorkoutZones(_ zoneBoundaries: [HKQuantity]?, for quantityType: HKQuantityType) throws {
        do {
            let configuration = try zoneBoundaries.map {
                try WorkoutZoneConfiguration(
                    type: quantityType.sampleType, boundaries: $0.map(\.quantity), source: .user)
            }
            try dataStore.setPreferredWorkoutZones(configuration, for: quantityType.sampleType)
        } catch {
            throw HKError(.errorInvalidArgument, "setPreferredWorkoutZones: \(error)")
        }
    }
}
