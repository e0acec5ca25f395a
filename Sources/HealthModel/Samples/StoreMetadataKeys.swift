import Foundation

/// Which of the metadata keys a store reads for every sample it saves (sync identifier and version, whether a person
/// entered it, whether it is a pushed copy) a sample's metadata holds, found in one pass over the entries when the sample is built.
///
/// A sample without them then answers `syncIdentifier` and the others without hashing a key: the SQLite import asked
/// for the sync identifier of every sample several times, which hashed "HKMetadataKeySyncIdentifier" millions of
/// times for a 1 GB export. One byte a sample, so in-memory stores stay the same size.
public struct StoreMetadataKeys: OptionSet, Sendable {
    /// One bit for each key present.
    public let rawValue: UInt8
    /// A set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `HKMetadataKeySyncIdentifier` is present.
    public static let syncIdentifier = StoreMetadataKeys(rawValue: 1)
    /// `HKMetadataKeySyncVersion` is present.
    public static let syncVersion = StoreMetadataKeys(rawValue: 2)
    /// `HKMetadataKeyWasUserEntered` is present.
    public static let wasUserEntered = StoreMetadataKeys(rawValue: 4)
    /// `OpenHealthKitPushedFrom` is present (a pushed copy of another source's data).
    public static let pushedFrom = StoreMetadataKeys(rawValue: 8)

    /// The keys present in a metadata dictionary, compared without hashing.
    public init(scanning metadata: [String: MetadataValue]?) {
        var found: UInt8 = 0
        for key in metadata?.keys ?? [:].keys {
            switch key {
            case MetadataKey.syncIdentifier: found |= Self.syncIdentifier.rawValue
            case MetadataKey.syncVersion: found |= Self.syncVersion.rawValue
            case MetadataKey.wasUserEntered: found |= Self.wasUserEntered.rawValue
            case MetadataKey.pushedFrom: found |= Self.pushedFrom.rawValue
            default: continue
            }
        }
        rawValue = found
    }
}
