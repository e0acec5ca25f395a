import HealthStore
import Logging
import PostgresNIO

/// The PostgreSQL schema as named migrations, applied in order and recorded in `ohk_migrations`.
///
/// Every table but the `sample_types` vocabulary carries `person` as the first column of its primary key, of every
/// unique constraint and of every index, and every foreign key between them includes it: the tables can be
/// distributed by `person` (Citus `create_distributed_table(..., 'person')`, `sample_types` a reference table) without
/// changing a query, since every query names one person. A released migration is never edited; a change is a new
/// migration at the end.
enum PostgresSchema {
    typealias Migration = PostgresMigration

    /// The key of the advisory lock that serializes migrations between processes.
    static let migrationLock: Int64 = 0x4F48_4B31  // "OHK1"

    /// The table the store's migrations are recorded in.
    static let migrationTable = "ohk_migrations"

    static let migrations: [Migration] = [
        Migration(
            name: "v1 people, samples, change log, relations, source orders, background delivery",
            statements: [
                """
                CREATE TABLE sample_types (
                    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    identifier text NOT NULL UNIQUE CHECK (length(identifier) BETWEEN 1 AND 200)
                )
                """,
                """
                CREATE TABLE people (
                    person text PRIMARY KEY CHECK (length(person) BETWEEN 1 AND 200),
                    latest_sequence bigint NOT NULL DEFAULT 0 CHECK (latest_sequence >= 0),
                    change_horizon bigint NOT NULL DEFAULT 0 CHECK (change_horizon >= 0)
                )
                """,
                """
                CREATE TABLE source_entries (
                    person text NOT NULL REFERENCES people,
                    id bigint GENERATED ALWAYS AS IDENTITY,
                    name text NOT NULL,
                    bundle_identifier text NOT NULL,
                    product_type text,
                    PRIMARY KEY (person, id),
                    UNIQUE NULLS NOT DISTINCT (person, bundle_identifier, name, product_type)
                )
                """,
                // No foreign keys from `samples` (person, type, source entry): the one path that writes rows, the commit,
                // holds the person's row lock and resolves the type and source entry ids in the same transaction, and the
                // three per-row integrity checks halved the bulk insert rate (14 k → 31 k samples/s measured).
                """
                CREATE TABLE samples (
                    person text NOT NULL,
                    sequence bigint NOT NULL CHECK (sequence > 0),
                    uuid uuid NOT NULL,
                    type_id integer NOT NULL,
                    start_time double precision NOT NULL,
                    end_time double precision NOT NULL CHECK (end_time >= start_time),
                    value double precision,
                    series boolean NOT NULL,
                    user_entered boolean NOT NULL,
                    source_entry bigint,
                    sync_bundle_identifier text,
                    sync_identifier text,
                    sync_version double precision,
                    sample bytea NOT NULL,
                    PRIMARY KEY (person, sequence),
                    UNIQUE (person, uuid),
                    CHECK ((sync_identifier IS NULL) = (sync_bundle_identifier IS NULL))
                )
                """,
                """
                CREATE INDEX samples_by_type_start ON samples (person, type_id, start_time)
                    INCLUDE (end_time, value, source_entry, sequence, user_entered, series)
                """,
                """
                CREATE INDEX samples_long_by_type_end ON samples (person, type_id, end_time)
                    INCLUDE (start_time, value, source_entry, sequence, user_entered, series) WHERE end_time - start_time > 86400
                """,
                """
                CREATE INDEX samples_by_sync_identifier ON samples (person, sync_bundle_identifier, sync_identifier, sequence)
                    WHERE sync_identifier IS NOT NULL
                """,
                """
                CREATE TABLE type_extents (
                    person text NOT NULL REFERENCES people,
                    type_id integer NOT NULL REFERENCES sample_types,
                    longest_short_duration double precision NOT NULL CHECK (longest_short_duration BETWEEN 0 AND 86400),
                    PRIMARY KEY (person, type_id)
                )
                """,
                """
                CREATE TABLE tombstones (
                    person text NOT NULL REFERENCES people,
                    sequence bigint NOT NULL CHECK (sequence > inserted_sequence),
                    inserted_sequence bigint NOT NULL CHECK (inserted_sequence > 0),
                    uuid uuid NOT NULL,
                    type_id integer NOT NULL REFERENCES sample_types,
                    sync_identifier text,
                    sync_version double precision,
                    deleted_at double precision,
                    sample bytea NOT NULL,
                    PRIMARY KEY (person, sequence)
                )
                """,
                "CREATE INDEX tombstones_by_inserted_sequence ON tombstones (person, inserted_sequence)",
                "CREATE INDEX tombstones_by_deletion_time ON tombstones (person, deleted_at) WHERE deleted_at IS NOT NULL",
                """
                CREATE TABLE correlation_members (
                    person text NOT NULL,
                    correlation bigint NOT NULL,
                    member_uuid uuid NOT NULL,
                    PRIMARY KEY (person, correlation, member_uuid),
                    FOREIGN KEY (person, correlation) REFERENCES samples (person, sequence) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX correlation_members_by_member ON correlation_members (person, member_uuid)",
                """
                CREATE TABLE workout_associations (
                    person text NOT NULL,
                    workout bigint NOT NULL,
                    sample_uuid uuid NOT NULL,
                    PRIMARY KEY (person, workout, sample_uuid),
                    FOREIGN KEY (person, workout) REFERENCES samples (person, sequence) ON DELETE CASCADE
                )
                """,
                """
                CREATE TABLE source_orders (
                    person text NOT NULL REFERENCES people,
                    type_id integer NOT NULL REFERENCES sample_types,
                    bundle_identifiers text[] NOT NULL,
                    PRIMARY KEY (person, type_id)
                )
                """,
                """
                CREATE TABLE background_deliveries (
                    person text NOT NULL REFERENCES people,
                    bundle_identifier text NOT NULL,
                    type_id integer NOT NULL REFERENCES sample_types,
                    frequency integer NOT NULL,
                    last_notified double precision,
                    missed_acknowledgements integer NOT NULL CHECK (missed_acknowledgements >= 0),
                    suspended boolean NOT NULL,
                    PRIMARY KEY (person, bundle_identifier, type_id)
                )
                """,
            ]),
        Migration(
            name:
                "v2 activity summaries, routes, heartbeat series, characteristics, export information, kept elements, clinical documents",
            statements: [
                """
                CREATE TABLE activity_summaries (
                    person text NOT NULL REFERENCES people,
                    day bigint NOT NULL,
                    summary bytea NOT NULL,
                    PRIMARY KEY (person, day)
                )
                """,
                """
                CREATE TABLE workout_routes (
                    person text NOT NULL REFERENCES people,
                    uuid uuid NOT NULL,
                    workout_uuid uuid NOT NULL,
                    source_name text,
                    file_path text,
                    start_time double precision,
                    end_time double precision,
                    location_count bigint NOT NULL CHECK (location_count >= 0),
                    locations bytea NOT NULL,
                    PRIMARY KEY (person, uuid)
                )
                """,
                "CREATE INDEX workout_routes_by_workout ON workout_routes (person, workout_uuid, start_time)",
                """
                CREATE TABLE heartbeat_series (
                    person text NOT NULL REFERENCES people,
                    sample_uuid uuid NOT NULL,
                    beat_count bigint NOT NULL CHECK (beat_count >= 0),
                    beats bytea NOT NULL,
                    PRIMARY KEY (person, sample_uuid)
                )
                """,
                """
                CREATE TABLE characteristics (
                    person text NOT NULL REFERENCES people,
                    identifier text NOT NULL,
                    value text NOT NULL,
                    PRIMARY KEY (person, identifier)
                )
                """,
                """
                CREATE TABLE export_information (
                    person text PRIMARY KEY REFERENCES people,
                    export_date double precision,
                    locale text
                )
                """,
                """
                CREATE TABLE kept_elements (
                    person text NOT NULL REFERENCES people,
                    position bigint GENERATED ALWAYS AS IDENTITY,
                    identity uuid NOT NULL,
                    parent_uuid uuid,
                    name text NOT NULL,
                    element bytea NOT NULL,
                    PRIMARY KEY (person, identity)
                )
                """,
                "CREATE INDEX kept_elements_by_position ON kept_elements (person, position)",
                "CREATE INDEX kept_elements_by_parent ON kept_elements (person, parent_uuid, position)",
                """
                CREATE TABLE clinical_documents (
                    person text NOT NULL REFERENCES people,
                    uuid uuid NOT NULL,
                    start_time double precision NOT NULL,
                    end_time double precision NOT NULL,
                    title text NOT NULL,
                    patient_name text NOT NULL,
                    author_name text NOT NULL,
                    custodian_name text NOT NULL,
                    data bytea NOT NULL,
                    PRIMARY KEY (person, uuid)
                )
                """,
                "CREATE INDEX clinical_documents_by_start ON clinical_documents (person, start_time, uuid)",
            ]),
        Migration(
            name: "v3 preferred units and the locale of their defaults",
            statements: [
                """
                CREATE TABLE preferred_units (
                    person text NOT NULL REFERENCES people,
                    type_identifier text NOT NULL CHECK (length(type_identifier) BETWEEN 1 AND 200),
                    unit text NOT NULL CHECK (length(unit) BETWEEN 1 AND 200),
                    PRIMARY KEY (person, type_identifier)
                )
                """,
                """
                CREATE TABLE unit_locales (
                    person text PRIMARY KEY REFERENCES people,
                    identifier text NOT NULL CHECK (length(identifier) BETWEEN 1 AND 100)
                )
                """,
            ]),
        // Keyed by the object's uuid, not a reference to `samples`: the store's facade checks the object, and its
        // deletion removes the attachments there (as on SQLite and in memory).
        Migration(
            name: "v4 files attached to objects",
            statements: [
                """
                CREATE TABLE attachments (
                    person text NOT NULL REFERENCES people,
                    id uuid NOT NULL,
                    object_uuid uuid NOT NULL,
                    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
                    content_type text NOT NULL CHECK (length(content_type) BETWEEN 1 AND 255),
                    size bigint NOT NULL CHECK (size >= 0),
                    created double precision NOT NULL,
                    metadata bytea NOT NULL,
                    data bytea NOT NULL CHECK (length(data) = size),
                    PRIMARY KEY (person, id)
                )
                """,
                "CREATE INDEX attachments_by_object ON attachments (person, object_uuid, created)",
            ]),
        Migration(
            name: "v5 the person's medication list",
            statements: [
                // content: the medication's JSON (`UserAnnotatedMedication.json`); position: its place in the list.
                """
                CREATE TABLE user_annotated_medications (
                    person text NOT NULL REFERENCES people,
                    concept_identifier text NOT NULL CHECK (length(concept_identifier) BETWEEN 1 AND 1000),
                    position integer NOT NULL CHECK (position >= 0),
                    content bytea NOT NULL,
                    PRIMARY KEY (person, concept_identifier),
                    UNIQUE (person, position)
                )
                """
            ]),
        // The class of a source entry's samples in the default source order (0 Apple Watch, 1 other Apple device,
        // 2 third party: `SourceClass`), from their devices, which only the encoded samples hold: it splits entries.
        // Entries written before have none (NULL) and are classed from their bundle identifier and product type alone.
        Migration(
            name: "v6 the source class of source entries",
            statements: [
                "ALTER TABLE source_entries ADD COLUMN device_class smallint CHECK (device_class BETWEEN 0 AND 2)",
                """
                ALTER TABLE source_entries
                    DROP CONSTRAINT source_entries_person_bundle_identifier_name_product_type_key
                """,
                """
                ALTER TABLE source_entries ADD CONSTRAINT source_entries_by_value
                    UNIQUE NULLS NOT DISTINCT (person, bundle_identifier, name, product_type, device_class)
                """,
            ]),
        Migration(
            name: "v7 workout routes and heartbeat series are samples",
            statements: [
                // Rows of workout_routes and heartbeat_series move into samples person by person as each person's
                // store opens (PostgresStorage.moveRetiredSeries, which needs the commit path); recording this
                // migration makes an older release refuse the database rather than miss the routes.
                "COMMENT ON TABLE workout_routes IS 'retired: rows move into route samples as each person opens'",
                "COMMENT ON TABLE heartbeat_series IS 'retired: rows move into heartbeat series samples as each person opens'",
            ]),
        // Everything kept with the data that is not a sample is a record (`RecordKind`): one row per person, kind and
        // key, its value the kind's JSON, its sequence that of the commit that last put it (0 for rows moved here).
        // The rows of the five tables it replaces move in as the JSON their kinds read, and the tables go.
        Migration(
            name: "v8 one records table for what is not a sample",
            statements: [
                """
                CREATE TABLE records (
                    person text NOT NULL REFERENCES people,
                    kind text NOT NULL CHECK (length(kind) > 0),
                    key text NOT NULL,
                    sequence bigint NOT NULL CHECK (sequence >= 0),
                    value jsonb NOT NULL,
                    PRIMARY KEY (person, kind, key)
                )
                """,
                """
                INSERT INTO records (person, kind, key, sequence, value)
                SELECT o.person, 'sourceOrder', t.identifier, 0, to_jsonb(o.bundle_identifiers)
                FROM source_orders o JOIN sample_types t ON t.id = o.type_id
                """,
                """
                INSERT INTO records (person, kind, key, sequence, value)
                SELECT person, 'preferredUnit', type_identifier, 0, to_jsonb(unit) FROM preferred_units
                """,
                """
                INSERT INTO records (person, kind, key, sequence, value)
                SELECT person, 'unitLocale', '', 0, to_jsonb(identifier) FROM unit_locales
                """,
                """
                INSERT INTO records (person, kind, key, sequence, value)
                SELECT person, 'medication', concept_identifier, 0,
                    jsonb_build_object('medication', convert_from(content, 'UTF8')::jsonb, 'position', position)
                FROM user_annotated_medications
                """,
                """
                INSERT INTO records (person, kind, key, sequence, value)
                SELECT b.person, 'backgroundDelivery', b.bundle_identifier || ' ' || t.identifier, 0,
                    jsonb_strip_nulls(jsonb_build_object(
                        'bundleIdentifier', b.bundle_identifier, 'frequency', b.frequency,
                        'lastNotified', b.last_notified, 'missedAcknowledgements', b.missed_acknowledgements,
                        'suspended', b.suspended, 'type', t.identifier))
                FROM background_deliveries b JOIN sample_types t ON t.id = b.type_id
                """,
                "DROP TABLE source_orders",
                "DROP TABLE preferred_units",
                "DROP TABLE unit_locales",
                "DROP TABLE user_annotated_medications",
                "DROP TABLE background_deliveries",
            ]),
        // What an import brings besides samples is records too. Activity summaries and kept elements were blobs in
        // `ImportedDataCoding`'s binary layout, which SQL cannot read: every person's rows move in Swift
        // (`moveImportedData`), in the migration's transaction, before the tables are dropped.
        Migration(
            name: "v9 what an import brings besides samples is records",
            statements: ImportedRecordsMigration.retiredTables.map { "DROP TABLE \($0)" },
            moveRows: { connection, logger in try await moveImportedData(connection, logger: logger) }),
        // A record may belong to a stored object (`owner`; a commit that deletes the object deletes its records), and
        // attachments are records (`AttachmentRecord`) owned by their object, their bytes in `attachment_data`. The
        // JSON keeps the metadata blob as base64 (without the line breaks `encode` adds every 76 characters).
        Migration(
            name: "v10 attachments are records owned by their object",
            statements: [
                "ALTER TABLE records ADD COLUMN owner uuid",
                "CREATE INDEX records_by_owner ON records (person, owner) WHERE owner IS NOT NULL",
                """
                CREATE TABLE attachment_data (
                    person text NOT NULL REFERENCES people,
                    id uuid NOT NULL,
                    data bytea NOT NULL,
                    PRIMARY KEY (person, id)
                )
                """,
                """
                INSERT INTO records (person, kind, key, sequence, value, owner)
                SELECT person, 'attachment', upper(object_uuid::text) || ' ' || upper(id::text), 0,
                    jsonb_build_object(
                        'id', upper(id::text), 'objectUUID', upper(object_uuid::text), 'name', name,
                        'contentType', content_type, 'size', size, 'created', created,
                        'metadata', translate(encode(metadata, 'base64'), E'\\n', '')),
                    object_uuid
                FROM attachments
                """,
                "INSERT INTO attachment_data (person, id, data) SELECT person, id, data FROM attachments",
                "DROP TABLE attachments",
            ]),
    ]

    /// The names of the migrations this version knows, oldest first.
    static var migrationNames: [String] { migrations.map(\.name) }

    /// Applies `migrations` not yet recorded in `table`, in one transaction under an advisory lock (so that servers
    /// starting together migrate once); refuses a database that has migrations in `table` that are not among them.
    static func migrate(
        _ client: PostgresClient, migrations: [Migration] = migrations, table: String = migrationTable, logger: Logger,
        location: String
    ) async throws {
        let names = migrations.map(\.name)
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        CREATE TABLE IF NOT EXISTS \(table) (
                            position integer PRIMARY KEY, name text NOT NULL UNIQUE, applied_at timestamptz NOT NULL DEFAULT now()
                        )
                        """), logger: logger)
            var applied: [String] = []
            let select = PostgresQuery(unsafeSQL: "SELECT name FROM \(table) ORDER BY position")
            for try await name in try await connection.query(select, logger: logger).decode(String.self) {
                applied.append(name)
            }
            let unknown = applied.filter { !names.contains($0) }
            guard unknown.isEmpty else { throw HealthStoreError.newerStore(path: location, unknownMigrations: unknown) }
            for (position, migration) in migrations.enumerated() where !applied.contains(migration.name) {
                try await migration.moveRows?(connection, logger)
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                var insert = PostgresQuery(unsafeSQL: "INSERT INTO \(table) (position, name) VALUES ($1, $2)")
                insert.binds.append(position + 1)
                insert.binds.append(migration.name)
                try await connection.query(insert, logger: logger)
            }
        }
    }

    /// The names of the migrations applied to the database, oldest first.
    static func appliedMigrations(_ client: PostgresClient, logger: Logger) async throws -> [String] {
        var applied: [String] = []
        for try await name in try await client.query(
            "SELECT name FROM ohk_migrations ORDER BY position", logger: logger
        ).decode(String.self) {
            applied.append(name)
        }
        return applied
    }
}
