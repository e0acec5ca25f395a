// The public member here implements a SampleStorage requirement; the protocol documents it.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

extension PostgresStorage {
    public func quantityColumns(of type: SampleType, within bounds: TimeBounds) throws -> QuantityColumns? {
        guard type.kind == .quantity else { return nil }
        if bounds.isEmpty { return QuantityColumns() }
        return try database.blocking("reading columns of \(type.identifier)") { [self] () -> QuantityColumns? in
            guard let typeID = try await existingTypeID(type) else { return QuantityColumns() }
            return try await transaction(.snapshot) { connection -> QuantityColumns? in
                let latest = try await counters(on: connection).latest
                // A cache not current (a commit came since, through any server) is dropped.
                if let cached = columnState.withLock({ $0.current(Int64(typeID), at: latest) }) {
                    return cached.rows(within: bounds)
                }
                guard let columns = try await readColumns(typeID, bounds, on: connection) else { return nil }
                switch columnState.withLock({ $0.step(after: columns.count, of: Int64(typeID), within: bounds) }) {
                case .answer:
                    break
                case .keepAnswer:
                    columnState.withLock {
                        $0.caches[Int64(typeID)] = QuantityColumnCache(columns: columns, sequence: latest)
                    }
                case .readWholeType:
                    // Asked again: reading the whole type once now makes the next queries memory scans.
                    if let whole = try await readColumns(typeID, .unbounded, on: connection) {
                        columnState.withLock {
                            $0.caches[Int64(typeID)] = QuantityColumnCache(columns: whole, sequence: latest)
                        }
                    }
                }
                return columns
            }
        }
    }

    /// The columns of a type within bounds from the database, or nil when a series sample is among them.
    private func readColumns(
        _ typeID: Int32, _ bounds: TimeBounds, on connection: PostgresConnection
    ) async throws -> QuantityColumns? {
        let rows = try await connection.execute(ColumnsStatement(window: window(typeID, bounds)), logger: logger)
            .collected()
        guard let (series, starts, ends, values, sourceEntries, sequences, userEntered) = rows.first else {
            return QuantityColumns()
        }
        if series { return nil }  // series samples count by their entries, which only the samples hold
        var columns = QuantityColumns()
        columns.starts = starts
        columns.ends = ends
        columns.values = values
        columns.sequences = sequences
        columns.userEntered = userEntered
        var entries = catalog.withLock { $0 }
        var indexByEntry: [Int64: Int32] = [:]
        columns.sourceIndexes.reserveCapacity(sourceEntries.count)
        for entry in sourceEntries {
            if entry == 0 {
                columns.sourceIndexes.append(-1)
            } else if let known = indexByEntry[entry] {
                columns.sourceIndexes.append(known)
            } else {
                if entries.sourceEntries[entry] == nil { entries = try await reloadSourceEntries(on: connection) }
                guard let (source, productType, sourceClass) = entries.sourceEntries[entry] else {
                    throw HealthStoreError.corruptStore("unknown source entry \(entry) of \(person)")
                }
                let index = Int32(columns.sources.count)
                columns.sources.append(source)
                columns.productTypes.append(productType)
                columns.sourceClasses.append(sourceClass)
                indexByEntry[entry] = index
                columns.sourceIndexes.append(index)
            }
        }
        return columns
    }
}
