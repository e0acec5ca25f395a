import Foundation
import HealthModel

/// The records of a store (`RecordKind`): everything kept with its data that is not a sample, in one generic table.
/// Records are written only through `SampleStorage.commit(_:)` (`CommitBatch.records`), where each put or deletion
/// takes the next change sequence.
public protocol RecordStorage: AnyObject, Sendable {
    /// The stored records of the kind (by its stored name) under the keys, sorted by key.
    func storedRecords(ofKind kind: String, keys: RecordKeys) throws -> [StoredRecord]

    /// The records of the kind under the keys, decoded, sorted by key. A view that narrows what its client sees
    /// (`ClientStorage`) applies the kind's rule (`RecordKind.shown(_:key:to:)`) here.
    func records<Kind: RecordKind>(_ kind: Kind.Type, keys: RecordKeys) throws -> [Record<Kind>]
}

extension RecordStorage {
    /// By default the stored records are decoded as they are.
    public func records<Kind: RecordKind>(_ kind: Kind.Type, keys: RecordKeys) throws -> [Record<Kind>] {
        try storedRecords(ofKind: Kind.name, keys: keys).map {
            Record(key: $0.key, sequence: $0.sequence, value: try Kind.decoded($0.value, key: $0.key))
        }
    }

    /// The value of the record of `kind` under `key`, or nil when there is none (or it is hidden).
    public func record<Kind: RecordKind>(_ kind: Kind.Type, key: String) throws -> Kind.Value? {
        try records(kind, keys: .exactly(key)).first?.value
    }
}
