import Foundation
import GRDB
import HealthModel
import HealthStore

/// The SQL views over an SQLite store that other tools read (`sqlite3`, DuckDB, Datasette): `health_samples`,
/// `health_workouts` and `health_sleep` (schema v11; docs/guide/sql.md describes every column, and
/// docs/decisions/sql-views.md why they look as they do). They are part of the store's contract: a later version may
/// add columns at the end, never rename or drop one.
///
/// What SQL cannot read from the internal tables the store writes beside them: a type's short name and canonical unit
/// (columns of `sample_types`) and a workout's activity, distance and energy (`workout_figures`, kept from the workout's
/// binary detail). Stores written before v11 get both when the migration runs.
enum SQLiteAnalyticViews {
    /// The migration's SQL: the two columns, the figures table and the three views.
    static let migrationSQL = """
        -- name: the short name (`stepCount`, the identifier for types without one); unit: the canonical unit (quantities).
        ALTER TABLE sample_types ADD COLUMN name TEXT;
        ALTER TABLE sample_types ADD COLUMN unit TEXT;
        CREATE INDEX sample_types_by_name ON sample_types (name);

        -- One row per workout: what SQL cannot read from its binary detail. distance in metres, energy in kilocalories.
        CREATE TABLE workout_figures (
            workout INTEGER PRIMARY KEY REFERENCES samples (sequence) ON DELETE CASCADE,
            activity_type INTEGER NOT NULL CHECK (activity_type >= 0),
            activity_name TEXT,
            distance REAL,
            energy REAL
        );

        CREATE VIEW health_samples AS
        SELECT
            s.sequence AS sequence,
            substr(hex(s.uuid), 1, 8) || '-' || substr(hex(s.uuid), 9, 4) || '-' || substr(hex(s.uuid), 13, 4) || '-'
                || substr(hex(s.uuid), 17, 4) || '-' || substr(hex(s.uuid), 21, 12) AS uuid,
            t.identifier AS type,
            t.name AS type_name,
            CASE t.kind
                WHEN 0 THEN 'quantity' WHEN 1 THEN 'category' WHEN 2 THEN 'correlation' WHEN 3 THEN 'workout'
                WHEN 4 THEN 'series' WHEN 5 THEN 'document' WHEN 6 THEN 'electrocardiogram' WHEN 7 THEN 'audiogram'
                WHEN 8 THEN 'stateOfMind' WHEN 9 THEN 'scoredAssessment' WHEN 10 THEN 'visionPrescription'
                WHEN 11 THEN 'clinicalRecord' WHEN 12 THEN 'workoutEffortRelationship' WHEN 13 THEN 'heartbeatSeries'
                WHEN 14 THEN 'medicationDoseEvent' ELSE 'kind ' || t.kind
            END AS kind,
            CASE WHEN t.kind = 0 THEN s.value END AS value,
            CASE WHEN t.kind = 0 THEN t.unit END AS unit,
            CASE WHEN t.kind = 0 THEN s.count END AS count,
            CASE WHEN t.kind = 1 THEN CAST(s.value AS INTEGER) END AS category_value,
            CASE WHEN t.identifier = 'HKCategoryTypeIdentifierSleepAnalysis' THEN
                CASE CAST(s.value AS INTEGER)
                    WHEN 0 THEN 'inBed' WHEN 1 THEN 'asleepUnspecified' WHEN 2 THEN 'awake' WHEN 3 THEN 'asleepCore'
                    WHEN 4 THEN 'asleepDeep' WHEN 5 THEN 'asleepREM'
                END
            END AS category_name,
            strftime('%Y-%m-%dT%H:%M:%fZ', s.start_time + 978307200, 'unixepoch') AS start_utc,
            strftime('%Y-%m-%dT%H:%M:%fZ', s.end_time + 978307200, 'unixepoch') AS end_utc,
            s.start_time + 978307200 AS start_unix,
            s.end_time + 978307200 AS end_unix,
            s.end_time - s.start_time AS duration,
            coalesce(s.time_zone_offset, s.utc_offset) AS utc_offset,
            strftime('%Y-%m-%dT%H:%M:%S', s.start_time + 978307200 + coalesce(s.time_zone_offset, s.utc_offset),
                'unixepoch') AS start_local,
            strftime('%Y-%m-%dT%H:%M:%S', s.end_time + 978307200 + coalesce(s.time_zone_offset, s.utc_offset),
                'unixepoch') AS end_local,
            src.name AS source_name,
            src.bundle_identifier AS bundle_id,
            r.version AS source_version,
            d.name AS device_name,
            d.model AS device_model,
            s.user_entered AS user_entered,
            strftime('%Y-%m-%dT%H:%M:%fZ', s.creation_time + 978307200, 'unixepoch') AS created_utc,
            CASE WHEN s.has_metadata = 1 THEN (
                SELECT json_group_object(m.key, CASE m.kind
                    WHEN 0 THEN m.text
                    WHEN 2 THEN strftime('%Y-%m-%dT%H:%M:%fZ', m.number + 978307200, 'unixepoch')
                    WHEN 3 THEN m.number || ' ' || u.unit_string
                    ELSE m.number
                END)
                FROM metadata m LEFT JOIN units u ON u.id = m.unit_id
                WHERE m.sample = s.sequence
            ) END AS metadata
        FROM samples s
        JOIN sample_types t ON t.id = s.type_id
        LEFT JOIN sources src ON src.id = s.source_id
        LEFT JOIN source_revisions r ON r.id = s.source_revision_id
        LEFT JOIN devices d ON d.id = s.device_id;

        CREATE VIEW health_workouts AS
        SELECT
            h.sequence, h.uuid, w.activity_type, w.activity_name,
            h.start_utc, h.end_utc, h.start_unix, h.end_unix, h.utc_offset, h.start_local, h.end_local,
            s.value AS duration, h.duration AS elapsed, w.distance, w.energy,
            h.source_name, h.bundle_id, h.source_version, h.device_name, h.metadata
        FROM health_samples h
        JOIN samples s ON s.sequence = h.sequence
        JOIN workout_figures w ON w.workout = h.sequence;

        CREATE VIEW health_sleep AS
        SELECT
            sequence, uuid, category_value AS value, category_name AS stage,
            start_utc, end_utc, start_unix, end_unix, duration, utc_offset, start_local, end_local,
            source_name, bundle_id, source_version, device_name
        FROM health_samples
        WHERE type = 'HKCategoryTypeIdentifierSleepAnalysis';
        """

    /// The views, in the order they are documented.
    static let viewNames = ["health_samples", "health_workouts", "health_sleep"]

    /// A type's short name (`stepCount`, the name `ohk` commands take; the identifier for types without one) and
    /// canonical unit string (quantity types only). `health_samples` filters on the name through an index.
    static func typeColumns(of type: SampleType) -> (name: String, unit: String?) {
        let name: String
        if let quantity = type.quantityDescription {
            name = quantity.name
        } else if let category = type.categoryDescription {
            name = category.name
        } else if let correlation = type.correlationDescription {
            name = correlation.name
        } else if type == .workout {
            name = "workout"
        } else {
            name = type.identifier
        }
        return (name, type.canonicalUnit?.unitString)
    }

    /// A workout's figures for `workout_figures`: activity raw value and case name, total distance in metres and
    /// active energy in kilocalories (nil when the workout has none or its unit does not convert).
    static func figures(
        of workout: WorkoutContent
    ) -> (activityType: Int64, activityName: String?, distance: Double?, energy: Double?) {
        (
            Int64(workout.activityTypeRawValue), workout.activityType?.caseName,
            (try? workout.totalDistance?.converted(to: .meter()))?.value,
            (try? workout.totalEnergyBurned?.converted(to: .kilocalorie))?.value
        )
    }

    /// Writes a workout's `workout_figures` row (replacing one left by an earlier row of the same sequence).
    static func writeFigures(of workout: WorkoutContent, sequence: Int64, _ db: Database) throws {
        let figures = figures(of: workout)
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO workout_figures (workout, activity_type, activity_name, distance, energy)
                VALUES (?, ?, ?, ?, ?)
                """,
            arguments: [sequence, figures.activityType, figures.activityName, figures.distance, figures.energy])
    }

    /// Fills what the migration added for the rows written before it: every type's name and unit, every workout's
    /// figures (read from its detail as the store reads it).
    static func backfill(_ db: Database) throws {
        // A type this version does not know (the catalog refuses to open such a store anyway) keeps its identifier.
        try db.execute(sql: "UPDATE sample_types SET name = identifier")
        for row in try Row.fetchAll(db, sql: "SELECT id, identifier FROM sample_types") {
            let id: Int64 = row[0]
            guard let type = try? SampleType.named(row[1] as String) else { continue }
            let columns = typeColumns(of: type)
            try db.execute(
                sql: "UPDATE sample_types SET name = ?, unit = ? WHERE id = ?",
                arguments: [columns.name, columns.unit, id])
        }
        let workouts = try Row.fetchAll(
            db,
            sql: """
                SELECT s.sequence, s.value, s.detail FROM samples s JOIN sample_types t ON t.id = s.type_id
                WHERE t.kind = \(SampleKind.workout.rawValue)
                """)
        for row in workouts {
            let sequence: Int64 = row[0]
            let duration: Double = row[1] ?? 0
            let detail: [UInt8] = (row[2] as Data?).map { [UInt8]($0) } ?? []
            let content: WorkoutContent
            do {
                content = try SampleDetailCoding.workoutContent(from: detail, duration: duration)
            } catch {
                throw HealthStoreError.corruptStore("samples row \(sequence): workout detail does not decode: \(error)")
            }
            try writeFigures(of: content, sequence: sequence, db)
        }
    }
}
