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
    let retention: ChangeLogRetention
    let catalog: Mutex<PostgresCatalog>

    /// The columns kept in memory, by type id.
    let columnState: Mutex<ColumnCachePolicy>

    /// The default smallest column answer that makes the storage keep a type's columns in memory (as
    /// `SQLiteStorage.columnCacheThreshold`): at once when the answer is the whole type, otherwise on the second such
    /// question. A cache answers only while the person's latest sequence is the one it was read at (one primary-key
    /// read a query), so a commit through any server is never missed. `Int.max` keeps none.
    public static let columnCacheThreshold = ColumnCachePolicy.defaultThreshold
    /// Called inside every transaction after its first statement (tests widen the windows where commits and reads
    /// overlap with it); nil in normal use.
    let pauseInsideTransactions: (@Sendable () async -> Void)?

    var client: PostgresClient { database.client }
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
        columnCacheThreshold: Int = PostgresStorage.columnCacheThreshold,
        pauseInsideTransactions: (@Sendable () async -> Void)?
    ) throws {
        self.pauseInsideTransactions = pauseInsideTransactions
        columnState = Mutex(ColumnCachePolicy(threshold: columnCacheThreshold))
        guard !person.isEmpty, person.utf8.count <= 200 else {
            throw HealthStoreError.storeUnavailable(
                path: database.location, reason: "a person identifier has 1 to 200 bytes")
        }
        self.database = database
        self.person = person
        self.retention = retention
        catalog = Mutex(PostgresCatalog())
        _ = try database.blocking("creating the store of \(person)") {
            [client = database.client, logger = database.logger] in
            try await client.query(
                "INSERT INTO people (person) VALUES (\(person)) ON CONFLICT DO NOTHING", logger: logger)
        }
        try moveRetiredSeries()
    }

    /// The names of the migrations this version applies, oldest first.
    public static var knownMigrations: [String] { PostgresSchema.migrationNames }

    /// The names of the migrations applied to the database, oldest first.
    public func appliedMigrations() throws -> [String] {
        try database.blocking("reading the applied migrations") { [client, logger] in
            try await PostgresSchema.appliedMigrations(client, logger: logger)
        }
    }

    /// The number of samples stored for this person.
    public func sampleCount() throws -> Int {
        try database.blocking("counting samples") { [client, logger, person] in
            var count = 0
            for try await value in try await client.query(
                "SELECT count(*) FROM samples WHERE person = \(person)", logger: logger
            ).decode(Int.self) {
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
    func transaction<T: Sendable>(
        _ isolation: Isolation, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await client.withConnection { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "BEGIN ISOLATION LEVEL \(isolation.rawValue)"), logger: logger)
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
        if let connection {
            sequence = try await connection.query(query, logger: logger)
        } else {
            sequence = try await client.query(query, logger: logger)
        }
        return try await sequence.collect()
    }

    /// Runs a query and collects its one column decoded as `Column`.
    func column<Column: PostgresDecodable & Sendable>(
        _ query: PostgresQuery, on connection: PostgresConnection? = nil, as type: Column.Type
    ) async throws -> [Column] {
        let sequence: PostgresRowSequence
        if let connection {
            sequence = try await connection.query(query, logger: logger)
        } else {
            sequence = try await client.query(query, logger: logger)
        }
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
    func typeIDs(for types: Set<SampleType>) async throws -> [SampleType: Int32] {
        var known = catalog.withLock { catalog in
            types.compactMap { type in catalog.typeIDs[type.identifier].map { (type, $0) } }
        }
        if known.count < types.count {
            let missing = types.filter { type in !known.contains { $0.0 == type } }.map(\.identifier).sorted()
            try await client.query(
                "INSERT INTO sample_types (identifier) SELECT unnest(\(missing)::text[]) ON CONFLICT DO NOTHING",
                logger: logger)
            try await reloadTypes()
            known = try catalog.withLock { catalog in
                try types.map { type in
                    guard let id = catalog.typeIDs[type.identifier] else {
                        throw HealthStoreError.corruptStore("sample type \(type.identifier) was not added")
                    }
                    return (type, id)
                }
            }
        }
        return Dictionary(uniqueKeysWithValues: known)
    }

    /// The id of a type already stored, or nil.
    func existingTypeID(_ type: SampleType) async throws -> Int32? {
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
        guard let type = catalog.withLock({ $0.types[id] }) else {
            throw HealthStoreError.corruptStore("unknown sample type id \(id)")
        }
        return type
    }

    /// Reads this person's source entries into the catalog.
    func reloadSourceEntries(on connection: PostgresConnection? = nil) async throws -> PostgresCatalog {
        let rows = try await rows(
            """
            SELECT id, name, bundle_identifier, product_type, device_class FROM source_entries WHERE person = \(person)
            """,
            on: connection
        ).map { try $0.decode((Int64, String, String, String?, Int16?).self) }
        return catalog.withLock { catalog in
            for (id, name, bundleIdentifier, productType, deviceClass) in rows {
                catalog.addSourceEntry(
                    id: id, source: Source(name: name, bundleIdentifier: bundleIdentifier), productType: productType,
                    sourceClass: deviceClass.flatMap { SourceClass(rawValue: Int($0)) })
            }
            return catalog
        }
    }

    /// The source entry id of each (source, product type, class) triple, adding those not stored yet (inside the commit: the
    /// entries belong to the person, whose row lock the commit holds).
    func sourceEntryIDs(
        for keys: Set<SourceEntryKey>, on connection: PostgresConnection
    ) async throws -> [SourceEntryKey: Int64] {
        var known = catalog.withLock { catalog in
            keys.compactMap { key in catalog.sourceEntryIDs[key].map { (key, $0) } }
        }
        if known.count < keys.count {
            let missing = keys.filter { key in !known.contains { $0.0 == key } }
            try await connection.query(
                """
                INSERT INTO source_entries (person, name, bundle_identifier, product_type, device_class)
                SELECT \(person), e.name, e.bundle_identifier, CASE WHEN e.has_product_type THEN e.product_type END,
                       e.device_class
                FROM unnest(\(missing.map(\.name))::text[], \(missing.map(\.bundleIdentifier))::text[],
                            \(missing.map { $0.productType != nil })::bool[], \(missing.map { $0.productType ?? "" })::text[],
                            \(missing.map { Int16($0.sourceClass?.rawValue ?? SourceClass.thirdParty.rawValue) })::smallint[])
                    AS e(name, bundle_identifier, has_product_type, product_type, device_class)
                ON CONFLICT DO NOTHING
                """, logger: logger)
            let reloaded = try await reloadSourceEntries(on: connection)
            known = try keys.map { key in
                guard let id = reloaded.sourceEntryIDs[key] else {
                    throw HealthStoreError.corruptStore("source entry \(key) was not added")
                }
                return (key, id)
            }
        }
        return Dictionary(uniqueKeysWithValues: known)
    }
}

/// `StoreBackend.appliedMigrations()` and `sampleCount()` (`store.backend`) reach the database through this capability.
extension PostgresStorage: StoreInspection {
    /// Nil: the rows live on the database server.
    public var sizeOnDisk: Int64? { nil }
}
