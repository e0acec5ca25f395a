import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// The store of one person in a PostgreSQL database shared by many people (through postgres-nio's pooled client).
///
/// Every row it writes carries the person, and every query names the person first, so that the database can be
/// distributed by person. It answers as `SQLiteStorage` does (the shared store tests run on both). A commit is one
/// transaction that first locks the person's row in `people`: the person's writers go one at a time, and change
/// sequence numbers are taken from that row, so their order is the order in which the person's commits become
/// visible, and an anchored reader can never pass a change that commits later (see docs/decisions/postgres.md).
/// Calls block the calling thread until the database answers (see `PostgresStoreClient`).
public final class PostgresStorage: HealthStorage {
    /// The database connection pool.
    public let database: PostgresStoreClient
    /// Whose store this is.
    public let person: String
    private let retention: ChangeLogRetention
    private let catalog: Mutex<PostgresCatalog>

    /// The columns kept in memory, by type id.
    private let columnState: Mutex<ColumnCachePolicy>

    /// The default smallest column answer that makes the storage keep a type's columns in memory (as
    /// `SQLiteStorage.columnCacheThreshold`): at once when the answer is the whole type, otherwise on the second such
    /// question. A cache answers only while the person's latest sequence is the one it was read at (one primary-key
    /// read a query), so a commit through any server is never missed. `Int.max` keeps none.
    public static let columnCacheThreshold = ColumnCachePolicy.defaultThreshold
    /// Called inside every transaction after its first statement (tests widen the windows where commits and reads
    /// overlap with it); nil in normal use.
    private let pauseInsideTransactions: (@Sendable () async -> Void)?

    private var client: PostgresClient { database.client }
    var logger: Logger { database.logger }

    /// The store of `person` in the database (made on first use), with a retention for the change log's deletions.
    public convenience init(
        client database: PostgresStoreClient, person: String, retention: ChangeLogRetention = .forever,
        columnCacheThreshold: Int = PostgresStorage.columnCacheThreshold
    ) throws {
        try self.init(
            client: database, person: person, retention: retention, columnCacheThreshold: columnCacheThreshold,
            pauseInsideTransactions: PostgresStorage.randomPause(upTo: database.maximumTransactionPause))
    }

    /// A pause of a random length up to `longest`, nil for zero.
    static func randomPause(upTo longest: Duration) -> (@Sendable () async -> Void)? {
        guard longest > .zero else { return nil }
        let nanoseconds = longest.components.seconds * 1_000_000_000 + longest.components.attoseconds / 1_000_000_000
        return { try? await Task.sleep(nanoseconds: UInt64.random(in: 0...UInt64(nanoseconds))) }
    }

    /// A storage that calls `pauseInsideTransactions` inside each transaction (for tests of concurrent use).
    init(
        client database: PostgresStoreClient, person: String, retention: ChangeLogRetention,
        columnCacheThreshold: Int = PostgresStorage.columnCacheThreshold, pauseInsideTransactions: (@Sendable () async -> Void)?
    ) throws {
        self.pauseInsideTransactions = pauseInsideTransactions
        columnState = Mutex(ColumnCachePolicy(threshold: columnCacheThreshold))
        guard !person.isEmpty, person.utf8.count <= 200 else {
            throw HealthStoreError.storeUnavailable(path: database.location, reason: "a person identifier has 1 to 200 bytes")
        }
        self.database = database
        self.person = person
        self.retention = retention
        catalog = Mutex(PostgresCatalog())
        _ = try database.blocking("creating the store of \(person)") { [client = database.client, logger = database.logger] in
            try await client.query("INSERT INTO people (person) VALUES (\(person)) ON CONFLICT DO NOTHING", logger: logger)
        }
    }

    /// The names of the migrations this version applies, oldest first.
    public static var knownMigrations: [String] { PostgresSchema.migrationNames }

    /// The names of the migrations applied to the database, oldest first.
    public func appliedMigrations() throws -> [String] {
        try database.blocking("reading the applied migrations") { [client, logger] in try await PostgresSchema.appliedMigrations(client, logger: logger) }
    }

    /// The number of samples stored for this person.
    public func sampleCount() throws -> Int {
        try database.blocking("counting samples") { [client, logger, person] in
            var count = 0
            for try await value in try await client.query("SELECT count(*) FROM samples WHERE person = \(person)", logger: logger).decode(Int.self) {
                count = value
            }
            return count
        }
    }

    // MARK: Transactions

    enum Isolation: String {
        case readCommitted = "READ COMMITTED"
        /// One snapshot for the whole read.
        case snapshot = "REPEATABLE READ, READ ONLY"
    }

    /// Runs `body` in a transaction on one pooled connection; rolls back when it throws.
    func transaction<T: Sendable>(_ isolation: Isolation, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "BEGIN ISOLATION LEVEL \(isolation.rawValue)"), logger: logger)
            do {
                let value = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return value
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// Runs a query and collects its rows.
    func rows(_ query: PostgresQuery, on connection: PostgresConnection? = nil) async throws -> [PostgresRow] {
        let sequence: PostgresRowSequence
        if let connection { sequence = try await connection.query(query, logger: logger) } else { sequence = try await client.query(query, logger: logger) }
        return try await sequence.collect()
    }

    /// Runs a query and collects its one column decoded as `Column`.
    func column<Column: PostgresDecodable & Sendable>(
        _ query: PostgresQuery, on connection: PostgresConnection? = nil, as type: Column.Type
    ) async throws -> [Column] {
        let sequence: PostgresRowSequence
        if let connection { sequence = try await connection.query(query, logger: logger) } else { sequence = try await client.query(query, logger: logger) }
        var result: [Column] = []
        for try await row in sequence {
            result.append(try row.decode(Column.self))
        }
        return result
    }

    /// Bindings from values in order.
    func bindings(_ values: any PostgresDynamicTypeEncodable & Sendable...) -> PostgresBindings {
        var result = PostgresBindings(capacity: values.count)
        for value in values { result.append(value, context: .default) }
        return result
    }

    // MARK: Catalog

    /// The id of each type, adding the types not yet known to the shared vocabulary (outside any commit: a type row
    /// is never removed, so a rolled-back commit leaves nothing wrong behind).
    private func typeIDs(for types: Set<SampleType>) async throws -> [SampleType: Int32] {
        var known = catalog.withLock { catalog in types.compactMap { type in catalog.typeIDs[type.identifier].map { (type, $0) } } }
        if known.count < types.count {
            let missing = types.filter { type in !known.contains { $0.0 == type } }.map(\.identifier).sorted()
            try await client.query(
                "INSERT INTO sample_types (identifier) SELECT unnest(\(missing)::text[]) ON CONFLICT DO NOTHING", logger: logger)
            try await reloadTypes()
            known = try catalog.withLock { catalog in
                try types.map { type in
                    guard let id = catalog.typeIDs[type.identifier] else { throw HealthStoreError.corruptStore("sample type \(type.identifier) was not added") }
                    return (type, id)
                }
            }
        }
        return Dictionary(uniqueKeysWithValues: known)
    }

    /// The id of a type already stored, or nil.
    private func existingTypeID(_ type: SampleType) async throws -> Int32? {
        if let id = catalog.withLock({ $0.typeIDs[type.identifier] }) { return id }
        try await reloadTypes()
        return catalog.withLock { $0.typeIDs[type.identifier] }
    }

    private func reloadTypes() async throws {
        let rows = try await rows("SELECT id, identifier FROM sample_types").map { try $0.decode((Int32, String).self) }
        catalog.withLock { catalog in
            for (id, identifier) in rows {
                catalog.typeIDs[identifier] = id
                catalog.types[id] = try? SampleType.named(identifier)
            }
        }
    }

    /// The type of a type id.
    func type(ofID id: Int32) async throws -> SampleType {
        if let type = catalog.withLock({ $0.types[id] }) { return type }
        try await reloadTypes()
        guard let type = catalog.withLock({ $0.types[id] }) else { throw HealthStoreError.corruptStore("unknown sample type id \(id)") }
        return type
    }

    /// Reads this person's source entries into the catalog.
    private func reloadSourceEntries(on connection: PostgresConnection? = nil) async throws -> PostgresCatalog {
        let rows = try await rows(
            "SELECT id, name, bundle_identifier, product_type FROM source_entries WHERE person = \(person)", on: connection).map { try $0.decode((Int64, String, String, String?).self) }
        return catalog.withLock { catalog in
            for (id, name, bundleIdentifier, productType) in rows {
                catalog.addSourceEntry(id: id, source: Source(name: name, bundleIdentifier: bundleIdentifier), productType: productType)
            }
            return catalog
        }
    }

    /// The source entry id of each (source, product type) pair, adding those not stored yet (inside the commit: the
    /// entries belong to the person, whose row lock the commit holds).
    private func sourceEntryIDs(for keys: Set<SourceEntryKey>, on connection: PostgresConnection) async throws -> [SourceEntryKey: Int64] {
        var known = catalog.withLock { catalog in keys.compactMap { key in catalog.sourceEntryIDs[key].map { (key, $0) } } }
        if known.count < keys.count {
            let missing = keys.filter { key in !known.contains { $0.0 == key } }
            try await connection.query("""
                INSERT INTO source_entries (person, name, bundle_identifier, product_type)
                SELECT \(person), e.name, e.bundle_identifier, CASE WHEN e.has_product_type THEN e.product_type END
                FROM unnest(\(missing.map(\.name))::text[], \(missing.map(\.bundleIdentifier))::text[],
                            \(missing.map { $0.productType != nil })::bool[], \(missing.map { $0.productType ?? "" })::text[])
                    AS e(name, bundle_identifier, has_product_type, product_type)
                ON CONFLICT DO NOTHING
                """, logger: logger)
            let reloaded = try await reloadSourceEntries(on: connection)
            known = try keys.map { key in
                guard let id = reloaded.sourceEntryIDs[key] else { throw HealthStoreError.corruptStore("source entry \(key) was not added") }
                return (key, id)
            }
        }
        return Dictionary(uniqueKeysWithValues: known)
    }

    // MARK: Writing

    /// A stored row about to be deleted.
    private struct DeletedRow: CommitRow {
        let sequence: Int64
        let uuid: UUID
        let syncVersion: Double?
        var id: Int64 { sequence }
    }

    /// Answers the commit planner from two queries made before planning: the stored rows of every uuid the commit
    /// names, and the latest row of every sync key its samples carry.
    private struct Lookup: CommitLookup {
        var storedRows: [UUID: DeletedRow] = [:]
        var syncRows: [SyncKey: DeletedRow] = [:]

        func storedRow(withUUID uuid: UUID) -> DeletedRow? { storedRows[uuid] }
        func latestRow(with key: SyncKey) -> DeletedRow? { syncRows[key] }
    }

    public func commit(inserting samples: [Sample], deleting uuids: [UUID]) throws -> CommitResult {
        let now = retention.clock?()
        let cutoff = retention.expiryCutoff()
        return try database.blocking("committing \(samples.count) insertions and \(uuids.count) deletions") { [self] in
            let typeIDs = try await typeIDs(for: Set(samples.map(\.type)))
            let rows = try PostgresRowBuilder.rows(for: samples)
            return try await transaction(.readCommitted) { connection in
                try await commit(samples, rows, uuids, typeIDs: typeIDs, now: now, cutoff: cutoff, on: connection)
            }
        }
    }

    private func commit(
        _ samples: [Sample], _ built: [PostgresRowBuilder.Row], _ uuids: [UUID], typeIDs: [SampleType: Int32], now: Date?, cutoff: Date?,
        on connection: PostgresConnection
    ) async throws -> CommitResult {
        // The person's row lock: from here on no other commit of this person runs until this one ends.
        guard let (previous, _) = try await connection.execute(LockPersonStatement(person: person), logger: logger).collected().first else {
            throw HealthStoreError.corruptStore("the person \(person) has no row in people")
        }
        var sequence = previous

        // What is stored among the uuids to delete and to insert (read after the lock, so it is current).
        var lookup = Lookup()
        let asked = uuids + samples.map(\.uuid)
        if !asked.isEmpty {
            for try await (uuid, rowSequence, _, _, version) in try await connection.execute(
                StoredRowsStatement(person: person, uuids: asked), logger: logger) {
                lookup.storedRows[uuid] = DeletedRow(sequence: rowSequence, uuid: uuid, syncVersion: version)
            }
        }
        // The latest stored row of each sync key the samples carry.
        let keys = CommitPlanner.syncKeys(of: samples)
        if !keys.isEmpty {
            let statement = SyncRowsStatement(
                person: person, bundleIdentifiers: keys.map(\.bundleIdentifier), syncIdentifiers: keys.map(\.syncIdentifier))
            for try await (bundleIdentifier, syncIdentifier, uuid, rowSequence, _, version) in try await connection.execute(statement, logger: logger) {
                lookup.syncRows[SyncKey(bundleIdentifier: bundleIdentifier, syncIdentifier: syncIdentifier)] =
                    DeletedRow(sequence: rowSequence, uuid: uuid, syncVersion: version)
            }
        }

        let plan = try CommitPlanner.plan(inserting: samples, deleting: uuids, lookup: lookup)
        try plan.throwViolation()
        if let uuid = plan.firstReusedUUID(isStored: { lookup.storedRows[$0] != nil }) { throw HealthStoreError.duplicateObject(uuid) }
        let accepted = plan.acceptedBatchIndexes, deletedRows = plan.deletions, ignored = plan.ignored

        // Deletions first, then insertions, each taking the next sequence number.
        if !deletedRows.isEmpty {
            let sequences = deletedRows.indices.map { sequence + 1 + Int64($0) }
            sequence += Int64(deletedRows.count)
            _ = try await connection.execute(DeleteSamplesStatement(
                person: person, insertedSequences: deletedRows.map(\.sequence), sequences: sequences,
                deletedAt: now?.timeIntervalSinceReferenceDate), logger: logger)
        }
        if !accepted.isEmpty {
            let entryKeys = Set(accepted.compactMap { built[$0].sourceEntry })
            let entryIDs = try await sourceEntryIDs(for: entryKeys, on: connection)
            var statement = InsertSamplesStatement(person: person)
            var members = (correlations: [Int64](), uuids: [UUID]())
            var longest: [Int32: Double] = [:]
            statement.rows.reserve(accepted.count)
            for index in accepted {
                sequence += 1
                let sample = samples[index], row = built[index]
                guard let typeID = typeIDs[sample.type] else { throw HealthStoreError.corruptStore("no id for type \(sample.type.identifier)") }
                statement.rows.append(row, sequence: sequence, typeID: typeID, sourceEntry: row.sourceEntry.flatMap { entryIDs[$0] } ?? 0)
                if row.end - row.start <= 86400 { longest[typeID] = max(longest[typeID] ?? 0, row.end - row.start) }
                for member in sample.correlatedObjects ?? [] {
                    members.correlations.append(sequence)
                    members.uuids.append(member.uuid)
                }
            }
            if accepted.count >= PostgresSampleCopy.threshold {
                try await PostgresSampleCopy.copy(statement.rows, person: person, on: connection, logger: logger)
            } else {
                _ = try await connection.execute(statement, logger: logger)
            }
            if !members.uuids.isEmpty {
                _ = try await connection.execute(
                    InsertCorrelationMembersStatement(person: person, correlations: members.correlations, members: members.uuids), logger: logger)
            }
            let extents = longest.sorted { $0.key < $1.key }
            _ = try await connection.execute(
                UpdateExtentsStatement(person: person, typeIDs: extents.map(\.key), durations: extents.map(\.value)), logger: logger)
        }
        _ = try await connection.execute(SetLatestSequenceStatement(person: person, sequence: sequence), logger: logger)
        if sequence > previous {
            // Delivered when (and only if) the transaction commits: other servers wake their observers of the person.
            _ = try await connection.execute(NotifyCommitStatement(person: person, sequence: sequence), logger: logger).collected()
        }
        if let cutoff {
            _ = try await connection.execute(ExpireDeletionsStatement(person: person, cutoff: cutoff.timeIntervalSinceReferenceDate), logger: logger).collected()
        }
        await pauseInsideTransactions?()
        return CommitResult(
            inserted: plan.accepted, deleted: deletedRows.map(\.uuid), ignored: ignored, latestSequence: sequence)
    }

    // MARK: Reading samples

    /// A sample from its stored bytes.
    private func sample(_ bytes: ByteBuffer, sequence: Int64) throws -> Sample {
        do {
            return try SampleDetailCoding.sample(from: Array(bytes.readableBytesView))
        } catch {
            throw HealthStoreError.corruptStore("sample \(sequence) of \(person): \(error)")
        }
    }

    private func window(_ typeID: Int32, _ bounds: TimeBounds) -> WindowBindings {
        WindowBindings(
            person: person, typeID: typeID, startLowerBound: bounds.startLowerBound, startUpperBound: bounds.startUpperBound,
            endLowerBound: bounds.endLowerBound, endUpperBound: bounds.endUpperBound)
    }

    public func candidates(of type: SampleType, within bounds: TimeBounds) throws -> [StoredSample] {
        guard !bounds.isEmpty else { return [] }
        return try database.blocking("reading samples of \(type.identifier)") { [self] in
            guard let typeID = try await existingTypeID(type) else { return [] }
            var result: [StoredSample] = []
            for try await (sequence, bytes) in try await client.execute(CandidatesStatement(window: window(typeID, bounds)), logger: logger) {
                result.append(StoredSample(sequence: sequence, sample: try sample(bytes, sequence: sequence)))
            }
            return result
        }
    }

    public func quantityColumns(of type: SampleType, within bounds: TimeBounds) throws -> QuantityColumns? {
        guard type.kind == .quantity else { return nil }
        if bounds.isEmpty { return QuantityColumns() }
        return try database.blocking("reading columns of \(type.identifier)") { [self] () -> QuantityColumns? in
            guard let typeID = try await existingTypeID(type) else { return QuantityColumns() }
            return try await transaction(.snapshot) { connection -> QuantityColumns? in
                let latest = try await counters(on: connection).latest
                // A cache not current (a commit came since, through any server) is dropped.
                if let cached = columnState.withLock({ $0.current(Int64(typeID), at: latest) }) { return cached.rows(within: bounds) }
                guard let columns = try await readColumns(typeID, bounds, on: connection) else { return nil }
                switch columnState.withLock({ $0.step(after: columns.count, of: Int64(typeID), within: bounds) }) {
                case .answer:
                    break
                case .keepAnswer:
                    columnState.withLock { $0.caches[Int64(typeID)] = QuantityColumnCache(columns: columns, sequence: latest) }
                case .readWholeType:
                    // Asked again: reading the whole type once now makes the next queries memory scans.
                    if let whole = try await readColumns(typeID, .unbounded, on: connection) {
                        columnState.withLock { $0.caches[Int64(typeID)] = QuantityColumnCache(columns: whole, sequence: latest) }
                    }
                }
                return columns
            }
        }
    }

    /// The columns of a type within bounds from the database, or nil when a series sample is among them.
    private func readColumns(_ typeID: Int32, _ bounds: TimeBounds, on connection: PostgresConnection) async throws -> QuantityColumns? {
        let rows = try await connection.execute(ColumnsStatement(window: window(typeID, bounds)), logger: logger).collected()
        guard let (series, starts, ends, values, sourceEntries, sequences, userEntered) = rows.first else { return QuantityColumns() }
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
                guard let (source, productType) = entries.sourceEntries[entry] else {
                    throw HealthStoreError.corruptStore("unknown source entry \(entry) of \(person)")
                }
                let index = Int32(columns.sources.count)
                columns.sources.append(source)
                columns.productTypes.append(productType)
                indexByEntry[entry] = index
                columns.sourceIndexes.append(index)
            }
        }
        return columns
    }

    public func typeSummaries() throws -> [TypeSummary] {
        try database.blocking("summarizing sample types") { [self] in
            let rows = try await rows("""
                SELECT t.identifier, s.count, s.first, s.last FROM sample_types t JOIN (
                    SELECT type_id, count(*) AS count, min(start_time) AS first, max(end_time) AS last FROM samples
                    WHERE person = \(person) GROUP BY type_id
                ) s ON s.type_id = t.id ORDER BY t.identifier COLLATE "C"
                """).map { try $0.decode((String, Int, Double, Double).self) }
            return try rows.map { identifier, count, first, last in
                guard let type = try? SampleType.named(identifier) else {
                    throw HealthStoreError.corruptStore("sample_types: unknown type identifier \(identifier)")
                }
                return TypeSummary(
                    type: type, count: count, firstStart: Date(timeIntervalSinceReferenceDate: first),
                    lastEnd: Date(timeIntervalSinceReferenceDate: last))
            }
        }
    }

    public func storedSamples(withUUIDs uuids: Set<UUID>) throws -> [StoredSample] {
        guard !uuids.isEmpty else { return [] }
        return try database.blocking("reading samples by uuid") { [self] in
            var result: [StoredSample] = []
            for try await (sequence, bytes) in try await client.execute(SamplesByUUIDStatement(person: person, uuids: Array(uuids)), logger: logger) {
                result.append(StoredSample(sequence: sequence, sample: try sample(bytes, sequence: sequence)))
            }
            return result
        }
    }

    public func storedSequences(withUUIDs uuids: Set<UUID>) throws -> [UUID: Int64] {
        guard !uuids.isEmpty else { return [:] }
        return try database.blocking("looking up samples by uuid") { [self] in
            var result: [UUID: Int64] = [:]
            for try await (uuid, sequence, _, _, _) in try await client.execute(StoredRowsStatement(person: person, uuids: Array(uuids)), logger: logger) {
                result[uuid] = sequence
            }
            return result
        }
    }

    // MARK: Relations

    public func correlationMembers(among uuids: [UUID]) throws -> Set<UUID> {
        guard !uuids.isEmpty else { return [] }
        return try database.blocking("reading correlation members") { [self] in
            Set(try await column(
                "SELECT DISTINCT member_uuid FROM correlation_members WHERE person = \(person) AND member_uuid = ANY(\(uuids)::uuid[])",
                as: UUID.self))
        }
    }

    public func samplesAssociated(withWorkout workout: UUID) throws -> Set<UUID> {
        try database.blocking("reading workout associations") { [self] in
            Set(try await column("""
                SELECT a.sample_uuid FROM workout_associations a JOIN samples s ON s.person = a.person AND s.sequence = a.workout
                WHERE s.person = \(person) AND s.uuid = \(workout)
                """, as: UUID.self))
        }
    }

    public func associate(_ samples: [UUID], withWorkout workout: UUID) throws {
        try database.blocking("associating samples with workout \(workout)") { [self] in
            try await transaction(.readCommitted) { connection in
                let found = try await rows("""
                    SELECT s.sequence, t.identifier FROM samples s JOIN sample_types t ON t.id = s.type_id
                    WHERE s.person = \(person) AND s.uuid = \(workout)
                    """, on: connection).map { try $0.decode((Int64, String).self) }
                guard let (sequence, identifier) = found.first, (try? SampleType.named(identifier))?.kind == .workout else {
                    throw HealthStoreError.objectNotFound(workout)
                }
                let stored = Set(try await column(
                    "SELECT uuid FROM samples WHERE person = \(person) AND uuid = ANY(\(samples)::uuid[])", on: connection, as: UUID.self))
                if let missing = samples.first(where: { !stored.contains($0) }) { throw HealthStoreError.objectNotFound(missing) }
                try await connection.query("""
                    INSERT INTO workout_associations (person, workout, sample_uuid)
                    SELECT \(person), \(sequence), unnest(\(samples)::uuid[]) ON CONFLICT DO NOTHING
                    """, logger: logger)
            }
        }
    }

    // MARK: Change log

    private func counters(on connection: PostgresConnection? = nil) async throws -> (latest: Int64, horizon: Int64) {
        let statement = ReadPersonStatement(person: person)
        let rows: [ReadPersonStatement.Row]
        if let connection { rows = try await connection.execute(statement, logger: logger).collected() } else {
            rows = try await client.execute(statement, logger: logger).collected()
        }
        guard let (latest, horizon) = rows.first else { throw HealthStoreError.corruptStore("the person \(person) has no row in people") }
        return (latest, horizon)
    }

    public func latestSequence() throws -> Int64 {
        try database.blocking("reading the latest sequence") { [self] in try await counters().latest }
    }

    public func changeHorizon() throws -> Int64 {
        try database.blocking("reading the change horizon") { [self] in try await counters().horizon }
    }

    @discardableResult
    public func expireDeletions() throws -> Int {
        guard let cutoff = retention.expiryCutoff() else { return 0 }
        return try database.blocking("forgetting old deletions") { [self] in
            try await transaction(.readCommitted) { connection in
                _ = try await connection.execute(LockPersonStatement(person: person), logger: logger).collected()
                let rows = try await connection.execute(
                    ExpireDeletionsStatement(person: person, cutoff: cutoff.timeIntervalSinceReferenceDate), logger: logger).collected()
                return Int(rows.first?.0 ?? 0)
            }
        }
    }

    /// The ranges of sequence numbers a read of the log walks: (after, latest] in ranges of at least 10,000 numbers.
    private static func ranges(after sequence: Int64, latest: Int64, limit: Int) -> StrideTo<Int64> {
        stride(from: sequence, to: latest, by: Int64.Stride(max(limit, 10_000)))
    }

    public func changes(after sequence: Int64, limit: Int) throws -> [Change] {
        try database.blocking("reading changes after \(sequence)") { [self] in
            try await transaction(.snapshot) { connection in
                let (latest, horizon) = try await counters(on: connection)
                await pauseInsideTransactions?()
                try ChangeLogRetention.checkAnchor(sequence, horizon: horizon)
                var changes: [Change] = []
                let step = Int64(max(limit, 10_000))
                for after in PostgresStorage.ranges(after: sequence, latest: latest, limit: limit) {
                    let statement = ChangesStatement(person: person, after: after, through: min(latest, after + step))
                    for (changeSequence, deleted, uuid, typeID, syncIdentifier, syncVersion) in try await connection.execute(statement, logger: logger).collected() {
                        changes.append(Change(
                            sequence: changeSequence, kind: deleted ? .deleted : .inserted, uuid: uuid, type: try await type(ofID: typeID),
                            syncIdentifier: syncIdentifier, syncVersion: syncVersion))
                        if limit > 0, changes.count == limit { return changes }
                    }
                }
                return changes
            }
        }
    }

    public func changedObjects(after sequence: Int64, of types: Set<SampleType>?, limit: Int) throws -> ChangePage {
        try database.blocking("reading changed objects after \(sequence)") { [self] in
            var typeIDs: [Int32]?
            if let types {
                var ids: [Int32] = []
                for type in types { if let id = try await existingTypeID(type) { ids.append(id) } }
                typeIDs = ids
            }
            // One snapshot: the page and its end position agree, and a commit is either wholly in it or not at all.
            return try await transaction(.snapshot) { connection in
                let (latest, horizon) = try await counters(on: connection)
                await pauseInsideTransactions?()
                try ChangeLogRetention.checkAnchor(sequence, horizon: horizon)
                if let typeIDs, typeIDs.isEmpty { return ChangePage(objects: [], endSequence: max(sequence, latest)) }
                var objects: [ChangedObject] = []
                let step = Int64(max(limit, 10_000))
                for after in PostgresStorage.ranges(after: sequence, latest: latest, limit: limit) {
                    let through = min(latest, after + step)
                    // Each read to its end before the next (a connection serves one statement at a time), then merged.
                    let insertions = try await connection.execute(
                        InsertedAfterStatement(person: person, after: after, typeIDs: typeIDs, through: through), logger: logger).collected()
                    let deletions = try await connection.execute(
                        DeletedAfterStatement(person: person, after: after, typeIDs: typeIDs, through: through), logger: logger).collected()
                    var nextInsertion = 0, nextDeletion = 0
                    while nextInsertion < insertions.count || nextDeletion < deletions.count {
                        if nextInsertion < insertions.count, nextDeletion == deletions.count || insertions[nextInsertion].0 < deletions[nextDeletion].0 {
                            let (changeSequence, bytes, syncIdentifier, syncVersion) = insertions[nextInsertion]
                            let sample = try sample(bytes, sequence: changeSequence)
                            objects.append(ChangedObject(
                                change: Change(sequence: changeSequence, kind: .inserted, uuid: sample.uuid, type: sample.type,
                                               syncIdentifier: syncIdentifier, syncVersion: syncVersion),
                                sample: sample))
                            nextInsertion += 1
                        } else {
                            let (changeSequence, uuid, typeID, syncIdentifier, syncVersion, bytes) = deletions[nextDeletion]
                            objects.append(ChangedObject(
                                change: Change(sequence: changeSequence, kind: .deleted, uuid: uuid, type: try await type(ofID: typeID),
                                               syncIdentifier: syncIdentifier, syncVersion: syncVersion),
                                sample: try sample(bytes, sequence: changeSequence)))
                            nextDeletion += 1
                        }
                        if limit > 0, objects.count == limit {
                            return ChangePage(objects: objects, endSequence: objects[objects.count - 1].change.sequence)
                        }
                    }
                }
                return ChangePage(objects: objects, endSequence: max(sequence, latest))
            }
        }
    }

    // MARK: Source orders

    public func sourceOrder(for type: SampleType) throws -> [String]? {
        try database.blocking("reading the source order of \(type.identifier)") { [self] in
            try await column("""
                SELECT o.bundle_identifiers FROM source_orders o JOIN sample_types t ON t.id = o.type_id
                WHERE o.person = \(person) AND t.identifier = \(type.identifier)
                """, as: [String].self).first
        }
    }

    public func setSourceOrder(_ bundleIdentifiers: [String]?, for type: SampleType) throws {
        try database.blocking("setting the source order of \(type.identifier)") { [self] in
            let typeID = try await typeIDs(for: [type])[type]!
            if let bundleIdentifiers {
                try await client.query("""
                    INSERT INTO source_orders (person, type_id, bundle_identifiers) VALUES (\(person), \(typeID), \(bundleIdentifiers)::text[])
                    ON CONFLICT (person, type_id) DO UPDATE SET bundle_identifiers = excluded.bundle_identifiers
                    """, logger: logger)
            } else {
                try await client.query("DELETE FROM source_orders WHERE person = \(person) AND type_id = \(typeID)", logger: logger)
            }
        }
    }

    // MARK: Background delivery

    public func backgroundDeliveries(of bundleIdentifier: String) throws -> [BackgroundDeliverySubscription] {
        try database.blocking("reading the background deliveries of \(bundleIdentifier)") { [self] in
            try await rows("""
                SELECT t.identifier, b.frequency, b.last_notified, b.missed_acknowledgements, b.suspended
                FROM background_deliveries b JOIN sample_types t ON t.id = b.type_id
                WHERE b.person = \(person) AND b.bundle_identifier = \(bundleIdentifier) ORDER BY t.identifier COLLATE "C"
                """).map { try $0.decode((String, Int, Double?, Int, Bool).self) }.map { identifier, frequency, last, missed, suspended in
                guard let type = try? SampleType.named(identifier), let frequency = UpdateFrequency(rawValue: frequency) else {
                    throw HealthStoreError.corruptStore("background delivery of \(bundleIdentifier): unknown type \(identifier) or frequency")
                }
                return BackgroundDeliverySubscription(
                    bundleIdentifier: bundleIdentifier, type: type, frequency: frequency,
                    lastNotified: last.map(Date.init(timeIntervalSinceReferenceDate:)), missedAcknowledgements: missed, suspended: suspended)
            }
        }
    }

    public func saveBackgroundDelivery(_ subscription: BackgroundDeliverySubscription) throws {
        try database.blocking("saving the background delivery of \(subscription.bundleIdentifier) for \(subscription.type.identifier)") { [self] in
            let typeID = try await typeIDs(for: [subscription.type])[subscription.type]!
            try await client.query("""
                INSERT INTO background_deliveries
                    (person, bundle_identifier, type_id, frequency, last_notified, missed_acknowledgements, suspended)
                VALUES (\(person), \(subscription.bundleIdentifier), \(typeID), \(subscription.frequency.rawValue),
                        \(subscription.lastNotified?.timeIntervalSinceReferenceDate)::float8, \(subscription.missedAcknowledgements), \(subscription.suspended))
                ON CONFLICT (person, bundle_identifier, type_id) DO UPDATE SET frequency = excluded.frequency,
                    last_notified = excluded.last_notified, missed_acknowledgements = excluded.missed_acknowledgements,
                    suspended = excluded.suspended
                """, logger: logger)
        }
    }

    public func removeBackgroundDeliveries(of bundleIdentifier: String, types: Set<SampleType>?) throws {
        try database.blocking("removing background deliveries of \(bundleIdentifier)") { [self] in
            if let types {
                try await client.query("""
                    DELETE FROM background_deliveries WHERE person = \(person) AND bundle_identifier = \(bundleIdentifier)
                    AND type_id IN (SELECT id FROM sample_types WHERE identifier = ANY(\(types.map(\.identifier))::text[]))
                    """, logger: logger)
            } else {
                try await client.query(
                    "DELETE FROM background_deliveries WHERE person = \(person) AND bundle_identifier = \(bundleIdentifier)", logger: logger)
            }
        }
    }
}
