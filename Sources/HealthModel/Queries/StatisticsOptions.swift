/// What a statistics query computes (HealthKit's `HKStatisticsOptions`).
public struct StatisticsOptions: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The options' bits, in HealthKit's layout.
    public let rawValue: Int
    /// Options from a raw value (HealthKit's bit layout).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Figures per source as well as merged.
    public static let separateBySource = StatisticsOptions(rawValue: 1 << 0)
    /// Average of a discrete type.
    public static let discreteAverage = StatisticsOptions(rawValue: 1 << 1)
    /// Minimum of a discrete type.
    public static let discreteMin = StatisticsOptions(rawValue: 1 << 2)
    /// Maximum of a discrete type.
    public static let discreteMax = StatisticsOptions(rawValue: 1 << 3)
    /// Sum of a cumulative type.
    public static let cumulativeSum = StatisticsOptions(rawValue: 1 << 4)
    /// The most recent value.
    public static let mostRecent = StatisticsOptions(rawValue: 1 << 5)
    /// The time covered by samples.
    public static let duration = StatisticsOptions(rawValue: 1 << 6)

    /// Options that apply only to cumulative types.
    public static let cumulativeOnly: StatisticsOptions = [.cumulativeSum]
    /// Options that apply only to discrete types.
    public static let discreteOnly: StatisticsOptions = [.discreteAverage, .discreteMin, .discreteMax]

    /// HealthKit's names of the options in this set.
    public var names: [String] {
        let all: [(StatisticsOptions, String)] = [
            (.separateBySource, "separateBySource"), (.discreteAverage, "discreteAverage"),
            (.discreteMin, "discreteMin"),
            (.discreteMax, "discreteMax"), (.cumulativeSum, "cumulativeSum"), (.mostRecent, "mostRecent"),
            (.duration, "duration"),
        ]
        return all.filter { contains($0.0) }.map(\.1)
    }

    /// HealthKit's names of the options in brackets, e.g. `[discreteMin, discreteMax]`.
    public var description: String { "[" + names.joined(separator: ", ") + "]" }

    /// Throws when an option does not fit the type's aggregation style, naming both (SEMANTICS §5).
    public func check(for type: SampleType) throws(HealthModelError) {
        guard let style = type.aggregationStyle else {
            throw .invalidField(
                field: "statistics options", reason: "statistics need a quantity type, not \(type.identifier)")
        }
        if style.isCumulative, let wrong = intersection(StatisticsOptions.discreteOnly).names.first {
            throw .invalidField(
                field: "statistics options",
                reason: "Statistics option \(wrong) is not compatible with cumulative data type \(type.identifier)")
        }
        if !style.isCumulative, let wrong = intersection(StatisticsOptions.cumulativeOnly).names.first {
            throw .invalidField(
                field: "statistics options",
                reason: "Statistics option \(wrong) is not compatible with discrete data type \(type.identifier)")
        }
    }
}
