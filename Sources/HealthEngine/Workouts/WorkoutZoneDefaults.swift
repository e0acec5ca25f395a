import Foundation
import HealthModel

/// The zones a person gets when they set none (`WorkoutZoneSource.system`), derived from their data
/// (docs/decisions/workout-zones.md).
///
/// Heart rate: five zones by heart rate reserve (Karvonen), boundaries at 60, 70, 80 and 90 % of the reserve above the
/// resting heart rate, the maximum heart rate estimated from age (Tanaka: 208 − 0.7 × age). Without a resting heart
/// rate the boundaries are the same fractions of the maximum heart rate. Without a date of birth there are none.
/// Cycling power: none (its zones need a functional threshold power, which cannot be derived reliably from stored
/// samples).
public enum WorkoutZoneDefaults {
    /// The fractions of the heart rate reserve (or of the maximum heart rate) at the zone boundaries.
    public static let heartRateFractions: [Double] = [0.6, 0.7, 0.8, 0.9]
    /// How far back resting heart rate samples count: their merged average over these seconds before the date.
    public static let restingHeartRateWindow: TimeInterval = 30 * 86_400

    /// The estimated maximum heart rate at an age, in beats per minute (Tanaka, Monahan and Seals, 2001).
    public static func maximumHeartRate(age: Int) -> Double { 208 - 0.7 * Double(age) }

    /// The age in whole years at `date` of someone born on `dateOfBirth` (year, month and day), in `calendar`; nil
    /// when the components are incomplete or the birth is after the date.
    public static func age(dateOfBirth: DateComponents, at date: Date, calendar: Calendar) -> Int? {
        guard dateOfBirth.year != nil, dateOfBirth.month != nil, dateOfBirth.day != nil else { return nil }
        var components = dateOfBirth
        components.calendar = nil
        components.timeZone = nil
        guard let birth = calendar.date(from: components), birth <= date else { return nil }
        return calendar.dateComponents([.year], from: birth, to: date).year
    }

    /// The system heart rate zones for an age and a resting heart rate (beats per minute), nil when they make no
    /// valid zones (a resting heart rate at or above the maximum).
    public static func heartRateZones(age: Int, restingHeartRate: Double?) -> WorkoutZoneConfiguration? {
        let maximum = maximumHeartRate(age: age)
        let floor = restingHeartRate.flatMap { $0.isFinite && $0 > 0 && $0 < maximum ? $0 : nil } ?? 0
        let boundaries = heartRateFractions.map { ((floor + $0 * (maximum - floor)) * 10).rounded() / 10 }
        guard let type = try? SampleType.quantity("HKQuantityTypeIdentifierHeartRate") else { return nil }
        return try? WorkoutZoneConfiguration(type: type, canonicalBoundaries: boundaries, source: .system)
    }
}
