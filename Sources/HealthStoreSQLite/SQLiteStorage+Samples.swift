// The public members here implement SampleStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

extension SQLiteStorage {
    // MARK: Reading samples

    static let sampleColumns = """
        sequence, uuid, type_id, start_time, end_time, value, unit_id, original_value, count, source_revision_id, \
        device_id, has_metadata, detail, creation_time, utc_offset
        """
    /// How many columns `sampleColumns` has (columns selected after them start at this index).
    static let sampleColumnCount: Int32 = 15

    /// Reads the current row of a statement selecting `sampleColumns` as a stored sample.
    func storedSample(
        _ row: SQLiteRawStatement, _ db: Database, catalog: inout SQLiteCatalog, metadata: SQLiteRawStatement
    ) throws -> StoredSample {
        let sequence = row.int64(0)
        guard let uuid = row.uuid(1) else {
            throw HealthStoreError.corruptStore("sample \(sequence): uuid is not 16 bytes")
        }
        let typeID = row.int64(2)
        let unitID = row.optionalInt64(6)
        let revisionID = row.optionalInt64(9)
        let deviceID = row.optionalInt64(10)
        if catalog.types[typeID] == nil || (unitID.map { catalog.units[$0] == nil } ?? false)
            || (revisionID.map { catalog.revisions[$0] == nil } ?? false)
            || (deviceID.map { catalog.devices[$0] == nil } ?? false)
        {
            catalog = try SQLiteCatalog.load(db)
            publish(catalog)
        }
        guard let type = catalog.types[typeID] else {
            throw HealthStoreError.corruptStore("sample \(sequence): unknown type id \(typeID)")
        }
        let start = Date(timeIntervalSinceReferenceDate: row.double(3))
        let end = Date(timeIntervalSinceReferenceDate: row.double(4))
        let content: SampleContent
        switch type.kind {
        case .quantity:
            guard let canonical = type.canonicalUnit else {
                throw HealthStoreError.corruptStore("sample \(sequence): \(type.identifier) has no unit")
            }
            let stored = row.double(5)
            let quantity: Quantity
            if let unitID {
                guard let unit = catalog.units[unitID] else {
                    throw HealthStoreError.corruptStore("sample \(sequence): unknown unit id \(unitID)")
                }
                let original = try row.optionalDouble(7) ?? canonical.convert(stored, to: unit)
                quantity = Quantity(original, unit)
            } else {
                quantity = Quantity(stored, canonical)
            }
            content = .quantity(
                try SampleDetailCoding.quantityContent(
                    quantity: quantity, count: Int(row.int64(8)), detail: row.bytes(12)))
        case .category:
            content = .category(value: Int(row.double(5)))
        case .correlation:
            content = .correlation(objects: try SampleDetailCoding.correlatedObjects(from: row.bytes(12) ?? []))
        case .workout:
            content = .workout(
                try SampleDetailCoding.workoutContent(from: row.bytes(12) ?? [], duration: row.double(5)))
        case .document:
            throw HealthStoreError.corruptStore(
                "sample \(sequence): \(type.identifier) is a document type, kept beside samples, never as one")
        default:
            // Every payload kind (SampleKind.carriesPayload): the detail holds the whole content.
            content = .payload(try SampleDetailCoding.payload(from: row.bytes(12) ?? []))
        }
        let sampleMetadata = SQLiteMetadataColumns.metadata(
            row.int64(11) == 1 ? try readMetadata(of: sequence, metadata, catalog: catalog) : nil,
            creationTime: row.optionalDouble(13), utcOffset: row.optionalInt64(14))
        do {
            let sample = try Sample(
                uuid: uuid, type: type, startDate: start, endDate: end, metadata: sampleMetadata,
                device: deviceID.flatMap { catalog.devices[$0] },
                sourceRevision: revisionID.flatMap { catalog.revisions[$0]?.revision },
                content: content)
            return StoredSample(sequence: sequence, sample: sample)
        } catch {
            throw HealthStoreError.corruptStore("sample \(sequence) (\(uuid)): \(error)")
        }
    }

    private func readMetadata(
        of sequence: Int64, _ statement: SQLiteRawStatement, catalog: SQLiteCatalog
    ) throws -> [String: MetadataValue] {
        statement.reset()
        statement.bind(1, sequence)
        var metadata: [String: MetadataValue] = [:]
        while try statement.step() {
            let key = statement.text(0) ?? ""
            switch statement.int64(1) {
            case 0: metadata[key] = .string(statement.text(2) ?? "")
            case 1: metadata[key] = .number(statement.double(3))
            case 2: metadata[key] = .date(Date(timeIntervalSinceReferenceDate: statement.double(3)))
            default:
                let unitID = statement.int64(4)
                guard let unit = catalog.units[unitID] else {
                    throw HealthStoreError.corruptStore("metadata of sample \(sequence): unknown unit id \(unitID)")
                }
                metadata[key] = .quantity(Quantity(statement.double(3), unit))
            }
        }
        return metadata
    }

    func metadataStatement(_ db: Database) throws -> SQLiteRawStatement {
        try SQLiteRawStatement(
            db, "SELECT key, kind, text, number, unit_id FROM metadata WHERE sample = ?", purpose: "reading metadata")
    }

    /// Runs a statement selecting `sampleColumns` and collects its rows.
    private func collect(
        _ statement: SQLiteRawStatement, _ db: Database, into result: inout [StoredSample],
        skipping seen: inout Set<Int64>?
    ) throws {
        var catalog = catalogSnapshot()
        let metadata = try metadataStatement(db)
        while try statement.step() {
            if seen != nil, !seen!.insert(statement.int64(0)).inserted { continue }
            result.append(try storedSample(statement, db, catalog: &catalog, metadata: metadata))
        }
    }

    /// A statement over a type's time window, its parameters ?1…?5 bound: the type id, the start's lower bound to scan
    /// from, the start's upper bound and the end's bounds.
    static func windowStatement(
        _ db: Database, _ sql: String, purpose: String, typeID: Int64, from start: Double, _ bounds: TimeBounds
    ) throws -> SQLiteRawStatement {
        let statement = try SQLiteRawStatement(db, sql, purpose: purpose)
        statement.bind(1, typeID)
        statement.bind(2, start)
        statement.bind(3, bounds.startUpperBound)
        statement.bind(4, bounds.endLowerBound)
        statement.bind(5, bounds.endUpperBound)
        return statement
    }

    /// The start lower bound to scan for bounds with an end lower bound, and whether long samples need their own scan.
    static func scanStart(
        _ bounds: TimeBounds, typeID: Int64, _ db: Database
    ) throws -> (start: Double, needsLong: Bool) {
        guard bounds.endLowerBound > -.infinity else { return (bounds.startLowerBound, false) }
        let longest =
            try Double.fetchOne(
                db.cachedStatement(sql: "SELECT longest_short_duration FROM type_extents WHERE type_id = ?"),
                arguments: [typeID]) ?? 0
        let widened = bounds.endLowerBound - longest
        if widened <= bounds.startLowerBound { return (bounds.startLowerBound, false) }
        return (widened, true)
    }

    public func candidates(of type: SampleType, within bounds: TimeBounds) throws -> [StoredSample] {
        try candidates(of: type, within: bounds, matching: .all)
    }

    public func candidates(
        of type: SampleType, within bounds: TimeBounds, matching predicate: SamplePredicate
    ) throws -> [StoredSample] {
        guard !bounds.isEmpty,
            let typeID = catalogSnapshot().typeIDs[type.identifier]
                ?? (try? read("looking up a type") { db in
                    try Int64.fetchOne(
                        db, sql: "SELECT id FROM sample_types WHERE identifier = ?", arguments: [type.identifier])
                }) ?? nil
        else { return [] }
        let (conditions, arguments) = SQLiteMetadataFilter.conditions(for: predicate)
        return try read("reading samples of \(type.identifier)") { db in
            let (scanStart, needsLong) = try SQLiteStorage.scanStart(bounds, typeID: typeID, db)
            var result: [StoredSample] = []
            var seen: Set<Int64>? = needsLong ? [] : nil
            let filter =
                "type_id = ?1 AND start_time >= ?2 AND start_time < ?3 AND end_time >= ?4 AND end_time < ?5"
                + conditions
            func run(_ sql: String, from start: Double) throws {
                let statement = try SQLiteStorage.windowStatement(
                    db, sql, purpose: "reading samples of \(type.identifier)", typeID: typeID, from: start, bounds)
                for (offset, argument) in arguments.enumerated() { argument.bind(to: statement, at: Int32(6 + offset)) }
                try collect(statement, db, into: &result, skipping: &seen)
            }
            try run(
                "SELECT \(SQLiteStorage.sampleColumns) FROM samples INDEXED BY samples_by_type_start WHERE \(filter)",
                from: scanStart)
            if needsLong {
                try run(
                    """
                    SELECT \(SQLiteStorage.sampleColumns) FROM samples INDEXED BY samples_long_by_type_end
                    WHERE end_time - start_time > 86400 AND \(filter)
                    """, from: bounds.startLowerBound)
            }
            if !result.isSortedBySequence { result.sort { $0.sequence < $1.sequence } }
            return result
        }
    }

    public func typeSummaries() throws -> [TypeSummary] {
        try read("summarizing sample types") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT t.identifier, s.count, s.first, s.last FROM sample_types t JOIN (
                        SELECT type_id, count(*) AS count, min(start_time) AS first, max(end_time) AS last FROM samples GROUP BY type_id
                    ) s ON s.type_id = t.id ORDER BY t.identifier
                    """)
            return try rows.map { row in
                let identifier: String = row[0]
                guard let type = try? SampleType.named(identifier) else {
                    throw HealthStoreError.corruptStore("sample_types: unknown type identifier \(identifier)")
                }
                return TypeSummary(
                    type: type, count: row[1], firstStart: Date(timeIntervalSinceReferenceDate: row[2]),
                    lastEnd: Date(timeIntervalSinceReferenceDate: row[3]))
            }
        }
    }

    public func storedSamples(withUUIDs uuids: Set<UUID>) throws -> [StoredSample] {
        guard !uuids.isEmpty else { return [] }
        return try read("reading samples by uuid") { db in
            let statement = try SQLiteRawStatement(
                db, "SELECT \(SQLiteStorage.sampleColumns) FROM samples WHERE uuid = ?",
                purpose: "reading a sample by uuid")
            var result: [StoredSample] = []
            var seen: Set<Int64>?
            for uuid in uuids {
                statement.reset()
                statement.bind(1, uuid)
                try collect(statement, db, into: &result, skipping: &seen)
            }
            result.sort { $0.sequence < $1.sequence }
            return result
        }
    }
    // MARK: Relations

    public func correlationMembers(among uuids: [UUID]) throws -> Set<UUID> {
        guard !uuids.isEmpty else { return [] }
        return try read("reading correlation members") { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM correlation_members)") == true else {
                return []
            }
            let statement = try SQLiteRawStatement(
                db, "SELECT 1 FROM correlation_members WHERE member_uuid = ? LIMIT 1",
                purpose: "reading correlation members")
            var members = Set<UUID>()
            for uuid in uuids {
                statement.reset()
                statement.bind(1, uuid)
                if try statement.step() { members.insert(uuid) }
            }
            return members
        }
    }

    public func samplesAssociated(withWorkout workout: UUID) throws -> Set<UUID> {
        try read("reading workout associations") { db in
            let statement = try SQLiteRawStatement(
                db,
                """
                SELECT a.sample_uuid FROM workout_associations a JOIN samples s ON s.sequence = a.workout WHERE s.uuid = ?
                """, purpose: "reading workout associations")
            statement.bind(1, workout)
            var result = Set<UUID>()
            while try statement.step() { if let uuid = statement.uuid(0) { result.insert(uuid) } }
            return result
        }
    }
}

extension Array where Element == StoredSample {
    /// Whether the samples are in increasing sequence order.
    fileprivate var isSortedBySequence: Bool {
        var previous = Int64.min
        for element in self {
            if element.sequence < previous { return false }
            previous = element.sequence
        }
        return true
    }
}
