import Foundation
import NIOCore
import PostgresNIO

// The statements on the paths that run for every commit and every query, as postgres-nio prepared statements: each
// connection of the pool prepares a statement the first time it runs it and keeps it (named by its type) for every
// later execution. Arrays carry the rows of a batch (`unnest`), so a commit of 100,000 samples is a few round trips.
// Parameters are cast in the SQL so that their types never depend on the values bound (a NULL has none).

/// Bindings from values in order.
private func bindings(_ values: [any PostgresDynamicTypeEncodable & Sendable]) -> PostgresBindings {
    var result = PostgresBindings(capacity: values.count)
    for value in values { result.append(value, context: .default) }
    return result
}

/// Locks a person's counter row for the rest of the transaction and reads it (writers of one person go one at a time).
struct LockPersonStatement: PostgresPreparedStatement {
    static let sql = "SELECT latest_sequence, change_horizon FROM people WHERE person = $1::text FOR UPDATE"
    typealias Row = (Int64, Int64)
    let person: String
    func makeBindings() -> PostgresBindings { bindings([person]) }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// A person's latest sequence and horizon.
struct ReadPersonStatement: PostgresPreparedStatement {
    static let sql = "SELECT latest_sequence, change_horizon FROM people WHERE person = $1::text"
    typealias Row = (Int64, Int64)
    let person: String
    func makeBindings() -> PostgresBindings { bindings([person]) }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// Stored rows among uuids: uuid, sequence, type, sync identifier and version (what a deletion records).
struct StoredRowsStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT uuid, sequence, type_id, sync_identifier, sync_version FROM samples WHERE person = $1::text AND uuid = ANY($2::uuid[])
        """
    typealias Row = (UUID, Int64, Int32, String?, Double?)
    let person: String
    let uuids: [UUID]
    func makeBindings() -> PostgresBindings { bindings([person, uuids]) }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// The latest stored row of each (bundle identifier, sync identifier) pair asked for.
struct SyncRowsStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT DISTINCT ON (s.sync_bundle_identifier, s.sync_identifier)
            s.sync_bundle_identifier, s.sync_identifier, s.uuid, s.sequence, s.type_id, s.sync_version
        FROM samples s JOIN unnest($2::text[], $3::text[]) AS k(bundle_identifier, sync_identifier)
            ON s.sync_bundle_identifier = k.bundle_identifier AND s.sync_identifier = k.sync_identifier
        WHERE s.person = $1::text AND s.sync_identifier IS NOT NULL
        ORDER BY s.sync_bundle_identifier, s.sync_identifier, s.sequence DESC
        """
    typealias Row = (String, String, UUID, Int64, Int32, Double?)
    let person: String
    let bundleIdentifiers: [String]
    let syncIdentifiers: [String]
    func makeBindings() -> PostgresBindings { bindings([person, bundleIdentifiers, syncIdentifiers]) }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// Moves stored rows to tombstones (each with its deletion's sequence), then deletes them.
struct DeleteSamplesStatement: PostgresPreparedStatement {
    static let sql = """
        WITH doomed AS (
            DELETE FROM samples s USING unnest($2::int8[], $3::int8[]) AS d(inserted_sequence, sequence)
            WHERE s.person = $1::text AND s.sequence = d.inserted_sequence
            RETURNING s.person, d.sequence, s.sequence AS inserted_sequence, s.uuid, s.type_id, s.sync_identifier, s.sync_version, s.sample
        )
        INSERT INTO tombstones (person, sequence, inserted_sequence, uuid, type_id, sync_identifier, sync_version, deleted_at, sample)
        SELECT person, sequence, inserted_sequence, uuid, type_id, sync_identifier, sync_version, $4::float8, sample FROM doomed
        """
    typealias Row = ()
    let person: String
    let insertedSequences: [Int64]
    let sequences: [Int64]
    let deletedAt: Double?
    func makeBindings() -> PostgresBindings {
        var result = bindings([person, insertedSequences, sequences])
        if let deletedAt { result.append(deletedAt) } else { result.appendNull() }
        return result
    }
    func decodeRow(_ row: PostgresRow) throws -> Row {}
}

/// Inserts a batch of sample rows (NaN stands for no value, 0 for no source entry; `hasSync` for the sync columns).
struct InsertSamplesStatement: PostgresPreparedStatement {
    static let sql = """
        INSERT INTO samples (person, sequence, uuid, type_id, start_time, end_time, value, series, user_entered, source_entry,
                             sync_bundle_identifier, sync_identifier, sync_version, sample)
        SELECT $1::text, r.sequence, r.uuid, r.type_id, r.start_time, r.end_time, NULLIF(r.value, 'NaN'), r.series, r.user_entered,
               NULLIF(r.source_entry, 0), CASE WHEN r.has_sync AND r.has_sync_bundle THEN r.sync_bundle_identifier END,
               CASE WHEN r.has_sync THEN r.sync_identifier END, NULLIF(r.sync_version, 'NaN'), r.sample
        FROM unnest($2::int8[], $3::uuid[], $4::int4[], $5::float8[], $6::float8[], $7::float8[], $8::bool[], $9::bool[], $10::int8[],
                    $11::bool[], $12::bool[], $13::text[], $14::text[], $15::float8[], $16::bytea[])
            AS r(sequence, uuid, type_id, start_time, end_time, value, series, user_entered, source_entry,
                 has_sync, has_sync_bundle, sync_bundle_identifier, sync_identifier, sync_version, sample)
        """
    typealias Row = ()
    let person: String
    var rows = SampleRows()
    func makeBindings() -> PostgresBindings {
        bindings([
            person, rows.sequences, rows.uuids, rows.typeIDs, rows.starts, rows.ends, rows.values, rows.series,
            rows.userEntered,
            rows.sourceEntries, rows.hasSync, rows.hasSyncBundle, rows.syncBundleIdentifiers, rows.syncIdentifiers,
            rows.syncVersions,
            rows.samples,
        ])
    }
    func decodeRow(_ row: PostgresRow) throws -> Row {}
}

/// The columns of a batch of sample rows.
struct SampleRows: Sendable {
    var sequences: [Int64] = [], uuids: [UUID] = [], typeIDs: [Int32] = [], starts: [Double] = [], ends: [Double] = []
    var values: [Double] = [], series: [Bool] = [], userEntered: [Bool] = [], sourceEntries: [Int64] = []
    var hasSync: [Bool] = [], hasSyncBundle: [Bool] = [], syncBundleIdentifiers: [String] = [],
        syncIdentifiers: [String] = []
    var syncVersions: [Double] = [], samples: [ByteBuffer] = []
}

/// Records the samples a correlation contains.
struct InsertCorrelationMembersStatement: PostgresPreparedStatement {
    static let sql = """
        INSERT INTO correlation_members (person, correlation, member_uuid)
        SELECT DISTINCT $1::text, m.correlation, m.member_uuid FROM unnest($2::int8[], $3::uuid[]) AS m(correlation, member_uuid)
        """
    typealias Row = ()
    let person: String
    let correlations: [Int64]
    let members: [UUID]
    func makeBindings() -> PostgresBindings { bindings([person, correlations, members]) }
    func decodeRow(_ row: PostgresRow) throws -> Row {}
}

/// Raises the longest duration up to a day of types.
struct UpdateExtentsStatement: PostgresPreparedStatement {
    static let sql = """
        INSERT INTO type_extents (person, type_id, longest_short_duration)
        SELECT $1::text, e.type_id, e.duration FROM unnest($2::int4[], $3::float8[]) AS e(type_id, duration)
        ON CONFLICT (person, type_id) DO UPDATE
            SET longest_short_duration = GREATEST(type_extents.longest_short_duration, excluded.longest_short_duration)
        """
    typealias Row = ()
    let person: String
    let typeIDs: [Int32]
    let durations: [Double]
    func makeBindings() -> PostgresBindings { bindings([person, typeIDs, durations]) }
    func decodeRow(_ row: PostgresRow) throws -> Row {}
}

/// Sets a person's latest sequence (inside the transaction that holds the row lock).
struct SetLatestSequenceStatement: PostgresPreparedStatement {
    static let sql = "UPDATE people SET latest_sequence = $2::int8 WHERE person = $1::text"
    typealias Row = ()
    let person: String
    let sequence: Int64
    func makeBindings() -> PostgresBindings { bindings([person, sequence]) }
    func decodeRow(_ row: PostgresRow) throws -> Row {}
}

/// Tells the database's listeners (every server's `PostgresCommitListener`) of a commit when the transaction commits:
/// the payload is the person's new latest sequence and the person, separated by a space.
struct NotifyCommitStatement: PostgresPreparedStatement {
    static let sql = "SELECT pg_notify('\(PostgresCommitListener.channel)', $1::text)"
    typealias Row = ()
    let person: String
    let sequence: Int64
    func makeBindings() -> PostgresBindings { bindings(["\(sequence) \(person)"]) }
    func decodeRow(_ row: PostgresRow) throws -> Row {}
}

/// Forgets deletions stamped before a time and moves the horizon past them; answers how many.
struct ExpireDeletionsStatement: PostgresPreparedStatement {
    static let sql = """
        WITH gone AS (
            DELETE FROM tombstones WHERE person = $1::text AND deleted_at IS NOT NULL AND deleted_at < $2::float8 RETURNING sequence
        ), moved AS (
            UPDATE people SET change_horizon = GREATEST(change_horizon, (SELECT coalesce(max(sequence), 0) FROM gone))
            WHERE person = $1::text RETURNING 1
        )
        SELECT (SELECT count(*) FROM gone), (SELECT count(*) FROM moved)
        """
    typealias Row = (Int64, Int64)
    let person: String
    let cutoff: Double
    func makeBindings() -> PostgresBindings { bindings([person, cutoff]) }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// The time condition shared by the candidate and column reads: $3..$6 are the bounds (start ≥, start <, end ≥,
/// end <). The scan of the (type, start) index starts at the start bound, or at the end bound less the type's longest
/// duration up to a day when that is later; samples longer than a day come from their own partial index.
private enum WindowCondition {
    static let scanStart = """
        GREATEST($3::float8, $5::float8 - coalesce((SELECT longest_short_duration FROM type_extents
                                                     WHERE person = $1::text AND type_id = $2::int4), 0))
        """
    static let short = """
        person = $1::text AND type_id = $2::int4 AND start_time >= \(scanStart) AND start_time < $4::float8
        AND end_time >= $5::float8 AND end_time < $6::float8
        """
    static let long = """
        person = $1::text AND type_id = $2::int4 AND end_time - start_time > 86400 AND end_time >= $5::float8 AND end_time < $6::float8
        AND start_time >= $3::float8 AND start_time < $4::float8 AND start_time < \(scanStart)
        """
}

/// The bounds of a window read.
struct WindowBindings: Sendable {
    let person: String
    let typeID: Int32
    let startLowerBound: Double, startUpperBound: Double, endLowerBound: Double, endUpperBound: Double

    var bindings: PostgresBindings {
        var result = PostgresBindings(capacity: 6)
        result.append(person)
        result.append(typeID)
        for bound in [startLowerBound, startUpperBound, endLowerBound, endUpperBound] { result.append(bound) }
        return result
    }
}

/// Samples of a type within time bounds, in insertion order.
struct CandidatesStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT sequence, sample FROM samples WHERE \(WindowCondition.short)
        UNION ALL
        SELECT sequence, sample FROM samples WHERE \(WindowCondition.long)
        ORDER BY 1
        """
    typealias Row = (Int64, ByteBuffer)
    let window: WindowBindings
    func makeBindings() -> PostgresBindings { window.bindings }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// The statistics columns of a type's samples within time bounds as one row of arrays (aligned: one aggregate pass),
/// read from the index alone when the table is vacuumed (the index includes every column read). One row of arrays
/// instead of a row per sample: decoding a row costs the client far more than decoding an array element.
struct ColumnsStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT coalesce(bool_or(series), false), coalesce(array_agg(start_time), '{}'), coalesce(array_agg(end_time), '{}'),
               coalesce(array_agg(coalesce(value, 0)), '{}'), coalesce(array_agg(coalesce(source_entry, 0)), '{}'),
               coalesce(array_agg(sequence), '{}'), coalesce(array_agg(user_entered), '{}')
        FROM (
            SELECT start_time, end_time, value, source_entry, sequence, user_entered, series FROM samples WHERE \(WindowCondition.short)
            UNION ALL
            SELECT start_time, end_time, value, source_entry, sequence, user_entered, series FROM samples WHERE \(WindowCondition.long)
        ) AS window_rows
        """
    typealias Row = (Bool, [Double], [Double], [Double], [Int64], [Int64], [Bool])
    let window: WindowBindings
    func makeBindings() -> PostgresBindings { window.bindings }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// Samples by uuid, in insertion order.
struct SamplesByUUIDStatement: PostgresPreparedStatement {
    static let sql =
        "SELECT sequence, sample FROM samples WHERE person = $1::text AND uuid = ANY($2::uuid[]) ORDER BY sequence"
    typealias Row = (Int64, ByteBuffer)
    let person: String
    let uuids: [UUID]
    func makeBindings() -> PostgresBindings { bindings([person, uuids]) }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// The change log in a range of sequence numbers (after, through]: insertions of stored samples, insertions of
/// deleted ones, deletions. A person's numbers are dense, so a range of n numbers holds at most n changes: reads go
/// range by range, each a bounded primary-key range scan whatever the planner's statistics say (with `LIMIT` and
/// stale statistics after a bulk load it chose a sequential scan and a sort of every row after the anchor).
struct ChangesStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT sequence, false, uuid, type_id, sync_identifier, sync_version FROM samples
        WHERE person = $1::text AND sequence > $2::int8 AND sequence <= $3::int8
        UNION ALL
        SELECT inserted_sequence, false, uuid, type_id, sync_identifier, sync_version FROM tombstones
        WHERE person = $1::text AND inserted_sequence > $2::int8 AND inserted_sequence <= $3::int8
        UNION ALL
        SELECT sequence, true, uuid, type_id, sync_identifier, sync_version FROM tombstones
        WHERE person = $1::text AND sequence > $2::int8 AND sequence <= $3::int8
        ORDER BY 1
        """
    typealias Row = (Int64, Bool, UUID, Int32, String?, Double?)
    let person: String
    let after: Int64
    let through: Int64
    func makeBindings() -> PostgresBindings { bindings([person, after, through]) }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// Stored samples inserted in a range of sequence numbers, of some types (NULL: all), in sequence order. `type_id + 0`
/// keeps the planner on the primary key range rather than the (type, start) index.
struct InsertedAfterStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT sequence, sample, sync_identifier, sync_version FROM samples
        WHERE person = $1::text AND sequence > $2::int8 AND sequence <= $4::int8
            AND ($3::int4[] IS NULL OR type_id + 0 = ANY($3::int4[]))
        ORDER BY sequence
        """
    typealias Row = (Int64, ByteBuffer, String?, Double?)
    let person: String
    let after: Int64
    let typeIDs: [Int32]?
    let through: Int64
    func makeBindings() -> PostgresBindings { changeBindings(person, after, typeIDs, through) }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// Deletions in a range of sequence numbers, of some types (NULL: all), in sequence order, with the deleted samples.
struct DeletedAfterStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT sequence, uuid, type_id, sync_identifier, sync_version, sample FROM tombstones
        WHERE person = $1::text AND sequence > $2::int8 AND sequence <= $4::int8 AND ($3::int4[] IS NULL OR type_id = ANY($3::int4[]))
        ORDER BY sequence
        """
    typealias Row = (Int64, UUID, Int32, String?, Double?, ByteBuffer)
    let person: String
    let after: Int64
    let typeIDs: [Int32]?
    let through: Int64
    func makeBindings() -> PostgresBindings { changeBindings(person, after, typeIDs, through) }
    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// The bindings of a change-page read of the range (after, through].
private func changeBindings(_ person: String, _ after: Int64, _ typeIDs: [Int32]?, _ through: Int64) -> PostgresBindings
{
    var result = bindings([person, after])
    if let typeIDs { result.append(typeIDs) } else { result.appendNull() }
    result.append(through)
    return result
}

extension AsyncSequence {
    /// Every element, read to the end.
    func collected() async throws -> [Element] {
        var result: [Element] = []
        for try await element in self { result.append(element) }
        return result
    }
}
