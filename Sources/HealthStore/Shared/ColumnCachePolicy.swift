import HealthEngine

/// When a storage keeps a quantity type's columns in memory, shared by the SQLite and PostgreSQL storages: a type
/// whose column answer has `threshold` rows or more is kept at once when the answer is the whole type (the scan
/// already read it), otherwise when it is asked for a second time; a cache no longer current is dropped, and the type
/// must then be asked for twice again (under steady writes, windows stay windows).
package struct ColumnCachePolicy: Sendable {
    /// The default smallest column answer that makes a storage keep a type's columns.
    package static let defaultThreshold = 10_000

    /// What a storage does after answering a column query from the database.
    package enum Step: Equatable, Sendable {
        /// Nothing more: the answer is too small, or the type was not asked for before.
        case answer
        /// Keep the answer: it holds the whole type.
        case keepAnswer
        /// Read the whole type once and keep it: it was asked for before.
        case readWholeType
    }

    /// The smallest column answer that makes the storage keep a type's columns (`Int.max` keeps none).
    package let threshold: Int
    /// The columns kept, by the storage's type id.
    package var caches: [Int64: QuantityColumnCache] = [:]
    /// Types asked for with a large answer but not yet kept.
    private var asked: Set<Int64> = []

    /// A policy keeping the columns of answers of `threshold` rows or more.
    package init(threshold: Int) {
        self.threshold = threshold
    }

    /// The columns kept of a type when they reflect the store at `latest`; a stale cache is dropped.
    package mutating func current(_ typeID: Int64, at latest: Int64) -> QuantityColumnCache? {
        guard let cache = caches[typeID] else { return nil }
        if cache.sequence == latest { return cache }
        caches[typeID] = nil
        asked.remove(typeID)
        return nil
    }

    /// What to do after reading `rowCount` rows of a type within `bounds` from the database.
    package mutating func step(after rowCount: Int, of typeID: Int64, within bounds: TimeBounds) -> Step {
        guard rowCount >= threshold else { return .answer }
        if bounds == .unbounded { return .keepAnswer }
        return asked.insert(typeID).inserted ? .answer : .readWholeType
    }
}
