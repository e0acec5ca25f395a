import Foundation
import HealthModel

/// Reads the track points of a GPX route (as Apple Health exports write them: `trkpt lat lon` with `ele`, `time` and
/// `extensions/speed, course, hAcc, vAcc`) with the same tokenizer as the export.
struct GPXReader: XMLTokenHandler {
    /// The points read so far.
    private(set) var locations: [WorkoutRouteLocation] = []
    private var latitude: Double?
    private var longitude: Double?
    private var fields: [String: Double] = [:]
    private var date: Date?
    private var field: String?
    private var textBuffer: [UInt8] = []

    /// A reader with no points yet.
    init() {}

    var wantsText: Bool { field != nil }

    mutating func startElement(_ tag: XMLTag) throws {
        if tag.isNamed("trkpt") {
            latitude = tag.rawValue("lat").flatMap(DecimalParser.parse)
            longitude = tag.rawValue("lon").flatMap(DecimalParser.parse)
            fields.removeAll(keepingCapacity: true)
            date = nil
        } else if latitude != nil {
            field = String(decoding: tag.name, as: UTF8.self)
            textBuffer.removeAll(keepingCapacity: true)
        }
    }

    mutating func text(_ bytes: UnsafeRawBufferPointer) {
        textBuffer.append(contentsOf: bytes)
    }

    mutating func endElement(name: UnsafeRawBufferPointer, line: Int) throws {
        if XMLBytes.equal(name, "trkpt") {
            if let latitude, let longitude, let date {
                locations.append(
                    WorkoutRouteLocation(
                        date: date, latitude: latitude, longitude: longitude, altitude: fields["ele"],
                        speed: fields["speed"],
                        course: fields["course"], horizontalAccuracy: fields["hAcc"], verticalAccuracy: fields["vAcc"]))
            }
            latitude = nil
            longitude = nil
            field = nil
            return
        }
        guard let current = field else { return }
        textBuffer.withUnsafeBytes { bytes in
            if current == "time" {
                date = DateReader.exportRecordDate(bytes)?.date
            } else if let value = DecimalParser.parse(bytes) {
                fields[current] = value
            }
        }
        field = nil
    }
}
