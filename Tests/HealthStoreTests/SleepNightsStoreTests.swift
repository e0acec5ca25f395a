import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Sleep nights from a store: the waking days asked for, the sleep type's source order, a client's own view")
struct SleepNightsStoreTests {
    static let sleepApp = SourceRevision(source: Source(name: "AutoSleep", bundleIdentifier: "com.tantsissa.AutoSleep"))
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    static func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        berlin.date(from: DateComponents(year: 2024, month: 10, day: day, hour: hour, minute: minute))!
    }

    static func sleep(_ stage: SleepStage, _ start: Date, _ end: Date) throws -> Sample {
        try Sample.category(type: Fixture.sleep, value: stage.rawValue, start: start, end: end)
    }

    /// Three nights around the Berlin fall-back change (October 27, 2024): the Watch 23:00–07:00 each night, the
    /// sleep app 22:30–07:30 on the night to the 27th only.
    static func threeNights(_ store: HealthDataStore) throws {
        _ = try store.save(
            try [25, 26, 27].map { try sleep(.asleepCore, at($0 - 1, 23), at($0, 7)) }, as: Fixture.watch)
        _ = try store.save([try sleep(.asleepUnspecified, at(26, 22, 30), at(27, 7, 30))], as: sleepApp)
    }

    static func request(_ first: Int, _ last: Int) throws -> SleepNightsRequest {
        try SleepNightsRequest(
            first: DateComponents(year: 2024, month: 10, day: first),
            last: DateComponents(year: 2024, month: 10, day: last), calendar: berlin)
    }

    @Test(
        "Nights of the waking days asked for, the DST night an hour longer, the app filling the Watch's edges",
        arguments: StorageBackend.allCases)
    func nightsInRange(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        try Self.threeNights(store)
        let nights = try store.sleepNights(try Self.request(26, 27))
        #expect(nights.map(\.wakingDay.day) == [26, 27])
        // 23:00–07:00 is 8 h, and 9 h across the fall-back change; the app adds 22:30–23:00 and 07:00–07:30.
        #expect(nights.map(\.asleep) == [8 * 3600, 10 * 3600])
        #expect(nights.last?.time(in: .asleepUnspecified) == TimeInterval(3600))
        // The sleep app first in the sleep type's order: its 10 h on the 27th count whole, the Watch adds nothing.
        try store.setSourceOrder([Self.sleepApp.source.bundleIdentifier], for: Fixture.sleep)
        let appFirst = try store.sleepNights(try Self.request(27, 27))
        #expect(appFirst.map(\.asleep) == [10 * 3600])
        #expect(appFirst.first?.time(in: .asleepUnspecified) == TimeInterval(10 * 3600))
        #expect(throws: HealthEngineError.self) { try Self.request(27, 26) }
    }

    @Test(
        "A client that may not read sleep sees only the nights of its own samples; one that may sees all",
        arguments: StorageBackend.allCases)
    func clientView(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        try Self.threeNights(store)
        let app = Self.sleepApp.source.bundleIdentifier
        store.access.policy = .denyRead([Fixture.sleep.identifier])
        store.access.request(client: app, share: [Fixture.sleep.identifier], read: [Fixture.sleep.identifier])
        let own = try store.client(app).sleepNights(try Self.request(25, 27))
        #expect(own.map(\.wakingDay.day) == [27])
        #expect(own.map(\.asleep) == [10 * 3600])
        #expect(own.first?.sources == [Self.sleepApp.source])
        let stranger = store.client("com.example.stranger")
        store.access.request(client: "com.example.stranger", share: [], read: [Fixture.sleep.identifier])
        #expect(try stranger.sleepNights(try Self.request(25, 27)).isEmpty)
    }

    @Test("The summary averages the nights, not the naps, and measures how regular bedtimes and wake times are")
    func summary() throws {
        let store = HealthDataStore()
        try Self.threeNights(store)
        _ = try store.save([try Self.sleep(.asleepCore, Self.at(26, 14), Self.at(26, 14, 30))], as: Fixture.watch)
        let nights = try store.sleepNights(try Self.request(25, 27))
        #expect(nights.filter(\.isNap).count == 1)
        let summary = SleepSummary(nights: nights, calendar: Self.berlin)
        #expect(summary.nights == 3)
        #expect(summary.averageAsleep == TimeInterval((8 + 8 + 10) * 3600) / 3)
        // Bedtimes 23:00, 23:00, 22:30; wake times 07:00, 07:00, 07:30 (wall clock).
        #expect(summary.averageBedtime == TimeInterval(23 * 3600 - 10 * 60))
        #expect(summary.averageWakeTime == TimeInterval(7 * 3600 + 10 * 60))
        let deviation = try #require(summary.bedtimeDeviation)
        #expect(abs(deviation - (2.0 / 9.0).squareRoot() * 1800) < 0.001)
    }
}
