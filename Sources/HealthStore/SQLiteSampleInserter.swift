import Foundation
import GRDB
import GRDBSQLite
import HealthModel

/// Writes a commit's accepted samples into the `samples` table (with their metadata rows and correlation members),
/// through SQLite's C API, many rows per statement when the batch's UUIDs come in increasing order.
///
/// Why many rows per statement: one `INSERT` per row opens and closes a cursor on the table, on each of its indexes
/// and on each parent table of a foreign key for every row, and seeks each index from its root; one statement of
/// `rowsPerStatement` rows keeps them open, and SQLite's B-tree then appends at the cursor's place. Measured in C on
/// the store's schema (1,000,000 rows in commits of 100,000, increasing UUIDs): 3.7 s of CPU one row per statement,
/// 2.0 s with 500 rows per statement. With random UUIDs the multi-row statement was slower (6.0 s against 4.9 s: each
/// insert lands on another leaf of the uuid index anyway), so such batches keep one row per statement.
struct SQLiteSampleInserter {
    /// Rows per multi-row statement (500 × 18 parameters, far below SQLite's limit of 32,766).
    static let rowsPerStatement = 500
    /// The columns of a row, in statement order.
    private static let columnCount: Int32 = 18
    private static let columns = """
        sequence, uuid, type_id, start_time, end_time, value, unit_id, original_value, count, source_id, \
        source_revision_id, device_id, user_entered, has_metadata, time_zone_offset, sync_identifier, sync_version, detail
        """
    private static func insertSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: Int(columnCount)).joined(separator: ",") + ")"
        return "INSERT INTO samples (\(columns)) VALUES " + Array(repeating: row, count: rows).joined(separator: ",")
    }
    private static let singleRowSQL = insertSQL(rows: 1)
    private static let multiRowSQL = insertSQL(rows: rowsPerStatement)

    /// A quantity row for the column caches.
    typealias ColumnRow = (typeID: Int64, sequence: Int64, start: Double, end: Double, value: Double, revisionID: Int64?, userEntered: Bool, series: Bool)

    /// What the insertion wrote besides the rows.
    struct Outcome {
        /// The longest duration up to a day per type id, for `type_extents`.
        var longestShortDuration: [Int64: Double] = [:]
        /// The quantity rows written, when asked for (for the column caches).
        var columnRows: [ColumnRow] = []
    }

    /// A sample bound into the pending statement whose metadata or members are written after it.
    private struct Dependent {
        let sequence: Int64
        let sample: Sample
    }

    /// Whether at least 7 in 8 consecutive UUIDs of the samples increase (as SQLite compares blobs): the samples then
    /// go in many rows per statement.
    static func comesInIncreasingOrder(_ samples: [Sample]) -> Bool {
        guard samples.count >= 2 else { return false }
        var increasing = 0
        var previous = samples[0].uuid.uuid
        for sample in samples.dropFirst() {
            let current = sample.uuid.uuid
            if precedes(previous, current) { increasing += 1 }
            previous = current
        }
        return increasing * 8 >= (samples.count - 1) * 7
    }

    /// Whether `a` sorts before `b` byte by byte.
    private static func precedes(_ a: uuid_t, _ b: uuid_t) -> Bool {
        let high = (UInt64(bigEndianBytes: a, from: 0), UInt64(bigEndianBytes: b, from: 0))
        if high.0 != high.1 { return high.0 < high.1 }
        return UInt64(bigEndianBytes: a, from: 8) < UInt64(bigEndianBytes: b, from: 8)
    }

    /// Inserts `samples` with sequences `firstSequence`, `firstSequence + 1`, … in one transaction already open on `db`.
    /// Throws `duplicateObject` for the first sample (in order) whose UUID is stored already or repeats in the batch.
    static func insert(
        _ samples: [Sample], firstSequence: Int64, catalog: inout SQLiteCatalog, collectingColumnRows: Bool, _ db: Database
    ) throws -> Outcome {
        var outcome = Outcome()
        if collectingColumnRows { outcome.columnRows.reserveCapacity(samples.count) }
        let rowsPerStatement = samples.count >= rowsPerStatement && comesInIncreasingOrder(samples) ? rowsPerStatement : 1
        let single = try SQLiteRawStatement(db, singleRowSQL, purpose: "inserting a sample")
        let multiple = rowsPerStatement > 1 ? try SQLiteRawStatement(db, multiRowSQL, purpose: "inserting samples") : nil
        let insertMetadata = try SQLiteRawStatement(db, """
            INSERT INTO metadata (sample, key, kind, text, number, unit_id) VALUES (?, ?, ?, ?, ?, ?)
            """, purpose: "inserting metadata")
        let insertMember = try SQLiteRawStatement(db, """
            INSERT INTO correlation_members (correlation, member_uuid) VALUES (?, ?)
            """, purpose: "inserting a correlation member")
        let find = try SQLiteRawStatement(db, "SELECT 1 FROM samples WHERE uuid = ?", purpose: "looking up a sample by uuid")

        var lastType: SampleType?, lastTypeID: Int64 = 0, lastKind = SampleKind.quantity
        var lastUnit: HealthUnit?, lastUnitID: Int64?, lastConverter = UnitConverter.identity, lastBack = UnitConverter.identity
        var lastRevision: SourceRevision?, lastRevisionIDs: (revision: Int64, source: Int64)?
        var lastDevice: Device?, lastDeviceID: Int64?
        var longest = -1.0
        var timeZones: [String: TimeZone?] = [:]
        var dependents: [Dependent] = []

        /// Writes the metadata rows and correlation members of the rows just inserted.
        func writeDependents() throws {
            for dependent in dependents {
                if let metadata = dependent.sample.metadata {
                    try writeMetadata(metadata, of: dependent.sequence, insertMetadata, catalog: &catalog, db)
                }
                if let members = dependent.sample.correlatedObjects {
                    for member in members {
                        insertMember.reset()
                        insertMember.bind(1, dependent.sequence)
                        insertMember.bind(2, member.uuid)
                        try insertMember.run()
                    }
                }
            }
            dependents.removeAll(keepingCapacity: true)
        }

        /// Runs a statement holding the samples `range`; a uniqueness failure names the first duplicate.
        func run(_ statement: SQLiteRawStatement, _ range: Range<Int>) throws {
            do {
                try statement.run()
            } catch {
                guard statement.failedOnUniqueness else { throw error }
                // The failed statement left no row behind: the duplicate is stored already or repeats in `range`.
                var seen = Set<UUID>()
                for sample in samples[range] {
                    find.reset()
                    find.bind(1, sample.uuid)
                    if try find.step() || !seen.insert(sample.uuid).inserted { throw HealthStoreError.duplicateObject(sample.uuid) }
                }
                throw error
            }
            try writeDependents()
        }

        let multipleEnd = rowsPerStatement > 1 ? samples.count - samples.count % rowsPerStatement : 0
        var statementStart = 0
        for index in samples.indices {
            let sample = samples[index]
            let sequence = firstSequence + Int64(index)
            let statement: SQLiteRawStatement, base: Int32
            if index < multipleEnd {
                statement = multiple!
                base = Int32(index % rowsPerStatement) * columnCount
            } else {
                statement = single
                base = 0
            }
            let type = sample.type
            if type != lastType {
                if longest >= 0 { outcome.longestShortDuration[lastTypeID] = max(outcome.longestShortDuration[lastTypeID] ?? -1, longest) }
                longest = -1
                lastType = type
                lastTypeID = try catalog.typeID(type, db)
                lastKind = type.kind
            }
            let start = sample.startDate.timeIntervalSinceReferenceDate, end = sample.endDate.timeIntervalSinceReferenceDate
            var value: Double?
            var unitID: Int64?
            var originalValue: Double?
            var count: Int64 = 1
            var series = false
            var detail: [UInt8]?
            switch sample.content {
            case let .quantity(content):
                let quantity = content.quantity
                if quantity.unit != lastUnit {
                    guard let canonical = type.canonicalUnit else {
                        throw HealthStoreError.model(.invalidField(field: "type", reason: "\(type.identifier) has no canonical unit"))
                    }
                    do {
                        lastConverter = try quantity.unit.converter(to: canonical)
                        lastBack = try canonical.converter(to: quantity.unit)
                    } catch {
                        throw HealthStoreError.model(error)
                    }
                    lastUnitID = quantity.unit == canonical ? nil : try catalog.unitID(quantity.unit, db)
                    lastUnit = quantity.unit
                }
                let canonicalValue = lastConverter.convert(quantity.value)
                value = canonicalValue
                unitID = lastUnitID
                if unitID != nil, lastBack.convert(canonicalValue).bitPattern != quantity.value.bitPattern {
                    originalValue = quantity.value
                }
                count = Int64(content.count)
                if !content.seriesEntries.isEmpty {
                    series = content.count > 1
                    detail = SampleDetailCoding.detail(of: sample)
                }
            case let .category(categoryValue):
                value = Double(categoryValue)
            case .correlation:
                detail = SampleDetailCoding.detail(of: sample)
            case let .workout(content):
                value = content.duration
                detail = SampleDetailCoding.detail(of: sample)
            }
            var revisionIDs: (revision: Int64, source: Int64)?
            if let revision = sample.sourceRevision {
                if revision != lastRevision {
                    lastRevision = revision
                    lastRevisionIDs = try catalog.revisionID(revision, db)
                }
                revisionIDs = lastRevisionIDs
            }
            var deviceID: Int64?
            if let device = sample.device {
                if device != lastDevice {
                    lastDevice = device
                    lastDeviceID = try catalog.deviceID(device, db)
                }
                deviceID = lastDeviceID
            }
            let metadata = sample.metadata
            var timeZoneOffset: Int64?
            if let metadata {
                if let name = metadata[MetadataKey.timeZone]?.stringValue {
                    let zone: TimeZone?
                    if let known = timeZones[name] {
                        zone = known
                    } else {
                        zone = TimeZone(identifier: name)
                        timeZones[name] = zone
                    }
                    timeZoneOffset = zone.map { Int64($0.secondsFromGMT(for: sample.startDate)) }
                }
                dependents.append(Dependent(sequence: sequence, sample: sample))
            } else if lastKind == .correlation {
                dependents.append(Dependent(sequence: sequence, sample: sample))
            }
            let userEntered = sample.wasUserEntered
            if base == 0 { statement.rewind() }
            statement.bind(base + 1, sequence)
            statement.bind(base + 2, sample.uuid)
            statement.bind(base + 3, lastTypeID)
            statement.bind(base + 4, start)
            statement.bind(base + 5, end)
            statement.bind(base + 6, value)
            statement.bind(base + 7, unitID)
            statement.bind(base + 8, originalValue)
            statement.bind(base + 9, count)
            statement.bind(base + 10, revisionIDs?.source)
            statement.bind(base + 11, revisionIDs?.revision)
            statement.bind(base + 12, deviceID)
            statement.bind(base + 13, Int64(userEntered ? 1 : 0))
            statement.bind(base + 14, Int64(metadata == nil ? 0 : 1))
            statement.bind(base + 15, timeZoneOffset)
            statement.bind(base + 16, sample.syncIdentifier)
            statement.bind(base + 17, sample.syncVersion)
            statement.bind(base + 18, bytes: detail)
            let duration = end - start
            if duration <= 86_400, duration > longest { longest = duration }
            if collectingColumnRows, lastKind == .quantity, let value {
                outcome.columnRows.append((lastTypeID, sequence, start, end, value, revisionIDs?.revision, userEntered, series))
            }
            if statement === single {
                try run(single, index..<(index + 1))
                statementStart = index + 1
            } else if index + 1 - statementStart == rowsPerStatement {
                try run(statement, statementStart..<(index + 1))
                statementStart = index + 1
            }
        }
        if longest >= 0 { outcome.longestShortDuration[lastTypeID] = max(outcome.longestShortDuration[lastTypeID] ?? -1, longest) }
        return outcome
    }

    /// Writes one sample's metadata rows.
    private static func writeMetadata(
        _ metadata: [String: MetadataValue], of sequence: Int64, _ statement: SQLiteRawStatement, catalog: inout SQLiteCatalog, _ db: Database
    ) throws {
        for (key, entry) in metadata {
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
                statement.bind(6, try catalog.unitID(quantity.unit, db))
            }
            try statement.run()
        }
    }
}

extension UInt64 {
    /// The eight bytes of a UUID from `offset` (0 or 8) read as a big-endian number.
    fileprivate init(bigEndianBytes uuid: uuid_t, from offset: Int) {
        self = withUnsafeBytes(of: uuid) { UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }
}
