import Foundation
import HealthModel

/// Reads the track points of a GPX route (as Apple Health exports write them: `trkpt lat lon` with `ele`, `time` and
/// `extensions/speed, course, hAcc, vAcc`; the extension elements may have a namespace prefix, as `ohk workouts
/// route` writes them) with the same tokenizer as the export.
public struct GPXReader: XMLTokenHandler {
    /// The points of a whole GPX document with a time, latitude and longitude, in document order; a document cut
    /// short keeps the points before the cut, and an ill-formed one throws the tokenizer's error.
    public static func locations(in data: Data) throws -> [WorkoutRouteLocation] {
        var reader = GPXReader()
        var tokenizer = XMLTokenizer()
        defer { tokenizer.deallocate() }
        try data.withUnsafeBytes { bytes in try tokenizer.feed(bytes, into: &reader) }
        return reader.locations
    }

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
            // The local name: `ohk:speed` is `speed`.
            let name = String(decoding: tag.name, as: UTF8.self)
            field = name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
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
