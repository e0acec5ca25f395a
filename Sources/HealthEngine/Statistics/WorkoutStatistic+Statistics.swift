import Foundation
import HealthModel

extension WorkoutStatistic {
    /// The options a workout's figures of a type are computed with: the sum for a cumulative type; the average,
    /// minimum and maximum for a discrete one.
    public static func options(for type: SampleType) -> StatisticsOptions {
        (type.aggregationStyle ?? .discreteArithmetic).isCumulative
            ? [.cumulativeSum] : [.discreteAverage, .discreteMin, .discreteMax]
    }

    /// A workout's figures from the statistics of its samples of one type (merged by source priority).
    public init(_ statistics: QuantityStatistics) throws(HealthModelError) {
        try self.init(
            quantityTypeIdentifier: statistics.type.identifier, sum: statistics.merged.sum,
            average: statistics.merged.average, minimum: statistics.merged.minimum, maximum: statistics.merged.maximum)
    }

    /// These figures as the statistics of one interval (a workout's or an activity's), for the HealthKit API.
    public func statistics(startDate: Date, endDate: Date) throws(HealthModelError) -> QuantityStatistics {
        let type = try SampleType.quantity(quantityTypeIdentifier)
        var figures = StatisticsFigures()
        figures.sum = sum
        figures.average = average
        figures.minimum = minimum
        figures.maximum = maximum
        var options: StatisticsOptions = []
        if sum != nil { options.insert(.cumulativeSum) }
        if average != nil { options.insert(.discreteAverage) }
        if minimum != nil { options.insert(.discreteMin) }
        if maximum != nil { options.insert(.discreteMax) }
        return QuantityStatistics(
            type: type, startDate: startDate, endDate: endDate, options: options, merged: figures, bySource: [:])
    }
}
