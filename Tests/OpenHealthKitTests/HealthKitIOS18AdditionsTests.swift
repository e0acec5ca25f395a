import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

@Suite("iOS 18 items: error codes, walking steadiness classes, ECG symptoms, async descriptors, CLLocation")
struct HealthKitIOS18AdditionsTests {
    /// 2024-03-09 08:00 UTC.
    let morning = Date(timeIntervalSince1970: 1_709_971_200)

    @Test("HKError's code 0 is unknownError, and the deprecated noError is the same code")
    @available(*, deprecated)
    func unknownErrorCode() {
        #expect(HKError.Code.unknownError.rawValue == 0)
        #expect(HKError.unknownError == .unknownError)
        #expect(HKError.Code.noError == .unknownError)
        #expect(HKError.noError == .unknownError)
        #expect(HKError.Code(rawValue: 0) == .unknownError)
        let error = HKError(.unknownError, "a failure from outside the store")
        #expect((error as NSError).code == 0 && (error as NSError).domain == HKErrorDomain)
        #expect(HKError.unknownError ~= (error as any Error))
    }

    @Test(
        "Walking steadiness classes at and around their boundaries: 0 %, 19.9 % very low; 20 %, 39.9 % low; 40 %, 100 % OK",
        arguments: [
            (0.0, HKAppleWalkingSteadinessClassification.veryLow), (0.199, .veryLow), (0.2, .low), (0.201, .low),
            (0.399, .low), (0.4, .ok), (0.401, .ok), (0.87, .ok), (1.0, .ok),
        ])
    func walkingSteadinessClasses(_ score: Double, _ expected: HKAppleWalkingSteadinessClassification) throws {
        let classification = try HKAppleWalkingSteadinessClassification(
            for: HKQuantity(unit: .percent(), doubleValue: score))
        #expect(classification == expected)
        let fraction = { (quantity: HKQuantity) in quantity.doubleValue(for: .percent()) }
        #expect(fraction(classification.minimum) <= score && score <= fraction(classification.maximum))
    }

    @Test("Walking steadiness class ranges: very low 0–20 %, low 20–40 %, OK 40–100 %")
    func walkingSteadinessRanges() {
        let ranges = HKAppleWalkingSteadinessClassification.allCases.map {
            ($0, $0.minimum.doubleValue(for: .percent()), $0.maximum.doubleValue(for: .percent()))
        }
        #expect(ranges.map(\.0) == [.ok, .low, .veryLow])
        #expect(ranges.map(\.1) == [0.4, 0.2, 0])
        #expect(ranges.map(\.2) == [1, 0.4, 0.2])
    }

    @Test("A walking steadiness score above 100 %, below 0 % or not a percentage is refused")
    func walkingSteadinessRefusals() {
        for quantity in [
            HKQuantity(unit: .percent(), doubleValue: 1.01), HKQuantity(unit: .percent(), doubleValue: -0.01),
            HKQuantity(unit: .count(), doubleValue: 0.5),
        ] {
            #expect(throws: HKError.self) { try HKAppleWalkingSteadinessClassification(for: quantity) }
            do {
                _ = try HKAppleWalkingSteadinessClassification(for: quantity)
            } catch {
                #expect((error as? HKError)?.code == .errorInvalidArgument)
            }
        }
    }

    @Test(
        "predicateForObjectsAssociated(electrocardiogram:) finds the symptoms recorded with that ECG only",
        arguments: StorageBackend.allCases)
    func symptomsRecordedWithAnElectrocardiogram(_ backend: StorageBackend) async throws {
        let (app, stored) = try await DataTypesTests.storeWithECG(backend, appMayRead: true)
        let ecg = try #require(
            try await HKSampleQueryDescriptor(predicates: [.electrocardiogram()], sortDescriptors: []).result(for: app)
                .first)
        #expect(ecg.uuid == stored.uuid)
        let chest = HKCategoryType(.chestTightnessOrPain)
        let palpitations = HKCategoryType(.rapidPoundingOrFlutteringHeartbeat)
        try await app.requestAuthorization(toShare: [chest, palpitations], read: [chest, palpitations])
        let key = "OpenHealthKitAssociatedElectrocardiogram"
        func symptom(_ type: HKCategoryType, minutes: Double, ecgUUID: String?) -> HKCategorySample {
            HKCategorySample(
                type: type, value: HKCategoryValueSeverity.moderate.rawValue,
                start: morning.addingTimeInterval(minutes * 60), end: morning.addingTimeInterval(minutes * 60),
                metadata: ecgUUID.map { [key: $0] })
        }
        try await app.save([
            symptom(chest, minutes: 0, ecgUUID: ecg.uuid.uuidString),
            symptom(palpitations, minutes: 0, ecgUUID: ecg.uuid.uuidString.lowercased()),
            symptom(chest, minutes: 30, ecgUUID: nil),
            symptom(chest, minutes: 60, ecgUUID: UUID().uuidString),
        ])

        let associated = HKQuery.predicateForObjectsAssociated(electrocardiogram: ecg)
        let chestFound = try await HKSampleQueryDescriptor(
            predicates: [.categorySample(type: chest, predicate: associated)], sortDescriptors: []
        ).result(for: app)
        #expect(chestFound.map(\.startDate) == [morning])
        let palpitationsFound = try await HKSampleQueryDescriptor(
            predicates: [.categorySample(type: palpitations, predicate: associated)], sortDescriptors: []
        ).result(for: app)
        #expect(palpitationsFound.count == 1)
        let allChest = try await HKSampleQueryDescriptor(
            predicates: [.categorySample(type: chest)], sortDescriptors: []
        )
        .result(for: app)
        #expect(allChest.count == 3)
    }

    /// The elements of any HealthKit async sequence query, as generic code over the protocol reads them.
    func elements<Query: HKAsyncSequenceQuery>(
        of query: Query, in store: HKHealthStore, first count: Int
    ) async throws
        -> Int
    {
        var seen = 0
        for try await _ in query.results(for: store) {
            seen += 1
            if seen == count { break }
        }
        return seen
    }

    /// The result of any HealthKit one-shot query, through the protocol.
    func result<Query: HKAsyncQuery>(of query: Query, in store: HKHealthStore) async throws -> Query.Output {
        try await query.result(for: store)
    }

    @Test(
        "The ECG and workout effort descriptors work through HKAsyncSequenceQuery and HKAsyncQuery, as generic code uses them",
        arguments: StorageBackend.allCases)
    func descriptorsThroughTheProtocols(_ backend: StorageBackend) async throws {
        let (app, _) = try await DataTypesTests.storeWithECG(backend, appMayRead: true)
        let ecg = try #require(
            try await HKSampleQueryDescriptor(predicates: [.electrocardiogram()], sortDescriptors: []).result(for: app)
                .first)
        #expect(try await elements(of: HKElectrocardiogramQueryDescriptor(ecg), in: app, first: 600) == 512)

        try await app.requestAuthorization(toShare: [], read: [HKObjectType.workoutType()])
        let effort = HKWorkoutEffortRelationshipQueryDescriptor(predicate: nil, anchor: nil, option: .default)
        let once = try await result(of: effort, in: app)
        #expect(once.relationships.isEmpty)
        #expect(try await elements(of: effort, in: app, first: 1) == 1, "the first batch comes even when empty")
    }

    @Test(
        "CLLocation(coordinate:altitude:horizontalAccuracy:verticalAccuracy:timestamp:) leaves course and speed unknown"
    )
    func locationWithoutCourseOrSpeed() {
        let location = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 52.3702, longitude: 4.8952), altitude: 2.5,
            horizontalAccuracy: 4, verticalAccuracy: 3, timestamp: morning)
        #expect(location.coordinate.latitude == 52.3702 && location.coordinate.longitude == 4.8952)
        #expect(location.altitude == 2.5 && location.horizontalAccuracy == 4 && location.verticalAccuracy == 3)
        #expect(location.course == -1 && location.speed == -1)
        #expect(location.timestamp == morning)
    }
}
