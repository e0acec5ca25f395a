import Foundation
import HealthAssistant
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthTestSupport
import MCP
import Testing

/// A store with a leap year (2024) of steps from a Watch and an iPhone that overlap every morning, heart rate, two
/// nights of sleep and a run with a route; the assistant reads it in Europe/Berlin.
enum AssistantWorld {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }()
    /// 2024-07-01T12:00 in Berlin: "today" for the assistant.
    static let now = local("2024-07-01T12:00")
    static let steps = Fixture.quantityType("stepCount")
    static let heartRate = Fixture.quantityType("heartRate")
    static let run = UUID(uuidString: "0B8E5A52-1A2B-4C3D-8E9F-00112233AABB")!

    static func local(_ text: String) -> Date { try! DateReader.instant(text, timeZone: zone, field: "test") }

    /// The store, as the owner (everything).
    static func store(_ backend: StorageBackend) throws -> HealthDataStore {
        let store = backend.makeStore()
        var watch: [Sample] = []
        var phone: [Sample] = []
        var day = local("2024-01-01")
        while day < local("2025-01-01") {
            let eight = day.addingTimeInterval(8 * 3600)
            // The Watch counts 1,000 steps 08:00–09:00; the iPhone 600 of the same walk 08:30–09:30 and 400 more
            // alone 18:00–18:30: merged, 1,000 + 300 (its half hour not overlapped) + 400.
            watch.append(
                try Sample.quantity(
                    type: steps, quantity: Quantity(1000, .count), start: eight, end: eight.addingTimeInterval(3600)))
            phone.append(
                try Sample.quantity(
                    type: steps, quantity: Quantity(600, .count), start: eight.addingTimeInterval(1800),
                    end: eight.addingTimeInterval(5400)))
            phone.append(
                try Sample.quantity(
                    type: steps, quantity: Quantity(400, .count), start: day.addingTimeInterval(18 * 3600),
                    end: day.addingTimeInterval(18.5 * 3600)))
            watch.append(try Fixture.heartRate(60 + Double(watch.count % 20), at: eight))
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        try store.save(watch, as: Fixture.watch)
        try store.save(phone, as: Fixture.phone)
        let sleep = Fixture.categoryType("sleepAnalysis")
        var nights: [Sample] = []
        for (start, end) in [("2024-06-28T23:10", "2024-06-29T06:40"), ("2024-06-29T23:40", "2024-06-30T07:05")] {
            nights.append(
                try Sample.category(
                    type: sleep, value: SleepStage.asleepCore.rawValue, start: local(start), end: local(end)))
        }
        try store.save(nights, as: Fixture.watch)
        let start = local("2024-06-30T09:00")
        let workout = try Sample.workout(
            activityTypeRawValue: 37, start: start, end: start.addingTimeInterval(1800), uuid: run)
        try store.save([workout], as: Fixture.watch)
        let route = WorkoutRoute(
            uuid: UUID(), workout: run, sourceName: "Alex’s Apple Watch", filePath: nil,
            locations: (0..<1_200).map {
                WorkoutRouteLocation(
                    date: start.addingTimeInterval(Double($0)), latitude: 52.5 + Double($0) / 100_000,
                    longitude: 13.4)
            })
        try store.saveWorkoutRoute(route)
        return store
    }

    static func assistant(_ store: HealthDataStore) -> HealthAssistant {
        HealthAssistant(store: store, timeZone: zone, clock: { now })
    }
}

extension CallTool.Result {
    /// The text content.
    var text: String {
        content.compactMap { if case let .text(text, _, _) = $0 { return text } else { return nil } }.joined()
    }

    /// `structuredContent.error`, for a refusal.
    var error: [String: Value]? { structuredContent?.objectValue?["error"]?.objectValue }
}

@Suite("The MCP tools: answers as the engine computes them, refusals naming the argument")
struct AssistantToolTests {
    @Test(
        "Unknown type, to before from, a huge limit and an unknown argument are tool errors naming the argument",
        arguments: StorageBackend.allCases)
    func refusals(_ backend: StorageBackend) throws {
        let assistant = AssistantWorld.assistant(try AssistantWorld.store(backend))
        let cases: [(tool: String, arguments: [String: Value], field: String, value: String?)] = [
            ("statistics", ["type": "stepz", "from": "2024-03-01", "to": "2024-03-31"], "type", "stepz"),
            ("statistics", ["type": "stepCount", "from": "2024-03-31", "to": "2024-03-01"], "to", "2024-03-01"),
            ("samples", ["type": "heartRate", "limit": 1_000_000], "limit", "1000000"),
            ("statistics", ["type": "stepCount", "form": "2024-03-01"], "form", "form"),
            ("sleep", ["from": "2024-13-01"], "from", "2024-13-01"),
            ("statistics", ["type": "stepCount", "timeZone": "Mars/Olympus"], "timeZone", "Mars/Olympus"),
            ("statistics", ["type": "sleepAnalysis"], "type", "sleepAnalysis"),
            ("trends", ["type": "heartRate"], "type", "heartRate"),
            ("route", ["workout": "zzzz"], "workout", "zzzz"),
            // A workout not found: its uuid is not echoed (an answer names nothing the caller may not see).
            ("route", ["workout": "0B8E5A52-1A2B-4C3D-8E9F-0011223344FF"], "workout", nil),
        ]
        for (tool, arguments, field, value) in cases {
            let result = assistant.call(tool, arguments: arguments)
            #expect(result.isError == true, "\(tool) \(arguments)")
            let error = try #require(result.error, "\(tool): \(result.text)")
            #expect(error["field"] == .string(field), "\(tool) \(arguments): \(result.text)")
            #expect(error["value"] == value.map(Value.string) ?? .null, "\(tool) \(arguments): \(result.text)")
            #expect(result.text.hasPrefix("error: \(field): "), "\(result.text)")
        }
        let unknownType = assistant.call("statistics", arguments: ["type": "stepz"])
        #expect(unknownType.error?["accepted"]?.arrayValue?.contains("stepCount") == true)
        let limit = assistant.call("samples", arguments: ["type": "heartRate", "limit": 5_000])
        #expect(limit.error?["accepted"] == ["1…1000"])
        #expect(assistant.call("no_such_tool", arguments: nil).error?["field"] == "name")
    }

    @Test(
        "A period over the bucket budget is refused, with the coarser intervals that fit, never answered coarser",
        arguments: StorageBackend.allCases)
    func overBudget(_ backend: StorageBackend) throws {
        let assistant = AssistantWorld.assistant(try AssistantWorld.store(backend))
        let result = assistant.call(
            "statistics", arguments: ["type": "stepCount", "from": "2023-01-01", "to": "2024-12-31", "interval": "1d"])
        #expect(result.isError == true)
        let error = try #require(result.error)
        #expect(error["field"] == "interval")
        #expect(error["kind"] == "limitExceeded")
        #expect(error["limit"]?.objectValue?["requested"] == 731)
        let accepted = (error["accepted"]?.arrayValue ?? []).compactMap(\.stringValue)
        #expect(accepted.contains("interval 1w (106 buckets)"), "\(accepted)")
        #expect(accepted.contains("interval 1mo (24 buckets)"), "\(accepted)")
        #expect(!accepted.contains { $0.hasPrefix("interval 1d") || $0.hasPrefix("interval 1h") })
        let sleep = assistant.call("sleep", arguments: ["from": "2024-01-01", "to": "2024-06-30"])
        #expect(sleep.error?["field"] == "to")
        #expect(
            sleep.error?["accepted"]?.arrayValue?.contains { $0.stringValue?.hasPrefix("nights: false") == true }
                == true)
        let vitals = assistant.call("vitals", arguments: ["from": "2024-01-01", "to": "2024-06-30"])
        #expect(vitals.error?["field"] == "interval", "\(vitals.text)")
        #expect(vitals.error?["limit"]?.objectValue?["requested"] == 182, "\(vitals.text)")
    }

    @Test(
        "A year of daily statistics stays under 48 KB of text, with the merged figures of the engine",
        arguments: StorageBackend.allCases)
    func yearOfDays(_ backend: StorageBackend) throws {
        let store = try AssistantWorld.store(backend)
        let result = AssistantWorld.assistant(store).call(
            "statistics",
            arguments: ["type": "stepCount", "from": "2024-01-01", "to": "2024-12-31", "interval": "1d"])
        #expect(result.isError == false, "\(result.text)")
        let answer = try #require(result.structuredContent?.objectValue)
        let buckets = try #require(answer["buckets"]?.arrayValue)
        #expect(buckets.count == 366)
        #expect(buckets.first == ["date": "2024-01-01", "sum": 1700])
        #expect(answer["timeZone"] == "Europe/Berlin")
        #expect(answer["period"]?.objectValue?["sum"] == .int(366 * 1700))
        let encoded = try JSONEncoder().encode(result)
        print(
            "AssistantToolTests: a year of daily steps: text \(result.text.utf8.count) bytes, whole result \(encoded.count) bytes"
        )
        #expect(result.text.utf8.count < 48 * 1024)
        // The same figures as `ohk stats` (StatisticsReport) computes.
        let report = try StatisticsReport.make(
            try StatisticsReportRequest(
                type: AssistantWorld.steps, from: AssistantWorld.local("2024-01-01"),
                to: AssistantWorld.local("2025-01-01"), interval: DateComponents(day: 1),
                calendar: AssistantWorld.calendar),
            store: store)
        #expect(
            buckets.map { $0.objectValue?["sum"]?.intValue.map(Double.init) }
                == report.rows.map { $0.figures["sum"] ?? nil })
        // The engine's provenance for the whole year: the Watch's 1,000 a day, the iPhone's 400 alone and the half
        // hour of its walk the Watch did not cover (300); the other 300 set aside under the Watch.
        let provenance = try #require(answer["provenance"]?.objectValue)
        let sources = (provenance["sources"]?.arrayValue ?? []).compactMap(\.objectValue)
        #expect(sources.map { $0["source"] } == [.string(Fixture.watchSource.name), .string(Fixture.phoneSource.name)])
        #expect(sources.map { $0["counted"] } == [.int(366_000), .int(366 * 700)])
        #expect(sources.map { $0["share"] } == [.double(58.8), .double(41.2)])
        #expect(sources.map { $0["setAside"] } == [.int(0), .int(366 * 300)])
        #expect(provenance["coverage"]?.objectValue?["bucketsWithData"] == 366)
        #expect(
            result.text.contains("Set aside where a higher-priority source overlapped: Alex’s iPhone."),
            "\(result.text.prefix(800))")
    }

    @Test(
        "Sleep, workouts, route, vitals, trends, compare_periods and list_types answer from the store",
        arguments: StorageBackend.allCases)
    func otherTools(_ backend: StorageBackend) throws {
        let assistant = AssistantWorld.assistant(try AssistantWorld.store(backend))
        let sleep = assistant.call("sleep", arguments: ["from": "2024-06-29", "to": "2024-06-30"])
        let nights = try #require(sleep.structuredContent?.objectValue?["nights"]?.arrayValue)
        #expect(nights.count == 2)
        #expect(nights.first?.objectValue?["asleep"] == 450)
        let workouts = assistant.call("workouts", arguments: ["from": "2024-06-30", "to": "2024-06-30"])
        #expect(workouts.structuredContent?.objectValue?["count"] == 1, "\(workouts.text)")
        let route = assistant.call("route", arguments: ["workout": .string(AssistantWorld.run.uuidString)])
        #expect(route.structuredContent?.objectValue?["pointsInRoute"] == 1200, "\(route.text)")
        #expect(route.structuredContent?.objectValue?["points"] == 500)
        #expect(route.structuredContent?.objectValue?["geojson"]?.objectValue?["type"] == "Feature")
        let prefix = assistant.call("route", arguments: ["workout": "0b8e5a52", "maxPoints": 2_000])
        #expect(prefix.structuredContent?.objectValue?["points"] == 1200, "\(prefix.text)")
        let trends = assistant.call("trends", arguments: ["type": "stepCount", "date": "2024-06-30"])
        #expect(trends.structuredContent?.objectValue?["total"] == 1700, "\(trends.text)")
        let compare = assistant.call(
            "compare_periods",
            arguments: [
                "type": "stepCount", "firstFrom": "2024-01-01", "firstTo": "2024-01-31", "secondFrom": "2024-02-01",
                "secondTo": "2024-02-29",
            ])
        let change = try #require(compare.structuredContent?.objectValue?["change"]?.objectValue)
        #expect(change["perDay"]?.objectValue?["percent"] == 0, "\(compare.text)")
        let types = assistant.call("list_types", arguments: [:])
        let names = types.structuredContent?.objectValue?["types"]?.arrayValue?.compactMap {
            $0.objectValue?["name"]?.stringValue
        }
        #expect(names?.first == "stepCount", "\(types.text)")
        let vitals = assistant.call("vitals", arguments: ["from": "2024-06-01", "to": "2024-06-30"])
        #expect(vitals.isError == false, "\(vitals.text)")
        let samples = assistant.call(
            "samples", arguments: ["type": "heartRate", "from": "2024-06-01", "to": "2024-06-30", "limit": 10])
        #expect(samples.structuredContent?.objectValue?["cut"] == true)
        #expect(samples.structuredContent?.objectValue?["samples"]?.arrayValue?.count == 10)
    }

    @Test(
        "A client without read access sees exactly what an empty store shows, through every tool and resource",
        arguments: StorageBackend.allCases)
    func privacy(_ backend: StorageBackend) throws {
        let full = try AssistantWorld.store(backend).client("com.example.nothing")
        let empty = backend.makeStore().client("com.example.nothing")
        let calls: [(String, [String: Value])] = [
            ("list_types", [:]),
            ("statistics", ["type": "stepCount", "from": "2024-01-01", "to": "2024-12-31", "interval": "1d"]),
            ("statistics", ["type": "heartRate", "from": "2024-06-01", "to": "2024-06-30", "bySource": true]),
            ("samples", ["type": "stepCount", "from": "2024-06-01", "to": "2024-06-30"]),
            ("sleep", ["from": "2024-06-25", "to": "2024-06-30"]),
            ("workouts", ["from": "2024-06-01", "to": "2024-06-30"]),
            ("route", ["workout": .string(AssistantWorld.run.uuidString)]),
            ("route", ["workout": "0B8E"]),
            ("vitals", ["from": "2024-06-01", "to": "2024-06-30"]),
            ("trends", ["type": "stepCount", "date": "2024-06-30"]),
            (
                "compare_periods",
                [
                    "type": "stepCount", "firstFrom": "2024-01-01", "firstTo": "2024-01-31",
                    "secondFrom": "2024-02-01", "secondTo": "2024-02-29",
                ]
            ),
        ]
        for (tool, arguments) in calls {
            let seen = AssistantWorld.assistant(full).call(tool, arguments: arguments)
            let blank = AssistantWorld.assistant(empty).call(tool, arguments: arguments)
            #expect(seen == blank, "\(tool) \(arguments):\n\(seen.text)\n---\n\(blank.text)")
        }
        for uri in ["health://characteristics", "health://preferred-units"] {
            #expect(
                try AssistantWorld.assistant(full).readResource(uri)
                    == AssistantWorld.assistant(empty).readResource(uri))
        }
    }
}
