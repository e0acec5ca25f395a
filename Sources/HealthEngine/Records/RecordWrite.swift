import Foundation
import HealthModel

/// One record to put or delete in a `CommitBatch`: the kind's name, the key, the encoded value (nil deletes) and who
/// may write it, so that a storage and the client view apply it without knowing the kind.
public struct RecordWrite: Sendable, Hashable {
    /// The kind's stored name (`RecordKind.name`).
    public let kind: String
    /// The record's key within its kind.
    public let key: String
    /// The encoded value (`RecordKind.encoded(_:)`), or nil to delete the record (nothing happens when there is none).
    public let value: Data?
    /// Who may write it (`RecordKind.writer(ofKey:)`).
    public let writer: RecordWriter
    /// Whether every client hears of the change (`RecordKind.isAnnouncedToEveryClient`).
    public let isAnnouncedToEveryClient: Bool
    /// The stored object the record belongs to, if any: it must exist once the commit is applied, and a commit that
    /// deletes it deletes the record too (an attachment goes with its sample).
    public let owner: UUID?

    /// Puts (adds or replaces) the record of `kind` under `key`, belonging to `owner` when given.
    public static func put<Kind: RecordKind>(
        _ kind: Kind.Type, key: String, _ value: Kind.Value, owner: UUID? = nil
    ) throws -> RecordWrite {
        try RecordWrite(kind, key: key, value: Kind.encoded(value), owner: owner)
    }

    /// Deletes the record of `kind` under `key`.
    public static func delete<Kind: RecordKind>(_ kind: Kind.Type, key: String) throws -> RecordWrite {
        try RecordWrite(kind, key: key, value: nil)
    }

    /// Puts the record when `value` is set, else deletes it (a setting that nil restores to its default).
    public static func set<Kind: RecordKind>(_ kind: Kind.Type, key: String, _ value: Kind.Value?) throws -> RecordWrite
    {
        try value.map { try .put(kind, key: key, $0) } ?? .delete(kind, key: key)
    }

    private init<Kind: RecordKind>(_ kind: Kind.Type, key: String, value: Data?, owner: UUID? = nil) throws {
        guard key.utf8.count <= RecordWrite.maximumKeyLength, !key.utf8.contains(0) else {
            throw HealthEngineError.invalidQuery(
                field: Kind.name, reason: "a record key has at most \(RecordWrite.maximumKeyLength) bytes and no NUL")
        }
        self.kind = Kind.name
        self.key = key
        self.value = value
        self.writer = Kind.writer(ofKey: key)
        self.isAnnouncedToEveryClient = Kind.isAnnouncedToEveryClient
        self.owner = value == nil ? nil : owner
    }

    /// The longest key, in UTF-8 bytes.
    public static let maximumKeyLength = 1_000
}

/// A record as stored, its value still encoded: what a backend reads and writes.
public struct StoredRecord: Sendable, Hashable {
    /// The kind's stored name.
    public let kind: String
    /// The key within the kind.
    public let key: String
    /// The change sequence of the commit that last put it (0 for records moved from an older schema).
    public let sequence: Int64
    /// The encoded value.
    public let value: Data

    /// A stored record.
    public init(kind: String, key: String, sequence: Int64, value: Data) {
        self.kind = kind
        self.key = key
        self.sequence = sequence
        self.value = value
    }
}

/// A record of a known kind, decoded.
public struct Record<Kind: RecordKind>: Sendable {
    /// The key within the kind.
    public let key: String
    /// The change sequence of the commit that last put it.
    public let sequence: Int64
    /// The value.
    public let value: Kind.Value

    /// A decoded record.
    public init(key: String, sequence: Int64, value: Kind.Value) {
        self.key = key
        self.sequence = sequence
        self.value = value
    }
}

/// Which keys of a kind to read.
public enum RecordKeys: Sendable, Hashable {
    /// Every record of the kind.
    case all
    /// The record under this key, if any.
    case exactly(String)
    /// The records whose keys start with this prefix.
    case prefix(String)
    /// The records whose keys are from `first` through `last` (both included), compared as text byte by byte (UTF-8):
    /// a kind whose keys are numbers pads them to one width (`ActivitySummaryRecord`'s `yyyymmdd`).
    case range(from: String, through: String)
    /// The records under any of these keys (one read for many lookups, as an import checking what it already stored).
    case among(Set<String>)

    /// Whether `key` is among these keys.
    public func contains(_ key: String) -> Bool {
        switch self {
        case .all: return true
        case let .exactly(wanted): return key == wanted
        case let .prefix(prefix): return key.hasPrefix(prefix)
        case let .range(first, last):
            return !key.utf8.lexicographicallyPrecedes(first.utf8) && !last.utf8.lexicographicallyPrecedes(key.utf8)
        case let .among(keys): return keys.contains(key)
        }
    }
}

/// A record a commit put or deleted, as `CommitResult.records` tells observers.
public struct RecordChange: Sendable, Hashable {
    /// The kind's stored name.
    public let kind: String
    /// The key within the kind.
    public let key: String
    /// The change sequence the write took.
    public let sequence: Int64
    /// Whether the record was deleted (else put).
    public let deleted: Bool
    /// Whether every client hears of it (else only the store and full-access clients).
    public let isAnnouncedToEveryClient: Bool

    /// The change a write made, at the sequence it took.
    public init(_ write: RecordWrite, sequence: Int64) {
        self.kind = write.kind
        self.key = write.key
        self.sequence = sequence
        self.deleted = write.value == nil
        self.isAnnouncedToEveryClient = write.isAnnouncedToEveryClient
    }

    /// The deletion of a record whose owner the commit deleted, at the sequence it took (told only to the store and
    /// full-access clients, as the storage does not know the kind's announcement).
    public init(cascadedKind kind: String, key: String, sequence: Int64) {
        self.kind = kind
        self.key = key
        self.sequence = sequence
        self.deleted = true
        self.isAnnouncedToEveryClient = false
    }
}
