import Foundation

/// A stored row as the commit planner sees it: which row it is, the object it holds and that object's sync version.
public protocol CommitRow {
    /// What tells two stored rows apart (a row number, a change sequence).
    associatedtype ID: Hashable
    /// The row's identity in its storage.
    var id: ID { get }
    /// The identifier of the stored object.
    var uuid: UUID { get }
    /// The stored object's `HKMetadataKeySyncVersion` (nil counts as 0).
    var syncVersion: Double? { get }
}

/// The questions the commit planner asks a storage about what is stored before the commit. Each backend answers them
/// its own way (a hash lookup, a prepared statement, or the answer of one batched query made before planning).
public protocol CommitLookup {
    /// The storage's row reference, kept in the plan's deletions for the storage to apply.
    associatedtype Row: CommitRow

    /// The stored row holding `uuid`, nil when no stored object has it.
    func storedRow(withUUID uuid: UUID) throws -> Row?

    /// The latest stored row (highest sequence) whose object has this sync key, nil when none.
    func latestRow(with key: SyncKey) throws -> Row?
}
