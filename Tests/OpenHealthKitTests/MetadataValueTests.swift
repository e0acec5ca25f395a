import Foundation
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

@Suite("Metadata value enums: saved as HealthKit's numbers and read back")
struct MetadataValueTests {
    static let start = Date(timeIntervalSince1970: 1_710_061_200)  // 2024-03-10 09:00 UTC

    @Test(
        "Insulin with its delivery reason, glucose with its meal time and heart rate with its motion context round-trip",
        arguments: StorageBackend.allCases)
    func roundTrip(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: HealthDataStore(storage: try backend.makeStorage()))
        let insulin = HKQuantitySample(
            type: HKQuantityType(.insulinDelivery), quantity: HKQuantity(unit: .internationalUnit(), doubleValue: 4.5),
            start: Self.start, end: Self.start,
            metadata: [HKMetadataKeyInsulinDeliveryReason: HKInsulinDeliveryReason.bolus.rawValue])
        let glucose = HKQuantitySample(
            type: HKQuantityType(.bloodGlucose),
            quantity: HKQuantity(unit: HKUnit(from: "mmol<180.15588000005408>/L"), doubleValue: 7.2),
            start: Self.start.addingTimeInterval(5_400), end: Self.start.addingTimeInterval(5_400),
            metadata: [HKMetadataKeyBloodGlucoseMealTime: HKBloodGlucoseMealTime.postprandial.rawValue])
        let heartRate = HKQuantitySample(
            type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 58),
            start: Self.start.addingTimeInterval(600), end: Self.start.addingTimeInterval(600),
            metadata: [HKMetadataKeyHeartRateMotionContext: HKHeartRateMotionContext.sedentary.rawValue])
        try await healthStore.save([insulin, glucose, heartRate])

        func read(_ type: HKQuantityType, _ key: String) async throws -> Int? {
            let samples = try await HKSampleQueryDescriptor(
                predicates: [.quantitySample(type: type)], sortDescriptors: []
            )
            .result(for: healthStore)
            return (samples.first?.metadata?[key] as? NSNumber)?.intValue
                ?? samples.first?.metadata?[key] as? Int
        }
        let reason = try await read(HKQuantityType(.insulinDelivery), HKMetadataKeyInsulinDeliveryReason)
        #expect(reason.flatMap(HKInsulinDeliveryReason.init(rawValue:)) == .bolus)
        let mealTime = try await read(HKQuantityType(.bloodGlucose), HKMetadataKeyBloodGlucoseMealTime)
        #expect(mealTime.flatMap(HKBloodGlucoseMealTime.init(rawValue:)) == .postprandial)
        let context = try await read(HKQuantityType(.heartRate), HKMetadataKeyHeartRateMotionContext)
        #expect(context.flatMap(HKHeartRateMotionContext.init(rawValue:)) == .sedentary)
    }

    @Test("The raw values are HealthKit's (they are what exports and other devices store)")
    func rawValues() {
        #expect(HKInsulinDeliveryReason.allCases.map(\.rawValue) == [1, 2])
        #expect(HKBodyTemperatureSensorLocation.forehead.rawValue == 11)
        #expect(HKWeatherCondition.allCases.count == 28 && HKWeatherCondition.tornado.rawValue == 27)
        #expect(HKSwimmingStrokeStyle.kickboard.rawValue == 6)
        #expect(HKVO2MaxTestType.predictionStepTest.rawValue == 4)
        #expect(HKWorkoutSwimmingLocationType.openWater.rawValue == 2)
        #expect(HKDevicePlacementSide.central.rawValue == 3)
    }
}
