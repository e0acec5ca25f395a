import HealthModel

/// What a statistics query computes, with HealthKit's raw values (SEMANTICS §5).
///
/// Cumulative options (`cumulativeSum`) fit cumulative types, discrete ones (`discreteAverage`, `discreteMin`,
/// `discreteMax`) discrete types; `mostRecent`, `duration` and `separateBySource` fit either. A wrong combination makes
/// the query fail with `errorInvalidArgument`, naming the option and the type.
public struct HKStatisticsOptions: OptionSet, Sendable, Hashable {
    /// The options' bits, HealthKit's raw value.
    public let rawValue: UInt
    /// Options from HealthKit's raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Figures per source as well as merged (`sumQuantity(for:)` and friends, `sources`).
    public static let separateBySource = HKStatisticsOptions(rawValue: 1 << 0)
    /// The average of a discrete type.
    public static let discreteAverage = HKStatisticsOptions(rawValue: 1 << 1)
    /// The minimum of a discrete type.
    public static let discreteMin = HKStatisticsOptions(rawValue: 1 << 2)
    /// The maximum of a discrete type.
    public static let discreteMax = HKStatisticsOptions(rawValue: 1 << 3)
    /// The sum of a cumulative type.
    public static let cumulativeSum = HKStatisticsOptions(rawValue: 1 << 4)
    /// The most recent value and its date interval.
    public static let mostRecent = HKStatisticsOptions(rawValue: 1 << 5)
    /// HealthKit's older name for `mostRecent`.
    @available(*, deprecated, renamed: "mostRecent")
    public static let discreteMostRecent = HKStatisticsOptions(rawValue: 1 << 5)
    /// The time covered by samples.
    public static let duration = HKStatisticsOptions(rawValue: 1 << 6)

    /// The engine's options (same bit layout).
    var model: StatisticsOptions { StatisticsOptions(rawValue: Int(truncatingIfNeeded: rawValue)) }
}
