import Foundation
import HealthModel

extension NSSortDescriptor {
    /// HealthKit's `NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending:)`, which swift-corelibs-foundation
    /// marks unavailable (no key-value coding): HealthKit's sort identifiers are mapped to key paths here.
    /// An unknown key makes the query fail with `errorInvalidArgument`.
    public convenience init(key: String, ascending: Bool) {
        // HealthKit's constants hold their own property names; early SDKs held the constant's name. Accept both.
        var name = key
        for prefix in ["HKSampleSortIdentifier", "HKWorkoutSortIdentifier"] where key.hasPrefix(prefix) {
            name = String(key.dropFirst(prefix.count)).lowercasedFirstLetter
        }
        switch name {
        case HKSampleSortIdentifierStartDate: self.init(keyPath: \HKSample.startDate, ascending: ascending)
        case HKSampleSortIdentifierEndDate: self.init(keyPath: \HKSample.endDate, ascending: ascending)
        case HKWorkoutSortIdentifierDuration: self.init(keyPath: \HKWorkout.duration, ascending: ascending)
        case HKWorkoutSortIdentifierTotalDistance:
            self.init(keyPath: \HKWorkout.totalDistanceSortValue, ascending: ascending)
        case HKWorkoutSortIdentifierTotalEnergyBurned:
            self.init(keyPath: \HKWorkout.totalEnergyBurnedSortValue, ascending: ascending)
        case HKWorkoutSortIdentifierTotalSwimmingStrokeCount:
            self.init(keyPath: \HKWorkout.totalSwimmingStrokeCountSortValue, ascending: ascending)
        case HKWorkoutSortIdentifierTotalFlightsClimbed:
            self.init(keyPath: \HKWorkout.totalFlightsClimbedSortValue, ascending: ascending)
        default: self.init(keyPath: \SortKeyPaths.UnknownKey.value, ascending: ascending)
        }
    }
}

extension String {
    var lowercasedFirstLetter: String { prefix(1).lowercased() + dropFirst() }
}

extension HKWorkout {
    var totalDistanceSortValue: Double { totalDistance.map { $0.doubleValue(for: .meter()) } ?? -.infinity }
    var totalEnergyBurnedSortValue: Double {
        totalEnergyBurned.map { $0.doubleValue(for: .kilocalorie()) } ?? -.infinity
    }
    var totalSwimmingStrokeCountSortValue: Double {
        totalSwimmingStrokeCount.map { $0.doubleValue(for: .count()) } ?? -.infinity
    }
    var totalFlightsClimbedSortValue: Double { totalFlightsClimbed.map { $0.doubleValue(for: .count()) } ?? -.infinity }
}

/// HealthKit's sort key paths and the model sort keys they stand for.
enum SortKeyPaths {
    /// Stands in for a key that has no mapping; queries sorted by it fail.
    final class UnknownKey {
        var value: Int { 0 }
    }

    nonisolated(unsafe) private static let table: [(AnyKeyPath, SampleSort.Key)] = [
        (\HKSample.startDate, .startDate),
        (\HKSample.endDate, .endDate),
        (\HKWorkout.startDate, .startDate),
        (\HKWorkout.endDate, .endDate),
        (\HKWorkout.duration, .workoutDuration),
        (\HKWorkout.totalDistanceSortValue, .workoutTotalDistance),
        (\HKWorkout.totalEnergyBurnedSortValue, .workoutTotalEnergyBurned),
        (\HKWorkout.totalSwimmingStrokeCountSortValue, .workoutTotalSwimmingStrokeCount),
        (\HKWorkout.totalFlightsClimbedSortValue, .workoutTotalFlightsClimbed),
    ]

    /// The model sort for a descriptor, or an error naming what is not supported.
    static func sort(for descriptor: NSSortDescriptor) throws -> SampleSort {
        if let entry = table.first(where: { $0.0 == descriptor.keyPath }) {
            return SampleSort(entry.1, ascending: descriptor.ascending)
        }
        throw HKError(
            .errorInvalidArgument,
            "sort descriptor \(descriptor.keyPath) is not supported: use HKSampleSortIdentifierStartDate, HKSampleSortIdentifierEndDate or an HKWorkoutSortIdentifier"
        )
    }
}
