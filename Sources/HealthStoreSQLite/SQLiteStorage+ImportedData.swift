// The public members here implement ImportedDataStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore

/// Data besides samples (migration "v2 …"): activity summaries, characteristics,
/// the export's date and locale, kept elements. Also the import's cheap uuid lookup.
extension SQLiteStorage {
    private func readImported<T>(_ operation: String, _ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch let error as HealthStoreError {
            throw error
        } catch {
            throw HealthStoreError.database(operation: operation, message: "\(error)")
        }
    }

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
        try readImported("reading imported spans") { db in
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

    public func clinicalDocuments() throws -> [ClinicalDocument] {
        do {
            return try pool.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT uuid, start_time, end_time, title, patient_name, author_name, custodian_name, data FROM clinical_documents
                        ORDER BY start_time, uuid
                        """
                ).map { row in
                    let bytes: Data = row[0]
                    guard bytes.count == 16 else {
                        throw HealthStoreError.corruptStore("clinical document: uuid is not 16 bytes")
                    }
                    let uuid = bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
                    do {
                        return try ClinicalDocument(
                            uuid: uuid, startDate: Date(timeIntervalSinceReferenceDate: row[1]),
                            endDate: Date(timeIntervalSinceReferenceDate: row[2]),
                            title: row[3], patientName: row[4], authorName: row[5], custodianName: row[6], data: row[7])
                    } catch {
                        throw HealthStoreError.corruptStore("clinical document \(uuid): \(error)")
                    }
                }
            }
        } catch let error as HealthStoreError {
            throw error
        } catch {
            throw HealthStoreError.database(operation: "reading clinical documents", message: "\(error)")
        }
    }

    public func saveImportedData(_ data: ImportedData) throws {
        guard !data.isEmpty else { return }
        do {
            try pool.write { db in
                if !data.activitySummaries.isEmpty {
                    let statement = try SQLiteRawStatement(
                        db, "INSERT OR REPLACE INTO activity_summaries (day, summary) VALUES (?, ?)",
                        purpose: "saving an activity summary")
                    for summary in data.activitySummaries {
                        statement.reset()
                        statement.bind(1, ImportedDataCoding.dayKey(summary.day))
                        statement.bind(2, bytes: ImportedDataCoding.encode(summary))
                        try statement.run()
                    }
                }
                for (identifier, value) in data.characteristics {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO characteristics (identifier, value) VALUES (?, ?)",
                        arguments: [identifier, value])
                }
                for document in data.clinicalDocuments {
                    try db.execute(
                        sql: """
                            INSERT OR REPLACE INTO clinical_documents
                                (uuid, start_time, end_time, title, patient_name, author_name, custodian_name, data)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            Data(withUnsafeBytes(of: document.uuid.uuid) { Array($0) }),
                            document.startDate.timeIntervalSinceReferenceDate,
                            document.endDate.timeIntervalSinceReferenceDate, document.title, document.patientName,
                            document.authorName,
                            document.custodianName, document.data,
                        ])
                }
                if let information = data.exportInformation {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO export_information (id, export_date, locale) VALUES (1, ?, ?)",
                        arguments: [information.exportDate?.timeIntervalSinceReferenceDate, information.locale])
                }
                if !data.keptElements.isEmpty {
                    let statement = try SQLiteRawStatement(
                        db,
                        """
                        INSERT OR IGNORE INTO kept_elements (identity, parent_uuid, name, element) VALUES (?, ?, ?, ?)
                        """, purpose: "saving a kept element")
                    for kept in data.keptElements {
                        statement.reset()
                        statement.bind(1, kept.identity)
                        if let parent = kept.parent { statement.bind(2, parent) }
                        statement.bind(3, kept.element.name)
                        statement.bind(4, bytes: ImportedDataCoding.encode(kept.element))
                        try statement.run()
                    }
                }
            }
        } catch let error as HealthStoreError {
            throw error
        } catch {
            throw HealthStoreError.database(operation: "saving imported data", message: "\(error)")
        }
    }

    public func activitySummaries(from first: DateComponents, through last: DateComponents) throws -> [ActivitySummary]
    {
        try readImported("reading activity summaries") { db in
            let statement = try SQLiteRawStatement(
                db, "SELECT day, summary FROM activity_summaries WHERE day BETWEEN ? AND ? ORDER BY day",
                purpose: "reading activity summaries")
            statement.bind(1, ImportedDataCoding.dayKey(first))
            statement.bind(2, ImportedDataCoding.dayKey(last))
            var result: [ActivitySummary] = []
            while try statement.step() {
                result.append(
                    try ImportedDataCoding.decodeActivitySummary(statement.bytes(1) ?? [], dayKey: statement.int64(0)))
            }
            return result
        }
    }

    public func characteristics() throws -> [String: String] {
        try readImported("reading characteristics") { db in
            var result: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT identifier, value FROM characteristics") {
                result[row[0]] = row[1] as String
            }
            return result
        }
    }

    public func exportInformation() throws -> ExportInformation? {
        try readImported("reading the export information") { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT export_date, locale FROM export_information WHERE id = 1")
            else { return nil }
            return ExportInformation(
                exportDate: (row[0] as Double?).map(Date.init(timeIntervalSinceReferenceDate:)), locale: row[1])
        }
    }

    public func keptElements(parent: UUID?) throws -> [KeptElement] {
        try readImported("reading kept elements") { db in
            let statement = try SQLiteRawStatement(
                db,
                parent == nil
                    ? "SELECT identity, parent_uuid, element FROM kept_elements ORDER BY position"
                    : "SELECT identity, parent_uuid, element FROM kept_elements WHERE parent_uuid = ? ORDER BY position",
                purpose: "reading kept elements")
            if let parent { statement.bind(1, parent) }
            var result: [KeptElement] = []
            while try statement.step() {
                guard let identity = statement.uuid(0) else {
                    throw HealthStoreError.corruptStore("kept element: bad identity")
                }
                result.append(
                    KeptElement(
                        identity: identity, parent: statement.uuid(1),
                        element: try ImportedDataCoding.decodeElement(statement.bytes(2) ?? [], identity: identity)))
            }
            return result
        }
    }

    public func importedDataCounts() throws -> ImportedDataCounts {
        try readImported("counting imported data") { db in
            func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? 0 }
            return ImportedDataCounts(
                activitySummaries: try count("SELECT count(*) FROM activity_summaries"),
                characteristics: try count("SELECT count(*) FROM characteristics"),
                keptElements: try count("SELECT count(*) FROM kept_elements"))
        }
    }
}
