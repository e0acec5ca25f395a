import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import HealthTrends
import Synchronization
import Testing

@Suite("The widget timeline: 15-minute refreshes, the midnight zero state and reload, the locked-store fallback")
struct WidgetTimelineTests {
    typealias Fixtures = TrendsCalculatorTests

    /// A clock the test moves.
    final class Clock: Sendable {
        private let now: Mutex<Date>
        init(_ date: Date) { now = Mutex(date) }
        func read() -> Date { now.withLock { $0 } }
        func set(_ date: Date) { now.withLock { $0 = date } }
    }

    /// A store with energy on the 14th and 15th of March, seen by the widget's app with full access (so the store's
    /// states apply).
    static func world(
        _ backend: StorageBackend = .inMemory, _ clock: Clock
    ) throws -> (HealthDataStore, WidgetTimelineBuilder) {
        let base = backend.makeStore()
        _ = try base.saveImported([
            try Fixtures.burn(120, from: Fixtures.local(3, 14, 9), minutes: 60),
            try Fixtures.burn(300, from: Fixtures.local(3, 15, 9), minutes: 60),
            try Fixtures.burn(80, from: Fixtures.local(3, 15, 22), minutes: 60),
        ])
        base.access.setFullAccess("com.example.trends", true)
        let app = base.client("com.example.trends")
        let calculator = try TrendsCalculator(store: app, calendar: Fixtures.losAngeles, clock: { clock.read() })
        return (base, WidgetTimelineBuilder(calculator: calculator, days: 1, goalFallback: 400))
    }

    @Test("In the afternoon: one fresh entry and a reload in 15 minutes", arguments: StorageBackend.allCases)
    func afternoon(_ backend: StorageBackend) throws {
        let clock = Clock(Fixtures.local(3, 15, 14, 5))
        let (_, builder) = try Self.world(backend, clock)
        let timeline = try builder.timeline()
        #expect(timeline.entries.count == 1)
        #expect(timeline.reloadDate == Fixtures.local(3, 15, 14, 20))
        let entry = try #require(timeline.entries.first)
        #expect(entry.todayTotal == 300 && !entry.isZeroState && !entry.isFromCache)
        #expect(entry.typicalTotal == 120, "the 14th by the end of 1 PM")
        #expect(entry.moveGoal == 400, "no summary: the fallback")
        #expect(entry.curve.first?.total == 0 && entry.curve.last?.date == Fixtures.local(3, 15, 14))
    }

    @Test(
        "At 23:50 midnight comes before the next refresh: a zero-state entry at midnight and a reload at 00:01",
        arguments: StorageBackend.allCases)
    func beforeMidnight(_ backend: StorageBackend) throws {
        let clock = Clock(Fixtures.local(3, 15, 23, 50))
        let (_, builder) = try Self.world(backend, clock)
        let timeline = try builder.timeline()
        #expect(timeline.entries.count == 2)
        #expect(timeline.entries[0].todayTotal == 380)
        let midnight = timeline.entries[1]
        #expect(midnight.date == Fixtures.local(3, 16, 0) && midnight.isZeroState && midnight.todayTotal == 0)
        #expect(midnight.curve == [CumulativePoint(date: Fixtures.local(3, 16, 0), total: 0)])
        #expect(midnight.projectedTotal == timeline.entries[0].projectedTotal, "kept for reference")
        #expect(timeline.reloadDate == Fixtures.local(3, 16, 0, 1))
    }

    @Test("At 00:00:30 the new day starts from 0 with yesterday as the typical day", arguments: StorageBackend.allCases)
    func justAfterMidnight(_ backend: StorageBackend) throws {
        let clock = Clock(Fixtures.local(3, 16, 0).addingTimeInterval(30))
        let (_, builder) = try Self.world(backend, clock)
        let timeline = try builder.timeline()
        #expect(timeline.entries.count == 1)
        #expect(
            timeline.entries[0].todayTotal == 0
                && timeline.entries[0].curve == [CumulativePoint(date: Fixtures.local(3, 16, 0), total: 0)])
        #expect(timeline.entries[0].projectedTotal == 380, "nothing yet, the whole typical day to come")
        #expect(timeline.reloadDate == Fixtures.local(3, 16, 0, 15).addingTimeInterval(30))
    }

    @Test(
        "Locked store: today's cached entry is shown (marked), a cached entry from yesterday gives the zero state instead",
        arguments: StorageBackend.allCases)
    func lockedStoreFallback(_ backend: StorageBackend) throws {
        let clock = Clock(Fixtures.local(3, 15, 14, 5))
        let (base, builder) = try Self.world(backend, clock)
        let fresh = try builder.currentEntry(cached: nil)
        base.setCondition(.locked)
        clock.set(Fixtures.local(3, 15, 14, 20))
        let cached = try builder.currentEntry(cached: fresh)
        #expect(cached.isFromCache && cached.todayTotal == 300 && cached.date == Fixtures.local(3, 15, 14, 20))
        clock.set(Fixtures.local(3, 16, 0, 10))
        let afterMidnight = try builder.currentEntry(cached: fresh)
        #expect(afterMidnight.isZeroState && afterMidnight.todayTotal == 0, "never yesterday's figures after midnight")
        #expect(try builder.currentEntry(cached: nil).isZeroState)
        base.setCondition(.available)
        #expect(try builder.currentEntry(cached: fresh).todayTotal == 0)
    }
}
