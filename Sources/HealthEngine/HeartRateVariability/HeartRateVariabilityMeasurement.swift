import Foundation
import HealthModel

/// One heart rate variability measurement: a heartbeat series sample and the figures of its beats.
public struct HeartRateVariabilityMeasurement: Sendable, Hashable {
    /// The heartbeat series sample's identifier.
    public let series: UUID
    /// When the series starts (its first beat).
    public let start: Date
    /// When the series ends (its last beat).
    public let end: Date
    /// Who recorded it.
    public let source: Source?
    /// The device it was recorded on.
    public let device: Device?
    /// How many beats the series holds.
    public let beatCount: Int
    /// The runs of adjacent NN intervals (milliseconds), as `HeartRateVariabilityCalculator.runs(of:)` gives them.
    public let runs: [[Double]]
    /// RMSSD, SDNN and pNN50 of the runs.
    public let figures: HeartRateVariabilityFigures

    /// The measurement of a heartbeat series sample, or nil for any other sample.
    public init?(series sample: Sample) {
        guard case let .heartbeatSeries(content)? = sample.payload else { return nil }
        series = sample.uuid
        start = sample.startDate
        end = sample.endDate
        source = sample.sourceRevision?.source
        device = sample.device
        beatCount = content.beats.count
        runs = HeartRateVariabilityCalculator.runs(of: content.beats)
        figures = HeartRateVariabilityFigures(runs: runs)
    }
}

/// The measurements of one night pooled: their intervals together, successive differences only within each
/// measurement's runs (never across two measurements).
public struct HeartRateVariabilityNight: Sendable, Hashable {
    /// Where a night's window comes from.
    public enum Window: String, Sendable, Hashable, Codable {
        /// The night the sleep engine reconstructed for the waking day (its session's start and end).
        case sleep
        /// No sleep night for the day: the documented window, 20:00 the evening before to 10:00 of the day.
        case assumed
    }

    /// The waking day (year, month, day).
    public let wakingDay: DateComponents
    /// The window's start.
    public let start: Date
    /// The window's end.
    public let end: Date
    /// Where the window comes from.
    public let window: Window
    /// The measurements that started in the window, in time order.
    public let measurements: [HeartRateVariabilityMeasurement]
    /// The pooled figures.
    public let figures: HeartRateVariabilityFigures

    /// The runs of every measurement, each kept apart (pooled figures never difference across two measurements).
    public var runs: [[Double]] { measurements.flatMap(\.runs) }

    /// A night of these measurements.
    public init(
        wakingDay: DateComponents, start: Date, end: Date, window: Window,
        measurements: [HeartRateVariabilityMeasurement]
    ) {
        self.wakingDay = wakingDay
        self.start = start
        self.end = end
        self.window = window
        self.measurements = measurements
        figures = HeartRateVariabilityFigures(runs: measurements.flatMap(\.runs))
    }
}
