/// How HealthKit combines the samples of a quantity type into statistics (HKQuantityAggregationStyle).
public enum AggregationStyle: String, Sendable, Hashable, CaseIterable {
    /// Values add up over time (steps, energy, distance): statistics offer sums.
    case cumulative
    /// Independent readings averaged one sample at a time (body mass, blood glucose).
    case discreteArithmetic
    /// Readings averaged by the time each one covers (heart rate, atrial fibrillation burden).
    case discreteTimeWeighted
    /// Sound levels averaged as an equivalent continuous level, Leq (audio exposure).
    case discreteEquivalentContinuousLevel

    /// True for `cumulative`, false for every discrete style.
    public var isCumulative: Bool { self == .cumulative }

    /// True for every discrete style.
    public var isDiscrete: Bool { self != .cumulative }

    /// HealthKit's raw value of HKQuantityAggregationStyle (cumulative 0, discreteArithmetic 1, discreteTimeWeighted 2, discreteEquivalentContinuousLevel 3).
    public var healthKitRawValue: Int {
        switch self {
        case .cumulative: return 0
        case .discreteArithmetic: return 1
        case .discreteTimeWeighted: return 2
        case .discreteEquivalentContinuousLevel: return 3
        }
    }
}
