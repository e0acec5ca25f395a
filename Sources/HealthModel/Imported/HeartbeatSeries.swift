import Foundation

/// The beat-to-beat series under a heart rate variability record (`InstantaneousBeatsPerMinute`).
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
}
