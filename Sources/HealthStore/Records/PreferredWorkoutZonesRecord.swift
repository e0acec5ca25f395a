import Foundation
import HealthEngine
import HealthModel

/// The zones the person set for a quantity type (heart rate, cycling power), keyed by the type's identifier, as the
/// zone boundaries in the type's canonical unit (`HealthDataStore+WorkoutZones` applies the rules). Like the preferred
/// units, the person's zones are no one app's data: every client reads them; only a full-access client changes them.
public enum PreferredWorkoutZonesRecord: RecordKind {
    /// The upper bound of each zone but the last, increasing, in the type's canonical unit.
    public typealias Value = [Double]

    /// The stored name.
    public static let name = "preferredWorkoutZones"

    /// Only a full-access client sets the person's zones.
    public static func writer(ofKey key: String) -> RecordWriter {
        .fullAccess(denial: "only a client with full access sets the preferred workout zones")
    }

    /// Every client sees the person's zones.
    public static func shown(_ value: [Double], key: String, to reader: some RecordReader) throws -> [Double]? {
        value
    }
}
