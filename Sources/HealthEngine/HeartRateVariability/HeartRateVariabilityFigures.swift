import Foundation

/// Time-domain heart rate variability over normal-to-normal (NN) intervals (Task Force of the ESC and NASPE, 1996):
/// RMSSD, SDNN and pNN50, with how many intervals and successive differences they rest on.
public struct HeartRateVariabilityFigures: Sendable, Hashable, Codable {
    /// The root mean square of successive differences between adjacent intervals, in milliseconds; nil without a
    /// difference.
    public let rmssd: Double?
    /// The sample standard deviation (n − 1) of the intervals, in milliseconds; nil with fewer than two intervals.
    public let sdnn: Double?
    /// The share of successive differences larger than 50 ms, in percent (0–100); nil without a difference.
    public let pnn50: Double?
    /// The mean interval, in milliseconds; nil without an interval.
    public let meanInterval: Double?
    /// How many intervals count.
    public let intervalCount: Int
    /// How many successive differences count (differences are never taken across a break).
    public let differenceCount: Int

    /// The figures of runs of adjacent intervals (milliseconds): SDNN over every interval, RMSSD and pNN50 over the
    /// differences within each run only.
    public init(runs: [[Double]]) {
        var count = 0
        var sum = 0.0
        var squares = 0.0
        var differences = 0
        var above = 0
        for run in runs {
            for (index, interval) in run.enumerated() {
                count += 1
                sum += interval
                guard index > 0 else { continue }
                let difference = interval - run[index - 1]
                differences += 1
                squares += difference * difference
                if abs(difference) > HeartRateVariabilityCalculator.pnnThreshold + Self.tolerance { above += 1 }
            }
        }
        intervalCount = count
        differenceCount = differences
        let mean = count > 0 ? sum / Double(count) : nil
        meanInterval = mean
        if let mean, count > 1 {
            let deviations = runs.joined().reduce(0.0) { $0 + ($1 - mean) * ($1 - mean) }
            sdnn = (deviations / Double(count - 1)).squareRoot()
        } else {
            sdnn = nil
        }
        rmssd = differences > 0 ? (squares / Double(differences)).squareRoot() : nil
        pnn50 = differences > 0 ? 100 * Double(above) / Double(differences) : nil
    }

    /// How far (ms) a difference must exceed 50 ms to count: beat times are kept as seconds in binary floating point,
    /// so a difference of exactly 50 ms between times given to the hundredth reads as 50.000000001; 1 µs is far
    /// below any sensor's resolution.
    static let tolerance = 0.001
}
