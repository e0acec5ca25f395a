import Foundation
import HealthEngine
import HealthModel

/// A 30-minute run from 09:00 (Los Angeles, the morning after the DST switch) with heart rate zones 120/140/160/180
/// (five zones), paused 09:10–09:12, recorded by a Watch (a reading every minute) and a chest strap app (a reading
/// every 30 s over 09:10–09:13 and 09:16–09:19:30, 170 bpm, with a three-minute drop-out between).
public enum ZoneRun {
    /// 09:00 Los Angeles, 2024-03-10.
    public static let start = Fixture.morning
    /// `start` plus seconds.
    public static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }
    /// 09:30.
    public static let end = at(1800)
    /// The chest strap app.
    public static let strap = SourceRevision(source: Source(name: "Polar Beat", bundleIdentifier: "fi.polar.beat"))
    /// The zones' boundaries in bpm: five zones.
    public static let boundaries: [Double] = [120, 140, 160, 180]
    /// The Watch's value in each minute.
    public static func watchValue(minute: Int) -> Double {
        switch minute {
        case 0..<5: return 115
        case 5..<10: return 130
        case 10..<15: return 150
        case 15..<20: return 165
        case 20..<25: return 150
        default: return 185
        }
    }
    /// When the strap reads, in seconds from the start.
    public static let strapTimes: [Double] =
        Array(stride(from: 600.0, through: 780, by: 30)) + Array(stride(from: 960.0, through: 1170, by: 30))
    /// The pause, 09:10–09:12.
    public static let paused = [DateInterval(start: at(600), end: at(720))]

    /// The Watch's readings (one a minute).
    public static func watchSamples() throws -> [Sample] {
        try (0..<30).map { try Fixture.heartRate(watchValue(minute: $0), at: at(Double($0) * 60)) }
    }

    /// The strap's readings (170 bpm).
    public static func strapSamples() throws -> [Sample] {
        try strapTimes.map { try Fixture.heartRate(170, at: at($0)) }
    }

    /// Both sources' readings as a storage holds them, the Watch's first.
    public static func stored() throws -> [StoredSample] {
        let samples =
            try watchSamples().map { $0.with(sourceRevision: Fixture.watch) }
            + strapSamples().map { $0.with(sourceRevision: strap) }
        return samples.enumerated().map { StoredSample(sequence: Int64($0 + 1), sample: $1) }
    }

    /// Time in zone with the strap ranked first, as hand-computed: 0–300 Watch 115 (Z1); 300–600 Watch 130 (Z2);
    /// 600–720 paused; 720–840 strap 170 (Z4: its 780 reading holds 60 s, the drop-out to 960 is longer); 840–900
    /// Watch 150 (Z3); 900–960 Watch 165 (Z4); 960–1230 strap 170 (Z4, the last reading held 60 s); 1230–1500 Watch
    /// 150 (Z3); 1500–1800 Watch 185 (Z5).
    public static let strapFirstDurations: [Double] = [300, 300, 60 + 270, 120 + 60 + 270, 300]

    /// The zones as a configuration an app supplies.
    public static func configuration() throws -> WorkoutZoneConfiguration {
        try WorkoutZoneConfiguration(type: Fixture.heartRate, canonicalBoundaries: boundaries, source: .app)
    }
}
