import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthTestSupport
import Testing

@Suite("ohk stats reports: buckets from --from to --to, JSON shape, units, sources")
struct StatisticsReportTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        return calendar
    }()
    static let stepCount = Fixture.quantityType("stepCount")
    static let distance = Fixture.quantityType("distanceWalkingRunning")
    static let watch = SourceRevision(
        source: Source(name: "Alex’s Apple Watch", bundleIdentifier: "com.apple.health.8C4A1F2E"),
        productType: "Watch6,1")
    static let phone = SourceRevision(
        source: Source(name: "Alex’s iPhone", bundleIdentifier: "com.apple.health.5D2B9E71"), productType: "iPhone15,2")

    static func local(_ text: String) -> Date {
        try! DateReader.instant(text, timeZone: calendar.timeZone, field: "test")
    }

    /// Watch 10:00–11:00 (1000 steps) and iPhone 10:30–12:00 (900 steps) on 2024-03-11, plus 100 steps over the
    /// midnight before it; 2 km walked on 2024-03-11.
    static func store(_ backend: StorageBackend = .inMemory) throws -> HealthDataStore {
        let store = backend.makeStore()
        func steps(_ count: Double, _ start: String, _ end: String) throws -> Sample {
            try Sample.quantity(
                type: stepCount, quantity: Quantity(count, .count), start: local(start), end: local(end))
        }
        try store.save(
            [
                try steps(1000, "2024-03-11T10:00", "2024-03-11T11:00"),
                try steps(100, "2024-03-10T23:30", "2024-03-11T00:30"),
            ], as: watch)
        try store.save([try steps(900, "2024-03-11T10:30", "2024-03-11T12:00")], as: phone)
        try store.save(
            [
                try Sample.quantity(
                    type: distance, quantity: Quantity(2000, .meter()), start: local("2024-03-11T10:00"),
                    end: local("2024-03-11T11:00"))
            ], as: phone)
        return store
    }

    @Test(
        "Daily sums from --from to --to include empty days and the 23-hour spring-forward day; JSON as documented",
        arguments: StorageBackend.allCases)
    func dailyJSON(_ backend: StorageBackend) throws {
        let request = try StatisticsReportRequest(
            type: Self.stepCount, from: Self.local("2024-03-09"), to: Self.local("2024-03-12"),
            interval: DateComponents(day: 1),
            calendar: Self.calendar)
        let report = try StatisticsReport.make(request, store: try Self.store(backend))
        #expect(
            report.rendered(as: .json) == """
                {"type":"HKQuantityTypeIdentifierStepCount","unit":"count","timeZone":"America/Los_Angeles","statistics":[\
                {"start":"2024-03-09T00:00:00-08:00","end":"2024-03-10T00:00:00-08:00","sum":null},\
                {"start":"2024-03-10T00:00:00-08:00","end":"2024-03-11T00:00:00-07:00","sum":50},\
                {"start":"2024-03-11T00:00:00-07:00","end":"2024-03-12T00:00:00-07:00","sum":1650}]}

                """)
    }

    @Test(
        "--by-source adds each source's own figures; the merged sum does not double-count",
        arguments: StorageBackend.allCases)
    func bySource(_ backend: StorageBackend) throws {
        let request = try StatisticsReportRequest(
            type: Self.stepCount, from: Self.local("2024-03-11T10:00"), to: Self.local("2024-03-11T12:00"),
            interval: DateComponents(hour: 1),
            calendar: Self.calendar, options: [.cumulativeSum, .separateBySource])
        let report = try StatisticsReport.make(request, store: try Self.store(backend))
        #expect(report.rows.map { $0.figures["sum"] ?? nil } == [1000, 600])
        #expect(
            report.rendered(as: .ndjson) == """
                {"start":"2024-03-11T10:00:00-07:00","end":"2024-03-11T11:00:00-07:00","sum":1000,"sources":{"Alex’s Apple Watch":{"sum":1000},"Alex’s iPhone":{"sum":300}}}
                {"start":"2024-03-11T11:00:00-07:00","end":"2024-03-11T12:00:00-07:00","sum":600,"sources":{"Alex’s iPhone":{"sum":600}}}

                """)
        #expect(
            report.rendered(as: .csv) == """
                start,end,source,sum
                2024-03-11T10:00:00-07:00,2024-03-11T11:00:00-07:00,merged,1000
                2024-03-11T10:00:00-07:00,2024-03-11T11:00:00-07:00,Alex’s Apple Watch,1000
                2024-03-11T10:00:00-07:00,2024-03-11T11:00:00-07:00,Alex’s iPhone,300
                2024-03-11T11:00:00-07:00,2024-03-11T12:00:00-07:00,merged,600
                2024-03-11T11:00:00-07:00,2024-03-11T12:00:00-07:00,Alex’s iPhone,600

                """)
    }

    @Test(
        "Without --interval one statistics query counts whole samples that start in the window",
        arguments: StorageBackend.allCases)
    func singleQuery(_ backend: StorageBackend) throws {
        let store = try Self.store(backend)
        let day = try StatisticsReportRequest(
            type: Self.stepCount, from: Self.local("2024-03-11"), to: Self.local("2024-03-12"), calendar: Self.calendar)
        #expect(try StatisticsReport.make(day, store: store).rows.map { $0.figures["sum"] ?? nil } == [1600])
        let all = try StatisticsReportRequest(type: Self.stepCount, calendar: Self.calendar)
        let whole = try StatisticsReport.make(all, store: store)
        #expect(whole.rows.map { $0.figures["sum"] ?? nil } == [1700])
        #expect(whole.rows.first?.start == Self.local("2024-03-10T23:30"))
        let empty = try StatisticsReportRequest(
            type: Self.stepCount, from: Self.local("2025-01-01"), to: Self.local("2025-01-02"), calendar: Self.calendar)
        #expect(try StatisticsReport.make(empty, store: store).rendered(as: .json).contains(#""sum":null"#))
    }

    @Test("Values come in --unit; discrete figures by default; duration in seconds", arguments: StorageBackend.allCases)
    func unitsAndDefaults(_ backend: StorageBackend) throws {
        let store = try Self.store(backend)
        let kilometers = try StatisticsReportRequest(
            type: Self.distance, calendar: Self.calendar, options: [.cumulativeSum, .duration],
            unit: try HealthUnit(parsing: "km"))
        let report = try StatisticsReport.make(kilometers, store: store)
        #expect(report.unit.description == "km")
        #expect(report.rows.first?.figures["sum"] == 2.0)
        #expect(report.rows.first?.figures["duration"] == 3600.0)
        #expect(
            StatisticsReport.defaultOptions(for: try SampleType.quantity("heartRate")) == [
                .discreteAverage, .discreteMin, .discreteMax,
            ])
    }

    @Test(
        "Bad requests are refused when the request is made, naming the field neutrally: a unit that does not fit, an empty window, a type that is not a quantity"
    )
    func badRequests() throws {
        #expect {
            try StatisticsReportRequest(type: Self.stepCount, calendar: Self.calendar, unit: .meter())
        } throws: { "\($0)".hasPrefix("unit: m does not fit HKQuantityTypeIdentifierStepCount") }
        #expect {
            try StatisticsReportRequest(
                type: Self.stepCount, from: Self.local("2024-03-12"), to: Self.local("2024-03-11"),
                calendar: Self.calendar)
        } throws: {
            "\($0)" == "to: 2024-03-11T00:00:00-07:00 is not after the window's start, 2024-03-12T00:00:00-07:00"
        }
        #expect {
            try StatisticsReportRequest(type: try SampleType.category("sleepAnalysis"), calendar: Self.calendar)
        } throws: { "\($0)".hasPrefix("type: ") && "\($0)".contains("not a quantity type") }
    }

    @Test("Weekly buckets start on Monday and monthly ones on the 1st by default")
    func defaultAnchors() {
        let weekly = StatisticsReport.defaultAnchor(for: DateComponents(day: 7), calendar: Self.calendar)
        #expect(Self.calendar.component(.weekday, from: weekly) == 2)
        let monthly = StatisticsReport.defaultAnchor(for: DateComponents(month: 1), calendar: Self.calendar)
        #expect(Self.calendar.component(.day, from: monthly) == 1)
        #expect(Self.calendar.component(.hour, from: monthly) == 0)
    }
}

@Suite("Sample listings")
struct SampleListingTests {
    @Test("Category values by case name, quantities in the unit asked for, workouts by activity and minutes")
    func listing() throws {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let start = try DateReader.instant("2024-10-27T01:00", timeZone: zone, field: "test")
        let sleep = try Sample.category(
            type: try SampleType.category("sleepAnalysis"), value: 3, start: start,
            end: start.addingTimeInterval(3 * 3600))
        let sleepTable = try SampleListing.table([sleep], type: sleep.type, unit: nil, timeZone: zone)
        #expect(sleepTable.rows[0][0] == "2024-10-27T01:00:00+02:00")
        #expect(sleepTable.rows[0][1] == "2024-10-27T03:00:00+01:00")  // three hours across the fall-back change
        #expect(sleepTable.rows[0][2] == "asleepCore")
        let walk = try Sample.quantity(
            type: StatisticsReportTests.distance, quantity: Quantity(1500, .meter()), start: start,
            end: start.addingTimeInterval(600))
        let walkTable = try SampleListing.table(
            [walk], type: walk.type, unit: try HealthUnit(parsing: "km"), timeZone: zone, includingType: true)
        #expect(walkTable.rows[0][0] == "HKQuantityTypeIdentifierDistanceWalkingRunning")
        #expect(walkTable.rows[0][3] == "1.5")
        #expect(walkTable.rows[0][4] == "km")
        #expect(throws: HealthReportsError.self) {
            try SampleListing.table([sleep], type: sleep.type, unit: .meter(), timeZone: zone)
        }
    }

    @Test(
        "A closed window over more buckets than maximumBuckets is refused before the store is read; one open end once the span is known",
        arguments: StorageBackend.allCases)
    func bucketBudget(_ backend: StorageBackend) throws {
        let tooFine = {
            try StatisticsReportRequest(
                type: StatisticsReportTests.stepCount, from: StatisticsReportTests.local("2024-03-01"),
                to: StatisticsReportTests.local("2024-04-10"), interval: DateComponents(second: 1),
                calendar: StatisticsReportTests.calendar, maximumBuckets: $0)
        }
        // 40 days less the hour of the spring-forward night, counted once when the request is made.
        #expect(try tooFine(nil).bucketCount == 40 * 86_400 - 3_600)
        #expect(throws: HealthEngineError.tooManyBuckets(count: 40 * 86_400 - 3_600, maximum: 20_000)) {
            try tooFine(20_000)
        }
        // From the data (2024-03-10 23:30) to a far end, by the minute: known only after reading.
        let openStart = { (interval: DateComponents) in
            try StatisticsReportRequest(
                type: StatisticsReportTests.stepCount, to: StatisticsReportTests.local("2024-06-01"),
                interval: interval, calendar: StatisticsReportTests.calendar, maximumBuckets: 20_000)
        }
        #expect(try openStart(DateComponents(minute: 1)).bucketCount == nil)
        #expect {
            try StatisticsReport.make(
                try openStart(DateComponents(minute: 1)), store: try StatisticsReportTests.store(backend))
        } throws: { error in
            // 82 days and 30 minutes of minutes, from the data's first bucket to the window's end.
            let error = error as? any FieldError
            return error?.kind == .limitExceeded && error?.limit?.requested == Double(82 * 1_440 + 30)
        }
        let daily = try StatisticsReport.make(
            try openStart(DateComponents(day: 1)), store: try StatisticsReportTests.store(backend))
        #expect(daily.rows.count == 83)
    }
}
