import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import OpenHealthKitTesting
import Testing

@Suite("The testing product: seeding, faults, the record of queries, the clock, store states")
struct HealthKitTestBenchTests {
    static let losAngeles: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        return calendar
    }()
    /// 2024-03-12 09:00 in Los Angeles.
    static let morning = losAngeles.date(from: DateComponents(year: 2024, month: 3, day: 12, hour: 9))!
    let steps = HKQuantityType(.stepCount)

    func sampleCount(_ healthStore: HKHealthStore) async -> (Int?, HKError?) {
        await withCheckedContinuation { continuation in
            healthStore.execute(
                HKSampleQuery(sampleType: steps, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil) {
                    _, samples, error in
                    continuation.resume(returning: (samples?.count, error as? HKError))
                })
        }
    }

    @Test(
        "Generated data seeds the store; the next N queries of a kind fail with the given error, then queries run again; all are recorded",
        arguments: StorageBackend.allCases)
    func faultsAndRecord(_ backend: StorageBackend) async throws {
        let bench = HealthKitTestBench(storage: try backend.makeStorage(), start: Self.morning)
        let seeded = try bench.seedGeneratedData(days: 3, calendar: Self.losAngeles)
        #expect(seeded > 1_000)
        let healthStore = bench.healthStore()
        bench.failNext(2, .sample, with: .errorDatabaseInaccessible)
        let first = await sampleCount(healthStore)
        #expect(first.0 == nil && first.1?.code == .errorDatabaseInaccessible)
        await #expect(throws: HKError.self) {
            try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: steps)], sortDescriptors: []).result(
                for: healthStore)
        }
        let third = await sampleCount(healthStore)
        #expect((third.0 ?? 0) > 0 && third.1 == nil)
        // Statistics are not sample queries: untouched.
        let total = try await HKStatisticsQueryDescriptor(
            predicate: .quantitySample(type: steps), options: .cumulativeSum
        ).result(for: healthStore)
        #expect((total?.sumQuantity()?.doubleValue(for: .count()) ?? 0) > 0)
        let record = bench.executedQueries
        #expect(
            record.map(\.kind) == [
                "HKSampleQuery", "HKSampleQueryDescriptor", "HKSampleQuery", "HKStatisticsQueryDescriptor",
            ])
        #expect(
            record.map(\.fault) == [
                "failed with errorDatabaseInaccessible", "failed with errorDatabaseInaccessible", nil, nil,
            ])
        #expect(record.allSatisfy { $0.types == ["HKQuantityTypeIdentifierStepCount"] && $0.date == Self.morning })
    }

    @Test("A delayed query still answers, and the record says it was delayed", arguments: StorageBackend.allCases)
    func delays(_ backend: StorageBackend) async throws {
        let bench = HealthKitTestBench(storage: try backend.makeStorage(), start: Self.morning)
        try bench.seedGeneratedData(days: 1, calendar: Self.losAngeles)
        bench.delayNext(1, .any, by: 0.05)
        let result = await sampleCount(bench.healthStore())
        #expect((result.0 ?? 0) > 0)
        #expect(bench.executedQueries.first?.fault == "delayed 0.05 s")
    }

    @Test(
        "The bench's clock drives background delivery; its store states and policy reach every health store",
        arguments: StorageBackend.allCases)
    func clockStatesAndPolicy(_ backend: StorageBackend) async throws {
        let bench = HealthKitTestBench(
            storage: try backend.makeStorage(), start: Self.morning,
            policy: .denyShare([HKQuantityType(.stepCount).identifier]))
        let app = bench.healthStore(for: HKSource(Source(name: "Walker", bundleIdentifier: "com.example.walker")))
        try await app.requestAuthorization(toShare: [steps], read: [steps])
        #expect(app.authorizationStatus(for: steps) == .sharingDenied)
        bench.setCondition(.locked)
        let locked = await sampleCount(app)
        #expect(locked.1?.code == .errorDatabaseInaccessible)
        bench.setCondition(.available)
        #expect(await sampleCount(app).1 == nil)
        let before = bench.clock.now()
        bench.clock.advance(by: 3_600)
        #expect(bench.clock.now().timeIntervalSince(before) == 3_600)
        #expect(app.clock() == bench.clock.now())
    }

    @Test(
        "A real export seeds the store", .enabled(if: SharedFixtures.available, SharedFixtures.absentReason),
        arguments: StorageBackend.allCases)
    func seedsFromAnExport(_ backend: StorageBackend) throws {
        let fixture = SharedFixtures.url("comocomo-export.xml")
        let bench = HealthKitTestBench(storage: try backend.makeStorage(), start: Self.morning)
        let report = try bench.seedExport(at: fixture)
        #expect(report.summary.contains("10,808") || report.summary.contains("10808"))
    }
}
