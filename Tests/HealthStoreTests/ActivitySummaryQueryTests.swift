import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Activity summaries: stored ones, and computed ones for days without, by local day (DST pinned)")
struct ActivitySummaryQueryTests {
    static let losAngeles: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        return calendar
    }()
    static let activeEnergy = Fixture.quantityType("activeEnergyBurned")
    static let exercise = Fixture.quantityType("appleExerciseTime")
    static let stand = Fixture.categoryType("appleStandHour")

    static func local(_ day: Int, _ hour: Int, _ minute: Int = 0, month: Int = 3) -> Date {
        losAngeles.date(from: DateComponents(year: 2024, month: month, day: day, hour: hour, minute: minute))!
    }

    static func day(_ day: Int) -> DateComponents { DateComponents(year: 2024, month: 3, day: day) }

    static func stored(_ day: Int, energy: Double, goal: Double) throws -> ActivitySummary {
        try ActivitySummary(
            day: Self.day(day), activeEnergyBurned: Quantity(energy, .kilocalorie),
            activeEnergyBurnedGoal: Quantity(goal, .kilocalorie),
            appleMoveTime: Quantity(0, .minute), appleMoveTimeGoal: Quantity(0, .minute),
            appleExerciseTime: Quantity(25, .minute),
            appleExerciseTimeGoal: Quantity(30, .minute), appleStandHours: Quantity(10, .count),
            appleStandHoursGoal: Quantity(12, .count))
    }

    /// A stored summary on 8 March; on 10 March (23 hours in Los Angeles) watch and phone energy that overlap, a late
    /// evening burn, exercise minutes and stand hours (three stood, one idle).
    static func seed(_ store: HealthDataStore) throws {
        var data = ImportedData()
        data.activitySummaries = [try stored(8, energy: 450, goal: 500)]
        try store.saveImportedData(data)
        let kcal = HealthUnit.kilocalorie
        _ = try store.saveImported(
            [
                try Sample.quantity(
                    type: activeEnergy, quantity: Quantity(100, kcal), start: local(10, 4), end: local(10, 4, 30)
                ).with(sourceRevision: Fixture.watch),
                try Sample.quantity(
                    type: activeEnergy, quantity: Quantity(80, kcal), start: local(10, 4), end: local(10, 4, 30)
                ).with(sourceRevision: Fixture.phone),
                try Sample.quantity(
                    type: activeEnergy, quantity: Quantity(50, kcal), start: local(10, 23, 10), end: local(10, 23, 40)
                ).with(sourceRevision: Fixture.watch),
                try Sample.quantity(
                    type: exercise, quantity: Quantity(20, .minute), start: local(10, 7), end: local(10, 7, 20)
                ).with(sourceRevision: Fixture.watch),
            ]
                + [9, 10, 11, 12].map { hour in
                    try Sample.category(
                        type: stand, value: hour == 12 ? 1 : 0, start: local(10, hour), end: local(10, hour + 1)
                    ).with(sourceRevision: Fixture.watch)
                })
    }

    @Test(
        "Stored days come back as stored; a day with data gets a computed summary with the last goals; empty days none",
        arguments: StorageBackend.allCases)
    func storedAndComputed(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        try Self.seed(store)
        let summaries = try store.activitySummaries(
            matching: .days(from: Self.day(7), through: Self.day(12)), calendar: Self.losAngeles)
        #expect(summaries.map { $0.day.day } == [8, 10])
        #expect(summaries[0] == (try Self.stored(8, energy: 450, goal: 500)))
        let computed = summaries[1]
        #expect(computed.activeEnergyBurned.value == 150, "watch wins the overlap (100, not 180), plus the evening 50")
        #expect(computed.activeEnergyBurnedGoal.value == 500, "goals carry over from 8 March")
        #expect(computed.appleExerciseTime.value == 20)
        #expect(computed.appleExerciseTimeGoal.value == 30)
        #expect(computed.appleStandHours.value == 3)
        #expect(computed.appleStandHoursGoal.value == 12)
        #expect(computed.day.year == 2024 && computed.day.month == 3)
    }

    @Test("One day, every day, and a day before any goal (goals 0)", arguments: StorageBackend.allCases)
    func singleDayAndAll(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        try Self.seed(store)
        #expect(
            try store.activitySummaries(matching: .day(Self.day(10)), calendar: Self.losAngeles).map(
                \.activeEnergyBurned.value) == [150])
        #expect(try store.activitySummaries(matching: .day(Self.day(9)), calendar: Self.losAngeles).isEmpty)
        #expect(try store.activitySummaries(matching: nil, calendar: Self.losAngeles).map { $0.day.day } == [8, 10])
        // Energy on 1 March, before the first stored summary: computed with zero goals.
        _ = try store.saveImported([
            try Sample.quantity(
                type: Self.activeEnergy, quantity: Quantity(42, .kilocalorie), start: Self.local(1, 12),
                end: Self.local(1, 13)
            ).with(sourceRevision: Fixture.watch)
        ])
        let early = try store.activitySummaries(matching: .day(Self.day(1)), calendar: Self.losAngeles)
        #expect(early.map(\.activeEnergyBurned.value) == [42])
        #expect(early.map(\.activeEnergyBurnedGoal.value) == [0])
    }

    @Test(
        "The local day decides: the evening burn belongs to 10 March in Los Angeles but to 11 March in Berlin",
        arguments: StorageBackend.allCases)
    func calendarDecidesTheDay(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        try Self.seed(store)
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let summaries = try store.activitySummaries(
            matching: .days(from: Self.day(10), through: Self.day(11)), calendar: berlin)
        // 04:00 and 07:00 Los Angeles are 12:00 and 15:00 in Berlin (10 March); 23:10 is 07:10 on 11 March.
        #expect(summaries.map { $0.day.day } == [10, 11])
        #expect(summaries.map(\.activeEnergyBurned.value) == [100, 50])
    }

    @Test("Date components without a day are refused, naming the field", arguments: StorageBackend.allCases)
    func incompleteComponents(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        #expect(
            throws: HealthStoreError.engine(
                .invalidQuery(field: "activity summary start date components", reason: "need a year, a month and a day")
            )
        ) {
            try store.activitySummaries(matching: .day(DateComponents(year: 2024, month: 3)), calendar: Self.losAngeles)
        }
    }
}
