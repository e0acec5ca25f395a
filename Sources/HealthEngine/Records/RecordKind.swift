import Foundation
import HealthModel

/// A kind of record kept with a store's data besides its samples (a source order, a preferred unit, a medication of
/// the person's list, a background-delivery subscription): a Codable value under a string key, with the rules of who
/// may read and write it.
///
/// Records are written through the same `CommitBatch` as samples, so they take change-log sequences, reach the
/// observers and PostgreSQL's notifications, and are atomic with the samples beside them; every backend stores them
/// in one generic table (`RecordStorage`). A new kind costs this conformance: no backend code and no migration.
/// HealthKit's sample and anchored queries never return records.
public protocol RecordKind: Sendable {
    /// The value of one record.
    associatedtype Value: Codable & Sendable

    /// The name the kind is stored under; never changed once released (stored records would be lost).
    static var name: String { get }

    /// Who may write (put or delete) the record under `key`.
    static func writer(ofKey key: String) -> RecordWriter

    /// The record as `reader` may see it: the value itself, a narrowed value, or nil when hidden. A hidden record
    /// looks exactly like no record. Called only for readers without full access.
    static func shown(_ value: Value, key: String, to reader: some RecordReader) throws -> Value?

    /// Whether every client hears that a record of this kind changed (`CommitResult.records`), as apps hear of the
    /// person's preferred units; false keeps the change from clients without full access (the default).
    static var isAnnouncedToEveryClient: Bool { get }
}

extension RecordKind {
    /// By default, changes are told only to the store itself and to full-access clients.
    public static var isAnnouncedToEveryClient: Bool { false }

    /// The stored form of a value: JSON with sorted keys (readable by SQL tools, the same bytes for the same value).
    public static func encoded(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(value)
        } catch {
            throw HealthEngineError.invalidQuery(field: name, reason: "the value does not encode: \(error)")
        }
    }

    /// A value from its stored form; throws `corruptRecord` naming the kind and key when it does not read back.
    public static func decoded(_ data: Data, key: String) throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw HealthEngineError.corruptRecord(kind: name, key: key, reason: "\(error)")
        }
    }
}

/// Who may write a record.
public enum RecordWriter: Sendable, Hashable {
    /// Only the store itself and full-access clients (the Health app); `denial` is the error's reason for others.
    case fullAccess(denial: String)
    /// The app with this bundle identifier (its own subscriptions), besides the store and full-access clients;
    /// `denial` is the error's reason for other apps.
    case app(String, denial: String)
    /// The app that saved this stored object, when it may still share the object's type and sees it (an attachment of
    /// its sample), besides the store and full-access clients; `action` names the write in errors ("attaching a file
    /// to").
    case objectOwner(UUID, action: String)
}

/// What a record's visibility rule may ask about the client reading it (`ClientStorage` answers).
public protocol RecordReader {
    /// The client's bundle identifier.
    var client: String { get }

    /// Whether the person let the client read the type at all (its read grant, whatever window of history limits
    /// it), also for identifiers that name no sample type (characteristics, `HKActivitySummaryTypeIdentifier`): what
    /// the data an import keeps beside samples follows.
    func hasReadGrant(typeIdentifier: String) -> Bool

    /// Whether the person shared the medication with the client.
    func canRead(medication conceptIdentifier: String) -> Bool

    /// The bundle identifiers of the sources of the type's samples the client can see.
    func visibleSources(of type: SampleType) throws -> Set<String>

    /// Whether the client sees the stored object (a sample of a type it reads, or one it saved); a hidden or missing
    /// object answers false alike.
    func sees(object uuid: UUID) throws -> Bool
}
