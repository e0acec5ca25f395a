import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import OpenHealthKitTesting
import Testing

@Suite("Limited history: a person shares only a recent window of a type with an app")
struct LimitedHistoryTests {
    static let morning = Date(timeIntervalSince1970: 1_792_670_400)
    static let app = HKSource(Source(name: "Steps", bundleIdentifier: "com.example.steps"))
    static let pedometer = HKSource(Source(name: "Pedometer", bundleIdentifier: "com.example.pedometer"))
    /// 2026-10-20 00:00 UTC.
    static let monday = Date(timeIntervalSince1970: 1_792_454_400)

    static func noon(_ day: Int) -> Date { monday.addingTimeInterval(Double(day) * 86_400 + 12 * 3_600) }

    static func steps(_ count: Double, day: Int, hour: Int = 12) -> HKQuantitySample {
        let start = monday.addingTimeInterval(Double(day) * 86_400 + Double(hour) * 3_600)
        return HKQuantitySample(
            type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: count), start: start,
            end: start.addingTimeInterval(600))
    }

    @Test(
        "With a window from Thursday, the app reads the steps from Thursday on (and its own), on every path",
        arguments: StorageBackend.allCases)
    func window(_ backend: StorageBackend) async throws {
        let bench = HealthKitTestBench(storage: try backend.makeStorage(), start: Self.noon(7))
        let pedometer = bench.healthStore(for: Self.pedometer)
        let stepType = HKQuantityType(.stepCount)
        let heartRate = HKQuantityType(.heartRate)
        try await pedometer.requestAuthorization(toShare: [stepType], read: [])
        // Monday 20 to Sunday 26 October: 1000, 1100 … 1600 steps.
        try await pedometer.save((0..<7).map { Self.steps(1_000 + 100 * Double($0), day: $0) })
        let app = bench.healthStore(for: Self.app)
        try await app.requestAuthorization(toShare: [stepType], read: [stepType, heartRate])
        let own = Self.steps(42, day: 1, hour: 18)
        try await app.save(own)
        let thursday = Self.monday.addingTimeInterval(3 * 86_400)
        bench.limitHistory(of: Self.app, for: [stepType], from: thursday)

        #expect(try await app.earliestAuthorizedSampleDate(for: [stepType, heartRate]) == [stepType: thursday])
        let read = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: stepType)], sortDescriptors: [SortDescriptor(\.startDate)]
        ).result(for: app)
        #expect(read.map { $0.quantity.doubleValue(for: .count()) } == [42, 1_300, 1_400, 1_500, 1_600])
        #expect(read.first?.uuid == own.uuid)
        let statistics = try await HKStatisticsQueryDescriptor(
            predicate: .quantitySample(type: stepType), options: .cumulativeSum
        ).result(for: app)
        let windowSum = try #require(statistics?.sumQuantity()?.doubleValue(for: .count()))
        #expect(abs(windowSum - 5_842) < 1e-6)
        let anchored = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.quantitySample(type: stepType)], anchor: nil
        ).result(for: app)
        #expect(anchored.addedSamples.count == 5)

        // The whole history again.
        bench.limitHistory(of: Self.app, for: [stepType], from: nil)
        #expect(try await app.earliestAuthorizedSampleDate(for: [stepType]).isEmpty)
        let all = try await HKStatisticsQueryDescriptor(
            predicate: .quantitySample(type: stepType), options: .cumulativeSum
        ).result(for: app)
        let fullSum = try #require(all?.sumQuantity()?.doubleValue(for: .count()))
        #expect(abs(fullSum - 9_142) < 1e-6)
    }

    @Test("Without a window, a granted, a denied and a never-requested type all answer no date, in both forms")
    func empty() async throws {
        let bench = HealthKitTestBench(start: Self.morning, policy: .denyRead(["HKQuantityTypeIdentifierHeartRate"]))
        let healthStore = bench.healthStore(for: Self.app)
        let steps = HKQuantityType(.stepCount)
        let heartRate = HKQuantityType(.heartRate)
        try await healthStore.requestAuthorization(toShare: [], read: [steps, heartRate])
        let types: Set<HKObjectType> = [steps, heartRate, HKQuantityType(.bodyMass)]
        #expect(try await healthStore.earliestAuthorizedSampleDate(for: types).isEmpty)
        let dates = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<[HKObjectType: Date], any Error>) in
            healthStore.getEarliestAuthorizedSampleDate(for: types) { dates, error in
                if let error { return continuation.resume(throwing: error) }
                continuation.resume(returning: dates ?? [steps: .distantPast])
            }
        }
        #expect(dates.isEmpty)
    }

    @Test("An unavailable store fails with errorHealthDataUnavailable")
    func unavailable() async throws {
        let bench = HealthKitTestBench(start: Self.morning)
        bench.setCondition(.unavailable)
        let healthStore = bench.healthStore(for: Self.app)
        await #expect {
            try await healthStore.earliestAuthorizedSampleDate(for: [HKQuantityType(.stepCount)])
        } throws: { error in
            (error as? HKError)?.code == .errorHealthDataUnavailable
        }
    }
}
