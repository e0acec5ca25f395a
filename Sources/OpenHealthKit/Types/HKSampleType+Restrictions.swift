import Foundation
import HealthModel

/// What HealthKit tells about a sample type's rules. This store restricts no type's duration (HealthKit restricts a
/// few, e.g. headphone audio exposure events), so `isMaximumDurationRestricted` and `isMinimumDurationRestricted` are
/// false and reading an allowed duration stops the program, as HealthKit raises an exception there.
extension HKSampleType {
    /// Whether samples of this type have a longest allowed duration: no type here.
    public var isMaximumDurationRestricted: Bool { false }
    /// The longest allowed duration; only for types where `isMaximumDurationRestricted` is true.
    public var maximumAllowedDuration: TimeInterval {
        fatalError("maximumAllowedDuration: \(identifier) has no maximum duration (check isMaximumDurationRestricted)")
    }
    /// Whether samples of this type have a shortest allowed duration: no type here.
    public var isMinimumDurationRestricted: Bool { false }
    /// The shortest allowed duration; only for types where `isMinimumDurationRestricted` is true.
    public var minimumAllowedDuration: TimeInterval {
        fatalError("minimumAllowedDuration: \(identifier) has no minimum duration (check isMinimumDurationRestricted)")
    }
    /// Whether `HKHealthStore.recalibrateEstimates(sampleType:date:completion:)` accepts the type: only cardio fitness
    /// (VO2 max), as in HealthKit.
    public var allowsRecalibrationForEstimates: Bool { identifier == HKQuantityTypeIdentifier.vo2Max.rawValue }
}

extension HKObjectType {
    /// The series type with this identifier (`HKWorkoutRouteTypeIdentifier`, `HKDataTypeIdentifierHeartbeatSeries`), or
    /// nil for any other identifier.
    public class func seriesType(forIdentifier identifier: String) -> HKSeriesType? {
        switch identifier {
        case SampleType.workoutRoute.identifier: return HKSeriesType.workoutRoute()
        case SampleType.heartbeatSeries.identifier: return HKSeriesType.heartbeat()
        default: return nil
        }
    }
}

extension HKObject {
    /// The app that saved the object (HealthKit's name before `sourceRevision`).
    @available(*, deprecated, message: "Use sourceRevision")
    public var source: HKSource { sourceRevision.source }
}
