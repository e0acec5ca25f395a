import Foundation
import HealthEngine
import HealthModel
import HealthTestSupport
import Testing

@Suite("Workout zones: time in zone merged by source priority, pauses out, readings held (workout-zones.md)")
struct WorkoutZoneCalculatorTests {
    @Test("The chest strap ranked first wins where it has data; the Watch fills its drop-out; the pause counts nothing")
    func strapFirst() throws {
        let calculator = WorkoutZoneCalculator(
            priority: SourcePriority(order: [
                ZoneRun.strap.source.bundleIdentifier, Fixture.watchSource.bundleIdentifier,
            ]))
        let outcome = try #require(
            calculator.outcome(
                configuration: try ZoneRun.configuration(), samples: try ZoneRun.stored(), start: ZoneRun.start,
                end: ZoneRun.end, paused: ZoneRun.paused))
        #expect(outcome.group.durations == ZoneRun.strapFirstDurations)
        #expect(outcome.group.durations.reduce(0, +) == 1800 - 120)
        #expect(outcome.lastZone == 4)
        #expect(outcome.lastReadingDate == ZoneRun.at(1740))
    }

    @Test("In the default order the Watch outranks the third-party strap everywhere")
    func watchFirstByDefault() throws {
        let outcome = try #require(
            WorkoutZoneCalculator(priority: SourcePriority(order: nil)).outcome(
                configuration: try ZoneRun.configuration(), samples: try ZoneRun.stored(), start: ZoneRun.start,
                end: ZoneRun.end, paused: ZoneRun.paused))
        // Z3: 720–900 and 1200–1500; Z4: 900–1200.
        #expect(outcome.group.durations == [300, 300, 180 + 300, 300, 300])
    }

    @Test("A range counts only readings taken inside it, a reading held past its end cut there")
    func subrange() throws {
        let outcome = try #require(
            WorkoutZoneCalculator(priority: SourcePriority(order: nil)).outcome(
                configuration: try ZoneRun.configuration(), samples: try ZoneRun.stored(), start: ZoneRun.at(270),
                end: ZoneRun.at(330)))
        // The 09:04 reading (115) is taken before the range: it does not hold into it. 09:05 (130) holds to the end.
        #expect(outcome.group.durations == [0, 30, 0, 0, 0])
        #expect(
            WorkoutZoneCalculator(priority: SourcePriority(order: nil)).outcome(
                configuration: try ZoneRun.configuration(), samples: try ZoneRun.stored(), start: ZoneRun.at(-600),
                end: ZoneRun.at(-1)) == nil)
    }

    @Test("A value on a boundary belongs to the zone above; n boundaries make n + 1 zones")
    func boundaries() throws {
        let zones = try ZoneRun.configuration()
        #expect(zones.zoneCount == 5)
        #expect([119.9, 120, 139, 140, 180, 250].map(zones.zone(of:)) == [0, 1, 1, 2, 4, 4])
        #expect(zones.minimum(ofZone: 0) == nil)
        #expect(zones.maximum(ofZone: 4) == nil)
        #expect(zones.minimum(ofZone: 2) == 140)
        #expect(zones.maximum(ofZone: 2) == 160)
    }

    @Test("Invalid boundaries are refused, naming what is wrong")
    func invalidBoundaries() throws {
        func reason(_ values: [Double], _ type: SampleType = Fixture.heartRate) -> String {
            do {
                _ = try WorkoutZoneConfiguration(type: type, canonicalBoundaries: values, source: .app)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(reason([120]).contains("3 to 9 zones"))
        #expect(reason(Array(stride(from: 100.0, through: 190, by: 10))).contains("3 to 9 zones"))
        #expect(reason([120, 120, 160]).contains("zoneBoundaries[1]"))
        #expect(reason([140, 120, 160]).contains("lowest to highest"))
        #expect(reason([-5, 120, 160]).contains("negative"))
        #expect(reason([.nan, 120, 160]).contains("zoneBoundaries[0]"))
        #expect(reason([120, 140, 160], Fixture.stepCount).contains("has no zones"))
        #expect(throws: HealthModelError.self) {
            try WorkoutZoneConfiguration(
                type: Fixture.heartRate, boundaries: [Quantity(120, .count), Quantity(140, .count)], source: .app)
        }
    }

    @Test("A pause from pause to resume, a second pause while paused changing nothing, an open pause to the end")
    func pausedIntervals() throws {
        let events = try [
            WorkoutEvent(type: .pause, startDate: ZoneRun.at(100)),
            WorkoutEvent(type: .motionPaused, startDate: ZoneRun.at(150)),
            WorkoutEvent(type: .resume, startDate: ZoneRun.at(200)),
            WorkoutEvent(type: .lap, startDate: ZoneRun.at(300)),
            WorkoutEvent(type: .pause, startDate: ZoneRun.at(1700)),
        ]
        let paused = WorkoutContent.pausedIntervals(start: ZoneRun.start, end: ZoneRun.end, events: events)
        #expect(paused.map(\.duration) == [100, 100])
        #expect(WorkoutContent.activeDuration(start: ZoneRun.start, end: ZoneRun.end, events: events) == 1600)
    }

    @Test("System heart rate zones: Karvonen from age (Tanaka) and resting heart rate, else fractions of the maximum")
    func systemZones() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        let birth = DateComponents(year: 1984, month: 3, day: 11)
        // On 2024-03-10 09:00 Los Angeles the person is 39 (40 the next day).
        #expect(WorkoutZoneDefaults.age(dateOfBirth: birth, at: Fixture.morning, calendar: calendar) == 39)
        let zones = try #require(WorkoutZoneDefaults.heartRateZones(age: 40, restingHeartRate: 60))
        // Maximum 208 − 28 = 180; reserve 120: 60 + 72, 84, 96, 108.
        #expect(zones.boundaries == [132, 144, 156, 168])
        #expect(zones.source == .system)
        #expect(WorkoutZoneDefaults.heartRateZones(age: 40, restingHeartRate: nil)?.boundaries == [108, 126, 144, 162])
    }
}
