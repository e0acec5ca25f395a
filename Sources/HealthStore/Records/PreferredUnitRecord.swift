import Foundation
import HealthEngine
import HealthModel

/// The unit the person chose for a quantity type, keyed by the type's identifier, as the unit's text
/// (`HealthDataStore+PreferredUnits` applies the rules). The person's unit choices are no one app's data: every
/// client reads them and hears when they change; only a full-access client changes them.
public enum PreferredUnitRecord: RecordKind {
    /// The unit's text (`HealthUnit.description`).
    public typealias Value = String

    /// The stored name.
    public static let name = "preferredUnit"

    /// Only a full-access client sets preferred units.
    public static func writer(ofKey key: String) -> RecordWriter {
        .fullAccess(denial: "only a client with full access sets preferred units")
    }

    /// Every client sees the person's choices.
    public static func shown(_ value: String, key: String, to reader: some RecordReader) throws -> String? { value }

    /// Apps hear of the change (`HKUserPreferencesDidChange`).
    public static var isAnnouncedToEveryClient: Bool { true }
}

/// The locale identifier the store's default units follow, under the key "" (one per store). Read by every client,
/// set only by a full-access one.
public enum UnitLocaleRecord: RecordKind {
    /// The locale identifier (`en_US`).
    public typealias Value = String

    /// The stored name.
    public static let name = "unitLocale"

    /// The one key.
    public static let key = ""

    /// Only a full-access client sets the locale.
    public static func writer(ofKey key: String) -> RecordWriter {
        .fullAccess(denial: "only a client with full access sets the locale of the units")
    }

    /// Every client sees the locale.
    public static func shown(_ value: String, key: String, to reader: some RecordReader) throws -> String? { value }

    /// Apps hear of the change (`HKUserPreferencesDidChange`).
    public static var isAnnouncedToEveryClient: Bool { true }
}
