import Foundation

/// A metadata value: HealthKit allows strings, numbers, dates and quantities.
public enum MetadataValue: Sendable, Hashable, CustomStringConvertible {
    /// Text.
    case string(String)
    /// A number (HealthKit's NSNumber; booleans are 0 or 1).
    case number(Double)
    /// A point in time.
    case date(Date)
    /// A quantity with a unit, e.g. `418 cm`.
    case quantity(Quantity)

    /// The value as text: a string as is, a whole number without a fraction, a date in ISO 8601, a quantity
    /// with its unit.
    public var description: String {
        switch self {
        case let .string(text): return text
        case let .number(number):
            return number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case let .date(date): return date.formatted(.iso8601)
        case let .quantity(quantity): return quantity.description
        }
    }

    /// The numeric value, when this is a number.
    public var numberValue: Double? {
        if case let .number(number) = self { return number }
        return nil
    }

    /// The text, when this is a string.
    public var stringValue: String? {
        if case let .string(text) = self { return text }
        return nil
    }
}

/// Metadata keys that the store itself interprets.
public enum MetadataKey {
    /// Identifies an object across syncs within one source (`HKMetadataKeySyncIdentifier`).
    public static let syncIdentifier = "HKMetadataKeySyncIdentifier"
    /// Version of a synced object; a greater version replaces a lesser one (`HKMetadataKeySyncVersion`).
    public static let syncVersion = "HKMetadataKeySyncVersion"
    /// Marks data that a person typed in by hand (`HKMetadataKeyWasUserEntered`).
    public static let wasUserEntered = "HKWasUserEntered"
    /// The food's name in a food correlation or dietary sample (`HKMetadataKeyFoodType`).
    public static let foodType = "HKFoodType"
    /// The time zone the sample was recorded in (`HKMetadataKeyTimeZone`).
    public static let timeZone = "HKTimeZone"
    /// When an imported record was created on the phone (an export's `creationDate`), a date. The SQLite store keeps
    /// it in a column of the sample's row rather than as a metadata row.
    public static let exportCreationDate = "OpenHealthKitExportCreationDate"
    /// The UTC offset in seconds written with an imported record's start date (`+0200` is 7200), a whole number. The
    /// SQLite store keeps it in a column of the sample's row rather than as a metadata row.
    public static let exportUTCOffset = "OpenHealthKitExportUTCOffset"
    /// The electrocardiogram a symptom sample was recorded with: the ECG's UUID string. HealthKit links the symptoms
    /// the ECG app records to the recording without saying how; this store keeps the link in the symptom's metadata
    /// (docs/decisions/ecg-symptom-association.md), and `HKQuery.predicateForObjectsAssociated(electrocardiogram:)`
    /// matches it.
    public static let associatedElectrocardiogram = "OpenHealthKitAssociatedElectrocardiogram"
    /// The device or app a pushing client read the sample from, as the client named it (Health Auto Export's
    /// `source`; a composite `A|B` kept whole), a string. It marks a pushed copy of another source's data, which gives
    /// way to that source's own samples (docs/decisions/pushed-data.md).
    public static let pushedFrom = "OpenHealthKitPushedFrom"
    /// The heartbeat series a derived sample was computed from (a derived RMSSD: docs/decisions/hrv.md): the series'
    /// UUID string.
    public static let derivedFrom = "OpenHealthKitDerivedFrom"
    /// The total a sample was placed from, a string naming the total's field (Health Auto Export's aggregated night:
    /// `core`, `deep`, `rem`, `asleep`, `awake`): its length is the pushed total, its place in time only arranged
    /// (stages one after another from the night's start), not measured (docs/decisions/pushed-sleep.md).
    public static let placedFromTotal = "OpenHealthKitPlacedFromTotal"
}
