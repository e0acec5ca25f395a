import Foundation

/// The beat-to-beat series under a heart rate variability record (`InstantaneousBeatsPerMinute`), as an import meets
/// it and an export writes it; the store keeps it as a heartbeat series sample (`Sample.heartbeatSeries`).
public struct HeartbeatSeries: Sendable, Hashable {
    /// One beat: when it happened and the instantaneous rate.
    public struct Beat: Sendable, Hashable {
        /// The time of the beat.
        public let date: Date
        /// Beats per minute at that beat.
        public let beatsPerMinute: Double

        /// A beat.
        public init(date: Date, beatsPerMinute: Double) {
            self.date = date
            self.beatsPerMinute = beatsPerMinute
        }
    }

    /// The HRV sample the series belongs to.
    public let sample: UUID
    /// The beats in file order.
    public let beats: [Beat]

    /// A series for a sample.
    public init(sample: UUID, beats: [Beat]) {
        self.sample = sample
        self.beats = beats
    }

    /// The beats a heartbeat series sample holds, as an export writes them under the heart rate variability sample
    /// `sample`: each beat's date and rate (for beats an app added, the rate from the time since the beat before; 0
    /// for the first). Nil for any other sample.
    public init?(seriesSample series: Sample, of sample: UUID) {
        guard case let .heartbeatSeries(content)? = series.payload else { return nil }
        var beats: [Beat] = []
        var previous: Double?
        for beat in content.beats {
            let rate = beat.beatsPerMinute ?? previous.map { beat.time > $0 ? 60 / (beat.time - $0) : 0 } ?? 0
            beats.append(Beat(date: series.startDate.addingTimeInterval(beat.time), beatsPerMinute: rate))
            previous = beat.time
        }
        self.init(sample: sample, beats: beats)
    }
}
