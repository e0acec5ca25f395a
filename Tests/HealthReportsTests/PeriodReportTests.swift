import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthTestSupport
import Testing

@Suite("ohk report's period report: merged figures by day, week or month, a self-contained page, a client's view")
struct PeriodReportTests {
    static let calendar = StatisticsReportTests.calendar
    static let local = StatisticsReportTests.local

    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// A sleep night across the autumn clock change in Berlin: a Watch's stages 23:00–07:00 local (9 real hours; deep
    /// sleep 01:00–04:00 spans the change, so 4 hours) with 30 minutes awake, a sleep app's "asleep" 22:30–07:30 (10
    /// hours) below it in priority, and a 5 km walk in the morning.
    static func seedNightAndWorkout(_ store: HealthDataStore, _ calendar: Calendar) throws {
        func at(_ text: String) -> Date { try! DateReader.instant(text, timeZone: calendar.timeZone, field: "test") }
        let sleep = try SampleType.category("sleepAnalysis")
        let watch = StatisticsReportTests.watch
        try store.save(
            [
                try .category(type: sleep, value: 3, start: at("2024-10-26T23:00"), end: at("2024-10-27T01:00")),
                try .category(type: sleep, value: 4, start: at("2024-10-27T01:00"), end: at("2024-10-27T04:00")),
                try .category(type: sleep, value: 2, start: at("2024-10-27T04:00"), end: at("2024-10-27T04:30")),
                try .category(type: sleep, value: 5, start: at("2024-10-27T04:30"), end: at("2024-10-27T07:00")),
            ], as: watch)
        let app = SourceRevision(source: Source(name: "Pillow", bundleIdentifier: "com.neybox.pillow"), version: "1")
        try store.save(
            [try .category(type: sleep, value: 1, start: at("2024-10-26T22:30"), end: at("2024-10-27T07:30"))], as: app)
        try store.setSourceOrder([watch.source.bundleIdentifier, app.source.bundleIdentifier], for: sleep)
        try store.save(
            [
                try .workout(
                    activityTypeRawValue: 37, start: at("2024-10-27T10:00"), end: at("2024-10-27T10:30"),
                    statistics: [
                        try WorkoutStatistic(
                            quantityTypeIdentifier: "distanceWalkingRunning", sum: Quantity(5000, .meter()))
                    ])
            ], as: watch)
    }

    @Test(
        "A Watch and a phone walking together count once: 1,650 steps on the 11th, 50 on the 10th, as ohk stats says",
        arguments: StorageBackend.allCases)
    func mergedDailySteps(_ backend: StorageBackend) throws {
        let store = try StatisticsReportTests.store(backend)
        let report = try PeriodReport.make(
            store: store, from: Self.local("2024-03-09"), to: Self.local("2024-03-12"), calendar: Self.calendar,
            timeZoneName: "America/Los_Angeles")
        #expect(report.bucket == .day)
        let steps = try #require(report.activity.first { $0.identifier == "steps" })
        #expect(steps.buckets.map(\.value) == [nil, 50, 1650])
        #expect(steps.periodFigure == 1700)
        #expect(steps.unitLabel == "steps")
        let stats = try StatisticsReport.make(
            StatisticsReportRequest(
                type: StatisticsReportTests.stepCount, from: Self.local("2024-03-09"), to: Self.local("2024-03-12"),
                interval: DateComponents(day: 1), calendar: Self.calendar, options: .cumulativeSum),
            store: store)
        #expect(steps.buckets.map(\.value) == stats.rows.map { $0.figures["sum"] ?? nil })
        let html = PeriodReportPage(report: report, generatedAt: Self.local("2024-03-12T08:00")).html
        #expect(html.contains(#"<td class="number">1,700 steps</td><td class="number">850 steps</td>"#))
        #expect(html.contains("<title>Mar 11: 1,650 steps</title>") && html.contains("<title>Mar 10: 50 steps</title>"))
        #expect(html.contains("Health report, Mar 9 – Mar 11, 2024"))
        #expect(!report.activity.contains { $0.identifier == "active-energy" }, "no energy data, no energy chart")
        #expect(html.contains(#"<section id="sleep"><h2>Sleep</h2><p class="empty">No sleep data in this period.</p>"#))
    }

    @Test(
        "The night across Berlin's clock change is 9 h 30 min asleep under its waking day; the sleep app fills the edges once",
        arguments: StorageBackend.allCases)
    func nightAcrossTheClockChange(_ backend: StorageBackend) throws {
        let berlin = Self.calendar("Europe/Berlin")
        let store = backend.makeStore()
        try Self.seedNightAndWorkout(store, berlin)
        func day(_ text: String) -> Date { try! DateReader.instant(text, timeZone: berlin.timeZone, field: "test") }
        let report = try PeriodReport.make(
            store: store, from: day("2024-10-26"), to: day("2024-10-29"), calendar: berlin)
        let nights = report.sleepNights.filter { !$0.isNap }
        #expect(nights.map(\.wakingDay) == [DateComponents(year: 2024, month: 10, day: 27)])
        // 22:30 CEST to 07:30 CET is 10 real hours: the Watch's 8 h 30 min asleep and 30 min awake, the app's two
        // half hours around them.
        let night = try #require(nights.first)
        #expect(night.asleep == TimeInterval(9 * 3600 + 30 * 60))
        #expect(night.awake == TimeInterval(30 * 60))
        #expect(report.workouts.count == 1 && report.workouts.first?.distance == 5000)
        let html = PeriodReportPage(report: report, generatedAt: day("2024-10-29")).html
        #expect(html.contains("<title>2024-10-27: asleep 9 h 30 min</title>"))
        #expect(
            html.contains(#"<tr><th scope="row">asleep, average night</th><td class="number">9 h 30 min</td></tr>"#))
        #expect(html.contains(#"<table id="workout-totals">"#) && html.contains("<td>running</td>"))
        #expect(html.contains(#"<svg xmlns="http://www.w3.org/2000/svg" id="sleep-chart""#))
    }

    @Test("Days up to 62, weeks up to two years, months beyond; more than ten years or an empty window is refused")
    func bucketsAndLimits() throws {
        #expect(PeriodReport.bucket(forDays: 1) == .day && PeriodReport.bucket(forDays: 62) == .day)
        #expect(PeriodReport.bucket(forDays: 63) == .week && PeriodReport.bucket(forDays: 731) == .week)
        #expect(PeriodReport.bucket(forDays: 732) == .month)
        let store = try StatisticsReportTests.store()
        let year = try PeriodReport.make(
            store: store, from: Self.local("2024-01-01"), to: Self.local("2025-01-01"), calendar: Self.calendar)
        let steps = try #require(year.activity.first { $0.identifier == "steps" })
        #expect(year.bucket == .week)
        #expect(steps.buckets.first?.start == Self.local("2024-01-01"), "weeks from Monday, Jan 1 2024 is a Monday")
        #expect(
            steps.buckets.compactMap(\.value) == [50, 1650], "Sunday the 10th ends a week, Monday the 11th starts one")
        let decade = try PeriodReport.make(
            store: store, from: Self.local("2015-01-01"), to: Self.local("2025-01-01"), calendar: Self.calendar)
        #expect(decade.bucket == .month && decade.activity.first?.buckets.count == 120)
        #expect(throws: HealthReportsError.self) {
            try PeriodReport.make(
                store: store, from: Self.local("2010-01-01"), to: Self.local("2025-01-01"), calendar: Self.calendar)
        }
        #expect(throws: HealthReportsError.self) {
            try PeriodReport.make(
                store: store, from: Self.local("2024-03-12"), to: Self.local("2024-03-12"), calendar: Self.calendar)
        }
    }

    @Test("The page is self-contained: no script, nothing fetched, every stored text escaped")
    func selfContainedAndEscaped() throws {
        let store = HealthDataStore()
        let odd = SourceRevision(
            source: Source(name: #"<img src="https://example.com/x.png"> & co"#, bundleIdentifier: "com.example.odd"),
            version: "1")
        let start = Self.local("2024-03-11T07:00")
        try store.save(
            [
                try .workout(activityTypeRawValue: 52, start: start, end: start.addingTimeInterval(1800)),
                try .quantity(
                    type: StatisticsReportTests.stepCount, quantity: Quantity(12_345, .count), start: start,
                    end: start.addingTimeInterval(1800)),
            ], as: odd)
        let report = try PeriodReport.make(
            store: store, from: Self.local("2024-03-11"), to: Self.local("2024-03-12"), calendar: Self.calendar)
        let html = PeriodReportPage(report: report, person: "Alex & <Sam>", generatedAt: start).html
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains(#" src=""#))
        #expect(!html.contains("url(") && !html.contains("@import") && !html.contains("<link"))
        let addresses = html.components(separatedBy: #"="http"#).count - 1
        let namespaces = html.components(separatedBy: #"xmlns="http://www.w3.org/2000/svg""#).count - 1
        #expect(addresses == namespaces, "the only address is SVG's namespace name, which is never fetched")
        #expect(html.contains("&lt;img src=&quot;https://example.com/x.png&quot;&gt; &amp; co"))
        #expect(html.contains("Health report: Alex &amp; &lt;Sam&gt;, Mar 11 – Mar 11, 2024"))
        #expect(html.contains("12,345 steps"))
        #expect(html.contains("@media print"))
    }

    @Test("A client sees its own part only: an app that may read sleep gets no steps, as if there were none")
    func clientView() throws {
        let berlin = Self.calendar("Europe/Berlin")
        let store = HealthDataStore()
        try Self.seedNightAndWorkout(store, berlin)
        let steps = StatisticsReportTests.stepCount
        let noon = try DateReader.instant("2024-10-27T12:00", timeZone: berlin.timeZone, field: "test")
        try store.save(
            [
                try .quantity(
                    type: steps, quantity: Quantity(4321, .count), start: noon, end: noon.addingTimeInterval(600))
            ],
            as: StatisticsReportTests.phone)
        store.access.policy = .grantAll
        store.access.request(client: "com.example.sleep", share: [], read: ["HKCategoryTypeIdentifierSleepAnalysis"])
        let client = store.client("com.example.sleep")
        let from = noon.addingTimeInterval(-2 * 86_400)
        let seen = try PeriodReport.make(
            store: client, from: berlin.startOfDay(for: from),
            to: berlin.startOfDay(for: noon.addingTimeInterval(86_400)),
            calendar: berlin)
        #expect(seen.activity.isEmpty && seen.workouts.isEmpty)
        #expect(seen.sleepNights.contains { !$0.isNap })
        let html = PeriodReportPage(report: seen, clientName: "Sleep app", generatedAt: noon).html
        #expect(!html.contains("4,321") && !html.contains("4321") && html.contains("as Sleep app may see it"))
        let whole = try PeriodReport.make(
            store: store, from: berlin.startOfDay(for: from),
            to: berlin.startOfDay(for: noon.addingTimeInterval(86_400)),
            calendar: berlin)
        #expect(whole.activity.first?.periodFigure == 4321)
    }

    @Test("Numbers for people: thousands grouped, decimals kept, durations in hours and minutes")
    func numberText() {
        #expect(NumberText.grouped(0) == "0" && NumberText.grouped(999) == "999" && NumberText.grouped(1000) == "1,000")
        #expect(NumberText.grouped(1_234_567.891, places: 2) == "1,234,567.89")
        #expect(NumberText.grouped(-12_345) == "-12,345" && NumberText.grouped(-0.04, places: 1) == "0.0")
        #expect(NumberText.grouped(.nan) == "–")
        #expect(NumberText.hoursAndMinutes(7 * 3600 + 32 * 60 + 20) == "7 h 32 min")
        #expect(NumberText.hoursAndMinutes(45 * 60) == "45 min")
        #expect(NumberText.clockTime(24.5 * 3600) == "00:30" && NumberText.clockTime(23 * 3600 + 41 * 60) == "23:41")
    }
}

@Suite("Workout tables for people in the person's distance unit")
struct WorkoutMeasuresTests {
    @Test(
        "Miles when the preferred distance unit is the mile: distance, pace per mile, mph, feet climbed; CSV stays in metres"
    )
    func imperialAndMetric() throws {
        let start = Date(timeIntervalSince1970: 1_710_000_000)
        let run = WorkoutSummary(
            uuid: UUID(), activityType: "running", start: start, end: start.addingTimeInterval(1800), duration: 1800,
            distance: 5000, energy: 400, averageHeartRate: nil, maximumHeartRate: nil, source: nil,
            elevation: WorkoutElevation(ascended: 100, descended: 90, origin: .route))
        let ride = WorkoutSummary(
            uuid: UUID(), activityType: "cycling", start: start.addingTimeInterval(7200),
            end: start.addingTimeInterval(10_800), duration: 3600, distance: 20_000, energy: 500,
            averageHeartRate: nil, maximumHeartRate: nil, source: nil, elevation: nil)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        #expect(WorkoutReport.Measures(preferredDistanceUnit: try HealthUnit(parsing: "mi")) == .imperial)
        #expect(WorkoutReport.Measures(preferredDistanceUnit: try HealthUnit(parsing: "km")) == .metric)
        #expect(WorkoutReport.Measures(preferredDistanceUnit: nil) == .metric)
        let imperial = WorkoutReport.table([run, ride], calendar: calendar, format: .table, measures: .imperial)
        // 5 km is 3.11 mi; 6:00 per km is 9:39 per mile; 100 m is 328 ft; 20 km/h is 12.4 mph.
        #expect(imperial.rows[0][4] == "3.11 mi" && imperial.rows[0][5] == "328 ft" && imperial.rows[0][6] == "295 ft")
        #expect(imperial.rows[0][8] == "9:39 /mi" && imperial.rows[1][9] == "12.4 mph")
        let metric = WorkoutReport.table([run, ride], calendar: calendar, format: .table)
        #expect(metric.rows[0][4] == "5.00 km" && metric.rows[0][5] == "100 m" && metric.rows[0][8] == "6:00 /km")
        #expect(metric.rows[1][9] == "20.0 km/h")
        let totals = WorkoutReport.totals(
            [run, ride], by: .type, calendar: calendar, format: .table, measures: .imperial)
        #expect(totals.rows.map { $0[3] } == ["12.4 mi", "3.1 mi"], "cycling, then running (same count, by name)")
        let csv = WorkoutReport.table([run], calendar: calendar, format: .csv, measures: .imperial)
        #expect(csv.rows[0][4] == "5000.0" && csv.rows[0][5] == "100.0")
    }
}
