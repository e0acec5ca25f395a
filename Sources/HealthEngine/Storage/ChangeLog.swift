import Foundation
import HealthModel

/// The change log of a store: every insertion and deletion in one increasing sequence (SEMANTICS §6), with
/// deletions forgotten under a retention.
public protocol ChangeLog: AnyObject, Sendable {
    /// The number of the last change committed (0 for an empty store).
    func latestSequence() throws -> Int64

    /// Changes after a sequence number, oldest first, at most `limit` (0 means no limit).
    ///
    /// Throws `HealthEngineError.anchorTooOld` when `sequence` is above 0 but below the horizon (deletions after it
    /// have been forgotten, SEMANTICS §6; see `ChangeLogRetention.checkAnchor(_:horizon:)`); 0 (no anchor) always
    /// answers, with the deletions still remembered.
    func changes(after sequence: Int64, limit: Int) throws -> [Change]

    /// The changes after a sequence number to objects of the types (nil: every type), oldest first, at most `limit`
    /// (0 means no limit), with their objects: insertions of objects deleted since are left out. Throws
    /// `HealthEngineError.anchorTooOld` as `changes(after:limit:)` does.
    func changedObjects(after sequence: Int64, of types: Set<SampleType>?, limit: Int) throws -> ChangePage

    /// The change-log horizon: the sequence number of the latest deletion forgotten under the retention (0: none).
    func changeHorizon() throws -> Int64

    /// Forgets deletions older than the retention allows now; returns how many were forgotten.
    @discardableResult
    func expireDeletions() throws -> Int
}

extension ChangeLog where Self: SampleStorage {
    /// By default the change log and the stored samples are read in two steps (a storage that can do better, or
    /// that remembers deleted samples, overrides this); deleted objects come without their sample.
    public func changedObjects(after sequence: Int64, of types: Set<SampleType>?, limit: Int) throws -> ChangePage {
        var cursor = sequence
        var objects: [ChangedObject] = []
        let pageSize = limit > 0 ? max(limit, 1_024) : 0
        while true {
            let latest = try latestSequence()
            let changes = try self.changes(after: cursor, limit: pageSize)
            let wanted = changes.filter { types?.contains($0.type) ?? true }
            let inserted = try storedSamples(withUUIDs: Set(wanted.lazy.filter { $0.kind == .inserted }.map(\.uuid)))
            var bySequence: [Int64: Sample] = [:]
            for stored in inserted { bySequence[stored.sequence] = stored.sample }
            for change in wanted {
                if change.kind == .inserted {
                    guard let sample = bySequence[change.sequence] else { continue }
                    objects.append(ChangedObject(change: change, sample: sample))
                } else {
                    objects.append(ChangedObject(change: change, sample: nil))
                }
                if limit > 0, objects.count == limit {
                    return ChangePage(objects: objects, endSequence: change.sequence)
                }
            }
            guard pageSize > 0, changes.count == pageSize, let last = changes.last else {
                return ChangePage(objects: objects, endSequence: max(cursor, changes.last?.sequence ?? cursor, latest))
            }
            cursor = last.sequence
        }
    }
}
