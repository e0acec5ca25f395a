import Foundation
import HealthModel

/// The one place heart rate variability is computed from beat-to-beat data (docs/decisions/hrv.md): a heartbeat
/// series' beats become runs of NN intervals; a break (a beat preceded by a gap, or an interval outside
/// `intervalBounds`) ends a run, and no successive difference is taken across it.
///
/// The interval that ends at a beat is the time since the beat before when the two are adjacent (times are the more
/// precise figure: an export gives them to the hundredth of a second, its rates as whole beats per minute). An
/// export's beat also carries the rate of the interval that ends at it (`InstantaneousBeatsPerMinute`), which stays
/// true when the beat before it is missing from the list: for such a beat, and for the first, the interval is
/// 60,000 / rate. Two beats are not adjacent when the later is marked as preceded by a gap, or (with a rate) when it
/// comes more than `missingBeatFactor` times its own interval after the earlier one (a beat is missing between).
public enum HeartRateVariabilityCalculator {
    /// The NN intervals counted, in milliseconds (30–200 beats per minute): shorter or longer intervals are
    /// artefacts, missed or extra beats at rest (the Task Force standard asks for NN intervals only, with the
    /// editing rule stated; this one is documented in docs/decisions/hrv.md).
    public static let intervalBounds: ClosedRange<Double> = 300...2_000
    /// The successive difference pNN50 counts above, in milliseconds.
    public static let pnnThreshold = 50.0
    /// A beat with a rate that comes more than this many times its own interval after the beat before is not
    /// adjacent to it.
    public static let missingBeatFactor = 1.5
    /// The version of these rules, the sync version of derived samples: a change of rules that changes figures
    /// raises it, so re-deriving replaces what an earlier version wrote.
    public static let rulesVersion = 1

    /// The runs of adjacent NN intervals (milliseconds) of a heartbeat series' beats.
    public static func runs(of beats: [HeartbeatSeriesContent.Beat]) -> [[Double]] {
        var runs: [[Double]] = []
        var run: [Double] = []
        func close() {
            if !run.isEmpty { runs.append(run) }
            run = []
        }
        for (index, beat) in beats.enumerated() {
            let ratedInterval = beat.beatsPerMinute.flatMap { $0 > 0 ? 60_000 / $0 : nil }
            var elapsed: Double?
            if index > 0, !beat.precededByGap {
                let time = (beat.time - beats[index - 1].time) * 1_000
                if let ratedInterval, time > missingBeatFactor * ratedInterval {
                    elapsed = nil
                } else {
                    elapsed = time
                }
            }
            guard let interval = elapsed ?? ratedInterval else {
                close()
                continue
            }
            // An interval not measured from the beat before cannot be differenced with the one before it.
            if elapsed == nil { close() }
            guard intervalBounds.contains(interval) else {
                close()
                continue
            }
            run.append(interval)
        }
        close()
        return runs
    }

    /// The figures of one heartbeat series sample, or nil for any other sample.
    public static func figures(of series: Sample) -> HeartRateVariabilityFigures? {
        guard case let .heartbeatSeries(content)? = series.payload else { return nil }
        return HeartRateVariabilityFigures(runs: runs(of: content.beats))
    }
}
