import Foundation
import GRDB
import GRDBSQLite
import HealthStore

/// A prepared GRDB statement driven through SQLite's C API: binding and stepping without building argument values,
/// for the row-at-a-time paths (bulk insert, column scans). The GRDB statement must outlive it (cached statements do).
/// It is reset when released, so that an unfinished statement never keeps a read transaction (and its old snapshot)
/// open on a pooled connection.
final class SQLiteRawStatement {
    /// SQLite's "copy the bytes now" destructor (`SQLITE_TRANSIENT`, a macro Swift does not import).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private let handle: OpaquePointer
    /// What the statement does, for error messages.
    let purpose: String

    /// The cached statement for `sql` on the connection, cleared of earlier bindings.
    init(_ db: Database, _ sql: String, purpose: String) throws {
        let statement: Statement
        do {
            statement = try db.cachedStatement(sql: sql)
        } catch {
            throw HealthStoreError.database(operation: purpose, message: "\(error)")
        }
        handle = statement.sqliteStatement
        self.purpose = purpose
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    deinit {
        sqlite3_reset(handle)
    }

    /// Makes the statement ready to run again with new bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Makes the statement ready to run again, keeping the bindings (for loops that bind every parameter each time).
    func rewind() {
        sqlite3_reset(handle)
    }

    /// Binds a double to a 1-based parameter.
    func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(handle, index, value) }
    /// Binds an integer.
    func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }
    /// Binds an optional double (NULL for nil).
    func bind(_ index: Int32, _ value: Double?) {
        if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }
    /// Binds an optional integer (NULL for nil).
    func bind(_ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }
    /// Binds text (NULL for nil).
    func bind(_ index: Int32, _ value: String?) {
        guard let text = value else {
            sqlite3_bind_null(handle, index)
            return
        }
        var utf8Text = text
        utf8Text.withUTF8 { buffer in
            if let base = buffer.baseAddress, buffer.count > 0 {
                let characters = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                _ = sqlite3_bind_text(handle, index, characters, Int32(buffer.count), SQLiteRawStatement.transient)
            } else {
                _ = sqlite3_bind_text(handle, index, "", 0, SQLiteRawStatement.transient)
            }
        }
    }
    /// Binds a UUID as a 16-byte blob.
    func bind(_ index: Int32, _ uuid: UUID) {
        withUnsafeBytes(of: uuid.uuid) { raw in
            _ = sqlite3_bind_blob(handle, index, raw.baseAddress, 16, SQLiteRawStatement.transient)
        }
    }
    /// Binds 16 bytes at `bytes` as a blob without copying them: they must stay unchanged until the statement has
    /// run and been bound anew or reset with `reset()` (SQLite's `SQLITE_STATIC`).
    func bind(_ index: Int32, uuidBytesAt bytes: UnsafeRawPointer) {
        _ = sqlite3_bind_blob(handle, index, bytes, 16, nil)
    }
    /// Binds bytes as a blob (NULL for nil).
    func bind(_ index: Int32, bytes: [UInt8]?) {
        guard let bytes else {
            sqlite3_bind_null(handle, index)
            return
        }
        bytes.withUnsafeBytes { raw in
            _ = sqlite3_bind_blob(
                handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count),
                SQLiteRawStatement.transient)
        }
    }

    /// Runs one step: true when a row is ready, false when done; throws on any error, naming the purpose.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw error()
        }
    }

    /// Runs the statement to the end, ignoring rows.
    func run() throws {
        while try step() {}
    }

    /// The error of the last step, as a store error.
    func error() -> HealthStoreError {
        let database = sqlite3_db_handle(handle)
        let message = String(cString: sqlite3_errmsg(database))
        return .database(operation: purpose, message: message)
    }

    /// Whether the last step failed on a UNIQUE or PRIMARY KEY constraint.
    var failedOnUniqueness: Bool {
        let code = sqlite3_extended_errcode(sqlite3_db_handle(handle))
        // 2067 is SQLITE_CONSTRAINT_UNIQUE, 1555 SQLITE_CONSTRAINT_PRIMARYKEY.
        return code == 2067 || code == 1555
    }

    /// Whether a column of the current row is NULL.
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    /// A column as a double.
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    /// A column as an integer.
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    /// A column as an optional double.
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
    /// A column as an optional integer.
    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }
    /// A column as text (nil for NULL).
    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
    /// A column as bytes (nil for NULL).
    func bytes(_ column: Int32) -> [UInt8]? {
        guard !isNull(column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let pointer = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
    /// A 16-byte blob column as a UUID (nil when it is not 16 bytes).
    func uuid(_ column: Int32) -> UUID? {
        guard sqlite3_column_bytes(handle, column) == 16, let pointer = sqlite3_column_blob(handle, column) else {
            return nil
        }
        let b = UnsafeRawBufferPointer(start: pointer, count: 16)
        return UUID(
            uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
        )
    }
}
