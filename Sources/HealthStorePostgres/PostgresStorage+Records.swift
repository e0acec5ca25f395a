// The public member here implements RecordStorage's requirement; the protocol documents it.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel
import HealthStore
import PostgresNIO

extension PostgresStorage {
    // MARK: Records

    public func storedRecords(ofKind kind: String, keys: RecordKeys) throws -> [StoredRecord] {
        try database.blocking("reading \(kind) records") { [self] in
            let query: PostgresQuery
            switch keys {
            case .all:
                query = """
                    SELECT key, sequence, value::text FROM records WHERE person = \(person) AND kind = \(kind)
                    ORDER BY key COLLATE "C"
                    """
            case let .exactly(key):
                query = """
                    SELECT key, sequence, value::text FROM records
                    WHERE person = \(person) AND kind = \(kind) AND key = \(key)
                    """
            case let .prefix(prefix):
                query = """
                    SELECT key, sequence, value::text FROM records
                    WHERE person = \(person) AND kind = \(kind) AND starts_with(key, \(prefix))
                    ORDER BY key COLLATE "C"
                    """
            case let .range(first, last):
                query = """
                    SELECT key, sequence, value::text FROM records
                    WHERE person = \(person) AND kind = \(kind) AND key COLLATE "C" BETWEEN \(first) AND \(last)
                    ORDER BY key COLLATE "C"
                    """
            case let .among(wanted):
                query = """
                    SELECT key, sequence, value::text FROM records
                    WHERE person = \(person) AND kind = \(kind) AND key = ANY(\(wanted.sorted())::text[])
                    ORDER BY key COLLATE "C"
                    """
            }
            return try await rows(query).map { row in
                let (key, sequence, value) = try row.decode((String, Int64, String).self)
                return StoredRecord(kind: kind, key: key, sequence: sequence, value: Data(value.utf8))
            }
        }
    }

    /// Puts and deletes records inside a commit's transaction, each change taking the next sequence (a deletion of
    /// a record that is not stored changes nothing); returns what changed. Consecutive puts of distinct keys go in
    /// one statement (an import's thousands of summaries and kept elements in one round trip).
    func apply(
        _ writes: [RecordWrite], deletedOwners: [UUID], sequence: inout Int64, on connection: PostgresConnection
    ) async throws -> [RecordChange] {
        var changes: [RecordChange] = []
        if !deletedOwners.isEmpty {
            // The records of the objects the commit deleted go with them.
            var removed: [(String, String)] = []
            for row in try await rows(
                """
                DELETE FROM records WHERE person = \(person) AND owner = ANY(\(deletedOwners)::uuid[])
                RETURNING kind, key
                """, on: connection)
            {
                removed.append(try row.decode((String, String).self))
            }
            for (kind, key) in removed.sorted(by: { $0 < $1 }) {
                sequence += 1
                changes.append(RecordChange(cascadedKind: kind, key: key, sequence: sequence))
            }
        }
        var index = 0
        while index < writes.count {
            guard writes[index].value != nil else {
                let write = writes[index]
                index += 1
                let deleted = try await rows(
                    """
                    DELETE FROM records WHERE person = \(person) AND kind = \(write.kind) AND key = \(write.key)
                    RETURNING sequence
                    """, on: connection)
                guard !deleted.isEmpty else { continue }
                sequence += 1
                changes.append(RecordChange(write, sequence: sequence))
                continue
            }
            // A run of puts, each key once (a statement cannot update the same row twice).
            var run: [RecordWrite] = []
            var keys = Set<String>()
            while index < writes.count, writes[index].value != nil,
                keys.insert(writes[index].kind + "\u{0}" + writes[index].key).inserted
            {
                run.append(writes[index])
                index += 1
            }
            let first = sequence + 1
            sequence += Int64(run.count)
            try await connection.query(
                """
                INSERT INTO records (person, kind, key, sequence, value, owner)
                SELECT \(person), kind, key, sequence, value::jsonb, NULLIF(owner, \(Self.noOwner))
                FROM unnest(\(run.map(\.kind))::text[], \(run.map(\.key))::text[],
                            \(run.indices.map { first + Int64($0) })::int8[],
                            \(run.map { String(decoding: $0.value ?? Data(), as: UTF8.self) })::text[],
                            \(run.map { $0.owner ?? Self.noOwner })::uuid[])
                    AS put (kind, key, sequence, value, owner)
                ON CONFLICT (person, kind, key) DO UPDATE
                    SET sequence = excluded.sequence, value = excluded.value, owner = excluded.owner
                """, logger: logger)
            for (offset, write) in run.enumerated() {
                changes.append(RecordChange(write, sequence: first + Int64(offset)))
            }
        }
        return changes
    }

    /// The owner bound for a record without one (arrays cannot bind NULL here): the nil uuid, never an object's.
    private static let noOwner = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
