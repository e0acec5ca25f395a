import Foundation
import HealthModel
import HealthReports
import HealthStore
import HealthTestSupport
import HealthTrends
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("ohk trends --svg: the chart's structure (axes, hours, both series, legend, goal, projection), parsed as XML")
struct TrendsChartSVGTests {
    typealias Fixtures = TrendsReportTests

    /// An element of the document: its name, attributes, text and the ids of the groups it is in.
    struct Element {
        let name: String
        let attributes: [String: String]
        var text: String
        let groups: [String]
    }

    /// Parses a document with Foundation's XMLParser; a document that is not well-formed XML fails the test.
    final class Reader: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        private var open: [Int] = []
        private var groups: [String] = []

        static func read(_ document: String) throws -> [Element] {
            let parser = XMLParser(data: Data(document.utf8))
            let reader = Reader()
            parser.delegate = reader
            guard parser.parse() else {
                throw HealthReportsError.invalidOptions(
                    field: "svg", reason: "not well-formed XML: \(String(describing: parser.parserError))")
            }
            return reader.elements
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(Element(name: name, attributes: attributes, text: "", groups: groups))
            open.append(elements.count - 1)
            if name == "g" { groups.append(attributes["id"] ?? attributes["class"] ?? "") }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let last = open.last { elements[last].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
            if name == "g" { groups.removeLast() }
        }
    }

    /// The elements of a kind inside the group with an id.
    static func elements(_ all: [Element], _ name: String, in group: String) -> [Element] {
        all.filter { $0.name == name && $0.groups.contains(group) }
    }

    /// The number of points of the first polyline in a group.
    static func pointCount(_ all: [Element], in group: String) -> Int {
        elements(all, "polyline", in: group).first?.attributes["points"]?.split(separator: " ").count ?? 0
    }

    /// A store with energy at 8 AM and 6 PM on the days before `day` and 150 at 8 AM on it.
    static func store(_ backend: StorageBackend = .inMemory, month: Int, day: Int) throws -> HealthDataStore {
        let store = backend.makeStore()
        func local(_ day: Int, _ hour: Int) -> Date {
            Fixtures.losAngeles.date(from: DateComponents(year: 2024, month: month, day: day, hour: hour))!
        }
        _ = try store.saveImported([
            try Fixtures.burn(200, at: local(day - 1, 8)), try Fixtures.burn(100, at: local(day - 1, 18)),
            try Fixtures.burn(150, at: local(day, 8)),
        ])
        return store
    }

    @Test(
        "Today at 10:30 on a spring-forward day: 24 hour labels (23 hours), both series, the projection, the goal, the legend",
        arguments: StorageBackend.allCases)
    func springForwardToday(_ backend: StorageBackend) throws {
        let now = Fixtures.local(10, 10, 30)
        let calculator = try TrendsCalculator(
            store: Self.store(backend, month: 3, day: 10), calendar: Fixtures.losAngeles, clock: { now })
        let report = try TrendsReport.make(calculator, date: nil, days: 1, goalFallback: 500)
        let document = TrendsChartSVG(report: report).document
        let all = try Reader.read(document)

        let root = try #require(all.first)
        #expect(
            root.name == "svg" && root.attributes["xmlns"] == "http://www.w3.org/2000/svg"
                && root.attributes["viewBox"] == "0 0 960 540")
        #expect(
            all.first { $0.name == "title" }?.text == "Active energy burned on Sunday 2024-03-10 (America/Los_Angeles)")
        #expect(
            all.first { $0.attributes["id"] == "summary" }?.text
                == "so far 150 kcal by 10:00 · projected 250 kcal · typical day (last 1 day) 300 kcal · Move goal 500 kcal"
        )

        let hours = Self.elements(all, "text", in: "hour-axis").filter { $0.attributes["class"] == "tick" }.map(\.text)
        #expect(
            hours == ["00", "01"] + (3...23).map { String(format: "%02d", $0) } + ["00"],
            "no 2 AM on the spring-forward day")
        #expect(
            Self.elements(all, "text", in: "hour-axis").contains { $0.text.contains("23 hours: clocks went forward") })
        let values = Self.elements(all, "text", in: "value-axis").map(\.text)
        #expect(values == ["0 kcal", "100 kcal", "200 kcal", "300 kcal", "400 kcal", "500 kcal"])
        #expect(
            Self.elements(all, "line", in: "value-axis").count == values.count + 1, "a gridline per tick and the axis")

        #expect(Self.pointCount(all, in: "typical-day") == 24, "midnight and the end of each of the 23 hours")
        #expect(Self.pointCount(all, in: "today") == 10, "midnight and the 9 complete hours by 10:30")
        #expect(Self.pointCount(all, in: "projection") == 1 + 14, "from 10:00 to the end of each of the 14 hours left")
        #expect(Self.elements(all, "circle", in: "projection").count == 1)
        #expect(Self.elements(all, "text", in: "projection").map(\.text) == ["projected 250 kcal"])
        #expect(Self.elements(all, "text", in: "goal").map(\.text) == ["goal 500 kcal"])
        let legend = Self.elements(all, "text", in: "legend").map(\.text)
        #expect(legend == ["today", "typical day (average of the last 1 day)", "projection", "Move goal"])

        // The goal line and the 500 tick are at the same height.
        let goalLine = try #require(Self.elements(all, "line", in: "goal").first)
        let tick = try #require(Self.elements(all, "text", in: "value-axis").first { $0.text == "500 kcal" })
        #expect(goalLine.attributes["y1"] == tick.attributes["y"])
    }

    @Test(
        "A past fall-back day: 26 hour labels with two 1 AMs, the whole day drawn, the marker at the day's total",
        arguments: StorageBackend.allCases)
    func fallBackPastDay(_ backend: StorageBackend) throws {
        let calculator = try TrendsCalculator(
            store: Self.store(backend, month: 11, day: 3), calendar: Fixtures.losAngeles,
            clock: { Fixtures.losAngeles.date(from: DateComponents(year: 2024, month: 11, day: 5))! })
        let day = Fixtures.losAngeles.date(from: DateComponents(year: 2024, month: 11, day: 3, hour: 12))!
        let all = try Reader.read(
            TrendsChartSVG(report: try TrendsReport.make(calculator, date: day, days: 1, goalFallback: 500)).document)
        let hours = Self.elements(all, "text", in: "hour-axis").filter { $0.attributes["class"] == "tick" }.map(\.text)
        #expect(hours.count == 26 && hours.prefix(4) == ["00", "01", "01", "02"])
        #expect(Self.pointCount(all, in: "today") == 26)
        #expect(Self.elements(all, "polyline", in: "projection").isEmpty, "nothing to project on a past day")
        #expect(Self.elements(all, "text", in: "projection").map(\.text) == ["total 150 kcal"])
        #expect(Self.elements(all, "text", in: "legend").map(\.text).contains("the day's total"))
    }

    @Test(
        "Text is escaped: a unit with angle brackets stays well-formed and reads back; no goal for a type that is not active energy",
        arguments: StorageBackend.allCases)
    func escapingAndNoGoal(_ backend: StorageBackend) throws {
        let sugar = try SampleType.quantity("dietarySugar")
        let store = backend.makeStore()
        _ = try store.saveImported([
            try Sample.quantity(
                type: sugar, quantity: Quantity(90, .gram()), start: Fixtures.local(12, 8), end: Fixtures.local(12, 9)
            )
            .with(
                sourceRevision: SourceRevision(
                    source: Source(name: "Food & <Drink>", bundleIdentifier: "com.example.food"), version: "1"))
        ])
        let unit = try HealthUnit(parsing: "mmol<180.15588000005408>")
        let calculator = try TrendsCalculator(
            store: store, type: sugar, unit: unit, calendar: Fixtures.losAngeles, clock: { Fixtures.local(14, 9) })
        let report = try TrendsReport.make(calculator, date: Fixtures.local(12, 15), days: 1, goalFallback: 500)
        #expect(report.moveGoal == nil)
        let document = TrendsChartSVG(report: report).document
        #expect(document.contains("mmol&lt;180.15588000005408&gt;") && !document.contains("mmol<"))
        let all = try Reader.read(document)
        #expect(
            Self.elements(all, "text", in: "value-axis").allSatisfy { $0.text.hasSuffix(" mmol<180.15588000005408>") })
        #expect(Self.elements(all, "text", in: "projection").map(\.text) == ["total 500 mmol<180.15588000005408>"])
        #expect(!all.contains { $0.groups.contains("goal") || $0.attributes["id"] == "goal" })
        #expect(!Self.elements(all, "text", in: "legend").map(\.text).contains("Move goal"))
        #expect(
            TrendsChartSVG.escape(#"a & b < c > d "e" 'f'"#) == "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;")
    }

    @Test("The Move goal is converted to the report's unit (kJ)", arguments: StorageBackend.allCases)
    func goalInKilojoules(_ backend: StorageBackend) throws {
        let calculator = try TrendsCalculator(
            store: Self.store(backend, month: 3, day: 13), unit: .joule(.kilo), calendar: Fixtures.losAngeles,
            clock: { Fixtures.local(14, 9) })
        let report = try TrendsReport.make(calculator, date: Fixtures.local(13, 12), days: 1, goalFallback: 500)
        #expect(abs((report.moveGoal ?? 0) - 2092) < 1e-9)
        let all = try Reader.read(TrendsChartSVG(report: report).document)
        #expect(Self.elements(all, "text", in: "goal").map(\.text) == ["goal 2092 kJ"])
    }
}
