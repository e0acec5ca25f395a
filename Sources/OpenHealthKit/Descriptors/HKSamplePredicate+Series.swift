import Foundation

extension HKSamplePredicate where Sample == HKWorkoutRoute {
    /// Workout routes (found like samples; their locations are read with `HKWorkoutRouteQueryDescriptor`).
    public static func workoutRoute(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkoutRoute> {
        HKSamplePredicate(sampleType: HKSeriesType.workoutRoute(), predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKHeartbeatSeriesSample {
    /// Heartbeat series (found like samples; their beats are read with `HKHeartbeatSeriesQueryDescriptor`).
    public static func heartbeatSeries(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKHeartbeatSeriesSample> {
        HKSamplePredicate(sampleType: HKSeriesType.heartbeat(), predicate: predicate)
    }
}

extension HKSamplePredicate: Equatable, Hashable {
    /// Equal when the sample types and the predicates are equal.
    public static func == (lhs: HKSamplePredicate, rhs: HKSamplePredicate) -> Bool {
        lhs.sampleType == rhs.sampleType && lhs.nsPredicate == rhs.nsPredicate
    }

    /// Hashes the sample type.
    public func hash(into hasher: inout Hasher) { hasher.combine(sampleType) }
}
