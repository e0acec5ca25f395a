import Foundation
import HealthEngine
import HealthModel
import Testing

@Suite("Bucket grid: calendar arithmetic of statistics collections (SEMANTICS §5.3)")
struct BucketGridTests {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    static let losAngeles = calendar("America/Los_Angeles")
    static let utc = calendar("UTC")

    static func date(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, in calendar: Calendar = losAngeles
    ) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    // MARK: - Indexes

    @Test("An hourly grid is half-open: an edge opens the next bucket; indexes before the anchor are negative")
    func hourlyEdges() throws {
        let anchor = Self.date(2024, 6, 12)
        let grid = try BucketGrid(anchor: anchor, interval: DateComponents(hour: 1), calendar: Self.losAngeles)
        #expect(grid.index(containing: anchor) == 0)
        #expect(grid.index(containing: anchor.addingTimeInterval(3599.999)) == 0)
        #expect(grid.index(containing: anchor.addingTimeInterval(3600)) == 1)
        #expect(grid.index(containing: anchor.addingTimeInterval(-0.001)) == -1)
        #expect(grid.index(containing: anchor.addingTimeInterval(-3600)) == -1)
        #expect(grid.index(containing: anchor.addingTimeInterval(-3600.001)) == -2)
        #expect(grid.start(of: -2) == anchor.addingTimeInterval(-7200))
        #expect(grid.start(of: 5) == Self.date(2024, 6, 12, 5))
    }

    @Test("With a fractional anchor every bucket start still opens its own bucket")
    func fractionalAnchor() throws {
        let anchor = Date(timeIntervalSinceReferenceDate: 739_864_800.123_456)
        let grid = try BucketGrid(anchor: anchor, interval: DateComponents(minute: 7), calendar: Self.utc)
        for index in -2000...2000 {
            let start = grid.start(of: index)
            #expect(grid.index(containing: start) == index)
            #expect(grid.index(containing: start.addingTimeInterval(-0.000_5)) == index - 1)
        }
    }

    @Test("A day grid is half-open at midnights, before and after the anchor")
    func dailyEdges() throws {
        let anchor = Self.date(2024, 6, 12)
        let grid = try BucketGrid(anchor: anchor, interval: DateComponents(day: 1), calendar: Self.losAngeles)
        #expect(grid.index(containing: anchor) == 0)
        #expect(grid.index(containing: Self.date(2024, 6, 13).addingTimeInterval(-0.001)) == 0)
        #expect(grid.index(containing: Self.date(2024, 6, 13)) == 1)
        #expect(grid.index(containing: anchor.addingTimeInterval(-0.001)) == -1)
        #expect(grid.index(containing: Self.date(2024, 6, 11)) == -1)
        // Far before the anchor, across both DST changes of 2023 and 2024: 2023-06-12 is 366 days earlier.
        #expect(grid.index(containing: Self.date(2023, 6, 12)) == -366)
        #expect(grid.index(containing: Self.date(2023, 6, 12).addingTimeInterval(-1)) == -367)
        #expect(grid.start(of: -366) == Self.date(2023, 6, 12))
        // And after it: 2025-01-01 is 203 days later (18 in June, 31+31+30+31+30+31 to December 31, + 1).
        #expect(grid.index(containing: Self.date(2025, 1, 1, 0, 30)) == 203)
        #expect(grid.start(of: 203) == Self.date(2025, 1, 1))
    }

    @Test("edges(from:to:) runs from the bucket containing from to the end of the bucket containing to")
    func edgesFromTo() throws {
        let grid = try BucketGrid(
            anchor: Self.date(2024, 1, 1), interval: DateComponents(day: 1), calendar: Self.losAngeles)
        let (first, edges) = grid.edges(from: Self.date(2024, 6, 12, 9), to: Self.date(2024, 6, 14, 17))
        #expect(first == grid.index(containing: Self.date(2024, 6, 12)))
        #expect(first == 163)  // 31 + 29 + 31 + 30 + 31 + 11 days after January 1
        #expect(
            edges == [Self.date(2024, 6, 12), Self.date(2024, 6, 13), Self.date(2024, 6, 14), Self.date(2024, 6, 15)])
        // `to` on an edge: that edge's bucket is included (half-open), so one more edge.
        let (_, onEdge) = grid.edges(from: Self.date(2024, 6, 12), to: Self.date(2024, 6, 13))
        #expect(onEdge == [Self.date(2024, 6, 12), Self.date(2024, 6, 13), Self.date(2024, 6, 14)])
        // A single instant: one bucket, two edges.
        let (_, single) = grid.edges(from: Self.date(2024, 6, 12, 9), to: Self.date(2024, 6, 12, 9))
        #expect(single == [Self.date(2024, 6, 12), Self.date(2024, 6, 13)])
    }

    // MARK: - Calendar arithmetic

    @Test(
        "Monthly buckets anchored on January 31 land on month ends without drift",
        arguments: ["UTC", "America/Los_Angeles"])
    func monthlyNoDrift(zone: String) throws {
        let calendar = Self.calendar(zone)
        let grid = try BucketGrid(
            anchor: Self.date(2024, 1, 31, in: calendar), interval: DateComponents(month: 1), calendar: calendar)
        // Jan 31 + i months: Feb 29 (2024 is a leap year), Mar 31, Apr 30, May 31; never Mar 29 after Feb 29.
        let expected = [(1, 31), (2, 29), (3, 31), (4, 30), (5, 31)].map { Self.date(2024, $0.0, $0.1, in: calendar) }
        #expect((0...4).map(grid.start(of:)) == expected)
        #expect(grid.start(of: -1) == Self.date(2023, 12, 31, in: calendar))
        #expect(grid.start(of: -2) == Self.date(2023, 11, 30, in: calendar))
        #expect(grid.index(containing: Self.date(2024, 3, 30, in: calendar)) == 1)
        #expect(grid.index(containing: Self.date(2024, 3, 31, in: calendar)) == 2)
        #expect(grid.index(containing: Self.date(2024, 5, 30, in: calendar)) == 3)
    }

    @Test("Day buckets across DST are 23 and 25 hours; hourly grids stay 1 hour")
    func dstDays() throws {
        let grid = try BucketGrid(
            anchor: Self.date(2024, 1, 1), interval: DateComponents(day: 1), calendar: Self.losAngeles)
        let spring = grid.index(containing: Self.date(2024, 3, 10, 12))
        #expect(grid.start(of: spring) == Self.date(2024, 3, 10))
        #expect(grid.start(of: spring + 1).timeIntervalSince(grid.start(of: spring)) == 23 * 3600)
        let fall = grid.index(containing: Self.date(2024, 11, 3, 12))
        #expect(grid.start(of: fall + 1).timeIntervalSince(grid.start(of: fall)) == 25 * 3600)
        // Berlin: 2024-03-31 and 2024-10-27.
        let berlin = Self.calendar("Europe/Berlin")
        let berlinGrid = try BucketGrid(
            anchor: Self.date(2024, 1, 1, in: berlin), interval: DateComponents(day: 1), calendar: berlin)
        let march = berlinGrid.index(containing: Self.date(2024, 3, 31, 12, in: berlin))
        #expect(berlinGrid.start(of: march + 1).timeIntervalSince(berlinGrid.start(of: march)) == 23 * 3600)
        let october = berlinGrid.index(containing: Self.date(2024, 10, 27, 12, in: berlin))
        #expect(berlinGrid.start(of: october + 1).timeIntervalSince(berlinGrid.start(of: october)) == 25 * 3600)
        // Hours are absolute: 23 of them between the spring-forward midnights.
        let hours = try BucketGrid(
            anchor: Self.date(2024, 1, 1), interval: DateComponents(hour: 1), calendar: Self.losAngeles)
        #expect(hours.index(containing: Self.date(2024, 3, 11)) - hours.index(containing: Self.date(2024, 3, 10)) == 23)
        #expect(hours.index(containing: Self.date(2024, 11, 4)) - hours.index(containing: Self.date(2024, 11, 3)) == 25)
    }

    @Test("Only the anchor's time of day matters: a 03:00 anchor gives days starting at 03:00")
    func anchorAtThree() throws {
        let grid = try BucketGrid(
            anchor: Self.date(2020, 1, 1, 3), interval: DateComponents(day: 1), calendar: Self.losAngeles)
        let index = grid.index(containing: Self.date(2024, 6, 12, 2, 30))
        #expect(grid.start(of: index) == Self.date(2024, 6, 11, 3))
        #expect(grid.start(of: index + 1) == Self.date(2024, 6, 12, 3))
        #expect(grid.index(containing: Self.date(2024, 6, 12, 3)) == index + 1)
    }

    @Test("A week is 7 calendar days (167 hours across spring forward)")
    func weeks() throws {
        let utcGrid = try BucketGrid(
            anchor: Self.date(2024, 1, 1, in: Self.utc), interval: DateComponents(weekOfYear: 1), calendar: Self.utc)
        #expect(utcGrid.start(of: 1).timeIntervalSince(utcGrid.start(of: 0)) == 7 * 86_400)
        #expect(utcGrid.index(containing: Self.date(2024, 1, 8, in: Self.utc)) == 1)
        #expect(utcGrid.index(containing: Self.date(2023, 12, 31, 23, in: Self.utc)) == -1)
        let grid = try BucketGrid(
            anchor: Self.date(2024, 1, 1), interval: DateComponents(weekOfYear: 1), calendar: Self.losAngeles)
        let index = grid.index(containing: Self.date(2024, 3, 10, 12))
        #expect(grid.start(of: index) == Self.date(2024, 3, 4))
        #expect(grid.start(of: index + 1) == Self.date(2024, 3, 11))
        #expect(grid.start(of: index + 1).timeIntervalSince(grid.start(of: index)) == 167 * 3600)
    }

    // MARK: - Invalid intervals

    struct InvalidInterval: Sendable, CustomTestStringConvertible {
        let name: String
        let interval: DateComponents
        /// The field the error must name.
        let field: String
        var testDescription: String { name }
    }

    static let invalidIntervals: [InvalidInterval] = [
        InvalidInterval(name: "no components", interval: DateComponents(), field: "intervalComponents"),
        InvalidInterval(name: "zero days", interval: DateComponents(day: 0), field: "intervalComponents"),
        InvalidInterval(
            name: "zero hours and minutes", interval: DateComponents(hour: 0, minute: 0), field: "intervalComponents"),
        InvalidInterval(name: "negative day", interval: DateComponents(day: -1), field: "intervalComponents.day"),
        InvalidInterval(name: "negative hour", interval: DateComponents(hour: -2), field: "intervalComponents.hour"),
        InvalidInterval(name: "negative month", interval: DateComponents(month: -1), field: "intervalComponents.month"),
        InvalidInterval(
            name: "negative week", interval: DateComponents(weekOfYear: -1), field: "intervalComponents.weekOfYear"),
        InvalidInterval(
            name: "negative minute beside a positive day", interval: DateComponents(day: 1, minute: -5),
            field: "intervalComponents.minute"),
        InvalidInterval(
            name: "sub-second", interval: DateComponents(nanosecond: 500_000_000),
            field: "intervalComponents.nanosecond"),
    ]

    @Test("An empty or negative interval is an error naming the component", arguments: invalidIntervals)
    func invalidInterval(invalid: InvalidInterval) {
        let error = #expect(throws: HealthEngineError.self) {
            try BucketGrid(anchor: Self.date(2024, 1, 1), interval: invalid.interval, calendar: Self.losAngeles)
        }
        guard case let .invalidQuery(field: field, reason: _) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(field == invalid.field)
    }
}

@Suite("Bucket grid: bucket counts known before any work")
struct BucketCountTests {
    @Test(
        "A window's bucket count is the buckets it touches, across DST changes",
        arguments: [
            // 2024-03-10 is 23 hours in Los Angeles, 2024-03-31 23 hours in Berlin, 2024-10-27 25 hours in Berlin.
            ("America/Los_Angeles", DateComponents(hour: 1), (2024, 3, 10), (2024, 3, 11), 23),
            ("Europe/Berlin", DateComponents(hour: 1), (2024, 3, 31), (2024, 4, 1), 23),
            ("Europe/Berlin", DateComponents(hour: 1), (2024, 10, 27), (2024, 10, 28), 25),
            ("Europe/Berlin", DateComponents(day: 1), (2024, 3, 1), (2024, 4, 10), 40),
            ("America/Los_Angeles", DateComponents(second: 1), (2024, 3, 1), (2024, 4, 10), 40 * 86_400 - 3_600),
            ("America/Los_Angeles", DateComponents(month: 1), (2024, 1, 15), (2024, 3, 2), 3),
        ] as [(String, DateComponents, (Int, Int, Int), (Int, Int, Int), Int)])
    func counts(
        zone: String, interval: DateComponents, from: (Int, Int, Int), to: (Int, Int, Int), expected: Int
    ) throws {
        let calendar = BucketGridTests.calendar(zone)
        let start = BucketGridTests.date(from.0, from.1, from.2, in: calendar)
        let end = BucketGridTests.date(to.0, to.1, to.2, in: calendar)
        let grid = try BucketGrid(
            anchor: BucketGridTests.date(2000, 1, 1, in: calendar), interval: interval, calendar: calendar)
        #expect(grid.bucketCount(from: start, to: end) == expected)
        // As many as the edges a collection would make over the window's first and last instants.
        #expect(grid.edges(from: start, to: end.addingTimeInterval(-0.001)).edges.count - 1 == expected)
        #expect(grid.bucketCount(from: end, to: start) == 0)
    }
}
