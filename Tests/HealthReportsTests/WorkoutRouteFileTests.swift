import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthReports
import HealthStore
import HealthTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Route files: GPX 1.1 that an XML parser accepts, GeoJSON with [lon, lat, ele] and times")
struct WorkoutRouteFileTests {
    static let start = Date(timeIntervalSince1970: 1_579_331_595)

    static func workout() throws -> Sample {
        try Sample.workout(activityTypeRawValue: 24, start: start, end: start.addingTimeInterval(600))
    }

    static func route(
        _ workout: Sample, source: String, points: [(Double, Double, Double?)], from offset: Double
    )
        -> WorkoutRoute
    {
        WorkoutRoute(
            uuid: UUID(), workout: workout.uuid, sourceName: source, filePath: nil,
            locations: points.enumerated().map { index, point in
                WorkoutRouteLocation(
                    date: start.addingTimeInterval(offset + Double(index) + (index == 1 ? 0.25 : 0)),
                    latitude: point.0, longitude: point.1, altitude: point.2, speed: index == 0 ? 1.5 : nil)
            })
    }

    /// Element names and the text of `ele` and `time` elements, as an XML parser reads them.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [String] = []
        var attributes: [[String: String]] = []
        var texts: [String] = []
        var current = ""

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes attributeDict: [String: String] = [:]
        ) {
            elements.append(elementName)
            attributes.append(attributeDict)
            current = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if ["ele", "time", "name", "type"].contains(elementName) { texts.append("\(elementName)=\(current)") }
        }
    }

    @Test("GPX: well-formed, one segment per route, lat/lon/ele/time per point, the name escaped")
    func gpx() throws {
        let workout = try Self.workout()
        let routes = [
            Self.route(
                workout, source: "Alex's \"Watch\" <1> & co\u{1}",
                points: [(-34.017655, 23.842259, 16.224207), (-34.0176, 0.00001, nil)], from: 0),
            Self.route(workout, source: "Phone", points: [(-34.01, 23.85, 20)], from: 300),
        ]
        let data = WorkoutRouteFile.data(workout: workout, routes: routes, format: .gpx)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\""))
        let parser = XMLParser(data: data)
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "\(String(describing: parser.parserError))\n\(text)")
        #expect(collector.elements.filter { $0 == "trkseg" }.count == 2)
        #expect(collector.elements.filter { $0 == "trkpt" }.count == 3)
        let points = collector.attributes.filter { $0["lat"] != nil }
        #expect(points.first == ["lat": "-34.017655", "lon": "23.842259"])
        #expect(collector.texts.contains("ele=16.224207"))
        #expect(collector.texts.contains("time=2020-01-18T07:13:15Z"))
        #expect(collector.texts.contains("time=2020-01-18T07:13:16.250Z"), "fractions of a second kept")
        #expect(collector.texts.contains("type=hiking"))
        #expect(text.contains("<src>Alex&apos;s &quot;Watch&quot; &lt;1&gt; &amp; co, Phone</src>"))
        #expect(points.dropFirst().first?["lon"] == "0.00001", "a decimal, never an exponent")
        #expect(text.contains("<ohk:speed>1.5</ohk:speed>"))
        #expect(!text.contains("<ele></ele>"), "a point without an altitude has no ele")
    }

    @Test(
        "GeoJSON: one route is a LineString, several a MultiLineString; positions without an altitude have two numbers")
    func geoJSON() throws {
        let workout = try Self.workout()
        let watch = Self.route(
            workout, source: "Watch \"quoted\"\n", points: [(52.5, 13.4, 34.5), (52.6, 13.5, nil)], from: 0)
        let one = try #require(
            try JSONSerialization.jsonObject(
                with: WorkoutRouteFile.data(workout: workout, routes: [watch], format: .geojson)) as? [String: Any])
        #expect(one["type"] as? String == "Feature")
        let geometry = try #require(one["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "LineString")
        let coordinates = try #require(geometry["coordinates"] as? [[Double]])
        #expect(coordinates == [[13.4, 52.5, 34.5], [13.5, 52.6]])
        let properties = try #require(one["properties"] as? [String: Any])
        #expect(properties["coordTimes"] as? [String] == ["2020-01-18T07:13:15Z", "2020-01-18T07:13:16.250Z"])
        #expect(properties["workout"] as? String == workout.uuid.uuidString)
        #expect(properties["activity"] as? String == "hiking")
        #expect(properties["source"] as? String == "Watch \"quoted\"\n")

        let phone = Self.route(workout, source: "Phone", points: [(52.7, 13.6, 40)], from: 300)
        let two = try #require(
            try JSONSerialization.jsonObject(
                with: WorkoutRouteFile.data(workout: workout, routes: [watch, phone], format: .geojson))
                as? [String: Any])
        let multi = try #require(two["geometry"] as? [String: Any])
        #expect(multi["type"] as? String == "MultiLineString")
        #expect((multi["coordinates"] as? [[[Double]]])?.map(\.count) == [2, 1])
        #expect(((two["properties"] as? [String: Any])?["coordTimes"] as? [[String]])?.map(\.count) == [2, 1])
    }

    @Test(
        "The real route saved on each backend is found by its workout's uuid and comes back through GPX point for point",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason), arguments: StorageBackend.allCases)
    func realRouteOnEveryBackend(_ backend: StorageBackend) throws {
        let points = try GPXReader.locations(
            in: try Data(contentsOf: SharedFixtures.url("ipyhealth-route_2020-01-18_5.49pm.gpx")))
        let store = backend.makeStore()
        let hike = try Sample.workout(
            activityTypeRawValue: 24, start: try #require(points.first?.date), end: try #require(points.last?.date))
        _ = try store.save([hike], as: Fixture.watch)
        try store.saveWorkoutRoute(
            WorkoutRoute(uuid: UUID(), workout: hike.uuid, sourceName: "Watch", filePath: nil, locations: points))
        let found = try WorkoutRouteFile.find(hike.uuid.uuidString.lowercased(), in: store, allowPrefix: false)
        #expect(found.workout.uuid == hike.uuid)
        let gpx = WorkoutRouteFile.data(workout: found.workout, routes: found.routes, format: .gpx)
        #expect(try GPXReader.locations(in: gpx) == points)
        #expect(WorkoutElevation.fromRoutes(found.routes).map { ($0.ascended * 10).rounded() / 10 } == 778.5)
        #expect(throws: HealthReportsError.invalidOptions(field: "uuid", reason: "'016F' is not a workout uuid")) {
            try WorkoutRouteFile.find("016F", in: store, allowPrefix: false)
        }
    }
}
