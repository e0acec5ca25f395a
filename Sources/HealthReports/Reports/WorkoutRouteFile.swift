import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthWire

/// A workout's routes as a file other tools open: GPX 1.1 (one track, one segment per route) or GeoJSON (one Feature
/// whose geometry is a LineString, or a MultiLineString for several routes), for `ohk workouts route` and
/// `GET /workouts/{uuid}/route` (docs/decisions/workout-routes.md).
public enum WorkoutRouteFile {
    /// The file formats.
    public enum Format: String, Sendable, CaseIterable {
        /// GPX 1.1: `trkpt lat lon` with `ele`, `time`, and the point's speed, course and accuracies as extensions
        /// in the project's namespace.
        case gpx
        /// GeoJSON (RFC 7946): positions `[lon, lat, ele]`, the points' times in `properties.coordTimes`.
        case geojson

        /// The media type of the file (`application/gpx+xml`, `application/geo+json`).
        public var mediaType: String {
            switch self {
            case .gpx: return "application/gpx+xml"
            case .geojson: return "application/geo+json"
            }
        }
    }

    /// The namespace of the GPX extension elements (`speed`, `course`, `hAcc`, `vAcc`).
    public static let extensionNamespace = "urn:openhealthkit:gpx:location:1"

    /// Finds a workout that a store (as its client sees it) holds and its routes. `id` is the workout's uuid, or with
    /// `allowPrefix` the start of one (at least 4 hex digits; dashes as in the uuid) matching exactly one workout.
    /// A workout the client may not read is reported exactly as one that does not exist; the messages do not repeat
    /// the uuid, so that an answer never holds an identifier of something the caller may not see.
    public static func find(
        _ id: String, in store: HealthDataStore, allowPrefix: Bool
    ) throws -> (workout: Sample, routes: [WorkoutRoute]) {
        let workout: Sample
        if let uuid = UUID(uuidString: id) {
            guard let found = try store.workout(withUUID: uuid) else {
                throw HealthReportsError.notFound(field: "uuid", reason: "no workout has this uuid")
            }
            workout = found
        } else {
            let prefix = id.uppercased()
            guard allowPrefix, prefix.count >= 4, prefix.count < 36,
                prefix.allSatisfy({ $0.isHexDigit || $0 == "-" })
            else {
                throw HealthReportsError.invalidOptions(
                    field: "uuid",
                    reason: "'\(id)' is not a workout uuid"
                        + (allowPrefix ? " or the start of one (at least 4 hex digits)" : ""))
            }
            let matches = try store.workouts(withUUIDPrefix: prefix)
            guard matches.count == 1, let only = matches.first else {
                throw matches.isEmpty
                    ? HealthReportsError.notFound(field: "uuid", reason: "no workout's uuid starts with \(prefix)")
                    : HealthReportsError.invalidOptions(
                        field: "uuid",
                        reason: "\(matches.count) workouts' uuids start with \(prefix): "
                            + matches.prefix(5).map(\.uuid.uuidString).joined(separator: ", ")
                            + (matches.count > 5 ? ", …" : "") + "; give more of the uuid")
            }
            workout = only
        }
        let routes = try store.workoutRoutes(ofWorkout: workout.uuid).filter { !$0.locations.isEmpty }
        guard !routes.isEmpty else {
            throw HealthReportsError.notFound(field: "uuid", reason: "this workout has no route")
        }
        return (workout, routes)
    }

    /// The file of a workout's routes (points in each route's order, routes in the order given).
    public static func data(workout: Sample, routes: [WorkoutRoute], format: Format) -> Data {
        switch format {
        case .gpx: return Data(gpx(workout: workout, routes: routes).utf8)
        case .geojson: return Data(geoJSON(workout: workout, routes: routes).utf8)
        }
    }

    /// `running 2020-01-18T07:13:15Z`: the activity and the start, the name both formats give the track.
    static func name(of workout: Sample) -> String {
        (workout.workoutContent?.activityType?.caseName ?? "workout") + " " + time(workout.startDate)
    }

    /// An instant in UTC as ISO 8601 with a `Z`, with milliseconds when it has a fraction.
    static func time(_ date: Date) -> String {
        let text = DateWriter.formatWithMilliseconds(date, in: TimeZone(identifier: "UTC")!)
        return text.hasSuffix("+00:00") ? String(text.dropLast(6)) + "Z" : text
    }

    /// The routes' source names, each once, in route order (`Alex's Apple Watch`).
    static func sources(_ routes: [WorkoutRoute]) -> String {
        var names: [String] = []
        for name in routes.compactMap(\.sourceName) where !names.contains(name) { names.append(name) }
        return names.joined(separator: ", ")
    }

    /// Text for XML: markup characters escaped, control characters (which XML 1.0 cannot carry) left out.
    static func xmlText(_ text: String) -> String {
        TrendsChartSVG.escape(String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 })))
    }

    /// The shortest text that reads back as the same number, as a plain decimal (GPX's `xsd:decimal` has no exponent:
    /// a tiny value is written to nine decimals).
    static func number(_ value: Double) -> String {
        let text = JSONValue.format(value)
        guard text.contains("e") else { return text }
        var fixed = String(format: "%.9f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed == "-0" ? "0" : fixed
    }

    static func gpx(workout: Sample, routes: [WorkoutRoute]) -> String {
        let title = xmlText(name(of: workout))
        let source = sources(routes)
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="OpenHealthKit" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:ohk="\(extensionNamespace)">
              <metadata>
                <name>\(title)</name>
                <time>\(time(workout.startDate))</time>
              </metadata>
              <trk>
                <name>\(title)</name>

            """
        if !source.isEmpty { text += "    <src>\(xmlText(source))</src>\n" }
        text += "    <type>\(xmlText(workout.workoutContent?.activityType?.caseName ?? "other"))</type>\n"
        for route in routes {
            text += "    <trkseg>\n"
            for point in route.locations where point.latitude.isFinite && point.longitude.isFinite {
                text += "      <trkpt lat=\"\(number(point.latitude))\" lon=\"\(number(point.longitude))\">"
                if let altitude = point.altitude, altitude.isFinite { text += "<ele>\(number(altitude))</ele>" }
                text += "<time>\(time(point.date))</time>"
                let extras = [
                    ("speed", point.speed), ("course", point.course), ("hAcc", point.horizontalAccuracy),
                    ("vAcc", point.verticalAccuracy),
                ].compactMap { name, value in value.flatMap { $0.isFinite ? (name, $0) : nil } }
                if !extras.isEmpty {
                    text += "<extensions>"
                    for (name, value) in extras { text += "<ohk:\(name)>\(number(value))</ohk:\(name)>" }
                    text += "</extensions>"
                }
                text += "</trkpt>\n"
            }
            text += "    </trkseg>\n"
        }
        text += "  </trk>\n</gpx>\n"
        return text
    }

    static func geoJSON(workout: Sample, routes: [WorkoutRoute]) -> String {
        let lines = routes.map { route in
            route.locations.filter { $0.latitude.isFinite && $0.longitude.isFinite }
        }
        func position(_ point: WorkoutRouteLocation) -> JSONValue {
            var values: [JSONValue] = [.number(point.longitude), .number(point.latitude)]
            if let altitude = point.altitude, altitude.isFinite { values.append(.number(altitude)) }
            return .array(values)
        }
        let single = lines.count == 1
        let coordinates: JSONValue =
            single
            ? .array(lines[0].map(position)) : .array(lines.map { .array($0.map(position)) })
        let times: JSONValue =
            single
            ? .array(lines[0].map { .string(time($0.date)) })
            : .array(lines.map { .array($0.map { .string(time($0.date)) }) })
        let feature: JSONValue = .object([
            ("type", .string("Feature")),
            (
                "properties",
                .object([
                    ("name", .string(name(of: workout))), ("workout", .string(workout.uuid.uuidString)),
                    ("activity", .string(workout.workoutContent?.activityType?.caseName ?? "other")),
                    ("source", .string(sources(routes))),
                    ("start", .string(time(workout.startDate))), ("end", .string(time(workout.endDate))),
                    ("coordTimes", times),
                ])
            ),
            (
                "geometry",
                .object([("type", .string(single ? "LineString" : "MultiLineString")), ("coordinates", coordinates)])
            ),
        ])
        return feature.text + "\n"
    }
}
