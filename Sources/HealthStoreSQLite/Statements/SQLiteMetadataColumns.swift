import Foundation
import HealthModel
import HealthStore

/// The metadata values the SQLite store keeps in columns of the sample's row instead of metadata rows (schema v5):
/// the creation date and UTC offset every imported export record carries. With them as rows an imported record
/// took three rows and four index entries more than its own; as columns it is one row.
///
/// Only values of the expected kind go to a column (a date; a whole number of seconds within a day); a value of
/// another kind under the same key stays a metadata row, so every sample reads back exactly as it was saved.
enum SQLiteMetadataColumns {
    /// Whether an entry goes to a column rather than a metadata row.
    static func isKeptInColumn(_ key: String, _ value: MetadataValue) -> Bool {
        switch key {
        case MetadataKey.exportCreationDate: return creationTime(of: value) != nil
        case MetadataKey.exportUTCOffset: return utcOffset(of: value) != nil
        default: return false
        }
    }

    /// Adds the column values of a row to its metadata (nil when there is none and no column value).
    static func metadata(
        _ metadata: [String: MetadataValue]?, creationTime: Double?, utcOffset: Int64?
    ) -> [String: MetadataValue]? {
        guard creationTime != nil || utcOffset != nil else { return metadata }
        var merged = metadata ?? [:]
        if let creationTime {
            merged[MetadataKey.exportCreationDate] = .date(Date(timeIntervalSinceReferenceDate: creationTime))
        }
        if let utcOffset { merged[MetadataKey.exportUTCOffset] = .number(Double(utcOffset)) }
        return merged
    }

    /// Whether a predicate term on `key` can be checked in SQL on the metadata table (column keys cannot: the engine
    /// checks them on the samples read).
    static func isInMetadataTable(_ key: String) -> Bool {
        key != MetadataKey.exportCreationDate && key != MetadataKey.exportUTCOffset
    }

    /// The value for `creation_time` if a creation date entry holds one.
    static func creationTime(of value: MetadataValue) -> Double? {
        guard case let .date(date) = value, date.timeIntervalSinceReferenceDate.isFinite else { return nil }
        return date.timeIntervalSinceReferenceDate
    }

    /// The value for `utc_offset` if a UTC offset entry holds one that fits the column.
    static func utcOffset(of value: MetadataValue) -> Int64? {
        guard case let .number(number) = value, number.rounded() == number, abs(number) <= 86_400 else { return nil }
        return Int64(number)
    }
}
