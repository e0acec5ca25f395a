import Foundation
import HealthModel

/// One entry of the store's change log: an insertion or a deletion, in one increasing sequence.
public struct Change: Sendable, Hashable {
    /// Whether an object arrived or left.
    public enum Kind: UInt8, Sendable, Hashable {
        case inserted = 0
        case deleted = 1
    }

    /// The position in the change sequence (starts at 1, never reused).
    public let sequence: Int64
    /// Insertion or deletion.
    public let kind: Kind
    /// The object's identifier.
    public let uuid: UUID
    /// The object's type.
    public let type: SampleType
    /// The sync identifier and version the object carried, kept on deletions for sync clients.
    public let syncIdentifier: String?
    /// The sync version the object carried.
    public let syncVersion: Double?

    /// A change-log entry.
    public init(
        sequence: Int64, kind: Kind, uuid: UUID, type: SampleType, syncIdentifier: String?, syncVersion: Double?
    ) {
        self.sequence = sequence
        self.kind = kind
        self.uuid = uuid
        self.type = type
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
    }
}

/// What a committed write did.
public struct CommitResult: Sendable, Hashable {
    /// Samples inserted, as stored (with source revision).
    public let inserted: [Sample]
    /// Identifiers of samples deleted, including those replaced by a newer sync version.
    public let deleted: [UUID]
    /// Identifiers of incoming samples ignored because a same-or-newer sync version was already stored.
    public let ignored: [UUID]
    /// The change sequence after the commit.
    public let latestSequence: Int64
    /// The records put or deleted (a deletion of a record that did not exist is left out).
    public let records: [RecordChange]

    /// A commit result.
    public init(
        inserted: [Sample], deleted: [UUID], ignored: [UUID], latestSequence: Int64, records: [RecordChange] = []
    ) {
        self.inserted = inserted
        self.deleted = deleted
        self.ignored = ignored
        self.latestSequence = latestSequence
        self.records = records
    }

    /// Whether the commit changed anything (samples or records).
    public var changedAnything: Bool { !inserted.isEmpty || !deleted.isEmpty || !records.isEmpty }
}
