import HealthKit
import Testing

// This file imports HealthKit and Testing only, as an app's HealthKit layer imports only HealthKit: `Date`,
// `Calendar`, `TimeZone`, `NSPredicate` and `NSSortDescriptor` come through HealthKit as they do from Apple's module,
// and names qualified by the module (`HealthKit.HKQuantityType`) resolve.

/// An app's step-count service as iOS code writes it, against `import HealthKit` alone.
struct StepService {
    let healthStore: HKHealthStore
    let stepType: HealthKit.HKQuantityType = HKQuantityType.quantityType(forIdentifier: .stepCount)!

    func save(_ steps: Double, from start: Date, minutes: Double) async throws {
        let sample = HKQuantitySample(
            type: stepType, quantity: HKQuantity(unit: .count(), doubleValue: steps), start: start,
            end: start.addingTimeInterval(minutes * 60))
        try await healthStore.save(sample)
    }

    /// The samples of a day, newest first, through a completion-handler query.
    func samples(on day: Date, calendar: Calendar) async throws -> [HKQuantitySample] {
        let start = calendar.startOfDay(for: day)
        let end = calendar.date(byAdding: .day, value: 1, to: start)!
        let predicate: NSPredicate = HKQuery.predicateForSamples(withStart: start, end: end, options: .strictStartDate)
        let newestFirst = NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)
        return try await withCheckedThrowingContinuation { continuation in
            let query = HKSampleQuery(
                sampleType: stepType, predicate: predicate, limit: HKObjectQueryNoLimit, sortDescriptors: [newestFirst]
            ) { _, samples, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: (samples ?? []).compactMap { $0 as? HKQuantitySample })
                }
            }
            healthStore.execute(query)
        }
    }

    /// Daily step totals through the async statistics collection descriptor.
    func dailyTotals(from start: Date, to end: Date, calendar: Calendar) async throws -> [Double] {
        var components = DateComponents(day: 1)
        components.calendar = calendar
        let descriptor = HKStatisticsCollectionQueryDescriptor(
            predicate: HKSamplePredicate.quantitySample(type: stepType), options: .cumulativeSum,
            anchorDate: calendar.startOfDay(for: start), intervalComponents: components)
        let collection = try await descriptor.result(for: healthStore)
        var totals: [Double] = []
        collection.enumerateStatistics(from: start, to: end) { statistics, _ in
            totals.append(statistics.sumQuantity()?.doubleValue(for: .count()) ?? 0)
        }
        return totals
    }
}

@Suite("import HealthKit alone: Foundation comes with it, module-qualified names resolve, app code runs")
struct ImportHealthKitTests {
    @Test(
        "A step service written for iOS saves, queries a day newest first and totals days across DST",
        arguments: ["America/Los_Angeles", "Europe/Berlin"])
    func stepServiceRuns(zone: String) async throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        // The spring-forward days of 2024: 10 March in Los Angeles, 31 March in Berlin.
        let springDay = zone == "Europe/Berlin" ? 31 : 10
        let dayBefore = try #require(calendar.date(from: DateComponents(year: 2024, month: 3, day: springDay - 1)))
        let springForward = try #require(calendar.date(byAdding: .day, value: 1, to: dayBefore))
        let service = StepService(healthStore: HKHealthStore())
        // 08:00 and 18:30 on the day before; 00:30 (before the gap) and 9 h 15 min later (10:15 local) on the
        // spring-forward day.
        try await service.save(1_200, from: dayBefore.addingTimeInterval(8 * 3600), minutes: 30)
        try await service.save(3_400, from: dayBefore.addingTimeInterval(18.5 * 3600), minutes: 45)
        try await service.save(250, from: springForward.addingTimeInterval(0.5 * 3600), minutes: 20)
        try await service.save(2_050, from: springForward.addingTimeInterval(9.25 * 3600), minutes: 25)

        let day = try await service.samples(on: springForward, calendar: calendar)
        #expect(day.map { $0.quantity.doubleValue(for: .count()) } == [2_050, 250])
        #expect(day.allSatisfy { $0.quantityType == HealthKit.HKQuantityType(.stepCount) })

        let end = try #require(calendar.date(byAdding: .day, value: 2, to: dayBefore))
        let totals = try await service.dailyTotals(from: dayBefore, to: end.addingTimeInterval(-1), calendar: calendar)
        #expect(totals == [4_600, 2_300])
        // The spring-forward day is 23 hours long in both zones.
        #expect(end.timeIntervalSince(springForward) == 23 * 3600)
    }

    @Test("HealthKit's error spellings: userInfo, the domain, catching by code; a profile read as apps write it")
    func errorsAndProfile() throws {
        let error = HKError(.errorDataSizeExceeded, userInfo: [NSLocalizedDescriptionKey: "too large"])
        #expect(error.code == HKError.errorDataSizeExceeded)
        #expect((error as NSError).domain == HKErrorDomain && (error as NSError).code == 13)
        #expect(error.localizedDescription == "too large")
        let healthStore = HKHealthStore(dataStore: .init())
        // An app's profile code: the default client reads everything; nothing is set in a new store.
        let sex: HKBiologicalSex = try healthStore.biologicalSex().biologicalSex
        #expect(sex == .notSet)
        #expect(healthStore.earliestPermittedSampleDate() == .distantPast && healthStore.supportsHealthRecords())
        do {
            _ = try healthStore.dateOfBirthComponents()
            Issue.record("a new store has no date of birth")
        } catch HKError.errorNoData {
            // HealthKit's answer when no date of birth is readable.
        }
    }
}
