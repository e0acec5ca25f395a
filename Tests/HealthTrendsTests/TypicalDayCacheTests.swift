import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import HealthTrends
import Testing

@Suite("The typical-day cache: fresh for 6 hours on the same local day, versioned, keyed, corrupt files rewritten")
struct TypicalDayCacheTests {
    typealias Fixtures = TrendsCalculatorTests
    typealias Clock = WidgetTimelineTests.Clock

    /// A fresh folder for a cache file (and an SQLite store).
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "typical-day-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A store with 100 kcal at 8 AM on each of the `days` days before `day` (a local day of March or November 2024).
    static func store(
        _ backend: StorageBackend = .inMemory, in folder: URL, before month: Int, _ day: Int, days: Int = 3
    ) throws -> HealthDataStore {
        let store = backend.makeStore()
        let start = Fixtures.local(month, day, 8)
        _ = try store.saveImported(
            try (1...days).map { back in
                try Fixtures.burn(
                    100, from: Fixtures.losAngeles.date(byAdding: .day, value: -back, to: start)!, minutes: 60)
            })
        return store
    }

    static func calculator(
        _ store: HealthDataStore, _ clock: Clock, unit: HealthUnit? = nil, calendar: Calendar = Fixtures.losAngeles
    ) throws -> TrendsCalculator {
        try TrendsCalculator(store: store, unit: unit, calendar: calendar, clock: { clock.read() })
    }

    /// A test's world: a fresh folder (removed with the world), a store with 100 kcal at 8 AM on the `days` days
    /// before a day, a clock, a calculator on them and a cache file in the folder.
    final class World {
        let folder: URL
        let store: HealthDataStore
        let clock: Clock
        let calculator: TrendsCalculator
        let cache: TypicalDayCache

        init(_ backend: StorageBackend = .inMemory, now: Date, dataBefore month: Int, _ day: Int, days: Int = 3) throws
        {
            folder = try TypicalDayCacheTests.folder()
            store = try TypicalDayCacheTests.store(backend, in: folder, before: month, day, days: days)
            clock = Clock(now)
            calculator = try TypicalDayCacheTests.calculator(store, clock)
            cache = TypicalDayCache(fileURL: folder.appendingPathComponent("cache.json"))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    /// Sets the clock to each moment in turn and expects the lookup's outcome there.
    static func expect(
        _ cache: TypicalDayCache, _ calculator: TrendsCalculator, _ clock: Clock,
        _ steps: [(Date, TypicalDayCache.Outcome)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for (moment, outcome) in steps {
            clock.set(moment)
            let found = try lookUp(cache, calculator).outcome
            #expect(
                found == outcome, "at \(ISO8601DateFormatter().string(from: moment))", sourceLocation: sourceLocation)
        }
    }

    /// Looks the typical day of the clock's day up.
    static func lookUp(
        _ cache: TypicalDayCache, _ calculator: TrendsCalculator, days: Int = 3
    ) throws -> TypicalDayCache.Lookup {
        try cache.typicalDay(calculator, before: calculator.clock(), days: days)
    }

    @Test(
        "A second lookup within 6 hours reads the file; today's new samples leave it fresh, one in the averaged days does not",
        arguments: StorageBackend.allCases)
    func freshHit(backend: StorageBackend) throws {
        let world = try World(backend, now: Fixtures.local(3, 15, 10), dataBefore: 3, 15)
        let (store, clock, calculator, cache) = (world.store, world.clock, world.calculator, world.cache)
        let first = try Self.lookUp(cache, calculator)
        #expect(first.outcome == .missing && first.writeError == nil)
        #expect(first.typicalDay == (try calculator.typicalDay(before: clock.read(), days: 3)))
        let text = try String(contentsOf: cache.fileURL, encoding: .utf8)
        #expect(text.contains(#""formatVersion":1"#) && text.contains(#""timeZone":"America/Los_Angeles""#))

        clock.set(Fixtures.local(3, 15, 10, 5))
        _ = try store.saveImported([try Fixtures.burn(500, from: Fixtures.local(3, 15, 9), minutes: 30)])
        let second = try Self.lookUp(cache, calculator)
        #expect(second.outcome == .fresh && second.typicalDay == first.typicalDay)

        _ = try store.saveImported([try Fixtures.burn(300, from: Fixtures.local(3, 13, 12), minutes: 60)])
        let third = try Self.lookUp(cache, calculator)
        #expect(third.outcome == .storeChanged)
        #expect(third.typicalDay.endOfDayTotal == 200, "(100 + 400 + 100) / 3")
        #expect(try Self.lookUp(cache, calculator).outcome == .fresh)
    }

    @Test(
        "At 6 hours the kept typical day expires and is computed again; a clock before the computation does not trust it",
        arguments: StorageBackend.allCases)
    func expiresAfterSixHours(_ backend: StorageBackend) throws {
        let world = try World(backend, now: Fixtures.local(3, 15, 10), dataBefore: 3, 15)
        #expect(try Self.lookUp(world.cache, world.calculator).outcome == .missing)
        try Self.expect(
            world.cache, world.calculator, world.clock,
            [
                (Fixtures.local(3, 15, 15, 59), .fresh), (Fixtures.local(3, 15, 16), .expired),
                (Fixtures.local(3, 15, 16, 1), .fresh),  // rewritten at 16:00
                (Fixtures.local(3, 15, 9), .expired),  // a clock before the computation
            ])
    }

    @Test(
        "Midnight is a day change even within 6 hours, and the new day's typical day includes yesterday",
        arguments: StorageBackend.allCases)
    func dayChangeAtMidnight(_ backend: StorageBackend) throws {
        let world = try World(backend, now: Fixtures.local(3, 15, 22), dataBefore: 3, 15)
        let (clock, calculator, cache) = (world.clock, world.calculator, world.cache)
        _ = try world.store.saveImported([try Fixtures.burn(400, from: Fixtures.local(3, 15, 12), minutes: 60)])
        #expect(try Self.lookUp(cache, calculator).typicalDay.endOfDayTotal == 100)
        clock.set(Fixtures.local(3, 15, 23, 59))
        #expect(try Self.lookUp(cache, calculator).outcome == .fresh)
        clock.set(Fixtures.local(3, 16, 0))
        let afterMidnight = try Self.lookUp(cache, calculator)
        #expect(afterMidnight.outcome == .dayChanged)
        #expect(afterMidnight.typicalDay.endOfDayTotal == (100 + 100 + 400) / 3.0, "the 13th, 14th and 15th")
    }

    @Test(
        "DST days in America/Los_Angeles: midnight before and after them changes the day; 6 hours are elapsed hours, not clock hours",
        arguments: StorageBackend.allCases)
    func daylightSavingDays(_ backend: StorageBackend) throws {
        let world = try World(backend, now: Fixtures.local(3, 9, 22), dataBefore: 3, 11, days: 5)
        #expect(try Self.lookUp(world.cache, world.calculator).outcome == .missing)
        // Spring forward (10 March, 23 hours): from midnight to 06:59 PDT is 5 hours 59 minutes, to 07:00 PDT 6 hours.
        try Self.expect(
            world.cache, world.calculator, world.clock,
            [
                (Fixtures.local(3, 10, 0), .dayChanged), (Fixtures.local(3, 10, 6, 59), .fresh),
                (Fixtures.local(3, 10, 7), .expired),
                (Fixtures.local(3, 11, 0), .dayChanged),  // the midnight after the 23-hour day
            ])
        // Fall back (3 November, 25 hours): from midnight PDT, 01:30 PST (the second 1 AM) is 2.5 hours, 05:00 PST 6.
        let secondOneAM = Fixtures.local(11, 3, 1, 30).addingTimeInterval(3_600)
        #expect(Fixtures.losAngeles.component(.hour, from: secondOneAM) == 1)
        let november = try Self.calculator(try Self.store(in: world.folder, before: 11, 4, days: 5), world.clock)
        try Self.expect(
            world.cache, november, world.clock,
            [
                (Fixtures.local(11, 2, 23), .dayChanged), (Fixtures.local(11, 3, 0), .dayChanged),
                (secondOneAM, .fresh),
                (Fixtures.local(11, 3, 4, 59), .fresh), (Fixtures.local(11, 3, 5), .expired),
                (Fixtures.local(11, 4, 0), .dayChanged),  // the midnight after the 25-hour day
            ])
    }

    @Test("A file of another format version is ignored and rewritten in this one", arguments: StorageBackend.allCases)
    func versionMismatch(_ backend: StorageBackend) throws {
        let world = try World(backend, now: Fixtures.local(3, 15, 10), dataBefore: 3, 15)
        let (calculator, cache) = (world.calculator, world.cache)
        let computed = try Self.lookUp(cache, calculator).typicalDay
        let current = try String(contentsOf: cache.fileURL, encoding: .utf8)
        let older = current.replacingOccurrences(of: #""formatVersion":1"#, with: #""formatVersion":0"#)
        #expect(older != current)
        try older.write(to: cache.fileURL, atomically: true, encoding: .utf8)
        let lookup = try Self.lookUp(cache, calculator)
        #expect(lookup.outcome == .otherVersion && lookup.typicalDay == computed)
        #expect(try String(contentsOf: cache.fileURL, encoding: .utf8).contains(#""formatVersion":1"#))
        #expect(try Self.lookUp(cache, calculator).outcome == .fresh)
    }

    @Test(
        "Corrupt files are ignored and rewritten, never trusted", arguments: StorageBackend.allCases,
        [
            "", "{not json", "null", #"{"formatVersion":1}"#, #"{"formatVersion":"one"}"#, "[1, 2, 3]",
        ])
    func corruptFile(_ backend: StorageBackend, content: String) throws {
        let world = try World(backend, now: Fixtures.local(3, 15, 10), dataBefore: 3, 15)
        let (clock, calculator, cache) = (world.clock, world.calculator, world.cache)
        try content.write(to: cache.fileURL, atomically: true, encoding: .utf8)
        let lookup = try Self.lookUp(cache, calculator)
        #expect(lookup.outcome == .unreadable)
        #expect(lookup.typicalDay == (try calculator.typicalDay(before: clock.read(), days: 3)))
        #expect(try Self.lookUp(cache, calculator).outcome == .fresh)
    }

    @Test("Figures out of shape (not 24 hours, negative) make the file unreadable", arguments: StorageBackend.allCases)
    func figuresOutOfShape(_ backend: StorageBackend) throws {
        let world = try World(backend, now: Fixtures.local(3, 15, 10), dataBefore: 3, 15)
        let (calculator, cache) = (world.calculator, world.cache)
        _ = try Self.lookUp(cache, calculator)
        let text = try String(contentsOf: cache.fileURL, encoding: .utf8)
        for broken in [
            text.replacingOccurrences(of: #""averageByHour":[0,"#, with: #""averageByHour":["#),
            text.replacingOccurrences(of: #""averageByHour":[0,"#, with: #""averageByHour":[-5,"#),
            String(text.prefix(text.count / 2)),
        ] {
            #expect(broken != text)
            try broken.write(to: cache.fileURL, atomically: true, encoding: .utf8)
            #expect(try Self.lookUp(cache, calculator).outcome == .unreadable)
        }
    }

    @Test("Another type, unit, number of days, time zone or client is another key", arguments: StorageBackend.allCases)
    func otherKeys(_ backend: StorageBackend) throws {
        let world = try World(backend, now: Fixtures.local(3, 15, 10), dataBefore: 3, 15)
        let (store, clock, calculator, cache) = (world.store, world.clock, world.calculator, world.cache)
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        store.access.setFullAccess("com.example.trends", true)
        let others: [(TrendsCalculator, Int)] = [
            (try Self.calculator(store, clock, unit: .joule(.kilo)), 3),
            (calculator, 4),
            (try Self.calculator(store, clock, calendar: berlin), 3),
            (try Self.calculator(store.client("com.example.trends"), clock), 3),
            (
                try TrendsCalculator(
                    store: store, type: try SampleType.quantity("stepCount"), calendar: Fixtures.losAngeles,
                    clock: { clock.read() }), 3
            ),
        ]
        for (other, days) in others {
            _ = try Self.lookUp(cache, calculator)
            #expect(try Self.lookUp(cache, other, days: days).outcome == .otherKey)
        }
        _ = try Self.lookUp(cache, calculator)
        #expect(
            try cache.typicalDay(calculator, before: Fixtures.local(3, 12, 10), days: 3).outcome == .otherKey,
            "another day")
    }

    @Test(
        "A cache that cannot be written still gives the computed typical day, with the error naming the file",
        arguments: StorageBackend.allCases)
    func unwritableFile(_ backend: StorageBackend) throws {
        let world = try World(backend, now: Fixtures.local(3, 15, 10), dataBefore: 3, 15)
        let (clock, calculator) = (world.clock, world.calculator)
        let file = world.folder.appendingPathComponent("no-such-folder/cache.json")
        let lookup = try Self.lookUp(TypicalDayCache(fileURL: file), calculator)
        #expect(lookup.outcome == .missing)
        #expect(lookup.typicalDay == (try calculator.typicalDay(before: clock.read(), days: 3)))
        guard case let .cacheNotWritten(path, _) = lookup.writeError else {
            Issue.record("expected cacheNotWritten, got \(String(describing: lookup.writeError))")
            return
        }
        #expect(path == file.path)
    }

    @Test(
        "The widget builder keeps its typical day in the cache and shows the same figures as without it",
        arguments: StorageBackend.allCases)
    func widgetUsesTheCache(_ backend: StorageBackend) throws {
        let world = try World(backend, now: Fixtures.local(3, 15, 14, 5), dataBefore: 3, 15)
        let (calculator, cache) = (world.calculator, world.cache)
        let cached = WidgetTimelineBuilder(calculator: calculator, days: 3, goalFallback: 400, cache: cache)
        let plain = WidgetTimelineBuilder(calculator: calculator, days: 3, goalFallback: 400)
        #expect(try cached.timeline() == plain.timeline())
        #expect(try Self.lookUp(cache, calculator).outcome == .fresh, "the builder wrote it")
        #expect(try cached.timeline() == plain.timeline())
    }
}
