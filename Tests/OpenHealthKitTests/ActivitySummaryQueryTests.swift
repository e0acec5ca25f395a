import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

/// The Move-goal fetcher of seed `003_…txt` ("Activity Summary Queries"), as written there but for the import and one
/// spelled-out type: Swift 6.3 cannot infer the continuation's type from the handler nested inside it, so the seed's
/// `withCheckedThrowingContinuation { continuation in` names it. `cachedGoal` is the app's fallback.
final class MoveGoalFetcher: @unchecked Sendable {
    let healthStore: HKHealthStore
    let cachedGoal: Double

    init(healthStore: HKHealthStore, cachedGoal: Double) {
        self.healthStore = healthStore
        self.cachedGoal = cachedGoal
    }

    func fetchMoveGoal() async throws -> Double {
        let calendar = Calendar.current
        let now = Date()
        // Create predicate for today
        var dateComponents = calendar.dateComponents([.year, .month, .day], from: now)
        dateComponents.calendar = calendar
        let predicate = HKQuery.predicateForActivitySummary(with: dateComponents)
        let activitySummary = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<HKActivitySummary?, any Error>) in
            let query = HKActivitySummaryQuery(predicate: predicate) { _, summaries, error in
                if let error = error {
                    continuation.resume(throwing: error)
                    return
                }
                continuation.resume(returning: summaries?.first)
            }
            healthStore.execute(query)
        }
        if let summary = activitySummary {
            let goal = summary.activeEnergyBurnedGoal.doubleValue(for: .kilocalorie())
            // Only update if valid (goal might be 0 if Fitness app not set up)
            return goal > 0 ? goal : cachedGoal
        }
        return cachedGoal  // Fallback
    }
}

@Suite("HKActivitySummaryQuery and HKActivitySummaryQueryDescriptor")
struct HKActivitySummaryQueryTests {
    static func today(in calendar: Calendar = .current) -> DateComponents {
        calendar.dateComponents([.year, .month, .day], from: Date())
    }

    static func summary(_ day: DateComponents, energy: Double, goal: Double) throws -> ActivitySummary {
        try ActivitySummary(
            day: day, activeEnergyBurned: Quantity(energy, .kilocalorie),
            activeEnergyBurnedGoal: Quantity(goal, .kilocalorie),
            appleMoveTime: Quantity(0, .minute), appleMoveTimeGoal: Quantity(0, .minute),
            appleExerciseTime: Quantity(12, .minute),
            appleExerciseTimeGoal: Quantity(30, .minute), appleStandHours: Quantity(7, .count),
            appleStandHoursGoal: Quantity(12, .count))
    }

    @Test(
        "The seed's fetchMoveGoal returns today's stored goal, and the cached goal when the goal is 0 or there is no summary",
        arguments: StorageBackend.allCases)
    func seedMoveGoal(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        let healthStore = HKHealthStore(dataStore: dataStore)
        let fetcher = MoveGoalFetcher(healthStore: healthStore, cachedGoal: 400)
        #expect(try await fetcher.fetchMoveGoal() == 400, "no summary: the fallback")

        // Energy burned today but no goal set anywhere: a computed summary with goal 0, so the fallback again.
        let start = Calendar.current.startOfDay(for: Date())
        try await healthStore.save(
            HKQuantitySample(
                type: HKQuantityType(.activeEnergyBurned), quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 120),
                start: start.addingTimeInterval(60), end: start.addingTimeInterval(1_800)))
        #expect(try await fetcher.fetchMoveGoal() == 400)

        var data = ImportedData()
        data.activitySummaries = [try Self.summary(Self.today(), energy: 300, goal: 650)]
        try dataStore.saveImportedData(data)
        #expect(try await fetcher.fetchMoveGoal() == 650)
    }

    @Test(
        "A range predicate and the async descriptor return the stored summaries with HealthKit's accessors",
        arguments: StorageBackend.allCases)
    func rangeAndDescriptor(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        var data = ImportedData()
        data.activitySummaries = try [3, 4, 6].map {
            try Self.summary(DateComponents(year: 2023, month: 10, day: $0), energy: Double($0) * 100, goal: 500)
        }
        try dataStore.saveImportedData(data)
        let healthStore = HKHealthStore(dataStore: dataStore)
        var first = DateComponents(year: 2023, month: 10, day: 4)
        first.calendar = calendar
        var last = DateComponents(year: 2023, month: 10, day: 31)
        last.calendar = calendar
        let summaries = try await HKActivitySummaryQueryDescriptor(
            predicate: HKQuery.predicate(forActivitySummariesBetweenStart: first, end: last)
        ).result(for: healthStore)
        #expect(summaries.map { $0.dateComponents(for: calendar).day } == [4, 6])
        let summary = try #require(summaries.first)
        #expect(summary.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 400)
        #expect(summary.activeEnergyBurnedGoal.doubleValue(for: .kilocalorie()) == 500)
        #expect(summary.appleExerciseTime.doubleValue(for: .minute()) == 12)
        #expect(summary.exerciseTimeGoal?.doubleValue(for: .minute()) == 30)
        #expect(summary.appleStandHours.doubleValue(for: .count()) == 7)
        #expect(summary.standHoursGoal?.doubleValue(for: .count()) == 12)
        #expect(summary.activityMoveMode == .activeEnergy)
        #expect(!summary.isPaused)

        // A sample predicate is refused.
        await #expect(throws: HKError.self) {
            try await HKActivitySummaryQueryDescriptor(predicate: HKQuery.predicateForSamples(withStart: nil, end: nil))
                .result(for: healthStore)
        }
    }

    @Test(
        "With an update handler, saving active energy reports the recomputed summaries",
        arguments: StorageBackend.allCases)
    func updateHandler(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        let healthStore = HKHealthStore(dataStore: dataStore)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        var day = DateComponents(year: 2024, month: 3, day: 10)
        day.calendar = calendar
        let initial = DeliveryLog<[Double]>()
        let updates = DeliveryLog<[Double]>()
        let query = HKActivitySummaryQuery(predicate: HKQuery.predicateForActivitySummary(with: day)) {
            _, summaries, _ in
            initial.append((summaries ?? []).map { $0.activeEnergyBurned.doubleValue(for: .kilocalorie()) })
        }
        query.updateHandler = { _, summaries, _ in
            updates.append((summaries ?? []).map { $0.activeEnergyBurned.doubleValue(for: .kilocalorie()) })
        }
        healthStore.execute(query)
        #expect(try await initial.wait(forCount: 1) == [[]])
        let start = calendar.date(from: DateComponents(year: 2024, month: 3, day: 10, hour: 9))!
        try await healthStore.save(
            HKQuantitySample(
                type: HKQuantityType(.activeEnergyBurned), quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 75),
                start: start, end: start.addingTimeInterval(600)))
        #expect(try await updates.wait(forCount: 1) == [[75]])
        try await healthStore.save(
            HKQuantitySample(
                type: HKQuantityType(.heartRate),
                quantity: HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: 60),
                start: start, end: start))
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(updates.all.count == 1, "a heart rate save changes no summary")
        healthStore.stop(query)
    }

    @Test(
        "results(for:) gives the day's summaries, then the summary each active energy save changes",
        arguments: StorageBackend.allCases)
    func resultsSequence(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        var day = DateComponents(year: 2024, month: 3, day: 31)
        day.calendar = calendar
        let descriptor = HKActivitySummaryQueryDescriptor(predicate: HKQuery.predicateForActivitySummary(with: day))
        var iterator = descriptor.results(for: healthStore).makeAsyncIterator()
        #expect(try await iterator.next()?.isEmpty == true)
        let start = calendar.date(from: DateComponents(year: 2024, month: 3, day: 31, hour: 10))!
        try await healthStore.save(
            HKQuantitySample(
                type: HKQuantityType(.activeEnergyBurned), quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 120),
                start: start, end: start.addingTimeInterval(900)))
        let changed = try #require(try await iterator.next())
        #expect(changed.map { $0.activeEnergyBurned.doubleValue(for: .kilocalorie()) } == [120])
    }
}
