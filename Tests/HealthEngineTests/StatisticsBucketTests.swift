import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Statistics collection: buckets, proration, DST (SEMANTICS §5.2, §5.3, §10)")
struct StatisticsBucketTests {
    typealias F = StatisticsFixture

    // MARK: - Proration

    @Test("100 steps from 23:30 to 00:30 give 50 to each day", arguments: StorageBackend.allCases)
    func stepsAcrossMidnightSplitFiftyFifty(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save([try F.steps(100, Clock.june12(23, 30), Clock.date(2024, 6, 13, 0, 30))], as: Fixture.watch)
        let days = try F.days(store)
        let buckets = days.statistics()
        #expect(buckets.count == 2)
        // 30 of the 60 minutes before midnight: 100 · 30/60 = 50 on each side.
        #expect(buckets.map(\.startDate) == [Clock.june12(0), Clock.date(2024, 6, 13)])
        #expect(buckets.allSatisfy { close($0.merged.sum, 50) })
        // The single query counts the sample whole.
        #expect(close(try store.statistics(of: Fixture.stepCount, options: .cumulativeSum).merged.sum, 100))
    }

    @Test("100 steps from 13:57 to 14:02 give 60 and 40 to the hours", arguments: StorageBackend.allCases)
    func stepsAcrossTheHourSplitByTime(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save([try F.steps(100, Clock.june12(13, 57), Clock.june12(14, 2))], as: Fixture.watch)
        let hours = try F.hours(store).statistics()
        // 20 steps a minute: 13:57–14:00 is 3 minutes (60), 14:00–14:02 is 2 minutes (40).
        #expect(hours.map(\.startDate) == [Clock.june12(13), Clock.june12(14)])
        #expect(close(hours.first?.merged.sum, 60))
        #expect(close(hours.last?.merged.sum, 40))
    }

    @Test("A series sample is counted by its entries, not prorated as a whole", arguments: StorageBackend.allCases)
    func seriesCountedByEntries(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let series = try Sample.quantity(
            type: Fixture.stepCount, quantity: Quantity(100, .count), start: Clock.june12(10, 30),
            end: Clock.june12(11, 10), count: 2,
            seriesEntries: [
                QuantitySeriesEntry(
                    quantity: Quantity(30, .count), startDate: Clock.june12(10, 30), endDate: Clock.june12(11)),
                QuantitySeriesEntry(
                    quantity: Quantity(70, .count), startDate: Clock.june12(11), endDate: Clock.june12(11, 10)),
            ])
        try store.save([series], as: Fixture.watch)
        let hours = try F.hours(store)
        // Entries: 30 in 10:00–11:00, 70 in 11:00–12:00. Prorating the summary (100 over 40 minutes) would give 75 and 25.
        #expect(close(hours.statistics(for: Clock.june12(10)).merged.sum, 30))
        #expect(close(hours.statistics(for: Clock.june12(11)).merged.sum, 70))
        #expect(close(try store.statistics(of: Fixture.stepCount, options: .cumulativeSum).merged.sum, 100))
    }

    @Test(
        "mostRecent of a cumulative type in a bucket is the prorated portion of the latest-starting sample",
        arguments: StorageBackend.allCases)
    func cumulativeMostRecentIsProrated(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.steps(30, Clock.june12(10), Clock.june12(10, 10)),
                try F.steps(100, Clock.june12(23, 30), Clock.date(2024, 6, 13, 0, 30)),
                try F.steps(20, Clock.date(2024, 6, 13, 0, 45), Clock.date(2024, 6, 13, 0, 55)),
            ], as: Fixture.watch)
        let days = try F.days(store, options: [.cumulativeSum, .mostRecent])
        let june12 = days.statistics(for: Clock.june12(12))
        #expect(close(june12.merged.sum, 80))  // 30 + 50
        #expect(close(june12.merged.mostRecent, 50))  // the crossing sample's half before midnight
        #expect(
            june12.merged.mostRecentDateInterval
                == DateInterval(start: Clock.june12(23, 30), end: Clock.date(2024, 6, 13, 0, 30)))
        let june13 = days.statistics(for: Clock.date(2024, 6, 13, 12))
        #expect(close(june13.merged.sum, 70))  // 50 + 20
        #expect(close(june13.merged.mostRecent, 20))  // 00:45 starts after 23:30
        // The hour after midnight holds the crossing sample's second half and the 00:45 sample.
        let hour = try F.hours(store, options: .mostRecent).statistics(for: Clock.date(2024, 6, 13, 0, 10))
        #expect(close(hour.merged.mostRecent, 20))  // 00:45–00:55 also lies in 00:00–01:00 and starts later
        let lateHour = try F.hours(store, options: .mostRecent).statistics(for: Clock.june12(23, 10))
        #expect(close(lateHour.merged.mostRecent, 50))  // 23:30–00:00 of the crossing sample
        // A single query: the whole value.
        #expect(close(try store.statistics(of: Fixture.stepCount, options: .mostRecent).merged.mostRecent, 20))
    }

    // MARK: - The 10 ms tolerance

    @Test("A sample crossing an edge by at most 10 ms counts wholly on one side", arguments: StorageBackend.allCases)
    func tenMillisecondTolerance(backend: StorageBackend) throws {
        let calendar = Clock.utc
        let one = Clock.date(2024, 6, 12, 13, in: calendar)
        let two = Clock.date(2024, 6, 12, 14, in: calendar)
        func hourly(_ sample: Sample) throws -> StatisticsCollection {
            let store = backend.makeStore()
            try store.save([sample], as: Fixture.watch)
            return try F.hours(store, calendar: calendar)
        }
        // 13:00:00.000–14:00:00.008: wholly in 13:00.
        let lateEnd = try hourly(try F.steps(3600, one, two.addingTimeInterval(0.008)))
        #expect(close(lateEnd.statistics(for: one).merged.sum, 3600, within: 1e-9))
        #expect(lateEnd.statistics(for: two).merged.sum == nil)
        #expect(lateEnd.statistics().count == 1)
        // 12:59:59.995–14:00:00.000: wholly in 13:00.
        let earlyStart = try hourly(try F.steps(1200, one.addingTimeInterval(-0.005), two))
        #expect(close(earlyStart.statistics(for: one).merged.sum, 1200, within: 1e-9))
        #expect(earlyStart.statistics(for: one.addingTimeInterval(-1)).merged.sum == nil)
        #expect(earlyStart.statistics().count == 1)
        // A zero-duration sample at exactly 14:00 counts in the 14:00 bucket.
        let instant = try hourly(try F.steps(5, two, two))
        #expect(close(instant.statistics(for: two).merged.sum, 5))
        #expect(instant.statistics().map(\.startDate) == [two])
        // Beyond the tolerance the sliver is split off: 13:00:00–14:00:00.020 at 100 steps a second (360 002 steps)
        // gives 360 000 to 13:00 and 2 to 14:00.
        let split = try hourly(try F.steps(360_002, one, two.addingTimeInterval(0.020)))
        #expect(close(split.statistics(for: one).merged.sum, 360_000, within: 1e-3))
        #expect(close(split.statistics(for: two).merged.sum, 2, within: 1e-3))
    }

    // MARK: - Calendar buckets and DST

    struct TransitionDay: Sendable, CustomTestStringConvertible {
        let zone: String
        let year: Int, month: Int, day: Int
        /// How long the day is.
        let hours: Int
        var calendar: Calendar { Clock.calendar(zone) }
        var midnight: Date { Clock.date(year, month, day, in: calendar) }
        var nextMidnight: Date { calendar.date(byAdding: .day, value: 1, to: midnight)! }
        var noon: Date { Clock.date(year, month, day, 12, in: calendar) }
        var testDescription: String { "\(zone) \(year)-\(month)-\(day) (\(hours) h)" }
    }

    static let transitionDays: [TransitionDay] = [
        TransitionDay(zone: "America/Los_Angeles", year: 2024, month: 3, day: 10, hours: 23),
        TransitionDay(zone: "America/Los_Angeles", year: 2024, month: 11, day: 3, hours: 25),
        TransitionDay(zone: "Europe/Berlin", year: 2024, month: 3, day: 31, hours: 23),
        TransitionDay(zone: "Europe/Berlin", year: 2024, month: 10, day: 27, hours: 25),
    ]

    @Test(
        "On a DST day the day bucket lasts 23 or 25 hours and holds a whole-day sample entirely",
        arguments: StorageBackend.allCases, transitionDays)
    func dstDayBucket(backend: StorageBackend, day: TransitionDay) throws {
        let store = backend.makeStore()
        // 100 steps an hour from midnight to midnight.
        try store.save([try F.steps(Double(100 * day.hours), day.midnight, day.nextMidnight)], as: Fixture.watch)
        #expect(day.nextMidnight.timeIntervalSince(day.midnight) == Double(day.hours * 3600))  // the fixture itself
        let days = try F.days(store, calendar: day.calendar)
        let bucket = days.statistics(for: day.noon)
        #expect(bucket.startDate == day.midnight)
        #expect(bucket.endDate.timeIntervalSince(bucket.startDate) == Double(day.hours * 3600))
        #expect(close(bucket.merged.sum, Double(100 * day.hours)))
        // Nothing leaks into the neighbouring days.
        #expect(days.statistics().count == 1)
    }

    @Test(
        "On a DST day there are 23 or 25 hourly buckets between the two midnights", arguments: StorageBackend.allCases,
        transitionDays)
    func dstDayHourlyBuckets(backend: StorageBackend, day: TransitionDay) throws {
        let store = backend.makeStore()
        try store.save([try F.steps(Double(100 * day.hours), day.midnight, day.nextMidnight)], as: Fixture.watch)
        let hours = try F.hours(store, calendar: day.calendar).statistics()
        #expect(hours.count == day.hours)
        #expect(hours.first?.startDate == day.midnight)
        #expect(hours.last?.endDate == day.nextMidnight)
        #expect(hours.allSatisfy { $0.endDate.timeIntervalSince($0.startDate) == 3600 })
        #expect(hours.allSatisfy { close($0.merged.sum, 100) })
    }

    @Test(
        "Monthly buckets anchored on January 31 do not drift", arguments: StorageBackend.allCases,
        ["UTC", "America/Los_Angeles"])
    func monthlyBucketsAnchoredOn31st(backend: StorageBackend, zone: String) throws {
        let calendar = Clock.calendar(zone)
        func day(_ month: Int, _ day: Int, _ hour: Int = 0) -> Date { Clock.date(2024, month, day, hour, in: calendar) }
        let store = backend.makeStore()
        // One sample at noon in each expected bucket, 1…5 steps so the buckets can be told apart.
        let noons = [day(2, 10, 12), day(3, 30, 12), day(4, 1, 12), day(5, 30, 12), day(6, 1, 12)]
        try store.save(
            try noons.enumerated().map {
                try F.steps(Double($0.offset + 1), $0.element, $0.element.addingTimeInterval(600))
            }, as: Fixture.watch)
        let months = try store.statisticsCollection(
            of: Fixture.stepCount, options: .cumulativeSum, anchor: day(1, 31), interval: DateComponents(month: 1),
            calendar: calendar)
        let buckets = months.statistics()
        // anchor + i months: Jan 31, Feb 29 (leap year), Mar 31, Apr 30, May 31, Jun 30. Drifting month by month
        // would give Jan 31, Feb 29, Mar 29, Apr 29, May 29 instead, and Mar 30 and May 30 would land in other buckets.
        #expect(buckets.map(\.startDate) == [day(1, 31), day(2, 29), day(3, 31), day(4, 30), day(5, 31)])
        #expect(buckets.map(\.endDate) == [day(2, 29), day(3, 31), day(4, 30), day(5, 31), day(6, 30)])
        #expect(buckets.map { rounded($0.merged.sum) } == [1, 2, 3, 4, 5])
    }

    @Test(
        "Day buckets anchored at 03:00 start at 03:00 every day; 02:30 belongs to the previous day",
        arguments: StorageBackend.allCases)
    func dayBucketsAnchoredAtThree(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.steps(10, Clock.june12(2, 30), Clock.june12(2, 40)),
                try F.steps(20, Clock.june12(3), Clock.june12(3, 10)),
            ], as: Fixture.watch)
        // The anchor's date does not matter, only its time of day.
        let days = try store.statisticsCollection(
            of: Fixture.stepCount, options: .cumulativeSum, anchor: Clock.date(2020, 1, 1, 3),
            interval: DateComponents(day: 1),
            calendar: Clock.losAngeles)
        let buckets = days.statistics()
        #expect(buckets.map(\.startDate) == [Clock.date(2024, 6, 11, 3), Clock.june12(3)])
        #expect(buckets.map(\.endDate) == [Clock.june12(3), Clock.date(2024, 6, 13, 3)])
        #expect(buckets.map { rounded($0.merged.sum) } == [10, 20])
        #expect(days.statistics(for: Clock.june12(2, 59)).startDate == Clock.date(2024, 6, 11, 3))

        var starts: [Date] = []
        days.enumerateStatistics(from: Clock.date(2024, 6, 9, 12), to: Clock.date(2024, 6, 14, 12)) { bucket, _ in
            starts.append(bucket.startDate)
        }
        #expect(starts == (9...14).map { Clock.date(2024, 6, $0, 3) })
        // Across the spring-forward night the 03:00 day is 23 hours (03:00 PST to 03:00 PDT).
        let shortDay = days.statistics(for: Clock.date(2024, 3, 10, 1))
        #expect(shortDay.startDate == Clock.date(2024, 3, 9, 3))
        #expect(shortDay.endDate.timeIntervalSince(shortDay.startDate) == 23 * 3600)
    }

    @Test("Weekly buckets are 7 calendar days", arguments: StorageBackend.allCases)
    func weeklyBuckets(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.steps(
                    700, Clock.date(2024, 6, 12, 12, in: Clock.utc), Clock.date(2024, 6, 12, 13, in: Clock.utc)),
                try F.steps(300, Clock.date(2024, 3, 10, 12), Clock.date(2024, 3, 10, 13)),
            ], as: Fixture.watch)
        // UTC, anchored on Monday 2024-01-01: the week of June 12 is Monday June 10 to Monday June 17.
        let utc = try store.statisticsCollection(
            of: Fixture.stepCount, options: .cumulativeSum, anchor: Clock.date(2024, 1, 1, in: Clock.utc),
            interval: DateComponents(weekOfYear: 1), calendar: Clock.utc)
        let june = utc.statistics(for: Clock.date(2024, 6, 12, 12, in: Clock.utc))
        #expect(june.startDate == Clock.date(2024, 6, 10, in: Clock.utc))
        #expect(june.endDate.timeIntervalSince(june.startDate) == 7 * 86_400)
        #expect(close(june.merged.sum, 700))
        // Los Angeles: the week of the spring-forward Sunday, March 4 to March 11, is 7 days but 167 hours.
        let losAngeles = try store.statisticsCollection(
            of: Fixture.stepCount, options: .cumulativeSum, anchor: Clock.date(2024, 1, 1),
            interval: DateComponents(weekOfYear: 1),
            calendar: Clock.losAngeles)
        let march = losAngeles.statistics(for: Clock.date(2024, 3, 10, 12))
        #expect(march.startDate == Clock.date(2024, 3, 4))
        #expect(march.endDate == Clock.date(2024, 3, 11))
        #expect(march.endDate.timeIntervalSince(march.startDate) == 167 * 3600)
        #expect(close(march.merged.sum, 300))
    }

    // MARK: - Empty buckets

    @Test(
        "A bucket without data has nil figures; enumerateStatistics visits empty buckets and can stop early",
        arguments: StorageBackend.allCases)
    func emptyBuckets(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.steps(100, Clock.date(2024, 6, 10, 9), Clock.date(2024, 6, 10, 9, 10)),
                try F.steps(300, Clock.date(2024, 6, 13, 9), Clock.date(2024, 6, 13, 9, 10)),
            ], as: Fixture.watch)
        let days = try F.days(store, options: [.cumulativeSum, .mostRecent, .duration])
        // statistics() lists only the buckets with data.
        #expect(days.statistics().map(\.startDate) == [Clock.date(2024, 6, 10), Clock.date(2024, 6, 13)])

        let empty = days.statistics(for: Clock.date(2024, 6, 11, 12))
        #expect(empty.startDate == Clock.date(2024, 6, 11))
        #expect(empty.endDate == Clock.date(2024, 6, 12))
        #expect(empty.merged.sum == nil && empty.merged.mostRecent == nil && empty.merged.duration == nil)
        #expect(empty.isEmpty)
        // Far outside the data as well.
        #expect(days.statistics(for: Clock.date(2023, 2, 1, 12)).merged.sum == nil)

        var visited: [(Date, Double?)] = []
        days.enumerateStatistics(from: Clock.date(2024, 6, 9, 12), to: Clock.date(2024, 6, 14, 12)) { bucket, _ in
            visited.append((bucket.startDate, rounded(bucket.merged.sum)))
        }
        #expect(visited.map(\.0) == (9...14).map { Clock.date(2024, 6, $0) })
        #expect(visited.map(\.1) == [nil, 100, nil, nil, 300, nil])

        var early: [Date] = []
        days.enumerateStatistics(from: Clock.date(2024, 6, 9, 12), to: Clock.date(2024, 6, 14, 12)) { bucket, stop in
            early.append(bucket.startDate)
            if bucket.merged.sum != nil { stop = true }
        }
        #expect(early == [Clock.date(2024, 6, 9), Clock.date(2024, 6, 10)])
    }

    @Test(
        "A collection over no data has no buckets, and every bucket it is asked for is empty",
        arguments: StorageBackend.allCases)
    func collectionWithoutData(backend: StorageBackend) throws {
        let store = backend.makeStore()
        let days = try F.days(store)
        #expect(days.statistics().isEmpty)
        let bucket = days.statistics(for: Clock.june12(12))
        #expect(bucket.startDate == Clock.june12(0))
        #expect(bucket.merged.sum == nil)
        var count = 0
        days.enumerateStatistics(from: Clock.june12(0), to: Clock.date(2024, 6, 14)) { _, _ in count += 1 }
        #expect(count == 3)  // June 12, 13 and 14 (the bucket containing the end)
    }
}
