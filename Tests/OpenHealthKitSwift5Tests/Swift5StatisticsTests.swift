// Compiled in the Swift 5 language mode (see Package.swift): statistics code written before strict concurrency, with
// handlers that capture and mutate non-Sendable state, must still compile and run.
import Foundation
import OpenHealthKit
import Testing

final class Swift5StepChart {
    let healthStore: HKHealthStore
    var hourlySteps: [Date: Double] = [:]
    var total: Double?
    var updates = 0

    init(healthStore: HKHealthStore) { self.healthStore = healthStore }

    func loadTotal(done: @escaping () -> Void) {
        let steps = HKQuantityType.quantityType(forIdentifier: .stepCount)!
        let query = HKStatisticsQuery(quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum) {
            _, result, error in
            self.total = result?.sumQuantity()?.doubleValue(for: .count())
            done()
        }
        healthStore.execute(query)
    }

    func loadHourly(
        anchor: Date, from start: Date, to end: Date, done: @escaping () -> Void
    ) -> HKStatisticsCollectionQuery {
        let steps = HKQuantityType.quantityType(forIdentifier: .stepCount)!
        let query = HKStatisticsCollectionQuery(
            quantityType: steps, quantitySamplePredicate: nil, options: [.cumulativeSum],
            anchorDate: anchor, intervalComponents: DateComponents(hour: 1))
        query.initialResultsHandler = { _, results, error in
            results?.enumerateStatistics(from: start, to: end) { statistics, stop in
                if let sum = statistics.sumQuantity() {
                    self.hourlySteps[statistics.startDate] = sum.doubleValue(for: .count())
                }
            }
            done()
        }
        query.statisticsUpdateHandler = { _, statistics, results, error in
            self.updates += 1
        }
        healthStore.execute(query)
        return query
    }
}

@Test("statistics and collection queries with non-Sendable handlers compile and run in the Swift 5 language mode")
func statisticsInSwift5Mode() async throws {
    let healthStore = HKHealthStore(dataStore: .init())
    let steps = HKQuantityType.quantityType(forIdentifier: .stepCount)!
    let midnight = Date(timeIntervalSince1970: 1_709_942_400)
    try await healthStore.save([
        HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 300),
            start: midnight.addingTimeInterval(8 * 3600), end: midnight.addingTimeInterval(8.5 * 3600)),
        HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 200),
            start: midnight.addingTimeInterval(10 * 3600), end: midnight.addingTimeInterval(10.25 * 3600)),
    ])
    let chart = Swift5StepChart(healthStore: healthStore)
    await withCheckedContinuation { continuation in chart.loadTotal { continuation.resume() } }
    #expect(chart.total == 500)

    var query: HKStatisticsCollectionQuery?
    await withCheckedContinuation { continuation in
        query = chart.loadHourly(anchor: midnight, from: midnight, to: midnight.addingTimeInterval(23 * 3600)) {
            continuation.resume()
        }
    }
    healthStore.stop(query!)
    #expect(
        chart.hourlySteps == [midnight.addingTimeInterval(8 * 3600): 300, midnight.addingTimeInterval(10 * 3600): 200])

    let descriptor = HKStatisticsQueryDescriptor(predicate: .quantitySample(type: steps), options: .cumulativeSum)
    #expect(try await descriptor.result(for: healthStore)?.sumQuantity()?.doubleValue(for: .count()) == 500)
}
