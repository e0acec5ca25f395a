// The public members here implement requirements of SampleStorage and ImportedSpanStorage; the protocols document them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore

/// What an import asks of the store besides commits: the cheap uuid lookup, and the spans of export files imported
/// whole (migration "v6 …").
extension SQLiteStorage {
    /// Each uuid looked up in the uuid index alone: no sample is read, so a re-import costs one index probe a record.
    ///
    /// Asked on the writer's connection (so it sees every commit): an import looks up each batch just before
    /// committing it, so the index pages it reads are the ones the insert needs next, and no reader connection fills
    /// its own page cache (64 MiB each) with the uuid index while the store grows. All probes run in one deferred
    /// transaction: in autocommit mode each would be a transaction of its own, taking and releasing the WAL read lock
    /// (two `fcntl` calls a probe, a fifth of an import's time in the kernel before this was measured).
    public func storedSequences(withUUIDs uuids: Set<UUID>) throws -> [UUID: Int64] {
        guard !uuids.isEmpty else { return [:] }
        do {
            return try pool.writeWithoutTransaction { db in
                var result: [UUID: Int64] = [:]
                try db.inTransaction(.deferred) {
                    result = try SQLiteStorage.sequences(of: uuids, db)
                    return .commit
                }
                return result
            }
        } catch let error as HealthStoreError {
            throw error
        } catch {
            throw HealthStoreError.database(operation: "looking up samples by uuid", message: "\(error)")
        }
    }

    private static func sequences(of uuids: Set<UUID>, _ db: Database) throws -> [UUID: Int64] {
        let statement = try SQLiteRawStatement(
            db, "SELECT sequence FROM samples WHERE uuid = ?", purpose: "looking up a sample by uuid")
        var result: [UUID: Int64] = [:]
        // In uuid order, so that the probes walk the index forwards (keys computed once, not in each comparison).
        var ordered = uuids.map { (key: orderKey($0), uuid: $0) }
        ordered.sort { $0.key < $1.key }
        for entry in ordered {
            statement.reset()
            statement.bind(1, entry.uuid)
            if try statement.step() { result[entry.uuid] = statement.int64(0) }
        }
        return result
    }

    /// A uuid's 16 bytes as two big-endian words, ordered as SQLite orders the blobs.
    private static func orderKey(_ uuid: UUID) -> (UInt64, UInt64) {
        withUnsafeBytes(of: uuid.uuid) { raw in
            (
                UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)),
                UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            )
        }
    }

    public func importedSpans() throws -> [ImportedSpan] {
        try read("reading imported spans") { db in
            try Row.fetchAll(db, sql: "SELECT digest, length, lines, samples FROM import_spans").map { row in
                let digest: Data = row[0]
                guard digest.count == 16 else {
                    throw HealthStoreError.corruptStore("import_spans: digest is not 16 bytes")
                }
                let (high, low) = digest.withUnsafeBytes {
                    ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                }
                return ImportedSpan(
                    key: ImportedSpan.Key(
                        digestHigh: UInt64(littleEndian: high), digestLow: UInt64(littleEndian: low), length: row[1]),
                    lines: row[2], samples: row[3])
            }
        }
    }

    public func saveImportedSpans(_ spans: [ImportedSpan]) throws {
        guard !spans.isEmpty else { return }
        do {
            try pool.write { db in
                let statement = try db.cachedStatement(
                    sql: """
                        INSERT OR REPLACE INTO import_spans (digest, length, lines, samples) VALUES (?, ?, ?, ?)
                        """)
                for span in spans {
                    var words = (span.key.digestHigh.littleEndian, span.key.digestLow.littleEndian)
                    let digest = withUnsafeBytes(of: &words) { Data($0) }
                    try statement.execute(arguments: [digest, span.key.length, span.lines, span.samples])
                }
            }
        } catch {
            throw HealthStoreError.database(operation: "saving imported spans", message: "\(error)")
        }
    }
}
