import Foundation

/// The beats of a heartbeat series: each beat's time since the series' start and whether beats may be missing just
/// before it, exactly as an app's `HKHeartbeatSeriesBuilder` added them; for a series imported from an export, also
/// the instantaneous rate the export gave each beat (exports keep no gap flags, so the importer infers them).
public struct HeartbeatSeriesContent: Sendable, Hashable, Codable {
    /// One beat.
    public struct Beat: Sendable, Hashable, Codable {
        /// Seconds since the series' start date (not negative).
        public var time: Double
        /// Whether one or more beats may be missing just before this one.
        public var precededByGap: Bool
        /// The instantaneous heart rate an export gave this beat (`InstantaneousBeatsPerMinute`), nil for beats an app
        /// added.
        public var beatsPerMinute: Double?

        /// A beat.
        public init(time: Double, precededByGap: Bool, beatsPerMinute: Double? = nil) {
            self.time = time
            self.precededByGap = precededByGap
            self.beatsPerMinute = beatsPerMinute
        }
    }

    /// The beats, in increasing time.
    public var beats: [Beat]

    /// The most beats one series holds (HealthKit's `HKHeartbeatSeriesBuilder.maximumCount`; Apple does not document
    /// its value, this is OpenHealthKit's).
    public static let maximumCount = 1_000

    /// A series' content; validated when a sample is built from it.
    public init(beats: [Beat]) {
        self.beats = beats
    }

    func validate() throws(HealthModelError) {
        guard beats.count <= Self.maximumCount else {
            throw .invalidField(
                field: "heartbeatSeries.beats", reason: "\(beats.count) beats, more than \(Self.maximumCount)")
        }
        var previous = -Double.infinity
        for (index, beat) in beats.enumerated() {
            let field = "heartbeatSeries.beats[\(index)].time"
            try Validation.checkFinite(beat.time, field: field)
            guard beat.time >= 0 else { throw .invalidField(field: field, reason: "\(beat.time) is negative") }
            guard beat.time > previous else {
                throw .invalidField(field: field, reason: "\(beat.time) is not after the previous beat (\(previous))")
            }
            previous = beat.time
            if let rate = beat.beatsPerMinute {
                try PayloadCheck.number(rate, in: 0...1_000, field: "heartbeatSeries.beats[\(index)].beatsPerMinute")
            }
        }
    }
}
