import Foundation
import HealthEngine
import HealthModel

/// One of the person's characteristics (date of birth, biological sex, blood type, skin type, wheelchair use, move
/// mode), keyed by its HealthKit identifier, its value in the export's spelling (`HKBiologicalSexFemale`,
/// `1985-06-01`; empty when the person has not set it). A client sees a characteristic the person let it read; only
/// an import or a full-access client sets them, as HealthKit's apps never write them.
public enum CharacteristicRecord: RecordKind {
    /// The value as written.
    public typealias Value = String

    /// The stored name.
    public static let name = "characteristic"

    /// Only a full-access client sets characteristics.
    public static func writer(ofKey key: String) -> RecordWriter {
        .fullAccess(denial: "only a client with full access sets characteristics")
    }

    /// Shown to a client with the read grant of that characteristic.
    public static func shown(_ value: String, key: String, to reader: some RecordReader) throws -> String? {
        reader.hasReadGrant(typeIdentifier: key) ? value : nil
    }
}

/// What the latest imported export said about itself (its date and locale), under the key "" (one per store). Only
/// a full-access client sees it.
public enum ExportInformationRecord: RecordKind {
    /// The export's date and locale.
    public struct Value: Codable, Sendable, Hashable {
        /// When the export was made, in seconds since 2001-01-01 UTC, if it said.
        public var exportDate: Double?
        /// The export's locale, if it said.
        public var locale: String?

        /// The stored form of the information.
        public init(_ information: ExportInformation) {
            exportDate = information.exportDate?.timeIntervalSinceReferenceDate
            locale = information.locale
        }

        /// The information again.
        public var information: ExportInformation {
            ExportInformation(exportDate: exportDate.map(Date.init(timeIntervalSinceReferenceDate:)), locale: locale)
        }
    }

    /// The stored name.
    public static let name = "exportInformation"

    /// The one key.
    public static let key = ""

    /// Only imports write it.
    public static func writer(ofKey key: String) -> RecordWriter {
        .fullAccess(denial: "only a client with full access imports data")
    }

    /// Hidden from every client without full access.
    public static func shown(_ value: Value, key: String, to reader: some RecordReader) throws -> Value? { nil }
}

extension RecordStorage {
    /// The stored characteristics this storage shows, by identifier.
    public func characteristics() throws -> [String: String] {
        Dictionary(
            try records(CharacteristicRecord.self, keys: .all).map { ($0.key, $0.value) },
            uniquingKeysWith: { _, last in last })
    }

    /// The date and locale of the latest imported export, if any (nil for a client without full access).
    public func exportInformation() throws -> ExportInformation? {
        try record(ExportInformationRecord.self, key: ExportInformationRecord.key)?.information
    }
}
