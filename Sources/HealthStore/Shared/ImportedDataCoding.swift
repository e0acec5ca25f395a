import Foundation
import HealthModel

/// Binary layouts: the points of route samples; and the blobs of retired tables, read by the migrations (activity
/// summaries and kept elements before they became records, routes and heartbeat series before they became samples)
/// and written only by the migration tests, which build old stores. A version byte leads each blob, as in the sample
/// detail blob.
package enum ImportedDataCoding {
    private static let version: UInt8 = 1

    /// The day key of a summary, ordered like the days (`year * 10_000 + month * 100 + day`).
    package static func dayKey(_ day: DateComponents) -> Int64 {
        Int64((day.year ?? 0) * 10_000 + (day.month ?? 0) * 100 + (day.day ?? 0))
    }

    // MARK: Activity summaries

    package static func encode(_ summary: ActivitySummary) -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(version)
        writer.write(signed: Int64(summary.day.era ?? -1))
        for quantity in [
            summary.activeEnergyBurned, summary.activeEnergyBurnedGoal, summary.appleMoveTime,
            summary.appleMoveTimeGoal,
            summary.appleExerciseTime, summary.appleExerciseTimeGoal, summary.appleStandHours,
            summary.appleStandHoursGoal,
        ] {
            writer.write(quantity.value)
            writer.write(quantity.unit.unitString)
        }
        writer.write(UInt8(summary.moveMode.rawValue))
        writer.write(UInt8(summary.isPaused ? 1 : 0))
        return writer.bytes
    }

    package static func decodeActivitySummary(_ bytes: [UInt8], dayKey: Int64) throws -> ActivitySummary {
        let context = "activity summary of day \(dayKey)"
        var reader = BinaryReader(bytes, context: context)
        try checkVersion(&reader, context)
        let era = try reader.readSigned()
        var day = DateComponents(year: Int(dayKey / 10_000), month: Int(dayKey / 100 % 100), day: Int(dayKey % 100))
        if era >= 0 { day.era = Int(era) }
        var quantities: [Quantity] = []
        for _ in 0..<8 {
            let value = try reader.readDouble()
            let unitString = try reader.readString()
            do {
                quantities.append(Quantity(value, try HealthUnit(parsing: unitString)))
            } catch {
                throw HealthStoreError.corruptStore("\(context): unit \"\(unitString)\" cannot be read")
            }
        }
        guard let moveMode = ActivitySummary.MoveMode(rawValue: Int(try reader.readByte())) else {
            throw HealthStoreError.corruptStore("\(context): unknown move mode")
        }
        let paused = try reader.readByte() != 0
        do {
            return try ActivitySummary(
                day: day, activeEnergyBurned: quantities[0], activeEnergyBurnedGoal: quantities[1],
                appleMoveTime: quantities[2],
                appleMoveTimeGoal: quantities[3], appleExerciseTime: quantities[4],
                appleExerciseTimeGoal: quantities[5],
                appleStandHours: quantities[6], appleStandHoursGoal: quantities[7], moveMode: moveMode, isPaused: paused
            )
        } catch {
            throw HealthStoreError.corruptStore("\(context): \(error)")
        }
    }

    // MARK: Route points

    /// One point: date, latitude, longitude, then a byte saying which optional fields follow, then those fields. The
    /// layout of a route sample's locations in its detail (`SampleDetailCoding`) and of the retired route table.
    static func write(_ location: WorkoutRouteLocation, to writer: inout BinaryWriter) {
        writer.write(location.date.timeIntervalSinceReferenceDate)
        writer.write(location.latitude)
        writer.write(location.longitude)
        let optionals = [
            location.altitude, location.speed, location.course, location.horizontalAccuracy, location.verticalAccuracy,
        ]
        var present: UInt8 = 0
        for (index, value) in optionals.enumerated() where value != nil { present |= 1 << index }
        writer.write(present)
        for value in optionals { if let value { writer.write(value) } }
    }

    /// Reads one point that `write(_:to:)` wrote.
    static func readLocation(_ reader: inout BinaryReader) throws -> WorkoutRouteLocation {
        let date = Date(timeIntervalSinceReferenceDate: try reader.readDouble())
        let latitude = try reader.readDouble()
        let longitude = try reader.readDouble()
        let present = try reader.readByte()
        var optionals: [Double?] = []
        for index in 0..<5 { optionals.append(present & (1 << index) != 0 ? try reader.readDouble() : nil) }
        return WorkoutRouteLocation(
            date: date, latitude: latitude, longitude: longitude, altitude: optionals[0], speed: optionals[1],
            course: optionals[2], horizontalAccuracy: optionals[3], verticalAccuracy: optionals[4])
    }

    /// The points of a route as the retired `workout_routes` table kept them (a version byte, the count, the points):
    /// read once, when a store of an older schema moves its routes into route samples.
    package static func decodeLocations(_ bytes: [UInt8], route: UUID) throws -> [WorkoutRouteLocation] {
        try decodeList(bytes, context: "points of route \(route)") { reader in try readLocation(&reader) }
    }

    /// The points of a route in the retired table's layout (for the migration tests, which build an old store).
    package static func encode(_ locations: [WorkoutRouteLocation]) -> [UInt8] {
        encodeList(locations) { location, writer in write(location, to: &writer) }
    }

    // MARK: Heartbeats

    /// The beats of a heartbeat series as the retired `heartbeat_series` table kept them (date and rate of each): read
    /// once, when a store of an older schema moves them into heartbeat series samples.
    package static func decodeBeats(_ bytes: [UInt8], sample: UUID) throws -> [(date: Date, beatsPerMinute: Double)] {
        try decodeList(bytes, context: "heartbeat series of sample \(sample)") { reader in
            let date = Date(timeIntervalSinceReferenceDate: try reader.readDouble())
            return (date, try reader.readDouble())
        }
    }

    /// Beats in the retired table's layout (for the migration tests, which build an old store).
    package static func encode(beats: [(date: Date, beatsPerMinute: Double)]) -> [UInt8] {
        encodeList(beats) { beat, writer in
            writer.write(beat.date.timeIntervalSinceReferenceDate)
            writer.write(beat.beatsPerMinute)
        }
    }

    /// A version byte, the count, then each item as `each` writes it.
    private static func encodeList<T>(_ items: [T], _ each: (T, inout BinaryWriter) -> Void) -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(version)
        writer.write(varint: UInt64(items.count))
        for item in items { each(item, &writer) }
        return writer.bytes
    }

    /// Reads what `encodeList` wrote.
    private static func decodeList<T>(
        _ bytes: [UInt8], context: String, _ each: (inout BinaryReader) throws -> T
    ) throws -> [T] {
        var reader = BinaryReader(bytes, context: context)
        try checkVersion(&reader, context)
        let count = try reader.readCount()
        var items: [T] = []
        items.reserveCapacity(count)
        for _ in 0..<count { items.append(try each(&reader)) }
        return items
    }

    // MARK: Kept elements

    package static func encode(_ element: ExportElement) -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(version)
        write(element, into: &writer)
        return writer.bytes
    }

    private static func write(_ element: ExportElement, into writer: inout BinaryWriter) {
        writer.write(element.name)
        writer.write(varint: UInt64(max(0, element.line)))
        let attributes = element.attributes
        writer.write(varint: UInt64(attributes.count))
        for attribute in attributes {
            writer.write(attribute.name)
            writer.write(attribute.value)
        }
        writer.write(varint: UInt64(element.children.count))
        for child in element.children { write(child, into: &writer) }
    }

    package static func decodeElement(_ bytes: [UInt8], identity: UUID) throws -> ExportElement {
        let context = "kept element \(identity)"
        var reader = BinaryReader(bytes, context: context)
        try checkVersion(&reader, context)
        return try readElement(&reader)
    }

    private static func readElement(_ reader: inout BinaryReader) throws -> ExportElement {
        let name = try reader.readString()
        let line = Int(try reader.readVarint())
        var attributes: [(name: String, value: String)] = []
        for _ in 0..<(try reader.readCount()) { attributes.append((try reader.readString(), try reader.readString())) }
        var children: [ExportElement] = []
        for _ in 0..<(try reader.readCount()) { children.append(try readElement(&reader)) }
        return ExportElement(name: name, attributes: attributes, children: children, line: line)
    }

    private static func checkVersion(_ reader: inout BinaryReader, _ context: String) throws {
        let found = try reader.readByte()
        guard found == version else { throw HealthStoreError.corruptStore("\(context): unknown blob version \(found)") }
    }
}
