import Foundation
import HealthModel

/// A complete set of zones for heart rate or cycling power, with where it came from, as in HealthKit (iOS 27).
///
/// Each boundary is the upper bound of one zone, lowest first; the first zone has no lower bound and the last no upper
/// bound, so `n` boundaries make `n + 1` zones (3 to 9 zones: 2 to 8 boundaries). A value on a boundary belongs to the
/// zone above it.
public struct HKWorkoutZoneConfiguration: Sendable, Equatable {
    /// Where a configuration came from.
    public enum Source: Sendable, Hashable {
        /// Generated from the person's data (heart rate: age and resting heart rate).
        case system
        /// Set by the person.
        case user
        /// Supplied by an app for one workout.
        case app
    }

    /// The model configuration.
    let model: WorkoutZoneConfiguration

    init(_ model: WorkoutZoneConfiguration) {
        self.model = model
    }

    /// A configuration from zone boundaries (the upper bound of each zone but the last, lowest first), with `source`
    /// `.app`. Throws `errorInvalidArgument` naming what is wrong: a type other than heart rate or cycling power, fewer
    /// than 2 or more than 8 boundaries, a boundary that is not a finite non-negative number, boundaries that do not
    /// increase, a unit that does not fit the type.
    public init(quantityType: HKQuantityType, zoneBoundaries: [HKQuantity]) throws {
        do {
            model = try WorkoutZoneConfiguration(
                type: quantityType.sampleType, boundaries: zoneBoundaries.map(\.quantity), source: .app)
        } catch {
            throw HKError(.errorInvalidArgument, "HKWorkoutZoneConfiguration: \(error)")
        }
    }

    /// The quantity type the zones are for.
    public var quantityType: HKQuantityType { HKQuantityType(sampleType: model.type) }

    /// The zones, lowest first, contiguous.
    public var zones: [HKWorkoutZone] {
        (0..<model.zoneCount).map { HKWorkoutZone(index: $0, configuration: model) }
    }

    /// Where the zones came from.
    public var source: Source {
        switch model.source {
        case .system: return .system
        case .user: return .user
        case .app: return .app
        }
    }
}
