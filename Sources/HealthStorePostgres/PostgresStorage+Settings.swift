// The public members here implement StoreSettings' requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

extension PostgresStorage {
    // MARK: Source orders

    public func sourceOrder(for type: SampleType) throws -> [String]? {
        try database.blocking("reading the source order of \(type.identifier)") { [self] in
            try await column(
                """
                SELECT o.bundle_identifiers FROM source_orders o JOIN sample_types t ON t.id = o.type_id
                WHERE o.person = \(person) AND t.identifier = \(type.identifier)
                """, as: [String].self
            ).first
        }
    }

    public func setSourceOrder(_ bundleIdentifiers: [String]?, for type: SampleType) throws {
        try database.blocking("setting the source order of \(type.identifier)") { [self] in
            let typeID = try await typeIDs(for: [type])[type]!
            if let bundleIdentifiers {
                try await client.query(
                    """
                    INSERT INTO source_orders (person, type_id, bundle_identifiers) VALUES (\(person), \(typeID), \(bundleIdentifiers)::text[])
                    ON CONFLICT (person, type_id) DO UPDATE SET bundle_identifiers = excluded.bundle_identifiers
                    """, logger: logger)
            } else {
                try await client.query(
                    "DELETE FROM source_orders WHERE person = \(person) AND type_id = \(typeID)", logger: logger)
            }
        }
    }

    // MARK: Preferred units

    public func preferredUnitOverrides() throws -> [SampleType: HealthUnit] {
        try database.blocking("reading the preferred units") { [self] in
            var units: [SampleType: HealthUnit] = [:]
            for row in try await rows(
                "SELECT type_identifier, unit FROM preferred_units WHERE person = \(person)")
            {
                let (identifier, unit) = try row.decode((String, String).self)
                guard let type = try? SampleType.named(identifier), let parsed = try? HealthUnit(parsing: unit) else {
                    throw HealthStoreError.corruptStore("preferred unit \(unit) of \(identifier) does not read back")
                }
                units[type] = parsed
            }
            return units
        }
    }

    public func setPreferredUnit(_ unit: HealthUnit?, for type: SampleType) throws {
        try database.blocking("setting the preferred unit of \(type.identifier)") { [self] in
            if let unit {
                try await client.query(
                    """
                    INSERT INTO preferred_units (person, type_identifier, unit) VALUES (\(person), \(type.identifier), \(unit.unitString))
                    ON CONFLICT (person, type_identifier) DO UPDATE SET unit = excluded.unit
                    """, logger: logger)
            } else {
                try await client.query(
                    "DELETE FROM preferred_units WHERE person = \(person) AND type_identifier = \(type.identifier)",
                    logger: logger)
            }
        }
    }

    public func unitLocaleIdentifier() throws -> String? {
        try database.blocking("reading the locale of the default units") { [self] in
            try await column("SELECT identifier FROM unit_locales WHERE person = \(person)", as: String.self).first
        }
    }

    public func setUnitLocaleIdentifier(_ identifier: String?) throws {
        try database.blocking("setting the locale of the default units") { [self] in
            if let identifier {
                try await client.query(
                    """
                    INSERT INTO unit_locales (person, identifier) VALUES (\(person), \(identifier))
                    ON CONFLICT (person) DO UPDATE SET identifier = excluded.identifier
                    """, logger: logger)
            } else {
                try await client.query("DELETE FROM unit_locales WHERE person = \(person)", logger: logger)
            }
        }
    }

    // MARK: Medications

    public func userAnnotatedMedications() throws -> [UserAnnotatedMedication] {
        try database.blocking("reading the medications") { [self] in
            try await rows(
                """
                SELECT concept_identifier, content FROM user_annotated_medications WHERE person = \(person)
                ORDER BY position
                """
            ).map { row in
                let (identifier, content) = try row.decode((String, ByteBuffer).self)
                guard let medication = UserAnnotatedMedication.decoded(json: Data(content.readableBytesView)) else {
                    throw HealthStoreError.corruptStore("medication \(identifier) does not read back")
                }
                return medication
            }
        }
    }

    public func setUserAnnotatedMedications(_ medications: [UserAnnotatedMedication]) throws {
        try database.blocking("setting the medications") { [self] in
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query(
                    "DELETE FROM user_annotated_medications WHERE person = \(person)", logger: logger)
                for (position, medication) in medications.enumerated() {
                    let content = ByteBuffer(bytes: Array(medication.json))
                    try await connection.query(
                        """
                        INSERT INTO user_annotated_medications (person, concept_identifier, position, content)
                        VALUES (\(person), \(medication.concept.identifier), \(position), \(content))
                        """, logger: logger)
                }
            }
        }
    }

    // MARK: Background delivery

    public func backgroundDeliveries(of bundleIdentifier: String) throws -> [BackgroundDeliverySubscription] {
        try database.blocking("reading the background deliveries of \(bundleIdentifier)") { [self] in
            try await rows(
                """
                SELECT t.identifier, b.frequency, b.last_notified, b.missed_acknowledgements, b.suspended
                FROM background_deliveries b JOIN sample_types t ON t.id = b.type_id
                WHERE b.person = \(person) AND b.bundle_identifier = \(bundleIdentifier) ORDER BY t.identifier COLLATE "C"
                """
            ).map { try $0.decode((String, Int, Double?, Int, Bool).self) }.map {
                identifier, frequency, last, missed, suspended in
                guard let type = try? SampleType.named(identifier), let frequency = UpdateFrequency(rawValue: frequency)
                else {
                    throw HealthStoreError.corruptStore(
                        "background delivery of \(bundleIdentifier): unknown type \(identifier) or frequency")
                }
                return BackgroundDeliverySubscription(
                    bundleIdentifier: bundleIdentifier, type: type, frequency: frequency,
                    lastNotified: last.map(Date.init(timeIntervalSinceReferenceDate:)), missedAcknowledgements: missed,
                    suspended: suspended)
            }
        }
    }

    public func saveBackgroundDelivery(_ subscription: BackgroundDeliverySubscription) throws {
        try database.blocking(
            "saving the background delivery of \(subscription.bundleIdentifier) for \(subscription.type.identifier)"
        ) { [self] in
            let typeID = try await typeIDs(for: [subscription.type])[subscription.type]!
            try await client.query(
                """
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
                try await client.query(
                    """
                    DELETE FROM background_deliveries WHERE person = \(person) AND bundle_identifier = \(bundleIdentifier)
                    AND type_id IN (SELECT id FROM sample_types WHERE identifier = ANY(\(types.map(\.identifier))::text[]))
                    """, logger: logger)
            } else {
                try await client.query(
                    "DELETE FROM background_deliveries WHERE person = \(person) AND bundle_identifier = \(bundleIdentifier)",
                    logger: logger)
            }
        }
    }
}
