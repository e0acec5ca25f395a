import Foundation
import GRDB
import HealthStore

/// The SQLite store's schema: named migrations, applied in order and never edited once released (a change is a
/// new migration at the end), plus the marks that tell an OpenHealthKit store from any other file.
enum SQLiteSchema {
    /// `PRAGMA application_id` of every OpenHealthKit store: "OHK1" in ASCII.
    static let applicationID: Int32 = 0x4F48_4B31

    /// The page size of new stores (older stores keep theirs): 16 KiB pages made bulk saves about 10 % faster than
    /// SQLite's default 4 KiB (fewer page splits and B-tree levels; see docs/decisions/sqlite.md).
    static let newStorePageSize = 16_384

    /// The migrations this version knows, oldest first; `PRAGMA user_version` is set to their count.
    static let migrationNames = [
        "v1 samples, sources, devices, metadata, change log, source orders",
        "v2 activity summaries, routes, heartbeat series, characteristics, kept elements",
        "v3 tombstones keep the deleted sample, background delivery subscriptions",
        "v4 clinical documents",
        "v5 imported records' creation date and UTC offset as sample columns",
        "v6 spans of export files imported whole",
        "v7 preferred units and the locale of their defaults",
        "v8 sample types of every kind (electrocardiograms, audiograms, states of mind, assessments, prescriptions)",
        "v9 files attached to objects",
        "v10 the person's medication list",
        "v11 SQL views for other tools (health_samples, health_workouts, health_sleep), type names and units, workout figures",
        "v12 workout routes and heartbeat series are samples (the side tables' rows move into samples as the store opens)",
        "v13 one records table for what is not a sample (source orders, preferred units, the unit locale, medications, background deliveries)",
        "v14 what an import brings besides samples is records (activity summaries, characteristics, export information, kept elements, clinical documents)",
        "v15 attachments are records owned by their object, their bytes in attachment_data",
    ]

    /// The migrator holding every migration: each runs its SQL (for v14 after moving the rows of the tables it drops
    /// into records; for v11 then filling the new columns and table from the rows already there) and sets
    /// `PRAGMA user_version` to its number.
    static func migrator() -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        let statements = [
            version1, importedDataTables, version3, version4, version5, version6, version7, version8, version9,
            version10, SQLiteAnalyticViews.migrationSQL, version12, version13, version14, version15,
        ]
        precondition(statements.count == migrationNames.count, "every migration has its SQL")
        for (index, sql) in statements.enumerated() {
            migrator.registerMigration(migrationNames[index]) { db in
                if index + 1 == 14 { try moveImportedData(db) }
                try db.execute(sql: sql)
                if index + 1 == 11 { try SQLiteAnalyticViews.backfill(db) }
                if index + 1 == 15 { try moveAttachments(db) }
                try db.execute(sql: "PRAGMA user_version = \(index + 1)")
            }
        }
        return migrator
    }

    /// Release 15: a record may belong to a stored object (`owner`, its uuid's 16 bytes; a commit that deletes the
    /// object deletes its records), and attachments are records (`AttachmentRecord`) owned by their object, their
    /// bytes in `attachment_data` by attachment id. `moveAttachments` moves the rows of `attachments` (in Swift: the
    /// record's JSON holds the metadata blob as base64, which SQLite cannot write) and drops it.
    private static let version15 = """
        ALTER TABLE records ADD COLUMN owner BLOB CHECK (owner IS NULL OR length(owner) = 16);
        CREATE INDEX records_by_owner ON records (owner) WHERE owner IS NOT NULL;
        CREATE TABLE attachment_data (
            id BLOB PRIMARY KEY CHECK (length(id) = 16),
            data BLOB NOT NULL
        );
        """

    /// Moves the rows of `attachments` into records owned by their objects and their bytes into `attachment_data`,
    /// then drops the table.
    private static func moveAttachments(_ db: Database) throws {
        func uuid(_ bytes: Data) throws -> UUID {
            guard bytes.count == 16 else { throw HealthStoreError.corruptStore("attachments: a uuid is not 16 bytes") }
            return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        }
        let insert = try db.makeStatement(
            sql: "INSERT INTO records (kind, key, sequence, value, owner) VALUES (?, ?, 0, ?, ?)")
        for row in try Row.fetchAll(
            db, sql: "SELECT id, object_uuid, name, content_type, size, created, metadata FROM attachments")
        {
            let id = try uuid(row[0])
            let object = try uuid(row[1])
            let value = AttachmentRecord.Value(
                id: id, objectUUID: object, name: row[2], contentType: row[3], size: row[4], created: row[5],
                metadata: row[6])
            try insert.execute(arguments: [
                AttachmentRecord.name, AttachmentRecord.key(of: id, object: object),
                String(decoding: try AttachmentRecord.encoded(value), as: UTF8.self), row[1] as Data,
            ])
        }
        try db.execute(
            sql: """
                INSERT INTO attachment_data (id, data) SELECT id, data FROM attachments;
                DROP TABLE attachments;
                """)
    }

    /// Release 14: what an import brings besides samples is records too (`ActivitySummaryRecord`,
    /// `CharacteristicRecord`, `ExportInformationRecord`, `KeptElementRecord`, `ClinicalDocumentRecord`). Summaries
    /// and kept elements were blobs in `ImportedDataCoding`'s binary layout, which SQL cannot read: `moveImportedData`
    /// moves every row in Swift, in the migration's transaction, before these statements drop the tables.
    private static let version14 = ImportedRecordsMigration.retiredTables.map { "DROP TABLE \($0);" }.joined(
        separator: "\n")

    /// Moves the rows of the tables release 14 drops into `records` (sequence 0), as their kinds encode them.
    private static func moveImportedData(_ db: Database) throws {
        func uuid(_ bytes: Data, _ table: String) throws -> UUID {
            guard bytes.count == 16 else { throw HealthStoreError.corruptStore("\(table): a uuid is not 16 bytes") }
            return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        }
        var moved: [ImportedRecordsMigration.Row] = []
        for row in try Row.fetchAll(db, sql: "SELECT day, summary FROM activity_summaries") {
            moved.append(try ImportedRecordsMigration.activitySummary(day: row[0], summary: Array(row[1] as Data)))
        }
        for row in try Row.fetchAll(db, sql: "SELECT identifier, value FROM characteristics") {
            moved.append(try ImportedRecordsMigration.characteristic(identifier: row[0], value: row[1]))
        }
        for row in try Row.fetchAll(db, sql: "SELECT export_date, locale FROM export_information") {
            moved.append(try ImportedRecordsMigration.exportInformation(exportDate: row[0], locale: row[1]))
        }
        for row in try Row.fetchAll(db, sql: "SELECT position, identity, parent_uuid, element FROM kept_elements") {
            moved.append(
                try ImportedRecordsMigration.keptElement(
                    position: row[0], identity: try uuid(row[1], "kept_elements"),
                    parent: try (row[2] as Data?).map { try uuid($0, "kept_elements") }, element: Array(row[3] as Data))
            )
        }
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT uuid, start_time, end_time, title, patient_name, author_name, custodian_name, data
                FROM clinical_documents
                """)
        {
            moved.append(
                try ImportedRecordsMigration.clinicalDocument(
                    uuid: try uuid(row[0], "clinical_documents"), startTime: row[1], endTime: row[2], title: row[3],
                    patientName: row[4], authorName: row[5], custodianName: row[6], data: row[7]))
        }
        let insert = try db.makeStatement(sql: "INSERT INTO records (kind, key, sequence, value) VALUES (?, ?, 0, ?)")
        for record in moved { try insert.execute(arguments: [record.kind, record.key, record.value]) }
    }

    /// Release 13: everything kept with the data that is not a sample is a record (`RecordKind`): one row per kind
    /// and key, its value the kind's JSON, its sequence that of the commit that last put it (0 for rows moved here).
    /// The rows of the five tables it replaces move in as the JSON their kinds read (`SourceOrderRecord`,
    /// `PreferredUnitRecord`, `UnitLocaleRecord`, `MedicationRecord`, `BackgroundDeliveryRecord`), and the tables go.
    private static let version13 = """
        CREATE TABLE records (
            kind TEXT NOT NULL CHECK (length(kind) > 0),
            key TEXT NOT NULL,
            sequence INTEGER NOT NULL CHECK (sequence >= 0),
            value TEXT NOT NULL,
            PRIMARY KEY (kind, key)
        ) WITHOUT ROWID;

        INSERT INTO records (kind, key, sequence, value)
        SELECT 'sourceOrder', t.identifier, 0,
            (SELECT json_group_array(e.bundle_identifier) FROM (
                SELECT bundle_identifier FROM source_order_entries WHERE type_id = o.type_id ORDER BY position) e)
        FROM source_orders o JOIN sample_types t ON t.id = o.type_id;

        INSERT INTO records (kind, key, sequence, value)
        SELECT 'preferredUnit', type_identifier, 0, json_quote(unit) FROM preferred_units;

        INSERT INTO records (kind, key, sequence, value)
        SELECT 'unitLocale', '', 0, json_quote(identifier) FROM unit_locale;

        INSERT INTO records (kind, key, sequence, value)
        SELECT 'medication', concept_identifier, 0,
            json_object('medication', json(CAST(content AS TEXT)), 'position', position)
        FROM user_annotated_medications;

        INSERT INTO records (kind, key, sequence, value)
        SELECT 'backgroundDelivery', b.bundle_identifier || ' ' || t.identifier, 0,
            json_object(
                'bundleIdentifier', b.bundle_identifier, 'frequency', b.frequency, 'lastNotified', b.last_notified,
                'missedAcknowledgements', b.missed_acknowledgements,
                'suspended', json(CASE b.suspended WHEN 1 THEN 'true' ELSE 'false' END), 'type', t.identifier)
        FROM background_deliveries b JOIN sample_types t ON t.id = b.type_id;

        DROP TABLE source_order_entries;
        DROP TABLE source_orders;
        DROP TABLE preferred_units;
        DROP TABLE unit_locale;
        DROP TABLE user_annotated_medications;
        DROP TABLE background_deliveries;
        """

    /// Release 12: routes and heartbeat series are samples of their series types, so the tables `workout_routes` and
    /// `heartbeat_series` retire. Moving their rows needs the commit path (sequences, the owners' source revisions),
    /// which SQL alone cannot run: `SQLiteStorage.moveRetiredSeries()` moves them and drops the tables in one
    /// transaction as the store opens. This migration only marks the version, so an older release refuses the store
    /// rather than missing its routes.
    private static let version12 = "SELECT 1"

    /// Release 9: files attached to objects (HealthKit's attachment store). Keyed by the object's uuid rather than a
    /// sample row: the object is checked by the store's facade, and its deletion removes the attachments there.
    private static let version9 = """
        CREATE TABLE attachments (
            id BLOB PRIMARY KEY CHECK (length(id) = 16),
            object_uuid BLOB NOT NULL CHECK (length(object_uuid) = 16),
            name TEXT NOT NULL CHECK (length(name) > 0),
            content_type TEXT NOT NULL CHECK (length(content_type) > 0),
            size INTEGER NOT NULL CHECK (size >= 0),
            created REAL NOT NULL,
            metadata BLOB NOT NULL,
            data BLOB NOT NULL CHECK (length(data) = size)
        );
        CREATE INDEX attachments_by_object ON attachments (object_uuid, created);
        """

    /// Release 10: the person's medication list (`HKUserAnnotatedMedication`), in its order; content is the
    /// medication's JSON (`UserAnnotatedMedication.json`), keyed by the concept identifier its dose events name.
    private static let version10 = """
        CREATE TABLE user_annotated_medications (
            position INTEGER PRIMARY KEY CHECK (position >= 0),
            concept_identifier TEXT NOT NULL UNIQUE CHECK (length(concept_identifier) > 0),
            content BLOB NOT NULL
        );
        """

    /// Release 8: `sample_types.kind` takes any `SampleKind` raw value (0…255) instead of 0…3, so that the kinds whose
    /// content is a payload (electrocardiograms and the rest, `SampleKind.carriesPayload`) are stored as samples and a
    /// later kind needs no migration (docs/decisions/sample-payloads.md). SQLite cannot change a CHECK in place: the
    /// table is copied, ids kept (other tables refer to them), by SQLite's documented procedure (the migrator runs
    /// with foreign keys off and checks them afterwards).
    private static let version8 = """
        CREATE TABLE sample_types_v8 (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE CHECK (length(identifier) > 0),
            kind INTEGER NOT NULL CHECK (kind BETWEEN 0 AND 255)
        );
        INSERT INTO sample_types_v8 (id, identifier, kind) SELECT id, identifier, kind FROM sample_types;
        DROP TABLE sample_types;
        ALTER TABLE sample_types_v8 RENAME TO sample_types;
        """

    /// Release 7: the preferred unit set for a quantity type (a unit string, `lb`), by type identifier, and the locale
    /// identifier the other types' default units follow (one row at most).
    private static let version7 = """
        CREATE TABLE preferred_units (
            type_identifier TEXT PRIMARY KEY NOT NULL CHECK (length(type_identifier) > 0),
            unit TEXT NOT NULL CHECK (length(unit) > 0)
        ) WITHOUT ROWID;

        CREATE TABLE unit_locale (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            identifier TEXT NOT NULL CHECK (length(identifier) > 0)
        );
        """

    /// Release 6: spans of export files imported whole (`ImportedSpan`), so that an import of the same bytes passes
    /// over them; a commit that deletes samples empties the table. digest: 16 bytes, the span's 128-bit digest.
    private static let version6 = """
        CREATE TABLE import_spans (
            digest BLOB NOT NULL CHECK (length(digest) = 16),
            length INTEGER NOT NULL CHECK (length > 0),
            lines INTEGER NOT NULL CHECK (lines >= 0),
            samples INTEGER NOT NULL CHECK (samples >= 0),
            PRIMARY KEY (digest, length)
        ) WITHOUT ROWID;
        """

    /// Release 5: the two metadata values every imported record carries (`MetadataKey.exportCreationDate`, a date,
    /// and `MetadataKey.exportUTCOffset`, whole seconds) are columns of the sample's row instead of two metadata rows
    /// with two index entries each: an export's record is one row instead of three (see docs/decisions/sqlite.md).
    /// Rows written before keep them as metadata rows; both are read back the same. creation_time: seconds since
    /// 2001; utc_offset: seconds east of UTC.
    private static let version5 = """
        ALTER TABLE samples ADD COLUMN creation_time REAL;
        ALTER TABLE samples ADD COLUMN utc_offset INTEGER CHECK (utc_offset BETWEEN -86400 AND 86400);
        """

    /// Release 4: clinical documents (CDA) from exports, kept whole with the fields queries show.
    private static let version4 = """
        CREATE TABLE clinical_documents (
            uuid BLOB PRIMARY KEY CHECK (length(uuid) = 16),
            start_time REAL NOT NULL,
            end_time REAL NOT NULL,
            title TEXT NOT NULL,
            patient_name TEXT NOT NULL,
            author_name TEXT NOT NULL,
            custodian_name TEXT NOT NULL,
            data BLOB NOT NULL,
            CHECK (end_time >= start_time)
        ) WITHOUT ROWID;
        """

    /// Release 3: a tombstone keeps the deleted sample whole (so an anchored query's predicate can filter deletions;
    /// NULL for deletions recorded before), and background-delivery subscriptions persist with the store.
    private static let version3 = """
        ALTER TABLE tombstones ADD COLUMN sample BLOB;

        -- One row per (client, type) subscribed to background delivery. frequency: 1 immediate, 2 hourly, 3 daily,
        -- 4 weekly (HKUpdateFrequency's raw values). last_notified: when the client was last notified (seconds
        -- since 2001), NULL when never. missed_acknowledgements: notifications in a row whose completion handler was
        -- not called; suspended: 1 once three were missed, until the client registers again.
        CREATE TABLE background_deliveries (
            bundle_identifier TEXT NOT NULL,
            type_id INTEGER NOT NULL REFERENCES sample_types (id),
            frequency INTEGER NOT NULL CHECK (frequency BETWEEN 1 AND 4),
            last_notified REAL,
            missed_acknowledgements INTEGER NOT NULL DEFAULT 0 CHECK (missed_acknowledgements >= 0),
            suspended INTEGER NOT NULL DEFAULT 0 CHECK (suspended IN (0, 1)),
            PRIMARY KEY (bundle_identifier, type_id)
        ) WITHOUT ROWID;
        """

    /// Release 1. Times are seconds since 2001-01-01 UTC (Foundation's reference date); a sample's sequence is the
    /// change-sequence number of its insertion and its rowid.
    private static let version1 = """
        CREATE TABLE store_info (
            key TEXT PRIMARY KEY NOT NULL,
            value INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO store_info (key, value) VALUES ('latest_sequence', 0), ('change_horizon', 0);

        CREATE TABLE sample_types (
            id INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE CHECK (length(identifier) > 0),
            kind INTEGER NOT NULL CHECK (kind BETWEEN 0 AND 3)
        );

        CREATE TABLE units (
            id INTEGER PRIMARY KEY,
            unit_string TEXT NOT NULL UNIQUE CHECK (length(unit_string) > 0)
        );

        CREATE TABLE sources (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            bundle_identifier TEXT NOT NULL,
            UNIQUE (bundle_identifier, name)
        );

        CREATE TABLE source_revisions (
            id INTEGER PRIMARY KEY,
            source_id INTEGER NOT NULL REFERENCES sources (id),
            version TEXT,
            product_type TEXT,
            operating_system_version TEXT
        );
        CREATE UNIQUE INDEX source_revisions_by_value ON source_revisions (
            source_id, coalesce(version, x''), coalesce(product_type, x''), coalesce(operating_system_version, x''));

        CREATE TABLE devices (
            id INTEGER PRIMARY KEY,
            name TEXT,
            manufacturer TEXT,
            model TEXT,
            hardware_version TEXT,
            firmware_version TEXT,
            software_version TEXT,
            local_identifier TEXT,
            udi_device_identifier TEXT
        );
        CREATE UNIQUE INDEX devices_by_value ON devices (
            coalesce(name, x''), coalesce(manufacturer, x''), coalesce(model, x''), coalesce(hardware_version, x''),
            coalesce(firmware_version, x''), coalesce(software_version, x''), coalesce(local_identifier, x''),
            coalesce(udi_device_identifier, x''));

        -- One row per stored sample. value: a quantity in its type's canonical unit, a category value, or a
        -- workout's active duration (NULL for correlations). unit_id: the unit the quantity was given in (NULL when
        -- it is the canonical unit); original_value: the value in that unit when converting back is not exact.
        -- detail: series entries, workout events and statistics, or a correlation's contained samples (binary).
        CREATE TABLE samples (
            sequence INTEGER PRIMARY KEY CHECK (sequence > 0),
            uuid BLOB NOT NULL UNIQUE CHECK (length(uuid) = 16),
            type_id INTEGER NOT NULL REFERENCES sample_types (id),
            start_time REAL NOT NULL,
            end_time REAL NOT NULL,
            value REAL,
            unit_id INTEGER REFERENCES units (id),
            original_value REAL,
            count INTEGER NOT NULL DEFAULT 1 CHECK (count >= 1),
            source_id INTEGER REFERENCES sources (id),
            source_revision_id INTEGER REFERENCES source_revisions (id),
            device_id INTEGER REFERENCES devices (id),
            user_entered INTEGER NOT NULL DEFAULT 0 CHECK (user_entered IN (0, 1)),
            has_metadata INTEGER NOT NULL DEFAULT 0 CHECK (has_metadata IN (0, 1)),
            time_zone_offset INTEGER CHECK (time_zone_offset BETWEEN -86400 AND 86400),
            sync_identifier TEXT,
            sync_version REAL,
            detail BLOB,
            CHECK (end_time >= start_time),
            CHECK ((source_id IS NULL) = (source_revision_id IS NULL)),
            CHECK (original_value IS NULL OR unit_id IS NOT NULL)
        );
        CREATE INDEX samples_by_type_start ON samples (type_id, start_time);
        CREATE INDEX samples_long_by_type_end ON samples (type_id, end_time) WHERE end_time - start_time > 86400;
        CREATE INDEX samples_by_sync_identifier ON samples (sync_identifier) WHERE sync_identifier IS NOT NULL;

        -- The longest duration of a type's samples up to one day (longer ones have their own index), so that a
        -- query on end dates can bound its scan of start dates. Only grows.
        CREATE TABLE type_extents (
            type_id INTEGER PRIMARY KEY REFERENCES sample_types (id),
            longest_short_duration REAL NOT NULL CHECK (longest_short_duration BETWEEN 0 AND 86400)
        );

        -- Metadata, one row per key; kind 0 string (text), 1 number, 2 date (number), 3 quantity (number + unit).
        CREATE TABLE metadata (
            sample INTEGER NOT NULL REFERENCES samples (sequence) ON DELETE CASCADE,
            key TEXT NOT NULL,
            kind INTEGER NOT NULL CHECK (kind BETWEEN 0 AND 3),
            text TEXT,
            number REAL,
            unit_id INTEGER REFERENCES units (id),
            PRIMARY KEY (sample, key),
            CHECK ((kind = 0) = (text IS NOT NULL)),
            CHECK ((kind = 0) = (number IS NULL)),
            CHECK ((kind = 3) = (unit_id IS NOT NULL))
        ) WITHOUT ROWID;
        CREATE INDEX metadata_by_key ON metadata (key, number, text);

        CREATE TABLE correlation_members (
            correlation INTEGER NOT NULL REFERENCES samples (sequence) ON DELETE CASCADE,
            member_uuid BLOB NOT NULL CHECK (length(member_uuid) = 16),
            PRIMARY KEY (correlation, member_uuid)
        ) WITHOUT ROWID;
        CREATE INDEX correlation_members_by_member ON correlation_members (member_uuid);

        CREATE TABLE workout_associations (
            workout INTEGER NOT NULL REFERENCES samples (sequence) ON DELETE CASCADE,
            sample_uuid BLOB NOT NULL CHECK (length(sample_uuid) = 16),
            PRIMARY KEY (workout, sample_uuid)
        ) WITHOUT ROWID;

        -- Deletions still remembered. inserted_sequence: the deleted object's insertion, whose change-log entry
        -- stays until the deletion is forgotten. deleted_at: when (seconds since 2001), NULL when not stamped.
        CREATE TABLE tombstones (
            sequence INTEGER PRIMARY KEY CHECK (sequence > 0),
            inserted_sequence INTEGER NOT NULL,
            uuid BLOB NOT NULL CHECK (length(uuid) = 16),
            type_id INTEGER NOT NULL REFERENCES sample_types (id),
            sync_identifier TEXT,
            sync_version REAL,
            deleted_at REAL,
            CHECK (inserted_sequence < sequence)
        );
        CREATE INDEX tombstones_by_insertion ON tombstones (inserted_sequence);
        CREATE INDEX tombstones_by_time ON tombstones (deleted_at) WHERE deleted_at IS NOT NULL;

        -- Source priority orders; a type without a row has the default order, one with a row and no entries an
        -- empty order.
        CREATE TABLE source_orders (
            type_id INTEGER PRIMARY KEY REFERENCES sample_types (id)
        );
        CREATE TABLE source_order_entries (
            type_id INTEGER NOT NULL REFERENCES source_orders (type_id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 0),
            bundle_identifier TEXT NOT NULL,
            PRIMARY KEY (type_id, position)
        ) WITHOUT ROWID;
        """

    /// Release 2: what an export holds besides samples. Keyed so that saving again replaces (see `ImportedData`);
    /// routes and heartbeat series point at their workout or sample by uuid (kept even when it is deleted), their
    /// points and beats in a blob (`ImportedDataCoding`), read whole.
    private static let importedDataTables = """
        -- day: year * 10000 + month * 100 + day; summary: the quantities with their units, move mode, paused.
        CREATE TABLE activity_summaries (
            day INTEGER PRIMARY KEY,
            summary BLOB NOT NULL
        );

        CREATE TABLE workout_routes (
            id INTEGER PRIMARY KEY,
            uuid BLOB NOT NULL UNIQUE CHECK (length(uuid) = 16),
            workout_uuid BLOB NOT NULL CHECK (length(workout_uuid) = 16),
            source_name TEXT,
            file_path TEXT,
            start_time REAL,
            end_time REAL,
            location_count INTEGER NOT NULL CHECK (location_count >= 0),
            locations BLOB NOT NULL,
            CHECK (end_time >= start_time)
        );
        CREATE INDEX workout_routes_by_workout ON workout_routes (workout_uuid, start_time);

        CREATE TABLE heartbeat_series (
            id INTEGER PRIMARY KEY,
            sample_uuid BLOB NOT NULL UNIQUE CHECK (length(sample_uuid) = 16),
            beat_count INTEGER NOT NULL CHECK (beat_count >= 0),
            beats BLOB NOT NULL
        );

        CREATE TABLE characteristics (
            identifier TEXT PRIMARY KEY NOT NULL CHECK (length(identifier) > 0),
            value TEXT NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE export_information (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            export_date REAL,
            locale TEXT
        );

        -- position: the order first saved; identity: from the element's content and parent (not its line).
        CREATE TABLE kept_elements (
            position INTEGER PRIMARY KEY,
            identity BLOB NOT NULL UNIQUE CHECK (length(identity) = 16),
            parent_uuid BLOB CHECK (parent_uuid IS NULL OR length(parent_uuid) = 16),
            name TEXT NOT NULL,
            element BLOB NOT NULL
        );
        CREATE INDEX kept_elements_by_parent ON kept_elements (parent_uuid) WHERE parent_uuid IS NOT NULL;
        """
}
