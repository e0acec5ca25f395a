import Foundation
import HealthModel
import HealthStore

/// Generated beat-to-beat data: a heartbeat series as a Watch records one during a heart rate variability reading,
/// reproducible from a seed (docs/decisions/generated-data.md). The intervals swing with breathing (respiratory sinus
/// arrhythmia, a four-second cycle) around the mean, with noise; each interval is whole milliseconds, so a test can
/// work out the figures from the beat times alone.
public enum SyntheticHeartbeats {
    /// A heartbeat series of `beats` beats from `start` (the first beat at time 0): intervals of `meanInterval` ms
    /// ± `swing` ms over the breathing cycle, ± up to `noise` ms at random from `seed`. `gapsBefore` lists beats
    /// (indices) preceded by a gap: there the time since the beat before is doubled, as if one beat were missing.
    public static func series(
        start: Date, beats: Int, meanInterval: Double = 950, swing: Double = 40, noise: Double = 25, seed: UInt64,
        gapsBefore: Set<Int> = [], device: Device? = nil
    ) throws(HealthModelError) -> Sample {
        var random = SeededRandomNumberGenerator(seed: seed)
        var time = 0.0
        var content: [HeartbeatSeriesContent.Beat] = []
        for index in 0..<beats {
            if index > 0 {
                let breathing = swing * sin(2 * Double.pi * time / 4)
                var interval = (meanInterval + breathing + Double.random(in: -noise...noise, using: &random)).rounded()
                if gapsBefore.contains(index) { interval *= 2 }
                time += interval / 1_000
            }
            content.append(.init(time: time, precededByGap: gapsBefore.contains(index)))
        }
        return try Sample(
            type: .heartbeatSeries, startDate: start, endDate: start.addingTimeInterval(time), device: device,
            content: .payload(.heartbeatSeries(HeartbeatSeriesContent(beats: content))))
    }
}
