import Foundation

/// How long a storage remembers deletions (tombstones) for change queries (SEMANTICS §6).
///
/// Insertions of stored samples are never forgotten; a deletion older than the retention may be, together with the
/// insertion entry of the object it deleted, and the change-log horizon moves past it.
public struct ChangeLogRetention: Sendable {
    /// How long, in seconds, a deletion is remembered at least; nil keeps every deletion.
    public let deletionLifetime: TimeInterval?
    /// The clock deletions are stamped with and expired against; nil stamps none (unstamped deletions are kept).
    public let clock: (@Sendable () -> Date)?

    /// Every deletion is kept, and no clock is read.
    public static let forever = ChangeLogRetention(deletionLifetime: nil, clock: nil)

    /// Deletions are remembered for `lifetime` seconds as told by `clock`, then may be forgotten.
    public static func deletions(
        for lifetime: TimeInterval, clock: @escaping @Sendable () -> Date
    ) -> ChangeLogRetention {
        ChangeLogRetention(deletionLifetime: lifetime, clock: clock)
    }

    /// A retention with a lifetime (nil for forever) and a clock.
    public init(deletionLifetime: TimeInterval?, clock: (@Sendable () -> Date)?) {
        self.deletionLifetime = deletionLifetime
        self.clock = clock
    }

    /// Ninety days, the retention the command line uses for its stores.
    public static let defaultLifetime: TimeInterval = 90 * 86_400

    /// The time before which stamped deletions may be forgotten now, or nil when none may.
    public func expiryCutoff() -> Date? {
        guard let deletionLifetime, let clock else { return nil }
        return clock().addingTimeInterval(-deletionLifetime)
    }

    /// Throws `HealthEngineError.anchorTooOld` when a change query's anchor `sequence` is above 0 but below the
    /// change-log `horizon` (deletions after it were forgotten, SEMANTICS §6); 0 (no anchor) always passes.
    public static func checkAnchor(_ sequence: Int64, horizon: Int64) throws(HealthEngineError) {
        if sequence > 0, sequence < horizon { throw .anchorTooOld(anchor: sequence, horizon: horizon) }
    }
}
