import Foundation
import HTTPTypes
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import HealthWire
import Synchronization
import Testing

/// Health Auto Export pushes converging with themselves and with the device's own samples (decisions/pushed-data.md),
/// on every backend: payloads in the app's published JSON format, read with the request's framing as the server reads
/// them and saved through `HealthDataStore.saveResent`, as `POST /ingest/health-auto-export` does.
@Suite("Health Auto Export convergence")
struct HealthAutoExportConvergenceTests {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let client = SourceRevision(source: Source(name: "Health Auto Export", bundleIdentifier: "com.hae.app"))
    static let watchName = "Alex’s Apple Watch"

    /// A payload of one metric's points (`[date: value]` or heart rate's Min/Avg/Max objects).
    static func payload(_ metric: String, units: String, points: [String]) -> Data {
        Data(
            #"{"data": {"metrics": [{"name": "\#(metric)", "units": "\#(units)", "data": [\#(points.joined(separator: ", "))]}]}}"#
                .utf8)
    }

    static func steps(_ date: String, _ value: Double, source: String = watchName) -> String {
        #"{"date": "\#(date)", "qty": \#(value), "source": "\#(source)"}"#
    }

    /// Reads a payload as the server does for a request that arrived at `second` (its sync version).
    static func read(
        _ body: Data, aggregation: String?, second: Double, timeZone: TimeZone = losAngeles
    ) throws -> [Sample] {
        let framing = try HealthAutoExportPayload.Framing(
            aggregation: aggregation, receivedAt: Date(timeIntervalSince1970: 1_710_000_000 + second),
            timeZone: timeZone)
        return try WireDecoder(healthAutoExport: framing).decode(HealthAutoExportPayload.self, from: body).samples
    }

    static func push(
        _ store: HealthDataStore, _ body: Data, aggregation: String? = "Days", second: Double,
        timeZone: TimeZone = losAngeles
    ) throws -> (saved: Int, unchanged: Int) {
        let (result, unchanged) = try store.saveResent(
            try read(body, aggregation: aggregation, second: second, timeZone: timeZone), as: client)
        return (result?.inserted.count ?? 0, unchanged.count)
    }

    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    /// Daily (or hourly) sums of steps in Los Angeles, by bucket start.
    static func sums(
        _ store: HealthDataStore, interval: DateComponents = DateComponents(day: 1), zone: TimeZone = losAngeles
    ) throws -> [Date: Double] {
        let collection = try store.statisticsCollection(
            of: try SampleType.quantity("stepCount"), options: .cumulativeSum,
            anchor: date("2024-03-01T00:00:00-08:00"), interval: interval, calendar: calendar(zone))
        var sums: [Date: Double] = [:]
        for statistics in collection.statistics() {
            sums[statistics.startDate] = ((try? statistics.merged.sum?.value(in: .count)) ?? 0).rounded(
                toPlaces: 6)
        }
        return sums
    }

    @Test(
        "A day bucket re-sent three times reads the last value; the same payload again saves nothing",
        arguments: StorageBackend.allCases)
    func resentDay(backend: StorageBackend) throws {
        let store = backend.makeStore()
        // 10 March 2024 is the spring-forward day in Los Angeles: its day bucket lasts 23 hours.
        for (second, value) in [(0.0, 4_000.0), (3_600, 8_000), (7_200, 11_000)] {
            let pushed = try Self.push(
                store,
                Self.payload("step_count", units: "count", points: [Self.steps("2024-03-10 00:00:00 -0800", value)]),
                second: second)
            #expect(pushed.saved == 1)
        }
        let day = Self.date("2024-03-10T00:00:00-08:00")
        #expect(try Self.sums(store) == [day: 11_000])
        let stored = try store.samples(SampleQueryRequest(type: try SampleType.quantity("stepCount")))
        #expect(stored.count == 1)
        #expect(stored.first?.endDate == Self.date("2024-03-11T00:00:00-07:00"))
        // Hourly statistics prorate the 23-hour bucket.
        let hourly = try Self.sums(store, interval: DateComponents(hour: 1))
        #expect(hourly.count == 23)
        #expect(hourly[day] == (11_000.0 / 23).rounded(toPlaces: 6))

        let latest = try store.changeLog.latestSequence()
        let again = try Self.push(
            store,
            Self.payload("step_count", units: "count", points: [Self.steps("2024-03-10 00:00:00 -0800", 11_000)]),
            second: 10_800)
        #expect(again.saved == 0)
        #expect(again.unchanged == 1)
        #expect(try store.changeLog.latestSequence() == latest)
        // A late request (an earlier arrival time) with another value changes nothing either.
        let late = try Self.push(
            store, Self.payload("step_count", units: "count", points: [Self.steps("2024-03-10 00:00:00 -0800", 9_000)]),
            second: 5_000)
        #expect(late.saved == 0)
        #expect(try Self.sums(store) == [day: 11_000])
    }

    /// A Watch's own step samples as an export brings them: every half hour from 00:10 for `halfHours` half hours, 100
    /// steps over 20 minutes each.
    static func exportSteps(day: String, halfHours: Int) throws -> [Sample] {
        let watch = SourceRevision(
            source: Source(name: watchName, bundleIdentifier: "com.apple.health.5A2B"), version: "10.3",
            productType: "Watch6,1", operatingSystemVersion: nil)
        let device = Device(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch")
        let start = date("\(day)T00:10:00-08:00")
        return try (0..<halfHours).map { index in
            let from = start.addingTimeInterval(Double(index) * 1_800)
            return try Sample.quantity(
                type: try SampleType.quantity("stepCount"), quantity: Quantity(100, .count), start: from,
                end: from.addingTimeInterval(1_200), device: device
            ).with(sourceRevision: watch)
        }
    }

    /// Day buckets the app pushes for the same Watch: the 5th as the export has it, the 6th with the whole day (the
    /// export ends at 14:00 that day).
    static let pushedDays = payload(
        "step_count", units: "count",
        points: [steps("2024-03-05 00:00:00 -0800", 4_800), steps("2024-03-06 00:00:00 -0800", 9_000)])

    @Test(
        "Push then export and export then push give the export's daily totals where it covers the day",
        arguments: StorageBackend.allCases)
    func bothOrders(backend: StorageBackend) throws {
        let export =
            try Self.exportSteps(day: "2024-03-05", halfHours: 48) + Self.exportSteps(day: "2024-03-06", halfHours: 28)
        let exportOnly = backend.makeStore()
        try exportOnly.saveImported(export)
        let exportSums = try Self.sums(exportOnly)
        let fifth = Self.date("2024-03-05T00:00:00-08:00")
        let sixth = Self.date("2024-03-06T00:00:00-08:00")
        #expect(exportSums == [fifth: 4_800, sixth: 2_800])

        let pushFirst = backend.makeStore()
        _ = try Self.push(pushFirst, Self.pushedDays, second: 0)
        try pushFirst.saveImported(export)
        let exportFirst = backend.makeStore()
        try exportFirst.saveImported(export)
        _ = try Self.push(exportFirst, Self.pushedDays, second: 0)

        for store in [pushFirst, exportFirst] {
            // The 5th reads the export alone; on the 6th the push adds what the export lacks after 14:00.
            #expect(try Self.sums(store) == [fifth: 4_800, sixth: 9_000])
            let hourly = try Self.sums(store, interval: DateComponents(hour: 1))
            #expect(hourly[Self.date("2024-03-05T12:00:00-08:00")] == 200)
            // The residual 6,200 spreads over 00:00–00:10 and 14:00–24:00, outside the own samples' hull.
            #expect(hourly[Self.date("2024-03-06T15:00:00-08:00")] == (6_200.0 * 3_600 / 36_600).rounded(toPlaces: 6))
            let whole = try store.statistics(of: try SampleType.quantity("stepCount"), options: .cumulativeSum)
            #expect(whole.merged.sum.map { (try? $0.value(in: .count))?.rounded(toPlaces: 6) } == 13_800)
        }
        // The same Watch minutes pushed on top of the export add nothing to the day.
        let minutes = Self.payload(
            "step_count", units: "count",
            points: (0..<48).map { index in
                let time = Self.date("2024-03-05T00:10:00-08:00").addingTimeInterval(Double(index) * 1_800)
                return Self.steps(Self.appDate(time), 100)
            })
        _ = try Self.push(exportFirst, minutes, aggregation: "Minutes", second: 60)
        #expect(try Self.sums(exportFirst)[fifth] == 4_800)
    }

    /// A date as the app writes it, at -0800.
    static func appDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: -8 * 3600)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter.string(from: date)
    }

    @Test(
        "Heart rate sent as Min/Avg/Max keeps them: statistics' minimum, average and maximum are the payload's",
        arguments: StorageBackend.allCases)
    func minAvgMax(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let body = Self.payload(
            "heart_rate", units: "bpm",
            points: [
                #"{"date": "2024-03-05 09:00:00 -0800", "Min": 58, "Avg": 66, "Max": 81, "source": "\#(Self.watchName)"}"#,
                #"{"date": "2024-03-05 09:01:00 -0800", "Min": 64, "Avg": 70, "Max": 75, "source": "\#(Self.watchName)"}"#,
            ])
        #expect(try Self.push(store, body, aggregation: "Minutes", second: 0).saved == 2)
        let heartRate = try SampleType.quantity("heartRate")
        let perMinute = try HealthUnit(parsing: "count/min")
        let statistics = try store.statistics(
            of: heartRate, options: [.discreteMin, .discreteMax, .discreteAverage])
        #expect(statistics.merged.minimum.map { try? $0.value(in: perMinute) } == 58)
        #expect(statistics.merged.maximum.map { try? $0.value(in: perMinute) } == 81)
        #expect(statistics.merged.average.map { try? $0.value(in: perMinute) } == 68)
        // Stored as a summarized series: the summary survives the backend.
        let stored = try store.samples(SampleQueryRequest(type: heartRate, sort: [SampleSort(.startDate)]))
        let content = try #require(stored.first?.quantityContent)
        #expect(content.count == 3)
        #expect(try content.minimum.value(in: perMinute) == 58)
        #expect(try content.maximum.value(in: perMinute) == 81)
        // The same payload again saves nothing.
        #expect(try Self.push(store, body, aggregation: "Minutes", second: 60) == (0, 2))

        // The Watch's own heart rate inside the first minute makes the pushed copy there give way.
        let watch = SourceRevision(source: Source(name: Self.watchName, bundleIdentifier: "com.apple.health.5A2B"))
        try store.saveImported([
            try Sample.quantity(
                type: heartRate, quantity: Quantity(90, perMinute), start: Self.date("2024-03-05T09:00:10-08:00"),
                end: Self.date("2024-03-05T09:00:50-08:00")
            ).with(sourceRevision: watch)
        ])
        let merged = try store.statistics(of: heartRate, options: [.discreteMin, .discreteMax])
        #expect(merged.merged.minimum.map { try? $0.value(in: perMinute) } == 64)
        #expect(merged.merged.maximum.map { try? $0.value(in: perMinute) } == 90)
    }

    @Test("A day bucket spans its day in the zone whose offset the payload uses: 25 hours in Berlin on 27 October 2024")
    func berlinAutumn() throws {
        let samples = try Self.read(
            Self.payload("step_count", units: "count", points: [Self.steps("2024-10-27 00:00:00 +0200", 1_000)]),
            aggregation: "days", second: 0, timeZone: Self.berlin)
        let berlinDay = try #require(samples.first)
        #expect(berlinDay.endDate.timeIntervalSince(berlinDay.startDate) == 90_000.0)
        // A zone whose offset differs from the payload's: the fixed offset, 24 hours.
        let fixed = try Self.read(
            Self.payload("step_count", units: "count", points: [Self.steps("2024-10-27 00:00:00 +0200", 1_000)]),
            aggregation: "Days", second: 0, timeZone: Self.losAngeles)
        let fixedDay = try #require(fixed.first)
        #expect(fixedDay.endDate.timeIntervalSince(fixedDay.startDate) == 86_400.0)
        // No header: an instant.
        let instant = try Self.read(
            Self.payload("step_count", units: "count", points: [Self.steps("2024-10-27 00:00:00 +0200", 1_000)]),
            aggregation: nil, second: 0)
        #expect(instant.first.map { $0.endDate == $0.startDate } == true)
    }

    @Test(
        "A pushed workout and the Watch's own one within a minute are listed once, whichever came first",
        arguments: StorageBackend.allCases)
    func workoutListedOnce(backend: StorageBackend) throws {
        let body = Data(
            #"""
            {"data": {"workouts": [{"id": "7F3A", "name": "Outdoor Walk", "start": "2024-03-05 09:00:00 -0800",
              "end": "2024-03-05 09:40:00 -0800", "duration": 2400}]}}
            """#.utf8)
        let watch = SourceRevision(
            source: Source(name: Self.watchName, bundleIdentifier: "com.apple.health.5A2B"), productType: "Watch6,1")
        let own = try Sample.workout(
            activityTypeRawValue: 52, start: Self.date("2024-03-05T09:00:20-08:00"),
            end: Self.date("2024-03-05T09:39:30-08:00")
        ).with(sourceRevision: watch)
        let pushFirst = backend.makeStore()
        _ = try pushFirst.saveResent(try Self.read(body, aggregation: nil, second: 0), as: Self.client)
        try pushFirst.saveImported([own])
        let exportFirst = backend.makeStore()
        try exportFirst.saveImported([own])
        _ = try exportFirst.saveResent(try Self.read(body, aggregation: nil, second: 0), as: Self.client)
        for store in [pushFirst, exportFirst] {
            let listed = try store.workoutSummaries(
                from: Self.date("2024-03-05T00:00:00-08:00"), to: Self.date("2024-03-06T00:00:00-08:00"))
            #expect(listed.map(\.uuid) == [own.uuid])
        }
        // A pushed workout with no own twin is listed.
        let alone = backend.makeStore()
        _ = try alone.saveResent(try Self.read(body, aggregation: nil, second: 0), as: Self.client)
        #expect(
            try alone.workoutSummaries(
                from: Self.date("2024-03-05T00:00:00-08:00"), to: Self.date("2024-03-06T00:00:00-08:00")
            ).count == 1)
    }

    @Test("The server refuses an unknown automation-aggregation naming the header and keeps a re-sent day's last value")
    func serverHeaders() async throws {
        let clock = AdvancingClock()
        let fixture = try ServerFixture(configure: { $0.now = { clock.next() } })
        let token = fixture.token("bob", "com.example.steps")
        let day: @Sendable (Int) -> String = { value in
            #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2024-03-10 00:00:00 -0800", "qty": \#(value), "source": "Alex’s Apple Watch"}]}]}}"#
        }
        try await fixture.withRouter { client in
            let refused = try await client.call(
                .post, "/ingest/health-auto-export", token: token, body: day(1),
                headers: [HTTPField.Name("automation-aggregation")!: "Fortnights"])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("automation-aggregation"), "\(refused.text)")
            let headers: HTTPFields = [
                HTTPField.Name("automation-aggregation")!: "Days", HTTPField.Name("session-id")!: "6C1D",
            ]
            for value in [4_000, 8_000, 11_000] {
                let reply = try await client.call(
                    .post, "/ingest/health-auto-export?timeZone=America/Los_Angeles", token: token, body: day(value),
                    headers: headers)
                #expect(reply.json["saved"] as? Double == 1, "\(reply.text)")
            }
            let again = try await client.call(
                .post, "/ingest/health-auto-export?timeZone=America/Los_Angeles", token: token, body: day(11_000),
                headers: headers)
            #expect(again.status == .ok)
            #expect(again.json["saved"] as? Double == 0)
            #expect(again.json["ignored"] as? Double == 1)
            let samples = try await client.call(
                .get, "/samples?type=stepCount&timeZone=America/Los_Angeles", token: token)
            #expect(samples.samples.map { $0["value"] as? Double } == [11_000])
            #expect(samples.samples.first?["endDate"] as? String == "2024-03-11T00:00:00-07:00")
        }
    }

    @Test("An unknown automation-aggregation value is refused naming the header")
    func unknownAggregation() throws {
        #expect(HealthAutoExportPayload.BucketLength(header: "Hour") == .hours)
        #expect(HealthAutoExportPayload.BucketLength(header: "MONTHS") == .months)
        do {
            _ = try HealthAutoExportPayload.Framing(aggregation: "Fortnights", receivedAt: Date(), timeZone: nil)
            Issue.record("a fortnight is no bucket length here")
        } catch {
            #expect(error.field == "automation-aggregation")
        }
    }
}

/// A clock a second later at every reading (each request arrives after the one before).
final class AdvancingClock: Sendable {
    private let seconds = Mutex(1_710_000_000.0)

    func next() -> Date {
        Date(
            timeIntervalSince1970: seconds.withLock { value in
                value += 1
                return value
            })
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let scale = Foundation.pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
