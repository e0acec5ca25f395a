// Compiled in the Swift 5 language mode (see Package.swift): HealthKit code written before strict concurrency,
// with non-Sendable handlers and `[String: Any]` metadata, must still compile and run.
import Foundation
import OpenHealthKit
import Testing

final class Swift5StepReader {
    let healthStore: HKHealthStore
    var printed: [Double] = []

    init(healthStore: HKHealthStore) { self.healthStore = healthStore }

    // The README's example, as an app would write it.
    func readmeExample(done: @escaping ([Double]) -> Void) async throws {
        let steps = HKQuantityType.quantityType(forIdentifier: .stepCount)!
        let start = Calendar.current.startOfDay(for: Date())
        try await healthStore.save(
            HKQuantitySample(
                type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 1200),
                start: start.addingTimeInterval(8 * 3600), end: start.addingTimeInterval(9 * 3600)))

        let today = HKQuery.predicateForSamples(
            withStart: start, end: start.addingTimeInterval(86_400), options: .strictStartDate)
        let query = HKSampleQuery(
            sampleType: steps, predicate: today, limit: HKObjectQueryNoLimit,
            sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]
        ) { _, samples, error in
            for case let sample as HKQuantitySample in samples ?? [] {
                self.printed.append(sample.quantity.doubleValue(for: .count()))
            }
            done(self.printed)
        }
        healthStore.execute(query)
    }
}

@Test("the README example compiles in the Swift 5 language mode and finds today's steps")
func readmeExampleInSwift5Mode() async throws {
    let reader = Swift5StepReader(healthStore: HKHealthStore(dataStore: .init()))
    let values: [Double] = try await withCheckedThrowingContinuation { continuation in
        Task {
            do {
                try await reader.readmeExample { continuation.resume(returning: $0) }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
    #expect(values == [1200])
}

@Test("completion-handler saves with non-Sendable closures work in the Swift 5 language mode")
func completionHandlersInSwift5Mode() async {
    let healthStore = HKHealthStore(dataStore: .init())
    let sleep = HKObjectType.categoryType(forIdentifier: .sleepAnalysis)!
    var log: [String] = []
    let sample = HKCategorySample(
        type: sleep, value: HKCategoryValueSleepAnalysis.inBed.rawValue, start: Date(timeIntervalSinceReferenceDate: 0),
        end: Date(timeIntervalSinceReferenceDate: 3600), metadata: ["note": "nap"])
    let success: Bool = await withCheckedContinuation { continuation in
        healthStore.save(sample) { success, error in
            log.append("saved \(success) \(String(describing: error))")
            continuation.resume(returning: success)
        }
    }
    #expect(success)
    #expect(log.count == 1)
}
