import Foundation
import HealthEngine
import HealthModel
import HealthServer
import HealthStore
import HealthTestSupport
import HealthWire
import Testing

/// Health Auto Export payloads written from the app's published format (Fixtures/HealthAutoExport), saved through a
/// client's view on every backend as `POST /ingest/health-auto-export` saves them (`HealthAutoExportIngest`).
@Suite("Health Auto Export sections")
struct HealthAutoExportSectionsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/HealthAutoExport")
    static let fixtures = ["sections-v2", "workouts-v1", "sleep-aggregated", "sleep-unaggregated"]
    static let importer = "com.example.importer"
    static let plain = "com.example.pusher"
    static func revision(_ bundle: String) -> SourceRevision {
        SourceRevision(source: Source(name: bundle, bundleIdentifier: bundle))
    }

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent("\(name).json"))
    }

    static func payload(_ name: String) throws -> HealthAutoExportPayload {
        let data = try fixture(name)
        return try WireDecoder().decode(HealthAutoExportPayload.self, from: data)
    }

    /// A plain client granted sharing every writable type the fixtures hold, and reading them.
    static func plainGrants() throws -> ClientGrants {
        var types = Set<String>()
        for name in fixtures {
            for sample in try payload(name).samples {
                types.insert(sample.type.identifier)
                for member in sample.correlatedObjects ?? [] { types.insert(member.type.identifier) }
            }
        }
        return ClientGrants(share: types, read: types, fullAccess: false)
    }

    static func view(_ store: HealthDataStore, importer: Bool) throws -> HealthDataStore {
        importer
            ? store.client(Self.importer, grants: ClientGrants(share: [], read: [], fullAccess: true))
            : store.client(plain, grants: try plainGrants())
    }

    static func save(_ name: String, to store: HealthDataStore, importer: Bool) throws -> HealthAutoExportIngest.Outcome
    {
        try HealthAutoExportIngest.save(
            try payload(name), to: try view(store, importer: importer),
            as: revision(importer ? Self.importer : plain), importer: importer)
    }

    static func all(_ store: HealthDataStore, _ type: SampleType) throws -> [Sample] {
        try store.samples(SampleQueryRequest(type: type)).sorted { $0.startDate < $1.startDate }
    }

    @Test(
        "Every payload section is stored or listed in skipped, and the same payload twice saves nothing more",
        arguments: StorageBackend.allCases, [false, true])
    func everySection(backend: StorageBackend, importer: Bool) throws {
        let store = backend.makeStore()
        for name in Self.fixtures {
            let payload = try Self.payload(name)
            let outcome = try Self.save(name, to: store, importer: importer)
            let result = try #require(outcome.result)
            let correlationMembers = payload.samples.reduce(0) { $0 + ($1.correlatedObjects?.count ?? 0) }
            let expected = payload.samples.count + correlationMembers + (importer ? payload.readOnlySamples.count : 0)
            #expect(result.inserted.count == expected, "\(name)")
            #expect(result.ignored.isEmpty, "\(name)")
            // Every section of the fixture is stored or has an entry in skipped naming it.
            let json = try #require(try JSONSerialization.jsonObject(with: try Self.fixture(name)) as? [String: Any])
            let data = try #require(json["data"] as? [String: Any])
            let view = try Self.view(store, importer: importer)
            for (section, value) in data {
                guard let list = value as? [Any], !list.isEmpty else { continue }
                if outcome.skipped.contains(where: { $0.field.hasPrefix("data.\(section)") }) { continue }
                let types = try #require(try Self.sectionTypes()[section], "\(section) has no expected types")
                let stored = try types.contains { !(try Self.all(view, $0)).isEmpty }
                #expect(stored, "\(name): section \(section) is neither stored nor skipped")
            }
            let again = try Self.save(name, to: store, importer: importer)
            // Left out before the commit as unchanged, or ignored by the commit's sync rule: nothing saved either way.
            #expect(again.result?.inserted.isEmpty ?? true, "\(name): a re-send saves nothing")
            #expect((again.result?.ignored.count ?? 0) + again.unchanged.count == result.inserted.count, "\(name)")
            #expect(
                (again.result?.latestSequence ?? result.latestSequence) == result.latestSequence,
                "\(name): no change-log entry")
        }
        // The sections of sections-v2 each land where they belong.
        let skipped = try Self.save("sections-v2", to: backend.makeStore(), importer: importer).skipped
        let fields = Set(skipped.map(\.field))
        #expect(fields.contains("data.medications"))
        #expect(fields.contains("data.cycleTracking"))
        #expect(fields.contains("data.metrics[18].name"), "the unknown metric")
        #expect(fields.contains("data.stateOfMind[0].labels[2]"), "the unknown label")
        let readOnly = ["data.metrics[10].data[0]", "data.ecg[0]", "data.heartRateNotifications[0]"]
        for field in readOnly { #expect(fields.contains(field) == !importer, "\(field)") }
    }

    @Test(
        "Read-only sections are skipped for a plain client and stored for an importer-granted one",
        arguments: StorageBackend.allCases)
    func readOnlyTypes(backend: StorageBackend) throws {
        let plain = backend.makeStore()
        let skipped = try Self.save("sections-v2", to: plain, importer: false).skipped
        let reason = try #require(skipped.first { $0.field == "data.ecg[0]" }?.reason)
        #expect(reason.contains("full access"))
        #expect(try Self.all(plain, .electrocardiogram).isEmpty)
        #expect(try Self.all(plain, try SampleType.quantity("walkingHeartRateAverage")).isEmpty)

        let imported = backend.makeStore()
        _ = try Self.save("sections-v2", to: imported, importer: true)
        let ecg = try #require(try Self.all(imported, .electrocardiogram).first)
        guard case let .electrocardiogram(content)? = ecg.payload else {
            Issue.record("not an electrocardiogram")
            return
        }
        #expect(content.classification == 1)
        #expect(content.voltages.map { ($0 * 1000).rounded() / 1000 } == [12, 15, -4, 301])
        #expect(ecg.sourceRevision?.source.bundleIdentifier == Self.importer)
        #expect(try Self.all(imported, try SampleType.category("highHeartRateEvent")).count == 1)
        #expect(try Self.all(imported, try SampleType.category("irregularHeartRhythmEvent")).count == 1)
        #expect(try Self.all(imported, try SampleType.quantity("walkingHeartRateAverage")).count == 1)
    }

    @Test(
        "Names, point shapes, state of mind and symptoms map to HealthKit's types", arguments: StorageBackend.allCases)
    func namesAndShapes(backend: StorageBackend) throws {
        let store = backend.makeStore()
        _ = try Self.save("sections-v2", to: store, importer: false)
        for (name, count) in [
            ("headphoneAudioExposure", 1), ("environmentalAudioExposure", 1), ("swimmingStrokeCount", 1),
            ("heartRateVariabilitySDNN", 1), ("dietaryFatMonounsaturated", 1), ("vo2Max", 1), ("physicalEffort", 1),
            ("stairAscentSpeed", 1), ("insulinDelivery", 2), ("stepCount", 2),
        ] {
            #expect(try Self.all(store, try SampleType.quantity(name)).count == count, "\(name)")
        }
        let insulin = try Self.all(store, try SampleType.quantity("insulinDelivery"))
        #expect(insulin.map { $0.metadata?["HKInsulinDeliveryReason"] } == [.number(2), .number(1)])
        let steps = try Self.all(store, try SampleType.quantity("stepCount"))
        #expect(steps.first?.device?.name == "Jane's Apple Watch|iPhone (18)", "a composite source is kept whole")
        #expect(steps.first?.metadata?[MetadataKey.pushedFrom] == .string("Jane's Apple Watch|iPhone (18)"))
        let sexual = try #require(try Self.all(store, try SampleType.category("sexualActivity")).first)
        #expect(sexual.metadata?["HKSexualActivityProtectionUsed"] == .number(1))
        let mindful = try #require(try Self.all(store, try SampleType.category("mindfulSession")).first)
        #expect(mindful.endDate.timeIntervalSince(mindful.startDate) == 600)
        #expect(try Self.all(store, try SampleType.category("handwashingEvent")).count == 1)
        #expect(try Self.all(store, try SampleType.category("toothbrushingEvent")).count == 1)
        let mood = try #require(try Self.all(store, .stateOfMind).first)
        #expect(
            mood.payload
                == .stateOfMind(StateOfMindContent(kind: 2, valence: 0.6, labels: [17, 15], associations: [5, 13])))
        let headache = try #require(try Self.all(store, try SampleType.category("headache")).first)
        #expect(headache.categoryValue == 2, "mild")
        #expect(try Self.all(store, try SampleType.category("chestTightnessOrPain")).first?.categoryValue == 1)
        #expect(try Self.all(store, try SampleType.category("moodChanges")).first?.categoryValue == 0, "present")
    }

    @Test(
        "Workouts v1 and v2: totals and metadata, heart-rate samples and route associated, a re-sent v2 workout stays one",
        arguments: StorageBackend.allCases)
    func workouts(backend: StorageBackend) throws {
        let store = backend.makeStore()
        _ = try Self.save("sections-v2", to: store, importer: false)
        _ = try Self.save("workouts-v1", to: store, importer: false)
        _ = try Self.save("sections-v2", to: store, importer: false)
        let workouts = try Self.all(store, .workout)
        #expect(workouts.count == 4, "a v2 run sent twice, a v1 walk and swim, and a ride beside data")
        let run = try #require(workouts.first { $0.startDate == Self.date("2024-06-03T16:00:00Z") })
        guard case let .workout(content) = run.content else {
            Issue.record("not a workout")
            return
        }
        let distance = try #require(content.statistics["HKQuantityTypeIdentifierDistanceWalkingRunning"]?.sum)
        #expect(try distance.value(in: HealthUnit(parsing: "m")) == 5200)
        #expect(content.statistics["HKQuantityTypeIdentifierStepCount"]?.sum?.value == 5150)
        #expect(content.statistics["HKQuantityTypeIdentifierHeartRate"]?.maximum?.value == 174)
        #expect(run.metadata?["HKElevationAscended"] == .quantity(Quantity(42, try HealthUnit(parsing: "m"))))
        #expect(run.metadata?["HKIndoorWorkout"] == .number(0))
        let members = try store.samples.samplesAssociated(withWorkout: run.uuid)
        #expect(members.count == 6, "three heart-rate points, two recovery points, the route")
        let routes = try store.workoutRoutes(ofWorkout: run.uuid)
        #expect(routes.first?.locations.count == 3)
        #expect(routes.first?.locations.first?.speed == 2.9)

        let walk = try #require(workouts.first { $0.startDate == Self.date("2024-06-04T05:10:00Z") })
        #expect(walk.metadata?["HKElevationAscended"] == .quantity(Quantity(12.4, try HealthUnit(parsing: "m"))))
        #expect(try store.samples.samplesAssociated(withWorkout: walk.uuid).count == 4)
        #expect(try store.workoutRoutes(ofWorkout: walk.uuid).first?.locations.first?.latitude == 48.85)
        let swim = try #require(workouts.first { $0.startDate == Self.date("2024-06-04T17:00:00Z") })
        #expect(swim.metadata?["HKSwimmingStrokeStyle"] == .number(2))
        #expect(swim.metadata?["HKSwimmingLocationType"] == .number(1))
        // HAE#60: the ride's heartRateData is its recovery series; it is kept, after the workout's end.
        let ride = try #require(workouts.first { $0.startDate == Self.date("2024-06-05T04:00:00Z") })
        #expect(ride.metadata?["HKIndoorWorkout"] == .number(1))
        #expect(try store.samples.samplesAssociated(withWorkout: ride.uuid).count == 3)
    }

    @Test("Sleep nights from an aggregated night total its core, deep and REM", arguments: StorageBackend.allCases)
    func aggregatedSleep(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let outcome = try Self.save("sleep-aggregated", to: store, importer: false)
        #expect(outcome.skipped.map(\.field) == ["data.metrics[0].data[2].sleepStart"], "a night with no start")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let nights = try store.sleepNights(
            SleepNightsRequest(
                first: DateComponents(year: 2024, month: 6, day: 4), last: DateComponents(year: 2024, month: 6, day: 5),
                calendar: calendar))
        #expect(nights.count == 2)
        /// Hours, to the millisecond (the placed intervals add up in floating-point seconds).
        func hours(_ seconds: TimeInterval?) -> Double { ((seconds ?? -1) / 3.6).rounded() / 1000 }
        #expect(hours(nights.first?.asleep) == 6)
        #expect(hours(nights.first?.stages[.asleepCore]) == 3.5)
        #expect(hours(nights.first?.stages[.asleepDeep]) == 1)
        #expect(hours(nights.first?.stages[.asleepREM]) == 1.5)
        #expect(hours(nights.first?.awake) == 0.25)
        #expect(hours(nights.first?.inBed) == 7.75)
        #expect(hours(nights.last?.asleep) == 7, "a night without the in-bed pair (HAE#38) keeps its sleep")
        let placed = try Self.all(store, try SampleType.category("sleepAnalysis")).compactMap {
            $0.metadata?[MetadataKey.placedFromTotal]
        }
        #expect(placed.count == 7)
    }

    @Test("Unaggregated stages, Unspecified among them, are stored as they came", arguments: StorageBackend.allCases)
    func unaggregatedSleep(backend: StorageBackend) throws {
        let store = backend.makeStore()
        _ = try Self.save("sleep-unaggregated", to: store, importer: false)
        let values = try Self.all(store, try SampleType.category("sleepAnalysis")).map(\.categoryValue)
        #expect(values == [0, 3, 4, 2, 5, 3, 1, 1])
    }

    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text) ?? .distantPast
    }

    /// The types a section of the fixtures becomes.
    static func sectionTypes() throws -> [String: [SampleType]] {
        [
            "metrics": [try SampleType.quantity("stepCount"), try SampleType.category("sleepAnalysis")],
            "workouts": [.workout], "stateOfMind": [.stateOfMind], "symptoms": [try SampleType.category("headache")],
            "ecg": [.electrocardiogram],
            "heartRateNotifications": [
                try SampleType.category("highHeartRateEvent"), try SampleType.category("irregularHeartRhythmEvent"),
            ],
            "medications": [], "cycleTracking": [],
        ]
    }
}
