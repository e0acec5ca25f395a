import Foundation
import HealthModel

/// One measure over a report's period: its figure per bucket (day, week or month) and for the whole period, in the
/// unit it is shown in. The figures are `StatisticsReport`'s, so they equal `ohk stats` for the same type, window,
/// interval, time zone and unit.
public struct PeriodSeries: Sendable {
    /// How a measure adds up.
    public enum Kind: Sendable {
        /// Totals (steps, energy): a sum per bucket; the period's figure is the sum of the buckets, with the average
        /// per day that had data.
        case total
        /// Levels (resting heart rate, weight): an average per bucket; the period's figure is the average of every
        /// sample in the period, with the latest bucket's.
        case level
    }

    /// A short name for element ids and JSON (`steps`).
    public let identifier: String
    /// The heading (`Steps`).
    public let title: String
    /// The type behind it.
    public let type: SampleType
    /// The unit of the figures.
    public let unit: HealthUnit
    /// The unit as people read it next to a number (`steps`, `kcal`, `bpm`, `kg`).
    public let unitLabel: String
    /// Totals or levels.
    public let kind: Kind
    /// Each bucket's start and figure (nil: no data in it), oldest first.
    public let buckets: [DailyChartSVG.Day]
    /// The whole period's figure: the sum of the buckets for totals, the average over the period for levels; nil
    /// without data.
    public let periodFigure: Double?
    /// The colour of its chart.
    public let colour: String

    /// A series.
    public init(
        identifier: String, title: String, type: SampleType, unit: HealthUnit, unitLabel: String, kind: Kind,
        buckets: [DailyChartSVG.Day], periodFigure: Double?, colour: String
    ) {
        self.identifier = identifier
        self.title = title
        self.type = type
        self.unit = unit
        self.unitLabel = unitLabel
        self.kind = kind
        self.buckets = buckets
        self.periodFigure = periodFigure
        self.colour = colour
    }

    /// Whether any bucket has data.
    public var hasData: Bool { buckets.contains { $0.value != nil } }

    /// The average of the buckets with data (a total's average day, week or month); nil without data.
    public var averagePerBucket: Double? {
        let values = buckets.compactMap(\.value)
        return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The last bucket with data's figure.
    public var latest: (start: Date, value: Double)? {
        buckets.last { $0.value != nil }.map { ($0.start, $0.value ?? 0) }
    }

    /// Decimal places the figures are written with: none for counts, beats, steps, minutes, kilocalories and
    /// millimetres of mercury; one for the rest (kilometres, kilograms, percentages).
    public var places: Int {
        ["count", "count/min", "min", "kcal", "Cal", "kJ", "mmHg", "ms"].contains(unit.unitString) ? 0 : 1
    }

    /// `12,345 steps`.
    public func text(_ value: Double) -> String { "\(NumberText.grouped(value, places: places)) \(unitLabel)" }
}
