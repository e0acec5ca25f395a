import Dispatch
import Foundation
import OpenHealthKit
import Testing

/// A stand-in for the table view of Apple's Fit sample, which the seed listing reloads when it is done.
final class FoodTableView: @unchecked Sendable {
    private let reloaded: @Sendable () -> Void
    init(reloaded: @escaping @Sendable () -> Void) { self.reloaded = reloaded }
    func reloadData() { reloaded() }
}

/// The food item class of Apple's Fit sample.
struct AAPLFoodItem: Equatable {
    let name: String
    let joules: Double
    static func foodItemWithName(_ name: String, joules: Double) -> AAPLFoodItem {
        AAPLFoodItem(name: name, joules: joules)
    }
}

/// The journal view controller of seed `001_…txt`, holding the listing as written there in today's Swift.
final class JournalViewController: @unchecked Sendable {
    let healthStore: HKHealthStore
    let tableView: FoodTableView
    var foodItems: [AAPLFoodItem] = []

    init(healthStore: HKHealthStore, tableView: FoodTableView) {
        self.healthStore = healthStore
        self.tableView = tableView
    }

    // The seed's Listing 1, modernised to today's Swift spellings; unchanged but for the import.
    func fetchTodaysFood() {
        let calendar = Calendar.current
        let now = Date()
        let components = calendar.dateComponents([.year, .month, .day], from: now)
        guard let startDate = calendar.date(from: components) else {
            fatalError("*** Unable to create the start date ***")
        }
        let endDate = calendar.date(byAdding: .day, value: 1, to: startDate)
        guard let sampleType = HKSampleType.quantityType(forIdentifier: .dietaryEnergyConsumed) else {
            fatalError("*** This method should never fail ***")
        }
        let predicate = HKQuery.predicateForSamples(withStart: startDate, end: endDate, options: [])
        let query = HKSampleQuery(
            sampleType: sampleType, predicate: predicate, limit: Int(HKObjectQueryNoLimit), sortDescriptors: nil
        ) {
            query, results, error in
            guard let samples = results as? [HKQuantitySample] else {
                fatalError(
                    "An error occured fetching the user's tracked food. In your app, try to handle this error gracefully. The error was: \(String(describing: error?.localizedDescription))"
                )
            }
            DispatchQueue.main.async {
                self.foodItems = []
                for sample in samples {
                    guard
                        let foodName =
                            sample.metadata?[HKMetadataKeyFoodType] as? String
                    else {
                        // if the metadata doesn't record the food type, just skip it.
                        continue
                    }
                    let joules = sample.quantity.doubleValue(for: HKUnit.joule())
                    let foodItem = AAPLFoodItem.foodItemWithName(foodName, joules: joules)
                    self.foodItems.append(foodItem)
                }
                self.tableView.reloadData()
            }
        }
        self.healthStore.execute(query)
    }
}

@Suite("Seed 001: HKSampleQuery for today's dietary energy")
struct SeedSampleQueryListingTests {
    @Test("the seed listing finds today's foods with their energy in joules, skipping unnamed ones and other days")
    func listingFindsTodaysFoods() async throws {
        let healthStore = HKHealthStore(dataStore: .init())
        let calendar = Calendar.current
        let startOfToday = calendar.startOfDay(for: Date())
        let energy = try #require(HKQuantityType.quantityType(forIdentifier: .dietaryEnergyConsumed))
        func food(_ name: String?, kilocalories: Double, minutesAfterMidnight: Double) -> HKQuantitySample {
            let start = startOfToday.addingTimeInterval(minutesAfterMidnight * 60)
            return HKQuantitySample(
                type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: kilocalories),
                start: start, end: start.addingTimeInterval(60), metadata: name.map { [HKMetadataKeyFoodType: $0] })
        }
        try await healthStore.save([
            food("Porridge", kilocalories: 350, minutesAfterMidnight: 8 * 60),
            food("Yesterday's pizza", kilocalories: 800, minutesAfterMidnight: -3 * 60),
            food(nil, kilocalories: 120, minutesAfterMidnight: 10 * 60),
            food("Lentil soup", kilocalories: 420.5, minutesAfterMidnight: 13 * 60),
            food("Tomorrow's breakfast", kilocalories: 500, minutesAfterMidnight: 24 * 60 + 30),
        ])

        let items: [AAPLFoodItem] = await withCheckedContinuation { continuation in
            let box = ControllerBox()
            let controller = JournalViewController(
                healthStore: healthStore,
                tableView: FoodTableView {
                    continuation.resume(returning: box.controller!.foodItems)
                })
            box.controller = controller
            controller.fetchTodaysFood()
        }
        #expect(items.map(\.name) == ["Porridge", "Lentil soup"])
        #expect(abs(items[0].joules - 350 * 4184) < 1e-6)
        #expect(abs(items[1].joules - 420.5 * 4184) < 1e-6)
    }
}

final class ControllerBox: @unchecked Sendable {
    var controller: JournalViewController?
}
