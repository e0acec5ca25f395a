import HealthEngine
import HealthModel

/// Every quantity sample of one type in memory as columns, kept in step with the writes of the storage that owns it,
/// so that repeated statistics on a large type read no rows at all. Rows are in insertion order.
package struct QuantityColumnCache: Sendable {
    /// The rows, with `sources`/`productTypes`/`sourceClasses` as the source entries.
    package var columns: QuantityColumns
    /// The source-entry index of each (source revision, device) row id pair seen so far.
    package var entryByRevision: [RevisionAndDevice: Int32]
    /// The store's latest change sequence that these columns reflect.
    package var sequence: Int64

    /// A cache of columns read at a sequence (for a storage that does not use revision row ids).
    package init(columns: QuantityColumns, sequence: Int64) {
        self.init(columns: columns, entryByRevision: [:], sequence: sequence)
    }

    /// A cache with its revision entries.
    package init(columns: QuantityColumns, entryByRevision: [RevisionAndDevice: Int32], sequence: Int64) {
        self.columns = columns
        self.entryByRevision = entryByRevision
        self.sequence = sequence
    }

    /// The row ids of a source revision and a device (nil: none), which together decide a row's source entry.
    package struct RevisionAndDevice: Hashable, Sendable {
        /// The source revision's row id.
        package let revision: Int64
        /// The device's row id, if the row has a device.
        package let device: Int64?

        /// The pair.
        package init(revision: Int64, device: Int64?) {
            self.revision = revision
            self.device = device
        }
    }

    /// Appends one row.
    package mutating func append(
        start: Double, end: Double, value: Double, entry: Int32, sequence: Int64, userEntered: Bool
    ) {
        columns.starts.append(start)
        columns.ends.append(end)
        columns.values.append(value)
        columns.sourceIndexes.append(entry)
        columns.sequences.append(sequence)
        columns.userEntered.append(userEntered)
    }

    /// Removes the rows inserted with these sequence numbers.
    package mutating func remove(sequences removed: Set<Int64>) {
        guard !removed.isEmpty else { return }
        var kept = QuantityColumns()
        kept.sources = columns.sources
        kept.productTypes = columns.productTypes
        kept.sourceClasses = columns.sourceClasses
        for index in 0..<columns.count where !removed.contains(columns.sequences[index]) {
            kept.starts.append(columns.starts[index])
            kept.ends.append(columns.ends[index])
            kept.values.append(columns.values[index])
            kept.sourceIndexes.append(columns.sourceIndexes[index])
            kept.sequences.append(columns.sequences[index])
            kept.userEntered.append(columns.userEntered[index])
        }
        columns = kept
    }

    /// The rows whose start and end satisfy the bounds (all of them, without a copy, when unbounded).
    package func rows(within bounds: TimeBounds) -> QuantityColumns {
        guard bounds != .unbounded else { return columns }
        var result = QuantityColumns()
        result.sources = columns.sources
        result.productTypes = columns.productTypes
        result.sourceClasses = columns.sourceClasses
        for index in 0..<columns.count where bounds.contains(start: columns.starts[index], end: columns.ends[index]) {
            result.starts.append(columns.starts[index])
            result.ends.append(columns.ends[index])
            result.values.append(columns.values[index])
            result.sourceIndexes.append(columns.sourceIndexes[index])
            result.sequences.append(columns.sequences[index])
            result.userEntered.append(columns.userEntered[index])
        }
        return result
    }
}
