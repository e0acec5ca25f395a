import Foundation
import GRDB
import HealthModel
import HealthStore

/// The small normalized tables of an SQLite store (sample types, units, sources, source revisions, devices) held in
/// memory both ways, value to row id and row id to value. A value type: a writer works on a copy and publishes it
/// after its transaction commits; a reader that meets an unknown id reloads from its own snapshot.
struct SQLiteCatalog: Sendable {
    /// A source revision row: the revision and its source's row id.
    struct RevisionRow: Sendable {
        let revision: SourceRevision
        let sourceID: Int64
    }

    private(set) var typeIDs: [String: Int64] = [:]
    private(set) var types: [Int64: SampleType] = [:]
    private(set) var unitIDs: [String: Int64] = [:]
    private(set) var units: [Int64: HealthUnit] = [:]
    private(set) var sourceIDs: [Source: Int64] = [:]
    private(set) var sources: [Int64: Source] = [:]
    private(set) var revisionIDs: [SourceRevision: Int64] = [:]
    private(set) var revisions: [Int64: RevisionRow] = [:]
    private(set) var deviceIDs: [Device: Int64] = [:]
    private(set) var devices: [Int64: Device] = [:]

    /// Every row of the normalized tables.
    static func load(_ db: Database) throws -> SQLiteCatalog {
        var catalog = SQLiteCatalog()
        for row in try Row.fetchAll(db, sql: "SELECT id, identifier FROM sample_types") {
            let id: Int64 = row[0]
            let identifier: String = row[1]
            guard let type = try? SampleType.named(identifier) else {
                throw HealthStoreError.corruptStore("sample_types row \(id): unknown type identifier \(identifier)")
            }
            catalog.typeIDs[identifier] = id
            catalog.types[id] = type
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, unit_string FROM units") {
            let id: Int64 = row[0]
            let text: String = row[1]
            guard let unit = try? HealthUnit(parsing: text) else {
                throw HealthStoreError.corruptStore("units row \(id): \"\(text)\" does not parse")
            }
            catalog.unitIDs[text] = id
            catalog.units[id] = unit
        }
        for row in try Row.fetchAll(db, sql: "SELECT id, name, bundle_identifier FROM sources") {
            let id: Int64 = row[0]
            let source = Source(name: row[1], bundleIdentifier: row[2])
            catalog.sourceIDs[source] = id
            catalog.sources[id] = source
        }
        for row in try Row.fetchAll(
            db, sql: "SELECT id, source_id, version, product_type, operating_system_version FROM source_revisions")
        {
            let id: Int64 = row[0]
            let sourceID: Int64 = row[1]
            guard let source = catalog.sources[sourceID] else {
                throw HealthStoreError.corruptStore("source_revisions row \(id): no source \(sourceID)")
            }
            let revision = SourceRevision(
                source: source, version: row[2], productType: row[3], operatingSystemVersion: row[4])
            catalog.revisionIDs[revision] = id
            catalog.revisions[id] = RevisionRow(revision: revision, sourceID: sourceID)
        }
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT id, name, manufacturer, model, hardware_version, firmware_version, software_version, local_identifier,
                       udi_device_identifier FROM devices
                """)
        {
            let id: Int64 = row[0]
            let device = Device(
                name: row[1], manufacturer: row[2], model: row[3], hardwareVersion: row[4], firmwareVersion: row[5],
                softwareVersion: row[6], localIdentifier: row[7], udiDeviceIdentifier: row[8])
            catalog.deviceIDs[device] = id
            catalog.devices[id] = device
        }
        return catalog
    }

    // MARK: Writing (inside a write transaction)

    /// The row id of a sample type, adding the row (with its short name and canonical unit) if needed.
    mutating func typeID(_ type: SampleType, _ db: Database) throws -> Int64 {
        if let id = typeIDs[type.identifier] { return id }
        let columns = SQLiteAnalyticViews.typeColumns(of: type)
        try db.execute(
            sql: "INSERT OR IGNORE INTO sample_types (identifier, kind, name, unit) VALUES (?, ?, ?, ?)",
            arguments: [type.identifier, Int(type.kind.rawValue), columns.name, columns.unit])
        let id = try Int64.fetchOne(
            db, sql: "SELECT id FROM sample_types WHERE identifier = ?", arguments: [type.identifier])!
        typeIDs[type.identifier] = id
        types[id] = type
        return id
    }

    /// The row id of a unit, adding the row if needed.
    mutating func unitID(_ unit: HealthUnit, _ db: Database) throws -> Int64 {
        let text = unit.unitString
        if let id = unitIDs[text] { return id }
        try db.execute(sql: "INSERT OR IGNORE INTO units (unit_string) VALUES (?)", arguments: [text])
        let id = try Int64.fetchOne(db, sql: "SELECT id FROM units WHERE unit_string = ?", arguments: [text])!
        unitIDs[text] = id
        units[id] = unit
        return id
    }

    /// The row id of a source, adding the row if needed.
    mutating func sourceID(_ source: Source, _ db: Database) throws -> Int64 {
        if let id = sourceIDs[source] { return id }
        try db.execute(
            sql: "INSERT OR IGNORE INTO sources (name, bundle_identifier) VALUES (?, ?)",
            arguments: [source.name, source.bundleIdentifier])
        let id = try Int64.fetchOne(
            db, sql: "SELECT id FROM sources WHERE name = ? AND bundle_identifier = ?",
            arguments: [source.name, source.bundleIdentifier])!
        sourceIDs[source] = id
        sources[id] = source
        return id
    }

    /// The row ids of a source revision and its source, adding rows if needed.
    mutating func revisionID(_ revision: SourceRevision, _ db: Database) throws -> (revision: Int64, source: Int64) {
        if let id = revisionIDs[revision], let row = revisions[id] { return (id, row.sourceID) }
        let sourceID = try sourceID(revision.source, db)
        let arguments: StatementArguments = [
            sourceID, revision.version, revision.productType, revision.operatingSystemVersion,
        ]
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO source_revisions (source_id, version, product_type, operating_system_version) VALUES (?, ?, ?, ?)
                """, arguments: arguments)
        let id = try Int64.fetchOne(
            db,
            sql: """
                SELECT id FROM source_revisions
                WHERE source_id = ? AND version IS ? AND product_type IS ? AND operating_system_version IS ?
                """, arguments: arguments)!
        revisionIDs[revision] = id
        revisions[id] = RevisionRow(revision: revision, sourceID: sourceID)
        return (id, sourceID)
    }

    /// The row id of a device, adding the row if needed.
    mutating func deviceID(_ device: Device, _ db: Database) throws -> Int64 {
        if let id = deviceIDs[device] { return id }
        let arguments: StatementArguments = [
            device.name, device.manufacturer, device.model, device.hardwareVersion, device.firmwareVersion,
            device.softwareVersion, device.localIdentifier, device.udiDeviceIdentifier,
        ]
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO devices (name, manufacturer, model, hardware_version, firmware_version, software_version,
                                               local_identifier, udi_device_identifier) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: arguments)
        let id = try Int64.fetchOne(
            db,
            sql: """
                SELECT id FROM devices WHERE name IS ? AND manufacturer IS ? AND model IS ? AND hardware_version IS ?
                  AND firmware_version IS ? AND software_version IS ? AND local_identifier IS ? AND udi_device_identifier IS ?
                """, arguments: arguments)!
        deviceIDs[device] = id
        devices[id] = device
        return id
    }

    /// Adds what another catalog knows and this one does not (ids are the same in both: they come from one file).
    mutating func merge(_ other: SQLiteCatalog) {
        typeIDs.merge(other.typeIDs) { old, _ in old }
        types.merge(other.types) { old, _ in old }
        unitIDs.merge(other.unitIDs) { old, _ in old }
        units.merge(other.units) { old, _ in old }
        sourceIDs.merge(other.sourceIDs) { old, _ in old }
        sources.merge(other.sources) { old, _ in old }
        revisionIDs.merge(other.revisionIDs) { old, _ in old }
        revisions.merge(other.revisions) { old, _ in old }
        deviceIDs.merge(other.deviceIDs) { old, _ in old }
        devices.merge(other.devices) { old, _ in old }
    }
}
