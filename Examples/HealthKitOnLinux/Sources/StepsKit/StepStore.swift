import HealthKit

/// The app's step code, written for iOS: authorization, saving, a day's total with sources merged, an anchored feed.
public final class StepStore {
    let healthStore: HKHealthStore
    let stepType = HKQuantityType(.stepCount)

    /// A step store over a HealthKit store.
    public init(healthStore: HKHealthStore = HKHealthStore()) {
        self.healthStore = healthStore
    }

    /// Asks to share and read steps.
    public func requestAccess() async throws {
        guard HKHealthStore.isHealthDataAvailable() else { throw HKError(.errorHealthDataUnavailable) }
        try await healthStore.requestAuthorization(toShare: [stepType], read: [stepType])
    }

    /// Saves a walk.
    public func saveWalk(steps: Double, start: Date, end: Date) async throws {
        let sample = HKQuantitySample(
            type: stepType, quantity: HKQuantity(unit: .count(), doubleValue: steps), start: start, end: end,
            metadata: [HKMetadataKeyWasUserEntered: true])
        try await healthStore.save(sample)
    }

    /// The day's steps, sources merged as the Health app merges them.
    public func total(on day: Date, calendar: Calendar = .current) async throws -> Double {
        let start = calendar.startOfDay(for: day)
        let end = calendar.date(byAdding: .day, value: 1, to: start)!
        let predicate = HKQuery.predicateForSamples(withStart: start, end: end, options: [])
        let descriptor = HKStatisticsQueryDescriptor(
            predicate: .quantitySample(type: stepType, predicate: predicate), options: .cumulativeSum)
        return try await descriptor.result(for: healthStore)?.sumQuantity()?.doubleValue(for: .count()) ?? 0
    }

    /// How many step samples were added since `anchor`, and the anchor to ask from next time.
    public func added(since anchor: HKQueryAnchor?) async throws -> (count: Int, anchor: HKQueryAnchor) {
        let descriptor = HKAnchoredObjectQueryDescriptor(
            predicates: [.quantitySample(type: stepType)], anchor: anchor)
        let result = try await descriptor.result(for: healthStore)
        return (result.addedSamples.count, result.newAnchor)
    }
}
