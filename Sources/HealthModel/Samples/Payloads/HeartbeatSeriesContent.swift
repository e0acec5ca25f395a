import Foundation

/// The beats of a heartbeat series an app built (`HKHeartbeatSeriesBuilder`): each beat's time since the series'
/// start and whether beats may be missing just before it, exactly as added.
public struct HeartbeatSeriesContent: Sendable, Hashable, Codable {
    /// One beat.
    public struct Beat: Sendable, Hashable, Codable {
        /// Seconds since the series' start date (not negative).
        public var time: Double
        /// Whether one or more beats may be missing just before this one.
        public var precededByGap: Bool

        /// A beat.
        public init(time: Double, precededByGap: Bool) {
            self.time = time
            self.precededByGap = precededByGap
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
        }
    }
}
