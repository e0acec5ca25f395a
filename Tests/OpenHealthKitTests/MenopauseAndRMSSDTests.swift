import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

@Suite("iOS 27 types: menopausal state, bleeding after menopause and RMSSD heart rate variability")
struct MenopauseAndRMSSDTests {
    /// 2026-03-29 09:00 in Berlin, the morning after clocks went forward (07:00 UTC).
    static let springMorning = Date(timeIntervalSince1970: 1_774_767_600)
    static let cycleApp = HKSource(Source(name: "Cycle", bundleIdentifier: "com.example.cycle"))

    static func app(_ backend: StorageBackend, types: Set<HKSampleType>) async throws -> HKHealthStore {
        let app = HKHealthStore(dataStore: backend.makeStore(), client: cycleApp)
        try await app.requestAuthorization(toShare: types, read: types)
        return app
    }

    @Test(
        "A menopausal state is a point in time: saved with start = end, refused with a different end",
        arguments: StorageBackend.allCases)
    func menopausalStateIsAPointInTime(_ backend: StorageBackend) async throws {
        let type = HKCategoryType(.menopausalState)
        let app = try await Self.app(backend, types: [type])
        let timeline: [(HKCategoryValueMenopausalState, TimeInterval)] = [
            (.perimenopause, 0), (.none, 61 * 86_400), (.menopause, 153 * 86_400),
        ]
        for (state, offset) in timeline {
            let date = Self.springMorning.addingTimeInterval(offset)
            try await app.save(HKCategorySample(type: type, value: state.rawValue, start: date, end: date))
        }

        let spanning = HKCategorySample(
            type: type, value: HKCategoryValueMenopausalState.menopause.rawValue, start: Self.springMorning,
            end: Self.springMorning.addingTimeInterval(60))
        await #expect {
            try await app.save(spanning)
        } throws: { error in
            (error as? HKError)?.code == .errorInvalidArgument && "\(error)".contains("end date must equal")
        }

        let found = try await HKSampleQueryDescriptor(
            predicates: [.categorySample(type: type)], sortDescriptors: [SortDescriptor(\.startDate)]
        ).result(for: app)
        // `.none` is the enum's case, not Optional's: compare plain values.
        let states = found.compactMap { HKCategoryValueMenopausalState(rawValue: $0.value) }
        #expect(states == [.perimenopause, HKCategoryValueMenopausalState.none, .menopause])
        #expect(found.allSatisfy { $0.startDate == $0.endDate })

        let confirmedNone = try await HKSampleQueryDescriptor(
            predicates: [
                .categorySample(
                    type: type,
                    predicate: HKCategoryValueMenopausalState.predicateForSamples(equalTo: [.none]))
            ], sortDescriptors: []
        ).result(for: app)
        #expect(confirmedNone.map(\.startDate) == [Self.springMorning.addingTimeInterval(61 * 86_400)])
    }

    @Test(
        "Bleeding after menopause takes vaginal-bleeding values over an interval; other values are refused",
        arguments: StorageBackend.allCases)
    func bleedingAfterMenopause(_ backend: StorageBackend) async throws {
        let type = HKCategoryType(.bleedingAfterMenopause)
        let app = try await Self.app(backend, types: [type])
        let start = Self.springMorning
        try await app.save(
            HKCategorySample(
                type: type, value: HKCategoryValueVaginalBleeding.light.rawValue, start: start,
                end: start.addingTimeInterval(2 * 86_400)))
        await #expect(throws: HKError.self) {
            try await app.save(HKCategorySample(type: type, value: 9, start: start, end: start))
        }
        let found = try await HKSampleQueryDescriptor(predicates: [.categorySample(type: type)], sortDescriptors: [])
            .result(for: app)
        #expect(found.map(\.value) == [HKCategoryValueVaginalBleeding.light.rawValue])
        #expect(found.first?.endDate == start.addingTimeInterval(2 * 86_400))
    }

    @Test("RMSSD is saved in milliseconds and averaged like SDNN", arguments: StorageBackend.allCases)
    func rmssdAverages(_ backend: StorageBackend) async throws {
        let type = HKQuantityType(.heartRateVariabilityRMSSD)
        #expect(type.aggregationStyle == .discreteArithmetic)
        #expect(type.is(compatibleWith: .secondUnit(with: .milli)))
        let app = try await Self.app(backend, types: [type])
        let night = Self.springMorning.addingTimeInterval(-6 * 3_600)
        for (index, milliseconds) in [38.0, 44.0, 53.0].enumerated() {
            let start = night.addingTimeInterval(Double(index) * 3_600)
            try await app.save(
                HKQuantitySample(
                    type: type, quantity: HKQuantity(unit: .secondUnit(with: .milli), doubleValue: milliseconds),
                    start: start, end: start.addingTimeInterval(60)))
        }
        let statistics = try await HKStatisticsQueryDescriptor(
            predicate: .quantitySample(type: type), options: [.discreteAverage, .discreteMax]
        ).result(for: app)
        #expect(statistics?.averageQuantity()?.doubleValue(for: .secondUnit(with: .milli)) == 45)
        #expect(statistics?.maximumQuantity()?.doubleValue(for: .secondUnit(with: .milli)) == 53)
    }

    @Test("The Fitness+ catalog identifier key rides on a workout's metadata")
    func fitnessPlusCatalogIdentifier() async throws {
        let app = try await Self.app(.inMemory, types: [.workoutType()])
        let start = Self.springMorning
        let workout = HKWorkout(
            activityType: .highIntensityIntervalTraining, start: start, end: start.addingTimeInterval(1_200),
            duration: 1_200, totalEnergyBurned: nil, totalDistance: nil,
            metadata: [
                HKMetadataKeyAppleFitnessPlusSession: true,
                HKMetadataKeyAppleFitnessPlusCatalogIdentifier: "hiit-20-kim",
            ])
        try await app.save(workout)
        let found = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: app)
        #expect(found.first?.metadata?[HKMetadataKeyAppleFitnessPlusCatalogIdentifier] as? String == "hiit-20-kim")
    }
}
