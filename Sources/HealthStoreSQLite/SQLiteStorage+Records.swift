// The public member here implements RecordStorage's requirement; the protocol documents it.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore

extension SQLiteStorage {
    // MARK: Records

    public func storedRecords(ofKind kind: String, keys: RecordKeys) throws -> [StoredRecord] {
        try read("reading \(kind) records") { db in
            let rows: [Row]
            switch keys {
            case .all:
                rows = try Row.fetchAll(
                    db, sql: "SELECT key, sequence, value FROM records WHERE kind = ? ORDER BY key", arguments: [kind])
            case let .exactly(key):
                rows = try Row.fetchAll(
                    db, sql: "SELECT key, sequence, value FROM records WHERE kind = ? AND key = ?",
                    arguments: [kind, key])
            case let .prefix(prefix):
                // A range on the primary key rather than LIKE, whose wildcards a key may contain.
                rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT key, sequence, value FROM records WHERE kind = ? AND key >= ? AND substr(key, 1, ?) = ?
                        ORDER BY key
                        """, arguments: [kind, prefix, prefix.unicodeScalars.count, prefix])
            case let .range(first, last):
                rows = try Row.fetchAll(
                    db,
                    sql: "SELECT key, sequence, value FROM records WHERE kind = ? AND key BETWEEN ? AND ? ORDER BY key",
                    arguments: [kind, first, last])
            case let .among(wanted):
                // The keys as one JSON array (no limit on bound variables), each probed on the primary key.
                let list = String(decoding: try JSONEncoder().encode(wanted.sorted()), as: UTF8.self)
                rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT key, sequence, value FROM records
                        WHERE kind = ? AND key IN (SELECT value FROM json_each(?)) ORDER BY key
                        """, arguments: [kind, list])
            }
            return rows.map { row in
                let value: String = row[2]
                return StoredRecord(kind: kind, key: row[0], sequence: row[1], value: Data(value.utf8))
            }
        }
    }

    /// Inside a commit's transaction: deletes the records owned by the objects the commit deleted, then puts and
    /// deletes records, each change taking the next sequence (a deletion of a record that is not stored changes
    /// nothing); returns what changed.
    static func apply(
        _ writes: [RecordWrite], deletedOwners: [UUID], _ db: Database, sequence: inout Int64
    ) throws -> [RecordChange] {
        var changes: [RecordChange] = []
        if !deletedOwners.isEmpty {
            let owned = try SQLiteRawStatement(
                db, "DELETE FROM records WHERE owner = ? RETURNING kind, key", purpose: "deleting owned records")
            for owner in deletedOwners {
                owned.reset()
                owned.bind(1, owner)
                var removed: [(String, String)] = []
                while try owned.step() { removed.append((owned.text(0) ?? "", owned.text(1) ?? "")) }
                for (kind, key) in removed.sorted(by: { $0 < $1 }) {
                    sequence += 1
                    changes.append(RecordChange(cascadedKind: kind, key: key, sequence: sequence))
                }
            }
        }
        guard !writes.isEmpty else { return changes }
        // Prepared once a commit: an import puts thousands of records in one.
        let put = try SQLiteRawStatement(
            db,
            """
            INSERT INTO records (kind, key, sequence, value, owner) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (kind, key) DO UPDATE SET sequence = excluded.sequence, value = excluded.value,
                owner = excluded.owner
            """, purpose: "putting a record")
        let delete = try db.cachedStatement(sql: "DELETE FROM records WHERE kind = ? AND key = ?")
        for write in writes {
            if let value = write.value {
                sequence += 1
                put.reset()
                put.bind(1, write.kind)
                put.bind(2, write.key)
                put.bind(3, sequence)
                put.bind(4, String(decoding: value, as: UTF8.self))
                if let owner = write.owner { put.bind(5, owner) } else { put.bind(5, nil as String?) }
                try put.run()
            } else {
                try delete.execute(arguments: [write.kind, write.key])
                guard db.changesCount > 0 else { continue }
                sequence += 1
            }
            changes.append(RecordChange(write, sequence: sequence))
        }
        return changes
    }
}
