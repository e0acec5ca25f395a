import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import OpenHealthKitTesting
import Testing

@Suite("earliestAuthorizedSampleDate(for:): no limited history window off-device")
struct EarliestAuthorizedSampleDateTests {
    static let morning = Date(timeIntervalSince1970: 1_792_670_400)
    static let app = HKSource(Source(name: "Steps", bundleIdentifier: "com.example.steps"))

    @Test("A granted, a denied and a never-requested type all answer no date, in both forms")
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
