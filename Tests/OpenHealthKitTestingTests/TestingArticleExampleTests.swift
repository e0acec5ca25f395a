import Foundation
import HealthModel
import OpenHealthKit
import OpenHealthKitTesting
import Testing

/// The code of the article "Testing HealthKit code on Linux" (Sources/OpenHealthKitTesting/OpenHealthKitTesting.docc),
/// run as written: each of the article's Swift blocks is a run of lines of this file, which
/// scripts/ci/check-docs.sh checks. Edit both together. The bench's behaviour on the SQLite and PostgreSQL backends is
/// tested in HealthKitTestBenchTests; the article shows the default, in-memory bench.
@Suite("The testing article's examples run as written")
struct TestingArticleExampleTests {
    @Test(
        "A seeded bench: an app that may not read heart rate sees none, a locked store refuses reads, a guest cannot save"
    )
    func authorizationAndStoreStates() async throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        let morning = calendar.date(from: DateComponents(year: 2024, month: 3, day: 12, hour: 9))!
        let heartRate = HKQuantityType(.heartRate)
        let bench = HealthKitTestBench(start: morning, policy: .denyRead([heartRate.identifier]))
        try bench.seedGeneratedData(days: 7, calendar: calendar)
        let walker = HKSource(Source(name: "Walker", bundleIdentifier: "com.example.walker"))
        let healthStore = bench.healthStore(for: walker)

        let steps = HKQuantityType(.stepCount)
        #expect(healthStore.authorizationStatus(for: steps) == .notDetermined)
        try await healthStore.requestAuthorization(toShare: [steps], read: [steps, heartRate])
        #expect(healthStore.authorizationStatus(for: steps) == .sharingAuthorized)
        let stepSamples = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: steps)], sortDescriptors: []
        ).result(for: healthStore)
        #expect(!stepSamples.isEmpty)
        let heartRates = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: heartRate)], sortDescriptors: []
        ).result(for: healthStore)
        #expect(heartRates.isEmpty)  // not allowed to read: looks like no data, as in HealthKit

        bench.setCondition(.locked)
        await #expect(throws: HKError.self) {
            try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: steps)], sortDescriptors: [])
                .result(for: healthStore)
        }
        bench.setCondition(.guest)
        let walk = HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 420), start: morning,
            end: morning.addingTimeInterval(600))
        await #expect(throws: HKError.self) { try await healthStore.save(walk) }
        bench.setCondition(.available)
        try await healthStore.save(walk)
    }

    @Test("Injected faults fail the next queries of a kind; the record lists every query with the bench clock's date")
    func faultsRecordAndClock() async throws {
        let morning = Date(timeIntervalSince1970: 1_710_259_200)  // 2024-03-12 09:00 in Los Angeles
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        let bench = HealthKitTestBench(start: morning)
        try bench.seedGeneratedData(days: 7, calendar: calendar)
        let healthStore = bench.healthStore()
        let steps = HKQuantityType(.stepCount)
        let daily = HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: steps), options: .cumulativeSum,
            anchorDate: calendar.startOfDay(for: morning), intervalComponents: DateComponents(day: 1))

        bench.failNext(1, .statisticsCollection, with: .errorDatabaseInaccessible)
        do {
            _ = try await daily.result(for: healthStore)
            Issue.record("the injected fault should have failed the query")
        } catch let error as HKError {
            #expect(error.code == .errorDatabaseInaccessible)
        }
        bench.clock.advance(by: 3_600)
        let week = try await daily.result(for: healthStore)
        #expect(week.statistics().count == 7)
        #expect(
            bench.executedQueries.map(\.kind) == [
                "HKStatisticsCollectionQueryDescriptor", "HKStatisticsCollectionQueryDescriptor",
            ])
        #expect(bench.executedQueries.map(\.fault) == ["failed with errorDatabaseInaccessible", nil])
        #expect(bench.executedQueries.last?.date == morning.addingTimeInterval(3_600))
        bench.reset()
        #expect(bench.executedQueries.isEmpty)
    }

    @Test("Characteristics set on the bench are read by an app that asked for them")
    func characteristics() async throws {
        let bench = HealthKitTestBench(start: Date(timeIntervalSince1970: 1_710_259_200))
        try bench.setCharacteristics(
            biologicalSex: .female, dateOfBirth: DateComponents(year: 1985, month: 6, day: 1))
        let healthStore = bench.healthStore(
            for: HKSource(Source(name: "Profile", bundleIdentifier: "com.example.profile")))
        let sex = HKCharacteristicType(.biologicalSex)
        let birth = HKCharacteristicType(.dateOfBirth)
        try await healthStore.requestAuthorization(toShare: [], read: [sex, birth])
        #expect(try healthStore.biologicalSex().biologicalSex == .female)
        #expect(try healthStore.dateOfBirthComponents().year == 1985)
    }
}
