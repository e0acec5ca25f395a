import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Statistics collection: a bucket budget refuses fine intervals over long spans before any per-bucket work")
struct StatisticsBucketBudgetTests {
    typealias F = StatisticsFixture

    @Test(
        "Data spanning 40 days by the second is refused with tooManyBuckets; by the hour it is answered",
        arguments: StorageBackend.allCases)
    func budgetOverDataSpan(backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.save(
            [
                try F.steps(10, Clock.june12(8), Clock.june12(9)),
                try F.steps(10, Clock.date(2024, 7, 22, 8), Clock.date(2024, 7, 22, 9)),
            ], as: Fixture.watch)
        #expect(throws: HealthStoreError.engine(.tooManyBuckets(count: 40 * 86_400 + 3_601, maximum: 20_000))) {
            try store.statisticsCollection(
                of: Fixture.stepCount, options: .cumulativeSum, anchor: Clock.june12(0),
                interval: DateComponents(second: 1),
                calendar: Clock.losAngeles, maximumBuckets: 20_000)
        }
        let hourly = try store.statisticsCollection(
            of: Fixture.stepCount, options: .cumulativeSum, anchor: Clock.june12(0), interval: DateComponents(hour: 1),
            calendar: Clock.losAngeles,
            maximumBuckets: 20_000)
        #expect(hourly.statistics().count == 2)
        // Without a budget (HealthKit's own API has none) the caller decides.
        let unbounded = try store.statisticsCollection(
            of: Fixture.stepCount, options: .cumulativeSum, anchor: Clock.june12(0),
            interval: DateComponents(minute: 1), calendar: Clock.losAngeles)
        #expect(unbounded.statistics().count == 120)
    }
}
