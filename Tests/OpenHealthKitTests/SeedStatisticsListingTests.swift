import Foundation
import HealthModel
import OpenHealthKit
import Synchronization
import Testing

/// Sources for statistics tests that need more than the app's own source: an iPhone and an Apple Watch, saved
/// through the store below the HealthKit layer (HealthKit stamps every save with the calling app).
enum StatisticsTestSources {
    static let iPhone = SourceRevision(
        source: Source(name: "Jo's iPhone", bundleIdentifier: "com.apple.health.8F2A"), version: "17.4",
        productType: "iPhone15,2")
    static let watch = SourceRevision(
        source: Source(name: "Jo's Apple Watch", bundleIdentifier: "com.apple.health.C41D"), version: "10.4",
        productType: "Watch6,1")

    /// Saves samples as recorded by a device.
    static func save(_ samples: [HKQuantitySample], from revision: SourceRevision, in healthStore: HKHealthStore) throws
    {
        try healthStore.dataStore.save(samples.map { try $0.modelSample() }, as: revision)
    }
}

// MARK: - Seed 002: HKStatisticsQuery, total joules consumed today

/// The energy view controller of seed `002_…txt` (Apple's Fit sample), holding the listing in today's Swift.
final class EnergyViewController: @unchecked Sendable {
    let healthStore: HKHealthStore

    init(healthStore: HKHealthStore) { self.healthStore = healthStore }

    // The seed's Listing 1, modernised to today's Swift spellings; unchanged but for the import.
    func fetchTotalJoulesConsumedWithCompletionHandler(completionHandler: @escaping (Double?, Error?) -> Void) {
        let calendar = Calendar.current
        let now = Date()
        let components = calendar.dateComponents([.year, .month, .day], from: now)
        guard let startDate = calendar.date(from: components) else {
            fatalError("*** Unable to create the start date ***")
        }
        let endDate = calendar.date(byAdding: .day, value: 1, to: startDate)
        guard let sampleType = HKQuantityType.quantityType(forIdentifier: .dietaryEnergyConsumed) else {
            fatalError("*** This method should never fail ***")
        }
        let predicate = HKQuery.predicateForSamples(withStart: startDate, end: endDate, options: .strictStartDate)
        let query = HKStatisticsQuery(
            quantityType: sampleType,
            quantitySamplePredicate: predicate,
            options: .cumulativeSum
        ) { query, result, error in
            // The seed reads `if result != nil { completionHandler(nil, error) }`, an inverted test (with the
            // closing braces lost): as the seed's own prose says, the handler reports the error when there is no
            // result and the total otherwise. This is that intent.
            guard let result = result else {
                completionHandler(nil, error)
                return
            }
            var totalCalories = 0.0
            if let quantity = result.sumQuantity() {
                let unit = HKUnit.joule()
                totalCalories = quantity.doubleValue(for: unit)
            }
            completionHandler(totalCalories, error)
        }
        healthStore.execute(query)
    }
}

// MARK: - Seed 003: HKStatisticsCollectionQuery, hourly active energy

/// What the seed 003 listing prints, recorded: a file-level `print` shadows the standard library's in this file only.
let seedPrintedLines = Mutex<[String]>([])

private func print(_ line: String) {
    seedPrintedLines.withLock { $0.append(line) }
    Swift.print(line)
}

/// The hourly chart of seed `003_…txt` (the HealthTrends pattern): hourly active energy since midnight.
final class HourlyEnergyChart: @unchecked Sendable {
    let healthStore: HKHealthStore
    let activeEnergyType = HKQuantityType(.activeEnergyBurned)
    /// The window the listing enumerates: today, from midnight to the last instant of the day.
    let startDate: Date
    let endDate: Date

    init(healthStore: HKHealthStore) {
        self.healthStore = healthStore
        let calendar = Calendar.current
        startDate = calendar.startOfDay(for: Date())
        endDate = calendar.date(byAdding: .day, value: 1, to: startDate)!.addingTimeInterval(-1)
    }

    // The seed's pattern, unchanged but for the import.
    func fetchHourlyActiveEnergy() {
        // Define anchor and interval
        let calendar = Calendar.current
        let anchorDate = calendar.startOfDay(for: Date())  // Anchor at midnight
        let interval = DateComponents(hour: 1)  // 1-hour intervals
        let query = HKStatisticsCollectionQuery(
            quantityType: activeEnergyType,
            quantitySamplePredicate: nil,
            options: .cumulativeSum,  // For cumulative metrics like calories
            anchorDate: anchorDate,
            intervalComponents: interval
        )
        // Set initial results handler
        query.initialResultsHandler = { query, results, error in
            guard let results = results else {
                if let error = error {
                    print("Query failed: \(error)")
                }
                return
            }
            // Enumerate statistics
            results.enumerateStatistics(from: self.startDate, to: self.endDate) { statistics, stop in
                if let sum = statistics.sumQuantity() {
                    let calories = sum.doubleValue(for: .kilocalorie())
                    print("\(statistics.startDate): \(calories) cal")
                }
            }
        }
        healthStore.execute(query)
    }
}

@Suite("Seeds 002 and 003: statistics listings")
struct SeedStatisticsListingTests {
    let calendar = Calendar.current

    @Test("seed 002 totals today's dietary energy in joules; yesterday's samples do not count")
    func totalJoulesToday() async throws {
        let healthStore = HKHealthStore(dataStore: .init())
        let startOfToday = calendar.startOfDay(for: Date())
        let energy = HKQuantityType(.dietaryEnergyConsumed)
        func food(kilocalories: Double, from minutes: Double, to end: Double) -> HKQuantitySample {
            HKQuantitySample(
                type: energy, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: kilocalories),
                start: startOfToday.addingTimeInterval(minutes * 60), end: startOfToday.addingTimeInterval(end * 60))
        }
        try await healthStore.save([
            food(kilocalories: 350, from: 8 * 60, to: 8 * 60 + 15),
            food(kilocalories: 800, from: -3 * 60, to: -2 * 60),  // yesterday evening
            food(kilocalories: 90, from: -10, to: 10),  // starts yesterday, ends today: not strictly today
            food(kilocalories: 420.5, from: 13 * 60, to: 13 * 60 + 20),
        ])
        try await healthStore.save(
            HKQuantitySample(
                type: energy, quantity: HKQuantity(unit: .jouleUnit(with: .kilo), doubleValue: 500),
                start: startOfToday.addingTimeInterval(19 * 3600), end: startOfToday.addingTimeInterval(19 * 3600)))

        let controller = EnergyViewController(healthStore: healthStore)
        let (joules, error): (Double?, Error?) = await withCheckedContinuation { continuation in
            controller.fetchTotalJoulesConsumedWithCompletionHandler { continuation.resume(returning: ($0, $1)) }
        }
        #expect(error == nil)
        let expected = (350 + 420.5) * 4184 + 500_000
        #expect(abs(try #require(joules) - expected) < 1e-6)
    }

    @Test("seed 002 reports HealthKit's errorNoData, not a zero total, when nothing was eaten today")
    func totalJoulesWithoutData() async {
        let controller = EnergyViewController(healthStore: HKHealthStore(dataStore: .init()))
        let (joules, error): (Double?, Error?) = await withCheckedContinuation { continuation in
            controller.fetchTotalJoulesConsumedWithCompletionHandler { continuation.resume(returning: ($0, $1)) }
        }
        #expect(joules == nil)
        #expect((error as? HKError)?.code == .errorNoData)
    }

    @Test("seed 003 prints hourly active energy: a sample across an hour edge is split, iPhone and Watch overlap merge")
    func hourlyActiveEnergy() async throws {
        let healthStore = HKHealthStore(dataStore: .init())
        let chart = HourlyEnergyChart(healthStore: healthStore)
        let midnight = chart.startDate
        func hour(_ value: Double) -> Date { midnight.addingTimeInterval(value * 3600) }
        func energy(_ kilocalories: Double, _ start: Double, _ end: Double) -> HKQuantitySample {
            HKQuantitySample(
                type: chart.activeEnergyType, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: kilocalories),
                start: hour(start), end: hour(end))
        }
        // 07:00–08:00 the iPhone counts 100 kcal; from 07:30 the Watch counts 80. The Watch ranks first, so the
        // hour is the iPhone's first half (50) plus the Watch's 80.
        try StatisticsTestSources.save(
            [energy(100, 7, 8), energy(40, 13, 13 + 1.0 / 3)], from: StatisticsTestSources.iPhone, in: healthStore)
        // 09:45–10:15, 60 kcal: split 30/30 across the 10:00 edge. 23:00–23:30: the day's last hour.
        let lastHour = calendar.date(byAdding: .day, value: 1, to: midnight)!.addingTimeInterval(-3600)
        let lateSample = HKQuantitySample(
            type: chart.activeEnergyType, quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 12),
            start: lastHour, end: lastHour.addingTimeInterval(1800))
        try StatisticsTestSources.save(
            [energy(80, 7.5, 8), energy(60, 9.75, 10.25), lateSample], from: StatisticsTestSources.watch,
            in: healthStore)

        chart.fetchHourlyActiveEnergy()
        let deadline = Date().addingTimeInterval(10)
        while !seedPrintedLines.withLock({ $0.contains { $0.hasPrefix("\(lastHour): ") } }), Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        let printed = seedPrintedLines.withLock { $0 }
        var hourly: [Date: Double] = [:]
        for line in printed {
            let parts = line.components(separatedBy: ": ")
            let date = try #require(parseDateDescription(parts[0]), "unexpected line \(line)")
            hourly[date] = Double(parts[1].replacingOccurrences(of: " cal", with: ""))
        }
        let expected: [Date: Double] = [hour(7): 130, hour(9): 30, hour(10): 30, hour(13): 40, lastHour: 12]
        #expect(hourly.keys.sorted() == expected.keys.sorted())
        for (start, kilocalories) in expected {
            #expect(abs((hourly[start] ?? .nan) - kilocalories) < 1e-9, "hour starting \(start)")
        }
    }
}

/// Parses `Date.description` ("2024-03-09 08:00:00 +0000"), as the seed 003 listing prints dates.
private func parseDateDescription(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
    return formatter.date(from: text)
}
