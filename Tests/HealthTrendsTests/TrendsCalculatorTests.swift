import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import HealthTrends
import Testing

@Suite("HealthTrends: hourly and cumulative days, the typical day, progress, the Move goal (America/Los_Angeles)")
struct TrendsCalculatorTests {
    static let losAngeles: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        return calendar
    }()
    static let energy = Fixture.quantityType("activeEnergyBurned")
    static let watch = SourceRevision(
        source: Source(name: "Alex’s Apple Watch", bundleIdentifier: "com.apple.health.watch"), version: "10.3",
        productType: "Watch6,1")
    static let phone = SourceRevision(
        source: Source(name: "Alex’s iPhone", bundleIdentifier: "com.apple.health.phone"), version: "17.4",
        productType: "iPhone15,2")

    static func local(_ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        losAngeles.date(from: DateComponents(year: 2024, month: month, day: day, hour: hour, minute: minute))!
    }

    static func burn(
        _ kilocalories: Double, from start: Date, minutes: Double, by revision: SourceRevision = watch
    ) throws -> Sample {
        try Sample.quantity(
            type: energy, quantity: Quantity(kilocalories, .kilocalorie), start: start,
            end: start.addingTimeInterval(minutes * 60)
        )
        .with(sourceRevision: revision)
    }

    static func calculator(_ store: HealthDataStore, now: Date) throws -> TrendsCalculator {
        try TrendsCalculator(store: store, calendar: losAngeles, clock: { now })
    }

    @Test(
        "A normal day: 24 local hours, sources merged, a sample crossing an hour split in proportion, the curve from a midnight 0 labelled by hour ends",
        arguments: StorageBackend.allCases)
    func normalDay(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        _ = try store.saveImported([
            try Self.burn(100, from: Self.local(3, 12, 7), minutes: 60),
            try Self.burn(80, from: Self.local(3, 12, 7, 30), minutes: 30, by: Self.phone),
            try Self.burn(60, from: Self.local(3, 12, 12, 30), minutes: 60),
        ])
        let day = try Self.calculator(store, now: Self.local(3, 12, 18)).day(containing: Self.local(3, 12, 15))
        #expect(day.hours.count == 24)
        #expect(day.hours[7].value == 100, "the watch wins the overlap")
        #expect(day.hours[12].value == 30 && day.hours[13].value == 30)
        #expect(day.total == 160)
        let curve = day.cumulative
        #expect(curve.first == CumulativePoint(date: Self.local(3, 12, 0), total: 0))
        #expect(curve.count == 25)
        #expect(curve[8] == CumulativePoint(date: Self.local(3, 12, 8), total: 100), "the 7–8 AM burn is labelled 8 AM")
        #expect(curve.last?.total == 160)
    }

    @Test("Spring forward has 23 hours (no 2 AM), fall back 25 (two 1 AMs)", arguments: StorageBackend.allCases)
    func daylightSavingDays(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        _ = try store.saveImported([
            try Self.burn(60, from: Self.local(3, 10, 3), minutes: 60),
            try Self.burn(10, from: Self.local(11, 3, 0, 30), minutes: 60),
        ])
        let calculator = try Self.calculator(store, now: Self.local(11, 4, 12))
        let spring = try calculator.day(containing: Self.local(3, 10, 12))
        #expect(spring.hours.count == 23)
        #expect(spring.hours.map(\.clockHour) == [0, 1] + Array(3...23))
        #expect(spring.hours[2].value == 60)
        let fall = try calculator.day(containing: Self.local(11, 3, 12))
        #expect(fall.hours.count == 25)
        #expect(fall.hours.map(\.clockHour).prefix(4) == [0, 1, 1, 2])
        #expect(
            fall.hours[0].value == 5 && fall.hours[1].value == 5,
            "00:30–01:30 PDT splits across midnight hour and the first 1 AM")
        #expect(fall.cumulative.count == 26)
    }

    @Test("A day with no data: every hour 0, no data, a flat curve", arguments: StorageBackend.allCases)
    func emptyDay(_ backend: StorageBackend) throws {
        let day = try Self.calculator(backend.makeStore(), now: Self.local(3, 12, 9)).day(
            containing: Self.local(3, 12, 9))
        #expect(day.hours.count == 24)
        #expect(!day.hasData)
        #expect(day.cumulative.allSatisfy { $0.total == 0 })
    }

    @Test(
        "The typical day averages cumulative totals by hour, leaving out days with nothing yet; the plain hourly average too",
        arguments: StorageBackend.allCases)
    func typicalDay(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        // Three days before 15 March: the 14th burns 100 at 8 AM and 100 at 6 PM, the 13th 300 at 8 AM, the 12th only
        // 50 at 8 PM (nothing yet by 9 AM: left out of the 9 AM average, as the seed explains).
        _ = try store.saveImported([
            try Self.burn(100, from: Self.local(3, 14, 8), minutes: 60),
            try Self.burn(100, from: Self.local(3, 14, 18), minutes: 60),
            try Self.burn(300, from: Self.local(3, 13, 8), minutes: 60),
            try Self.burn(50, from: Self.local(3, 12, 20), minutes: 60),
        ])
        let typical = try Self.calculator(store, now: Self.local(3, 15, 10)).typicalDay(
            before: Self.local(3, 15, 10), days: 3)
        #expect(typical.cumulativeByHour[8] == 200, "(100 + 300) / 2: the 12th has nothing yet")
        #expect(typical.cumulativeByHour[20] == 550.0 / 3)
        #expect(typical.averageByHour[8] == 400.0 / 3, "the plain average counts every day that had the hour")
        #expect(typical.endOfDayTotal == 550.0 / 3)
        #expect(throws: HealthTrendsError.invalidParameter(name: "days", reason: "must be at least 1 (got 0)")) {
            try Self.calculator(store, now: Self.local(3, 15, 10)).typicalDay(before: Self.local(3, 15, 10), days: 0)
        }
    }

    @Test(
        "Progress at 10:30: today through 10 AM against the typical 9 AM–10 AM hour end; projection adds what is left of a typical day",
        arguments: StorageBackend.allCases)
    func progress(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        _ = try store.saveImported([
            try Self.burn(100, from: Self.local(3, 14, 9), minutes: 60),
            try Self.burn(200, from: Self.local(3, 14, 18), minutes: 60),
            try Self.burn(300, from: Self.local(3, 13, 9), minutes: 60),
            try Self.burn(100, from: Self.local(3, 13, 18), minutes: 60),
            try Self.burn(250, from: Self.local(3, 15, 9), minutes: 60),
            try Self.burn(40, from: Self.local(3, 15, 10), minutes: 60),  // the 10–11 AM hour is not complete at 10:30
        ])
        let progress = try Self.calculator(store, now: Self.local(3, 15, 10, 30)).progress(days: 2)
        #expect(progress.total == 250)
        #expect(progress.typicalTotal == 200)
        #expect(progress.difference == 50 && progress.isAhead)
        #expect(progress.typicalEndOfDay == 350)
        #expect(progress.projectedTotal == 250 + (350 - 200))
    }

    @Test(
        "The Move goal comes from the day's activity summary, with the fallback when it is 0 or missing",
        arguments: StorageBackend.allCases)
    func moveGoal(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let calculator = try Self.calculator(store, now: Self.local(3, 15, 10))
        #expect(try calculator.moveGoal(on: Self.local(3, 15, 10), fallback: 400) == 400)
        func summary(day: Int, goal: Double) throws -> ActivitySummary {
            try ActivitySummary(
                day: DateComponents(year: 2024, month: 3, day: day), activeEnergyBurned: Quantity(100, .kilocalorie),
                activeEnergyBurnedGoal: Quantity(goal, .kilocalorie), appleMoveTime: Quantity(0, .minute),
                appleMoveTimeGoal: Quantity(0, .minute),
                appleExerciseTime: Quantity(0, .minute), appleExerciseTimeGoal: Quantity(30, .minute),
                appleStandHours: Quantity(0, .count),
                appleStandHoursGoal: Quantity(12, .count))
        }
        var data = ImportedData()
        data.activitySummaries = [try summary(day: 14, goal: 0), try summary(day: 15, goal: 650)]
        try store.saveImportedData(data)
        #expect(try calculator.moveGoal(on: Self.local(3, 15, 10), fallback: 400) == 650)
        #expect(
            try calculator.moveGoal(on: Self.local(3, 14, 10), fallback: 400) == 400,
            "goal 0: the Fitness app is not set up")
    }

    @Test("Only cumulative types, in units that fit", arguments: StorageBackend.allCases)
    func typeAndUnitChecks(_ backend: StorageBackend) throws {
        #expect(throws: HealthTrendsError.notCumulative(type: "HKQuantityTypeIdentifierHeartRate")) {
            try TrendsCalculator(
                store: backend.makeStore(), type: try SampleType.quantity("heartRate"), calendar: Self.losAngeles,
                clock: { Date() })
        }
        #expect(throws: HealthTrendsError.self) {
            try TrendsCalculator(
                store: backend.makeStore(), unit: .meter(), calendar: Self.losAngeles, clock: { Date() })
        }
    }
}
