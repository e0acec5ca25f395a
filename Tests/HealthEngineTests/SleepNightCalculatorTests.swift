import Foundation
import HealthEngine
import HealthModel
import HealthTestSupport
import Testing

@Suite("Sleep nights: sources merged by priority, waking day, stages, naps, DST (SEMANTICS §12)")
struct SleepNightCalculatorTests {
    static let sleepApp = SourceRevision(source: Source(name: "AutoSleep", bundleIdentifier: "com.tantsissa.AutoSleep"))

    /// A calendar in a zone, for local times and waking days.
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// A local wall-clock time.
    static func at(_ calendar: Calendar, _ day: String, _ hour: Int, _ minute: Int = 0) -> Date {
        let parts = day.split(separator: "-").map { Int($0)! }
        return calendar.date(
            from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: hour, minute: minute))!
    }

    /// Stored sleep samples, in saving order.
    static func stored(_ samples: [(SleepStage, Date, Date, SourceRevision)]) throws -> [StoredSample] {
        try samples.enumerated().map { index, entry in
            let sample = try Sample.category(
                type: Fixture.sleep, value: entry.0.rawValue, start: entry.1, end: entry.2
            ).with(sourceRevision: entry.3)
            return StoredSample(sequence: Int64(index + 1), sample: sample)
        }
    }

    static func nights(_ samples: [StoredSample], _ calendar: Calendar) -> [SleepNight] {
        SleepNightCalculator(priority: SourcePriority(order: nil), calendar: calendar).nights(from: samples)
    }

    @Test(
        "A Watch and a sleep app on the same night count it once: the Watch's stages where it has data, the app fills the edges; the phone's time in bed is its own layer"
    )
    func overlappingSources() throws {
        let la = Self.calendar("America/Los_Angeles")
        let (d1, d2) = ("2024-06-11", "2024-06-12")
        let watch: [(SleepStage, Date, Date, SourceRevision)] = [
            (.asleepCore, Self.at(la, d1, 23), Self.at(la, d1, 23, 30), Fixture.watch),
            (.asleepDeep, Self.at(la, d1, 23, 30), Self.at(la, d2, 0, 30), Fixture.watch),
            (.asleepCore, Self.at(la, d2, 0, 30), Self.at(la, d2, 2), Fixture.watch),
            (.awake, Self.at(la, d2, 2), Self.at(la, d2, 2, 30), Fixture.watch),
            (.asleepREM, Self.at(la, d2, 2, 30), Self.at(la, d2, 3, 30), Fixture.watch),
            (.asleepCore, Self.at(la, d2, 3, 30), Self.at(la, d2, 6, 30), Fixture.watch),
            (.asleepREM, Self.at(la, d2, 6, 30), Self.at(la, d2, 7), Fixture.watch),
        ]
        let samples = try Self.stored(
            [(.asleepUnspecified, Self.at(la, d1, 22, 30), Self.at(la, d2, 7, 30), Self.sleepApp)] + watch + [
                (.inBed, Self.at(la, d1, 22, 15), Self.at(la, d2, 7, 20), Fixture.phone)
            ])
        let nights = Self.nights(samples, la)
        try #require(nights.count == 1)
        let night = nights[0]
        #expect(night.wakingDay == DateComponents(year: 2024, month: 6, day: 12))
        #expect(!night.isNap)
        // Watch 23:00–07:00: core 30 + 90 + 180, deep 60, REM 60 + 30, awake 30; the app fills 22:30–23:00 and
        // 07:00–07:30 (60 min unspecified) and is hidden where the Watch has data, its awake half hour included.
        #expect(night.time(in: .asleepCore) == 300 * 60)
        #expect(night.time(in: .asleepDeep) == 60 * 60)
        #expect(night.time(in: .asleepREM) == 90 * 60)
        #expect(night.time(in: .asleepUnspecified) == 60 * 60)
        #expect(night.awake == 30 * 60)
        #expect(night.asleep == 510 * 60, "8 h 30 min, not the 9 h + 7 h 30 min of both sources")
        #expect(night.inBed == TimeInterval(545 * 60), "22:15–07:20 from the phone")
        #expect(night.start == Self.at(la, d1, 22, 15))
        #expect(night.end == Self.at(la, d2, 7, 30))
        #expect(night.sleepStart == Self.at(la, d1, 22, 30))
        #expect(night.sleepEnd == Self.at(la, d2, 7, 30))
        #expect(night.sources == [Fixture.watchSource, Fixture.phoneSource, Self.sleepApp.source])
        // With the app first in the order, the app's whole night counts and the Watch only adds nothing new.
        let appFirst = SleepNightCalculator(
            priority: SourcePriority(order: [Self.sleepApp.source.bundleIdentifier]), calendar: la
        ).nights(from: samples)
        #expect(appFirst.map(\.asleep) == [540 * 60])
        #expect(appFirst.map { $0.time(in: .asleepUnspecified) } == [540 * 60])
    }

    @Test(
        "A night across a daylight-saving change lasts as long as it really did, under the day of waking",
        arguments: [
            ("America/Los_Angeles", "2024-11-02", "2024-11-03", 10.0),  // fall back: 22:00–07:00 is 10 h
            ("Europe/Berlin", "2024-10-26", "2024-10-27", 10.0),  // fall back
            ("Europe/Berlin", "2024-03-30", "2024-03-31", 8.0),  // spring forward: 8 h
            ("America/Los_Angeles", "2024-03-09", "2024-03-10", 8.0),  // spring forward
        ])
    func daylightSaving(_ zone: String, _ evening: String, _ morning: String, _ hours: Double) throws {
        let calendar = Self.calendar(zone)
        let samples = try Self.stored([
            (.inBed, Self.at(calendar, evening, 21, 45), Self.at(calendar, morning, 7, 10), Fixture.phone),
            (.asleepCore, Self.at(calendar, evening, 22), Self.at(calendar, morning, 7), Fixture.watch),
        ])
        let nights = Self.nights(samples, calendar)
        let parts = morning.split(separator: "-").map { Int($0)! }
        #expect(nights.map(\.wakingDay) == [DateComponents(year: parts[0], month: parts[1], day: parts[2])])
        #expect(nights.map(\.asleep) == [hours * 3600])
        #expect(nights.map(\.inBed) == [hours * 3600 + 25 * 60])
    }

    @Test("An afternoon nap is kept apart from the night, under the same waking day")
    func nap() throws {
        let berlin = Self.calendar("Europe/Berlin")
        let samples = try Self.stored([
            (.asleepCore, Self.at(berlin, "2024-06-11", 23), Self.at(berlin, "2024-06-12", 6, 45), Fixture.watch),
            (.asleepCore, Self.at(berlin, "2024-06-12", 14), Self.at(berlin, "2024-06-12", 14, 40), Fixture.watch),
        ])
        let nights = Self.nights(samples, berlin)
        #expect(nights.map(\.isNap) == [false, true])
        #expect(nights.map(\.asleep) == [465 * 60, 40 * 60])
        #expect(Set(nights.map(\.wakingDay)) == [DateComponents(year: 2024, month: 6, day: 12)])
    }

    @Test(
        "Awake time and holes in the data: an awake stage counts as awake, an hour without data keeps one night, more than 90 minutes splits off a nap"
    )
    func gaps() throws {
        let la = Self.calendar("America/Los_Angeles")
        let (d1, d2) = ("2024-06-11", "2024-06-12")
        let withHole = try Self.stored([
            (.asleepCore, Self.at(la, d1, 23), Self.at(la, d2, 2), Fixture.watch),
            (.awake, Self.at(la, d2, 2), Self.at(la, d2, 2, 20), Fixture.watch),
            // No data 02:20–03:20 (the Watch was charging).
            (.asleepCore, Self.at(la, d2, 3, 20), Self.at(la, d2, 7), Fixture.watch),
        ])
        let one = Self.nights(withHole, la)
        #expect(one.count == 1)
        #expect(one.first?.asleep == TimeInterval((180 + 220) * 60))
        #expect(one.first?.awake == TimeInterval(20 * 60))
        #expect(one.first?.end == Self.at(la, d2, 7))
        #expect(one.first?.inBed == nil, "no source recorded time in bed")

        let split = try Self.stored([
            (.asleepCore, Self.at(la, d1, 22), Self.at(la, d2, 0), Fixture.watch),
            (.asleepCore, Self.at(la, d2, 2), Self.at(la, d2, 7), Fixture.watch),
        ])
        let two = Self.nights(split, la)
        #expect(two.map(\.isNap) == [true, false])
        #expect(two.map(\.asleep) == [2 * 3600, 5 * 3600])
    }

    @Test("Samples that are not sleep states are ignored: other types, no duration, stray awake time alone")
    func ignored() throws {
        let la = Self.calendar("America/Los_Angeles")
        let day = "2024-06-12"
        var samples = try Self.stored([
            (.asleepCore, Self.at(la, day, 1), Self.at(la, day, 1), Fixture.watch),
            (.awake, Self.at(la, day, 15), Self.at(la, day, 15, 10), Fixture.watch),
        ])
        samples.append(
            StoredSample(
                sequence: 9,
                sample: try Sample.category(
                    type: Fixture.categoryType("HKCategoryTypeIdentifierMindfulSession"), value: 0,
                    start: Self.at(la, day, 8), end: Self.at(la, day, 9)
                ).with(sourceRevision: Fixture.phone)))
        #expect(Self.nights(samples, la).isEmpty)
    }
}
