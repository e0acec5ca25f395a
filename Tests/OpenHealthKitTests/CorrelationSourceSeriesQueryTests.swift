import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Synchronization
import Testing

/// The listing of seed `000_…txt` (high-calorie foods), in today's Swift spellings, unchanged but for the import; it
/// keeps the correlations found and reports when done.
final class HighCalorieFoodFinder: @unchecked Sendable {
    let store: HKHealthStore
    var highCalorieFoods: [HKCorrelation] = []
    private let done: @Sendable () -> Void

    init(store: HKHealthStore, done: @escaping @Sendable () -> Void) {
        self.store = store
        self.done = done
    }

    func search() {
        let highCalorie = HKQuantity(unit: HKUnit.kilocalorie(), doubleValue: 800.0)
        let greaterThanHighCalorie = HKQuery.predicateForQuantitySamples(
            with: .greaterThanOrEqualTo, quantity: highCalorie)
        let energyConsumed = HKObjectType.quantityType(forIdentifier: .dietaryEnergyConsumed)!
        let samplePredicates = [energyConsumed: greaterThanHighCalorie]
        let foodType = HKCorrelationType.correlationType(forIdentifier: .food)!
        let query = HKCorrelationQuery(type: foodType, predicate: nil, samplePredicates: samplePredicates) {
            query, results, error in
            if let correlations = results {
                for correlation in correlations {
                    self.highCalorieFoods.append(correlation)
                }
            } else {
                // Provide proper error handling here...
                print(
                    "An error occurred while searching for high calorie food: \(String(describing: error?.localizedDescription))"
                )
            }
            print("Found \(self.highCalorieFoods.count) foods: \(self.highCalorieFoods)")
            self.done()
        }
        store.execute(query)
    }
}

@Suite("HKCorrelationQuery, HKSourceQuery and HKQuantitySeriesSampleQuery")
struct CorrelationSourceSeriesQueryTests {
    let day = Date(timeIntervalSince1970: 1_709_942_400)
    let energy = HKQuantityType(.dietaryEnergyConsumed)
    let protein = HKQuantityType(.dietaryProtein)
    let steps = HKQuantityType(.stepCount)

    func food(_ name: String, kilocalories: [Double], grams: Double?, hour: Double) -> HKCorrelation {
        let date = day.addingTimeInterval(hour * 3600)
        var objects: Set<HKSample> = Set(
            kilocalories.map {
                HKQuantitySample(
                    type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: $0), start: date, end: date)
            })
        if let grams {
            objects.insert(
                HKQuantitySample(
                    type: protein, quantity: HKQuantity(unit: .gram(), doubleValue: grams), start: date, end: date))
        }
        return HKCorrelation(
            type: HKCorrelationType(.food), start: date, end: date, objects: objects,
            metadata: [HKMetadataKeyFoodType: name])
    }

    func names(_ correlations: [HKCorrelation]) -> [String] {
        correlations.compactMap { $0.metadata?[HKMetadataKeyFoodType] as? String }.sorted()
    }

    @Test(
        "The seed listing finds the foods of 800 kcal or more; every energy entry of a food must qualify",
        arguments: StorageBackend.allCases)
    func seedListingFindsHighCalorieFoods(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        try await healthStore.save([
            food("Pizza", kilocalories: [920], grams: 34, hour: 12),
            food("Salad", kilocalories: [310], grams: 8, hour: 13),
            food("Cake", kilocalories: [800], grams: nil, hour: 16),
            food("Two plates", kilocalories: [850, 400], grams: 20, hour: 19),
            food("Water", kilocalories: [], grams: 0, hour: 20),
        ])
        let finished = DeliveryLog<Int>()
        let finder = HighCalorieFoodFinder(store: healthStore) { finished.append(1) }
        finder.search()
        _ = try await finished.wait(forCount: 1)
        #expect(names(finder.highCalorieFoods) == ["Cake", "Pizza"])
    }

    @Test(
        "The correlation's own predicate applies; a keyed type the food lacks excludes it; unkeyed types are free",
        arguments: StorageBackend.allCases)
    func correlationPredicates(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        try await healthStore.save([
            food("Breakfast", kilocalories: [450], grams: 20, hour: 8),
            food("Lunch", kilocalories: [700], grams: 40, hour: 12),
            food("Juice", kilocalories: [120], grams: nil, hour: 15),
        ])
        func run(_ predicate: NSPredicate?, _ samplePredicates: [HKSampleType: NSPredicate]) async -> [String] {
            await withCheckedContinuation { continuation in
                healthStore.execute(
                    HKCorrelationQuery(
                        type: HKCorrelationType(.food), predicate: predicate, samplePredicates: samplePredicates
                    ) { _, results, _ in
                        continuation.resume(returning: self.names(results ?? []))
                    })
            }
        }
        let proteinRich = HKQuery.predicateForQuantitySamples(
            with: .greaterThan, quantity: HKQuantity(unit: .gram(), doubleValue: 25))
        #expect(await run(nil, [protein: proteinRich]) == ["Lunch"])
        #expect(
            await run(nil, [protein: HKQuery.predicateForSamples(withStart: nil, end: nil)]) == ["Breakfast", "Lunch"],
            "Juice has no protein")
        let morning = HKQuery.predicateForSamples(withStart: day, end: day.addingTimeInterval(10 * 3600))
        #expect(await run(morning, [:]) == ["Breakfast"])
        #expect(await run(nil, [:]) == ["Breakfast", "Juice", "Lunch"])
    }

    @Test("HKSourceQuery and its descriptor give the sources with matching samples", arguments: StorageBackend.allCases)
    func sourceQuery(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        let watch = SourceRevision(
            source: Source(name: "Alex’s Apple Watch", bundleIdentifier: "com.apple.health.watch"), version: "10.3")
        let phone = SourceRevision(
            source: Source(name: "Alex’s iPhone", bundleIdentifier: "com.apple.health.phone"), version: "17.4")
        let stepType = try SampleType.quantity("stepCount")
        _ = try dataStore.save(
            [
                try Sample.quantity(
                    type: stepType, quantity: Quantity(100, .count), start: day, end: day.addingTimeInterval(600))
            ], as: watch)
        _ = try dataStore.save(
            [
                try Sample.quantity(
                    type: stepType, quantity: Quantity(50, .count), start: day.addingTimeInterval(7200),
                    end: day.addingTimeInterval(7800))
            ], as: phone)
        let healthStore = HKHealthStore(dataStore: dataStore)
        let all: Set<HKSource>? = await withCheckedContinuation { continuation in
            healthStore.execute(
                HKSourceQuery(sampleType: steps, samplePredicate: nil) { _, sources, _ in
                    continuation.resume(returning: sources)
                })
        }
        #expect(Set(all?.map(\.name) ?? []) == ["Alex’s Apple Watch", "Alex’s iPhone"])
        let early = HKQuery.predicateForSamples(withStart: day, end: day.addingTimeInterval(3600))
        let sources = try await HKSourceQueryDescriptor(predicate: .quantitySample(type: steps, predicate: early))
            .result(for: healthStore)
        #expect(sources.map(\.bundleIdentifier) == ["com.apple.health.watch"])
    }

    @Test(
        "HKQuantitySeriesSampleQuery gives each entry of a series sample, and a plain sample as one entry",
        arguments: StorageBackend.allCases)
    func seriesEntries(_ backend: StorageBackend) async throws {
        let dataStore = backend.makeStore()
        let stepType = try SampleType.quantity("stepCount")
        var entries: [QuantitySeriesEntry] = []
        for minute in 0..<3 {
            let start: Date = day.addingTimeInterval(Double(minute) * 60)
            let count = Double(10 * (minute + 1))
            entries.append(
                QuantitySeriesEntry(
                    quantity: Quantity(count, HealthUnit.count), startDate: start, endDate: start.addingTimeInterval(60)
                ))
        }
        let series = try Sample.quantity(
            type: stepType, quantity: Quantity(60, .count), start: day, end: day.addingTimeInterval(180), count: 3,
            seriesEntries: entries)
        let plain = try Sample.quantity(
            type: stepType, quantity: Quantity(5, .count), start: day.addingTimeInterval(600),
            end: day.addingTimeInterval(660))
        _ = try dataStore.save(
            [plain, series],
            as: SourceRevision(source: Source(name: "Watch", bundleIdentifier: "com.apple.health.watch"), version: "1"))
        let healthStore = HKHealthStore(dataStore: dataStore)

        let collected = DeliveryLog<(Double, Date, Bool, UUID?)>()
        let query = HKQuantitySeriesSampleQuery(quantityType: steps, predicate: nil) {
            _, quantity, interval, sample, done, _ in
            if let quantity, let interval {
                collected.append((quantity.doubleValue(for: .count()), interval.start, done, sample?.uuid))
            }
        }
        query.includeSample = true
        query.orderByQuantitySampleStartDate = true
        healthStore.execute(query)
        let events = try await collected.wait(forCount: 4)
        #expect(events.map(\.0) == [10, 20, 30, 5])
        #expect(events.map(\.2) == [false, false, false, true])
        #expect(events.map(\.3) == [series.uuid, series.uuid, series.uuid, plain.uuid])

        let single = DeliveryLog<Double>()
        let stored = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: steps, predicate: HKQuery.predicateForObject(with: series.uuid))],
            sortDescriptors: []
        ).result(for: healthStore)
        healthStore.execute(
            HKQuantitySeriesSampleQuery(sample: try #require(stored.first)) { _, quantity, _, _, _ in
                if let quantity { single.append(quantity.doubleValue(for: .count())) }
            })
        #expect(try await single.wait(forCount: 3) == [10, 20, 30])
    }
}
