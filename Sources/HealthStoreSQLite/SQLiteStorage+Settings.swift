// The public members here implement StoreSettings' requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

extension SQLiteStorage {
    // MARK: Source orders

    public func sourceOrder(for type: SampleType) throws -> [String]? {
        try read("reading the source order of \(type.identifier)") { db in
            // A cached statement: every statistics query asks (preparing it each time was a tenth of a server's
            // daily-statistics answer).
            let statement = try db.cachedStatement(
                sql: """
                    SELECT e.bundle_identifier FROM source_orders o JOIN sample_types t ON t.id = o.type_id
                    LEFT JOIN source_order_entries e ON e.type_id = o.type_id WHERE t.identifier = ? ORDER BY e.position
                    """)
            let rows = try Row.fetchAll(statement, arguments: [type.identifier])
            guard !rows.isEmpty else { return nil }
            return rows.compactMap { $0[0] as String? }
        }
    }

    public func setSourceOrder(_ bundleIdentifiers: [String]?, for type: SampleType) throws {
        var catalog = catalogSnapshot()
        try write("setting the source order of \(type.identifier)") { db in
            let typeID = try catalog.typeID(type, db)
            try db.execute(sql: "DELETE FROM source_orders WHERE type_id = ?", arguments: [typeID])
            guard let bundleIdentifiers else { return }
            try db.execute(sql: "INSERT INTO source_orders (type_id) VALUES (?)", arguments: [typeID])
            for (position, identifier) in bundleIdentifiers.enumerated() {
                try db.execute(
                    sql: "INSERT INTO source_order_entries (type_id, position, bundle_identifier) VALUES (?, ?, ?)",
                    arguments: [typeID, position, identifier])
            }
        }
        publish(catalog)
    }

    // MARK: Preferred units

    public func preferredUnitOverrides() throws -> [SampleType: HealthUnit] {
        try read("reading the preferred units") { db in
            var units: [SampleType: HealthUnit] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT type_identifier, unit FROM preferred_units") {
                let identifier: String = row[0]
                let unit: String = row[1]
                guard let type = try? SampleType.named(identifier), let parsed = try? HealthUnit(parsing: unit) else {
                    throw HealthStoreError.corruptStore("preferred unit \(unit) of \(identifier) does not read back")
                }
                units[type] = parsed
            }
            return units
        }
    }

    public func setPreferredUnit(_ unit: HealthUnit?, for type: SampleType) throws {
        try write("setting the preferred unit of \(type.identifier)") { db in
            if let unit {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO preferred_units (type_identifier, unit) VALUES (?, ?)",
                    arguments: [type.identifier, unit.unitString])
            } else {
                try db.execute(
                    sql: "DELETE FROM preferred_units WHERE type_identifier = ?", arguments: [type.identifier])
            }
        }
    }

    public func unitLocaleIdentifier() throws -> String? {
        try read("reading the locale of the default units") { db in
            try String.fetchOne(db, sql: "SELECT identifier FROM unit_locale WHERE id = 1")
        }
    }

    public func setUnitLocaleIdentifier(_ identifier: String?) throws {
        try write("setting the locale of the default units") { db in
            if let identifier {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO unit_locale (id, identifier) VALUES (1, ?)", arguments: [identifier])
            } else {
                try db.execute(sql: "DELETE FROM unit_locale")
            }
        }
    }

    // MARK: Medications

    public func userAnnotatedMedications() throws -> [UserAnnotatedMedication] {
        try read("reading the medications") { db in
            try Row.fetchAll(
                db, sql: "SELECT concept_identifier, content FROM user_annotated_medications ORDER BY position"
            ).map { row in
                let identifier: String = row[0]
                let content: Data = row[1]
                guard let medication = UserAnnotatedMedication.decoded(json: content) else {
                    throw HealthStoreError.corruptStore("medication \(identifier) does not read back")
                }
                return medication
            }
        }
    }

    public func setUserAnnotatedMedications(_ medications: [UserAnnotatedMedication]) throws {
        try write("setting the medications") { db in
            try db.execute(sql: "DELETE FROM user_annotated_medications")
            for (position, medication) in medications.enumerated() {
                try db.execute(
                    sql:
                        "INSERT INTO user_annotated_medications (position, concept_identifier, content) VALUES (?, ?, ?)",
                    arguments: [position, medication.concept.identifier, medication.json])
            }
        }
    }

    // MARK: Background delivery

    public func backgroundDeliveries(of bundleIdentifier: String) throws -> [BackgroundDeliverySubscription] {
        try read("reading the background deliveries of \(bundleIdentifier)") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT t.identifier, b.frequency, b.last_notified, b.missed_acknowledgements, b.suspended
                    FROM background_deliveries b JOIN sample_types t ON t.id = b.type_id
                    WHERE b.bundle_identifier = ? ORDER BY t.identifier
                    """, arguments: [bundleIdentifier]
            ).map { row in
                let identifier: String = row[0]
                guard let type = try? SampleType.named(identifier), let frequency = UpdateFrequency(rawValue: row[1])
                else {
                    throw HealthStoreError.corruptStore(
                        "background delivery of \(bundleIdentifier): unknown type \(identifier) or frequency")
                }
                let last: Double? = row[2]
                return BackgroundDeliverySubscription(
                    bundleIdentifier: bundleIdentifier, type: type, frequency: frequency,
                    lastNotified: last.map(Date.init(timeIntervalSinceReferenceDate:)), missedAcknowledgements: row[3],
                    suspended: (row[4] as Int) == 1)
            }
        }
    }

    public func saveBackgroundDelivery(_ subscription: BackgroundDeliverySubscription) throws {
        var catalog = catalogSnapshot()
        try write(
            "saving the background delivery of \(subscription.bundleIdentifier) for \(subscription.type.identifier)"
        ) { db in
            let typeID = try catalog.typeID(subscription.type, db)
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO background_deliveries
                        (bundle_identifier, type_id, frequency, last_notified, missed_acknowledgements, suspended)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    subscription.bundleIdentifier, typeID, subscription.frequency.rawValue,
                    subscription.lastNotified?.timeIntervalSinceReferenceDate, subscription.missedAcknowledgements,
                    subscription.suspended ? 1 : 0,
                ])
        }
        publish(catalog)
    }

    public func removeBackgroundDeliveries(of bundleIdentifier: String, types: Set<SampleType>?) throws {
        try write("removing background deliveries of \(bundleIdentifier)") { db in
            guard let types else {
                try db.execute(
                    sql: "DELETE FROM background_deliveries WHERE bundle_identifier = ?", arguments: [bundleIdentifier])
                return
            }
            for type in types {
                try db.execute(
                    sql: """
                        DELETE FROM background_deliveries WHERE bundle_identifier = ?
                        AND type_id = (SELECT id FROM sample_types WHERE identifier = ?)
                        """, arguments: [bundleIdentifier, type.identifier])
            }
        }
    }
}
