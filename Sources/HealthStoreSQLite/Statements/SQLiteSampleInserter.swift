import Foundation
import GRDB
import GRDBSQLite
import HealthEngine
import HealthModel
import HealthStore

/// Writes a commit's accepted samples into the `samples` table (with their metadata rows, correlation members and
/// workout figures), through SQLite's C API, many rows per statement when the batch's UUIDs come in increasing order.
///
/// Why many rows per statement: one `INSERT` per row opens and closes a cursor on the table, on each of its indexes
/// and on each parent table of a foreign key for every row, and seeks each index from its root; one statement of
/// `rowsPerStatement` rows keeps them open, and SQLite's B-tree then appends at the cursor's place. Measured in C on
/// the store's schema (1,000,000 rows in commits of 100,000, increasing UUIDs): 3.7 s of CPU one row per statement,
/// 2.0 s with 500 rows per statement. With random UUIDs the multi-row statement was slower (6.0 s against 4.9 s: each
/// insert lands on another leaf of the uuid index anyway), so such batches keep one row per statement.
///
/// Binding costs too (18 parameters a row took 0.34 µs in C): a statement's worth of rows that share type, unit,
/// source revision and device and carry nothing else but times, value and metadata goes through a statement that
/// binds those shared values once and 10 parameters per row.
///
/// An imported record's creation date and UTC offset (`MetadataKey.exportCreationDate`, `.exportUTCOffset`) go into
/// the row's own columns, not metadata rows (`SQLiteMetadataColumns`).
struct SQLiteSampleInserter {
    /// Rows per multi-row statement (500 × 20 parameters, far below SQLite's limit of 32,766).
    static let rowsPerStatement = 500
    /// The parameters of a row in the general statements.
    private static let columnCount: Int32 = 20
    /// The parameters of a row in the shared-values statement (sequence, uuid, start, end, value, user_entered,
    /// has_metadata, time_zone_offset, creation_time, utc_offset).
    private static let uniformColumnCount: Int32 = 10
    /// The columns in parameter order: the shared-values statement's own 10 first, the ids it shares after them.
    private static let columns = """
        sequence, uuid, start_time, end_time, value, user_entered, has_metadata, time_zone_offset, creation_time, \
        utc_offset, type_id, unit_id, original_value, count, source_id, source_revision_id, device_id, sync_identifier, \
        sync_version, detail
        """
    private static func insertSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: Int(columnCount)).joined(separator: ",") + ")"
        return "INSERT INTO samples (\(columns)) VALUES " + Array(repeating: row, count: rows).joined(separator: ",")
    }
    private static let singleRowSQL = insertSQL(rows: 1)
    private static let multiRowSQL = insertSQL(rows: rowsPerStatement)
    /// The shared type, unit, source, revision and device ids are ?1…?5; row r binds the 10 parameters after them
    /// (5 + 10r + 1 … 5 + 10r + 10, the first 10 of `columns`). Row 0 numbers its parameters (?6…?15) so that they
    /// come after ?1…?5; every later row uses anonymous `?`, which SQLite numbers on from the highest so far.
    /// Why not ?NNN throughout: SQLite keeps numbered parameters in a list it searches linearly for each one while
    /// compiling, so 5,005 of them cost tens of milliseconds a prepare (quadratic; perf showed it as 75 % of a server's
    /// 1,000-sample save, since each commit that turns foreign keys off expires the cached statement); anonymous
    /// parameters are not in that list.
    private static let uniformRowSQL: String = {
        let sharedIDs = "?1,?2,NULL,1,?3,?4,?5,NULL,NULL,NULL"
        let first = (1...Int(uniformColumnCount)).map { "?\(sharedIDCount + $0)" }.joined(separator: ",")
        let anonymous = Array(repeating: "?", count: Int(uniformColumnCount)).joined(separator: ",")
        let rows =
            ["(\(first),\(sharedIDs))"] + Array(repeating: "(\(anonymous),\(sharedIDs))", count: rowsPerStatement - 1)
        return "INSERT INTO samples (\(columns)) VALUES " + rows.joined(separator: ",")
    }()
    /// The parameters the shared-values statement's rows share (type, unit, source, revision and device ids).
    private static let sharedIDCount = 5

    /// A quantity row for the column caches.
    typealias ColumnRow = (
        typeID: Int64, sequence: Int64, start: Double, end: Double, value: Double, revisionID: Int64?,
        deviceID: Int64?, userEntered: Bool, series: Bool
    )

    /// What the insertion wrote besides the rows.
    struct Outcome {
        /// The longest duration up to a day per type id, for `type_extents`.
        var longestShortDuration: [Int64: Double] = [:]
        /// The quantity rows written, when asked for (for the column caches).
        var columnRows: [ColumnRow] = []
        /// The parent rows the written rows point at.
        var parents = ParentIDs()
    }

    /// The catalog rows (types, units, source revisions with their sources, devices) that a commit's rows point at.
    struct ParentIDs {
        var types = Set<Int64>(), units = Set<Int64>(), devices = Set<Int64>()
        var revisions = Set<[Int64]>()

        /// Checks that every parent row exists: what SQLite's foreign keys check once a row, done once a commit for
        /// bulk inserts that run with them off (`SQLiteStorage.commit`). Throws `corruptStore` naming the first one
        /// missing, which rolls the commit back.
        func verify(_ db: Database) throws {
            for (table, ids) in [("sample_types", types), ("units", units), ("devices", devices)] {
                for id in ids
                where try Int64.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE id = ?", arguments: [id]) != 1 {
                    throw HealthStoreError.corruptStore(
                        "a new sample points at \(table) row \(id), which does not exist")
                }
            }
            for pair in revisions
            where try Int64.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM source_revisions r JOIN sources s ON s.id = r.source_id WHERE r.id = ? AND r.source_id = ?
                    """, arguments: [pair[0], pair[1]]) != 1
            {
                throw HealthStoreError.corruptStore(
                    "a new sample points at source revision \(pair[0]) of source \(pair[1]), which does not exist")
            }
        }
    }

    /// One sample's column values (its UUID goes to a separate buffer, bound without a copy).
    private struct Row {
        var sequence: Int64 = 0
        var kind = SampleKind.quantity
        var typeID: Int64 = 0
        var start = 0.0
        var end = 0.0
        var value: Double?
        var unitID: Int64?
        var originalValue: Double?
        var count: Int64 = 1
        var sourceID: Int64?
        var revisionID: Int64?
        var deviceID: Int64?
        var userEntered = false
        var hasMetadata = false
        var timeZoneOffset: Int64?
        var creationTime: Double?
        var utcOffset: Int64?
        var syncIdentifier: String?
        var syncVersion: Double?
        var detail: [UInt8]?
        /// A quantity row statistics read whole (`Sample.countsBySample`): the column caches cannot hold it.
        var series = false
        /// Whether metadata rows, correlation members or workout figures follow the row.
        var hasDependents = false
        /// Which of type, unit, source revision and device differ from the row before (`Keys`; all for the first).
        var changedKeys: UInt8 = 0
        /// Whether a quantity is in its type's canonical unit (no unit id then).
        var unitIsCanonical = true

        /// Whether the row has the same ids as `other` and nothing but times, value and metadata of its own.
        func fitsSharedStatement(with other: Row) -> Bool {
            value != nil && originalValue == nil && count == 1 && syncIdentifier == nil && syncVersion == nil
                && detail == nil && typeID == other.typeID && unitID == other.unitID && sourceID == other.sourceID
                && revisionID == other.revisionID && deviceID == other.deviceID
        }
    }

    /// Turns samples into rows without the catalog ids (so that it can run on another thread than the writer's),
    /// marking the rows whose type, unit, source revision and device are those of the row before.
    private struct RowBuilder {
        var lastType: SampleType?, lastUnit: HealthUnit?, lastRevision: SourceRevision?, lastDevice: Device?
        var lastConverter = UnitConverter.identity, lastBack = UnitConverter.identity, lastUnitIsCanonical = true
        /// Converters of the (type, unit) pairs met, for batches that interleave types.
        var conversions:
            [(
                type: SampleType, unit: HealthUnit, forward: HealthModel.UnitConverter, back: HealthModel.UnitConverter,
                isCanonical: Bool
            )] = []
        var timeZones: [String: TimeZone?] = [:]

        mutating func row(for sample: Sample, sequence: Int64) throws -> Row {
            var row = Row()
            row.sequence = sequence
            let type = sample.type
            var changed: UInt8 = 0
            if type != lastType {
                lastType = type
                changed |= Keys.type
            }
            row.kind = type.kind
            row.start = sample.startDate.timeIntervalSinceReferenceDate
            row.end = sample.endDate.timeIntervalSinceReferenceDate
            switch sample.content {
            case let .quantity(content):
                let quantity = content.quantity
                if quantity.unit != lastUnit || changed != 0 {
                    try convert(quantity.unit, of: type)
                    lastUnit = quantity.unit
                    changed |= Keys.unit
                }
                row.unitIsCanonical = lastUnitIsCanonical
                let canonicalValue = lastConverter.convert(quantity.value)
                row.value = canonicalValue
                if !lastUnitIsCanonical, lastBack.convert(canonicalValue).bitPattern != quantity.value.bitPattern {
                    row.originalValue = quantity.value
                }
                row.count = Int64(content.count)
                if !content.seriesEntries.isEmpty || sample.countsBySample {
                    row.series = sample.countsBySample
                    row.detail = SampleDetailCoding.detail(of: sample)
                }
            case let .category(categoryValue):
                row.value = Double(categoryValue)
            case .correlation:
                row.detail = SampleDetailCoding.detail(of: sample)
                row.hasDependents = true
            case let .workout(content):
                row.value = content.duration
                row.detail = SampleDetailCoding.detail(of: sample)
                row.hasDependents = true
            case .payload:
                row.detail = SampleDetailCoding.detail(of: sample)
            }
            if case .quantity = sample.content {
            } else if lastUnit != nil {
                lastUnit = nil
                changed |= Keys.unit
            }
            let revision = sample.sourceRevision
            if revision != lastRevision {
                lastRevision = revision
                changed |= Keys.revision
            }
            let device = sample.device
            if device != lastDevice {
                lastDevice = device
                changed |= Keys.device
            }
            row.changedKeys = changed
            // User entry, sync identifier and version are metadata: none without it.
            if let metadata = sample.metadata {
                // One pass over the entries (an imported record has two) instead of a hashed lookup per key: the
                // keys are compared as strings, which for the same constant is a pointer comparison.
                var inColumns = 0
                for (key, value) in metadata {
                    switch key {
                    case MetadataKey.exportCreationDate:
                        row.creationTime = SQLiteMetadataColumns.creationTime(of: value)
                        if row.creationTime != nil { inColumns += 1 }
                    case MetadataKey.exportUTCOffset:
                        row.utcOffset = SQLiteMetadataColumns.utcOffset(of: value)
                        if row.utcOffset != nil { inColumns += 1 }
                    case MetadataKey.wasUserEntered:
                        row.userEntered = value.numberValue.map { $0 != 0 } ?? false
                    case MetadataKey.syncIdentifier:
                        row.syncIdentifier = value.stringValue
                    case MetadataKey.syncVersion:
                        row.syncVersion = value.numberValue
                    case MetadataKey.timeZone:
                        guard let name = value.stringValue else { break }
                        let zone: TimeZone?
                        if let known = timeZones[name] {
                            zone = known
                        } else {
                            zone = TimeZone(identifier: name)
                            timeZones[name] = zone
                        }
                        row.timeZoneOffset = zone.map { Int64($0.secondsFromGMT(for: sample.startDate)) }
                    default:
                        break
                    }
                }
                // An empty dictionary is kept as such (has_metadata and no rows), one of column values only is not.
                row.hasMetadata = metadata.isEmpty || metadata.count > inColumns
                row.hasDependents = row.hasDependents || row.hasMetadata
            }
            return row
        }

        /// Makes the converters between `unit` and the type's canonical unit the current ones.
        mutating func convert(_ unit: HealthUnit, of type: SampleType) throws {
            if let known = conversions.first(where: { $0.unit == unit && $0.type == type }) {
                (lastConverter, lastBack, lastUnitIsCanonical) = (known.forward, known.back, known.isCanonical)
                return
            }
            guard let canonical = type.canonicalUnit else {
                throw HealthStoreError.model(
                    .invalidField(field: "type", reason: "\(type.identifier) has no canonical unit"))
            }
            do {
                lastConverter = try unit.converter(to: canonical)
                lastBack = try canonical.converter(to: unit)
            } catch {
                throw HealthStoreError.model(error)
            }
            lastUnitIsCanonical = unit == canonical
            if conversions.count < 16 { conversions.append((type, unit, lastConverter, lastBack, lastUnitIsCanonical)) }
        }

        /// Rows for `samples[range]`, and the error that stopped them early, if any.
        mutating func rows(
            for samples: [Sample], _ range: Range<Int>, firstSequence: Int64
        ) -> (rows: [Row], error: Error?) {
            var rows: [Row] = []
            rows.reserveCapacity(range.count)
            for index in range {
                do {
                    rows.append(try row(for: samples[index], sequence: firstSequence + Int64(index)))
                } catch {
                    return (rows, error)
                }
            }
            return (rows, nil)
        }
    }

    /// Bits of `Row.changedKeys`.
    private enum Keys {
        static let type: UInt8 = 1, unit: UInt8 = 2, revision: UInt8 = 4, device: UInt8 = 8
    }

    /// The catalog ids of the current row's type, unit, source revision and device, updated for what changed.
    private struct RowIDs {
        var typeID: Int64 = 0
        var unitID: Int64?
        var sourceID: Int64?
        var revisionID: Int64?
        var deviceID: Int64?
        /// Ids of the types and units met (few per batch), found by identity before any hashing.
        var typeIDs: [(type: SampleType, id: Int64)] = []
        var unitIDs: [(unit: HealthUnit, id: Int64)] = []

        /// Every id taken, for the parents' check.
        var parents = ParentIDs()

        /// Updates the ids that `row` says changed, from its sample.
        mutating func update(for row: Row, of sample: Sample, catalog: inout SQLiteCatalog, _ db: Database) throws {
            let changed = row.changedKeys
            defer {
                if changed & Keys.type != 0 { parents.types.insert(typeID) }
                if let unitID { parents.units.insert(unitID) }
                if let revisionID, let sourceID { parents.revisions.insert([revisionID, sourceID]) }
                if let deviceID { parents.devices.insert(deviceID) }
            }
            if changed & Keys.type != 0 {
                let type = sample.type
                if let known = typeIDs.first(where: { $0.type == type }) {
                    typeID = known.id
                } else {
                    typeID = try catalog.typeID(type, db)
                    typeIDs.append((type, typeID))
                }
            }
            if changed & (Keys.type | Keys.unit) != 0 {
                unitID = nil
                if !row.unitIsCanonical, let unit = sample.quantity?.unit {
                    if let known = unitIDs.first(where: { $0.unit == unit }) {
                        unitID = known.id
                    } else {
                        let id = try catalog.unitID(unit, db)
                        unitIDs.append((unit, id))
                        unitID = id
                    }
                }
            }
            if changed & Keys.revision != 0 {
                let ids = try sample.sourceRevision.map { try catalog.revisionID($0, db) }
                sourceID = ids?.source
                revisionID = ids?.revision
            }
            if changed & Keys.device != 0 { deviceID = try sample.device.map { try catalog.deviceID($0, db) } }
        }
    }

    /// Builds the rows of a batch, one statement's worth at a time, on another thread while the writer inserts the
    /// rows built before (the Swift side took about a fifth of the time of a bulk save).
    private final class RowPipeline: @unchecked Sendable {
        private let chunks: [Range<Int>]
        private var results: [(rows: [Row], error: Error?)?]
        private let lock = NSLock()
        private let ready = DispatchSemaphore(value: 0)
        private var taken = 0

        init(_ samples: [Sample], chunks: [Range<Int>], firstSequence: Int64) {
            self.chunks = chunks
            results = Array(repeating: nil, count: chunks.count)
            // A thread of its own, not a shared queue: the writer blocks waiting for it, and a pool of blocked
            // workers could leave it no thread to run on.
            let thread = Thread { [self] in
                var builder = RowBuilder()
                for (index, range) in chunks.enumerated() {
                    let result = builder.rows(for: samples, range, firstSequence: firstSequence)
                    lock.withLock { results[index] = result }
                    ready.signal()
                    if result.error != nil { break }
                }
            }
            thread.name = "OpenHealthKit store rows"
            thread.start()
        }

        /// The rows of the next chunk, waiting for them when they are not built yet.
        func next() -> (rows: [Row], error: Error?) {
            ready.wait()
            let index = taken
            taken += 1
            return lock.withLock {
                defer { results[index] = nil }
                return results[index]!
            }
        }
    }

    /// Whether at least 7 in 8 consecutive UUIDs of the samples do not go back in their first 6 bytes (as SQLite
    /// compares blobs): the samples then land at one place of the uuid index and go in many rows per statement.
    /// `RandomUUID.make()` gives UUIDs whose 6-byte prefix counts milliseconds, so a batch made in one millisecond
    /// shares it; random version 4 UUIDs go back about every other time.
    static func comesInIncreasingOrder(_ samples: [Sample]) -> Bool {
        guard samples.count >= 2 else { return false }
        var increasing = 0
        var previous = prefix(samples[0].uuid.uuid)
        for sample in samples.dropFirst() {
            let current = prefix(sample.uuid.uuid)
            if previous <= current { increasing += 1 }
            previous = current
        }
        return increasing * 8 >= (samples.count - 1) * 7
    }

    /// The first 6 bytes of a UUID as a number (big-endian, so numbers compare as the bytes do).
    private static func prefix(_ uuid: uuid_t) -> UInt64 { UInt64(bigEndianBytes: uuid, from: 0) >> 16 }

    /// Inserts `samples` with sequences `firstSequence`, `firstSequence + 1`, … in one transaction already open on `db`.
    /// Throws `duplicateObject` for the first sample (in order) whose UUID is stored already or repeats in the batch.
    static func insert(
        _ samples: [Sample], firstSequence: Int64, catalog: inout SQLiteCatalog, collectingColumnRows: Bool,
        _ db: Database
    ) throws -> Outcome {
        var outcome = Outcome()
        if collectingColumnRows { outcome.columnRows.reserveCapacity(samples.count) }
        let chunked = samples.count >= rowsPerStatement && comesInIncreasingOrder(samples)
        let single = try SQLiteRawStatement(db, singleRowSQL, purpose: "inserting a sample")
        let multiple = chunked ? try SQLiteRawStatement(db, multiRowSQL, purpose: "inserting samples") : nil
        let uniform = chunked ? try SQLiteRawStatement(db, uniformRowSQL, purpose: "inserting samples") : nil
        let insertMetadata = try SQLiteRawStatement(
            db,
            """
            INSERT INTO metadata (sample, key, kind, text, number, unit_id) VALUES (?, ?, ?, ?, ?, ?)
            """, purpose: "inserting metadata")
        let insertMember = try SQLiteRawStatement(
            db,
            """
            INSERT INTO correlation_members (correlation, member_uuid) VALUES (?, ?)
            """, purpose: "inserting a correlation member")
        let find = try SQLiteRawStatement(
            db, "SELECT 1 FROM samples WHERE uuid = ?", purpose: "looking up a sample by uuid")
        // The UUIDs of the rows bound but not yet run, bound without a copy (SQLite would allocate one per row).
        let uuidBytes = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * rowsPerStatement, alignment: 16)
        defer { uuidBytes.deallocate() }
        defer {
            single.reset()
            multiple?.reset()
            uniform?.reset()
        }

        // Statement-sized chunks; a batch of several goes through the pipeline, the rest is built here.
        var chunks: [Range<Int>] = []
        var start = 0
        while start < samples.count {
            let size = chunked && samples.count - start >= rowsPerStatement ? rowsPerStatement : 1
            chunks.append(start..<(start + size))
            start += size
        }
        let pipeline =
            chunked && chunks.count > 1 ? RowPipeline(samples, chunks: chunks, firstSequence: firstSequence) : nil
        var builder = RowBuilder()
        var ids = RowIDs()
        // The longest duration up to a day of the current run of one type (a dictionary lookup per row cost more).
        var runTypeID: Int64 = -1
        var runLongest = -1.0
        func closeRun() {
            if runTypeID >= 0, runLongest >= 0 {
                outcome.longestShortDuration[runTypeID] = max(outcome.longestShortDuration[runTypeID] ?? -1, runLongest)
            }
        }
        for range in chunks {
            let built = pipeline?.next() ?? builder.rows(for: samples, range, firstSequence: firstSequence)
            var rows = built.rows
            let buildError = built.error
            let size = range.count
            var shared = true
            for slot in rows.indices {
                let sampleIndex = range.lowerBound + slot
                if rows[slot].changedKeys != 0 {
                    try ids.update(for: rows[slot], of: samples[sampleIndex], catalog: &catalog, db)
                }
                rows[slot].typeID = ids.typeID
                rows[slot].unitID = rows[slot].kind == .quantity ? ids.unitID : nil
                rows[slot].sourceID = ids.sourceID
                rows[slot].revisionID = ids.revisionID
                rows[slot].deviceID = ids.deviceID
                let row = rows[slot]
                (uuidBytes.baseAddress! + slot * 16).storeBytes(of: samples[sampleIndex].uuid.uuid, as: uuid_t.self)
                if shared { shared = row.fitsSharedStatement(with: rows[0]) }
                let duration = row.end - row.start
                if row.typeID != runTypeID {
                    closeRun()
                    runTypeID = row.typeID
                    runLongest = -1
                }
                if duration <= 86_400, duration > runLongest { runLongest = duration }
                if collectingColumnRows, row.kind == .quantity, let value = row.value {
                    outcome.columnRows.append(
                        (
                            row.typeID, row.sequence, row.start, row.end, value, row.revisionID, row.deviceID,
                            row.userEntered, row.series
                        ))
                }
            }
            if let buildError {
                // The rows before the one at fault go in one by one, so that an earlier duplicate is still found first.
                for slot in rows.indices {
                    let sample = samples[range.lowerBound + slot]
                    bind(
                        [rows[slot]],
                        UnsafeMutableRawBufferPointer(rebasing: uuidBytes[(slot * 16)..<(slot * 16 + 16)]), to: single,
                        sharingIDs: false)
                    do {
                        try single.run()
                    } catch {
                        if single.failedOnUniqueness { throw HealthStoreError.duplicateObject(sample.uuid) }
                        throw error
                    }
                }
                throw buildError
            }
            let statement: SQLiteRawStatement
            if size == 1 {
                statement = single
            } else {
                statement = shared ? uniform! : multiple!
            }
            bind(rows, uuidBytes, to: statement, sharingIDs: size > 1 && shared)
            do {
                try statement.run()
            } catch {
                guard statement.failedOnUniqueness else { throw error }
                // The failed statement left no row behind: the duplicate is stored already or repeats in `range`.
                let reused = try CommitPlanner.firstReusedUUID(among: samples[range], deleted: []) { uuid in
                    find.reset()
                    find.bind(1, uuid)
                    return try find.step()
                }
                if let reused { throw HealthStoreError.duplicateObject(reused) }
                throw error
            }
            for row in rows where row.hasDependents {
                let sample = samples[Int(row.sequence - firstSequence)]
                if row.hasMetadata, let metadata = sample.metadata {
                    try writeMetadata(
                        metadata, of: row.sequence, insertMetadata, catalog: &catalog, parents: &ids.parents, db)
                }
                if let workout = sample.workoutContent {
                    try SQLiteAnalyticViews.writeFigures(of: workout, sequence: row.sequence, db)
                }
                if let members = sample.correlatedObjects {
                    for member in members {
                        insertMember.reset()
                        insertMember.bind(1, row.sequence)
                        insertMember.bind(2, member.uuid)
                        try insertMember.run()
                    }
                }
            }
        }
        closeRun()
        outcome.parents = ids.parents
        return outcome
    }

    /// Binds `rows`: every column (row r from parameter 20r + 1), or with `sharingIDs` to the shared-values
    /// statement (the ids all rows share as ?1…?5, then 10 parameters per row).
    private static func bind(
        _ rows: [Row], _ uuids: UnsafeMutableRawBufferPointer, to statement: SQLiteRawStatement, sharingIDs: Bool
    ) {
        statement.rewind()
        let perRow = sharingIDs ? uniformColumnCount : columnCount
        let first: Int32 = sharingIDs ? Int32(sharedIDCount) : 0
        for (slot, row) in rows.enumerated() {
            let base = first + Int32(slot) * perRow
            statement.bind(base + 1, row.sequence)
            statement.bind(base + 2, uuidBytesAt: uuids.baseAddress! + slot * 16)
            statement.bind(base + 3, row.start)
            statement.bind(base + 4, row.end)
            statement.bind(base + 5, row.value)
            statement.bind(base + 6, Int64(row.userEntered ? 1 : 0))
            statement.bind(base + 7, Int64(row.hasMetadata ? 1 : 0))
            statement.bind(base + 8, row.timeZoneOffset)
            statement.bind(base + 9, row.creationTime)
            statement.bind(base + 10, row.utcOffset)
            guard !sharingIDs else { continue }
            statement.bind(base + 11, row.typeID)
            statement.bind(base + 12, row.unitID)
            statement.bind(base + 13, row.originalValue)
            statement.bind(base + 14, row.count)
            statement.bind(base + 15, row.sourceID)
            statement.bind(base + 16, row.revisionID)
            statement.bind(base + 17, row.deviceID)
            statement.bind(base + 18, row.syncIdentifier)
            statement.bind(base + 19, row.syncVersion)
            statement.bind(base + 20, bytes: row.detail)
        }
        guard sharingIDs, let firstRow = rows.first else { return }
        statement.bind(1, firstRow.typeID)
        statement.bind(2, firstRow.unitID)
        statement.bind(3, firstRow.sourceID)
        statement.bind(4, firstRow.revisionID)
        statement.bind(5, firstRow.deviceID)
    }

    /// Writes one sample's metadata rows.
    private static func writeMetadata(
        _ metadata: [String: MetadataValue], of sequence: Int64, _ statement: SQLiteRawStatement,
        catalog: inout SQLiteCatalog,
        parents: inout ParentIDs, _ db: Database
    ) throws {
        for (key, entry) in metadata where !SQLiteMetadataColumns.isKeptInColumn(key, entry) {
            statement.reset()
            statement.bind(1, sequence)
            statement.bind(2, key)
            switch entry {
            case let .string(text):
                statement.bind(3, Int64(0))
                statement.bind(4, text)
            case let .number(number):
                statement.bind(3, Int64(1))
                statement.bind(5, number)
            case let .date(date):
                statement.bind(3, Int64(2))
                statement.bind(5, date.timeIntervalSinceReferenceDate)
            case let .quantity(quantity):
                statement.bind(3, Int64(3))
                statement.bind(5, quantity.value)
                let unitID = try catalog.unitID(quantity.unit, db)
                parents.units.insert(unitID)
                statement.bind(6, unitID)
            }
            try statement.run()
        }
    }
}

extension UInt64 {
    /// The eight bytes of a UUID from `offset` (0 or 8) read as a big-endian number.
    fileprivate init(bigEndianBytes uuid: uuid_t, from offset: Int) {
        self = withUnsafeBytes(of: uuid) {
            UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
    }
}
