import Foundation
import OpenHealthKit
import Testing

/// Runs a callback-style query and waits for its results handler.
func run(
    _ healthStore: HKHealthStore, sampleType: HKSampleType, predicate: NSPredicate?, limit: Int = HKObjectQueryNoLimit,
    sortDescriptors: [NSSortDescriptor]? = nil
) async -> ([HKSample]?, (any Error)?) {
    await withCheckedContinuation { continuation in
        let query = HKSampleQuery(
            sampleType: sampleType, predicate: predicate, limit: limit, sortDescriptors: sortDescriptors
        ) { _, samples, error in
            continuation.resume(returning: (samples, error))
        }
        healthStore.execute(query)
    }
}

let referenceDay = ISO8601DateFormatter().date(from: "2024-03-09T00:00:00-08:00")!

func minute(_ minutes: Double) -> Date { referenceDay.addingTimeInterval(minutes * 60) }

@Suite("HealthKit-named API behaves like HealthKit")
struct HealthKitCompatibilityTests {
    let healthStore = HKHealthStore(dataStore: .init())
    let steps = HKQuantityType.quantityType(forIdentifier: .stepCount)!
    let heartRate = HKQuantityType.quantityType(forIdentifier: .heartRate)!
    let sleep = HKObjectType.categoryType(forIdentifier: .sleepAnalysis)!

    func stepSample(
        _ count: Double, from start: Double, to end: Double, metadata: [String: Any]? = nil
    ) -> HKQuantitySample {
        HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: minute(start),
            end: minute(end), metadata: metadata)
    }

    @Test("sort descriptors written with HealthKit's sort identifiers order the results, and limit cuts after sorting")
    func sortIdentifiersAndLimit() async throws {
        try await healthStore.save([
            stepSample(10, from: 30, to: 31), stepSample(20, from: 10, to: 11), stepSample(30, from: 20, to: 21),
        ])
        let sort = [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]
        let (samples, error) = await run(
            healthStore, sampleType: steps, predicate: nil, limit: 2, sortDescriptors: sort)
        #expect(error == nil)
        let values = (samples as? [HKQuantitySample])?.map { $0.quantity.doubleValue(for: .count()) }
        #expect(values == [10, 30])
    }

    @Test("without sort descriptors results come in the order they were saved")
    func insertionOrderWithoutSort() async throws {
        try await healthStore.save([stepSample(3, from: 30, to: 31)])
        try await healthStore.save([stepSample(1, from: 10, to: 11), stepSample(2, from: 20, to: 21)])
        let (samples, _) = await run(healthStore, sampleType: steps, predicate: nil)
        #expect((samples as? [HKQuantitySample])?.map { $0.quantity.doubleValue(for: .count()) } == [3, 1, 2])
    }

    @Test("factory predicates combine inside NSCompoundPredicate with AND, OR and NOT")
    func compoundPredicates() async throws {
        try await healthStore.save([
            stepSample(100, from: 0, to: 10), stepSample(500, from: 20, to: 30),
            stepSample(900, from: 40, to: 50, metadata: [HKMetadataKeyWasUserEntered: true]),
        ])
        let window = HKQuery.predicateForSamples(withStart: minute(15), end: minute(60), options: .strictStartDate)
        let large = HKQuery.predicateForQuantitySamples(
            with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .count(), doubleValue: 400))
        let manual = HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyWasUserEntered)
        let and = NSCompoundPredicate(andPredicateWithSubpredicates: [
            window, large, NSCompoundPredicate(notPredicateWithSubpredicate: manual),
        ])
        let (andSamples, _) = await run(healthStore, sampleType: steps, predicate: and)
        #expect((andSamples as? [HKQuantitySample])?.map { $0.quantity.doubleValue(for: .count()) } == [500])
        let or = NSCompoundPredicate(orPredicateWithSubpredicates: [
            manual, HKQuery.predicateForSamples(withStart: nil, end: minute(10), options: []),
        ])
        let (orSamples, _) = await run(healthStore, sampleType: steps, predicate: or)
        #expect((orSamples as? [HKQuantitySample])?.map { $0.quantity.doubleValue(for: .count()) } == [100, 900])
    }

    @Test("a block predicate is refused with errorInvalidArgument instead of being ignored")
    func blockPredicateIsAnError() async {
        let (samples, error) = await run(healthStore, sampleType: steps, predicate: NSPredicate { _, _ in true })
        #expect(samples == nil)
        #expect((error as? HKError)?.code == .errorInvalidArgument)
    }

    @Test("a sample ending before it starts is created but fails to save with an error naming endDate")
    func invalidSampleFailsAtSave() async throws {
        let broken = stepSample(5, from: 10, to: 5)
        await #expect(throws: HKError.self) { try await healthStore.save(broken) }
        do {
            try await healthStore.save([stepSample(1, from: 0, to: 1), broken])
            Issue.record("save should have failed")
        } catch HKError.errorInvalidArgument {
            // expected: and nothing of the batch was saved
        }
        let (samples, _) = await run(healthStore, sampleType: steps, predicate: nil)
        #expect(samples?.isEmpty == true)
        do {
            try await healthStore.save(broken)
        } catch let error as HKError {
            #expect(error.message.contains("endDate"))
        }
    }

    @Test("a unit that does not fit the type, or a NaN value, is refused naming the problem")
    func incompatibleUnitAndNaN() async throws {
        let wrongUnit = HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: .meter(), doubleValue: 60), start: minute(0), end: minute(0))
        await #expect(throws: HKError.self) { try await healthStore.save(wrongUnit) }
        let notANumber = HKQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: .nan), start: minute(0),
            end: minute(0))
        do {
            try await healthStore.save(notANumber)
            Issue.record("NaN should not save")
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
            #expect(error.message.contains("quantity"))
        }
    }

    @Test("query results are cumulative or discrete samples by the type's aggregation style")
    func concreteSampleClasses() async throws {
        try await healthStore.save([
            stepSample(42, from: 0, to: 1),
            HKQuantitySample(
                type: heartRate, quantity: HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: 61),
                start: minute(0), end: minute(0)),
        ])
        let (stepResults, _) = await run(healthStore, sampleType: steps, predicate: nil)
        let cumulative = try #require(stepResults?.first as? HKCumulativeQuantitySample)
        #expect(cumulative.sumQuantity.doubleValue(for: .count()) == 42)
        let (heartResults, _) = await run(healthStore, sampleType: heartRate, predicate: nil)
        let discrete = try #require(heartResults?.first as? HKDiscreteQuantitySample)
        #expect(discrete.averageQuantity.doubleValue(for: HKUnit(from: "count/s")) == 61.0 / 60)
        #expect(discrete.mostRecentQuantityDateInterval.duration == 0)
        #expect(heartRate.aggregationStyle == .discreteTemporallyWeighted)
        #expect(steps.aggregationStyle == .cumulative)
    }

    @Test("saved samples carry the calling app's source and their metadata back")
    func sourceAndMetadataRoundTrip() async throws {
        let device = HKDevice(
            name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
            firmwareVersion: nil, softwareVersion: "10.1", localIdentifier: nil, udiDeviceIdentifier: nil)
        let sample = HKCategorySample(
            type: sleep, value: HKCategoryValueSleepAnalysis.asleepDeep.rawValue, start: minute(0), end: minute(90),
            device: device,
            metadata: ["HKTimeZone": "America/Los_Angeles", "score": 87, "bedtime": minute(-5)])
        try await healthStore.save(sample)
        let (samples, _) = await run(
            healthStore, sampleType: sleep, predicate: HKQuery.predicateForObject(with: sample.uuid))
        let stored = try #require(samples?.first as? HKCategorySample)
        #expect(stored.value == 4)
        #expect(stored.sourceRevision.source == HKSource.default())
        #expect(stored.device == device)
        #expect(stored.metadata?["HKTimeZone"] as? String == "America/Los_Angeles")
        #expect(stored.metadata?["score"] as? Int == 87)
        #expect(stored.metadata?["bedtime"] as? Date == minute(-5))
        let (fromSource, _) = await run(
            healthStore, sampleType: sleep, predicate: HKQuery.predicateForObjects(from: HKSource.default()))
        #expect(fromSource?.count == 1)
        let (fromDevice, _) = await run(
            healthStore, sampleType: sleep,
            predicate: HKQuery.predicateForObjects(
                withDeviceProperty: HKDevicePropertyKeyHardwareVersion, allowedValues: ["Watch6,1"]))
        #expect(fromDevice?.count == 1)
    }

    @Test("several query descriptors return samples of every type, each once, in saved order")
    func multipleQueryDescriptors() async throws {
        let stepsSample = stepSample(7, from: 5, to: 6)
        let asleep = HKCategorySample(
            type: sleep, value: HKCategoryValueSleepAnalysis.asleepCore.rawValue, start: minute(0), end: minute(30))
        try await healthStore.save([asleep, stepsSample])
        let results: [HKSample]? = await withCheckedContinuation { continuation in
            let query = HKSampleQuery(
                queryDescriptors: [
                    HKQueryDescriptor(sampleType: steps, predicate: nil),
                    HKQueryDescriptor(
                        sampleType: sleep, predicate: HKQuery.predicateForCategorySamples(with: .equalTo, value: 3)),
                    HKQueryDescriptor(
                        sampleType: steps, predicate: HKQuery.predicateForSamples(withStart: minute(0), end: minute(10))
                    ),
                ],
                limit: HKObjectQueryNoLimit
            ) { _, samples, _ in continuation.resume(returning: samples) }
            healthStore.execute(query)
        }
        #expect(results?.map(\.uuid) == [asleep.uuid, stepsSample.uuid])
    }

    @Test("HKSampleQueryDescriptor sorts with SortDescriptor and limits after sorting")
    func asyncSampleQueryDescriptor() async throws {
        try await healthStore.save([
            stepSample(1, from: 0, to: 1), stepSample(2, from: 40, to: 41), stepSample(3, from: 20, to: 21),
        ])
        let descriptor = HKSampleQueryDescriptor(
            predicates: [
                .quantitySample(
                    type: steps,
                    predicate: HKQuery.predicateForSamples(
                        withStart: minute(0), end: minute(60), options: .strictStartDate))
            ],
            sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)],
            limit: 2)
        let results = try await descriptor.result(for: healthStore)
        #expect(results.map { $0.quantity.doubleValue(for: .count()) } == [2, 3])
    }

    @Test("workouts sort by duration and filter by activity type and total energy")
    func workoutQueries() async throws {
        let run = HKWorkout(
            activityType: .running, start: minute(0), end: minute(40),
            workoutEvents: [
                HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: minute(10), duration: 0), metadata: nil),
                HKWorkoutEvent(
                    type: .resume, dateInterval: DateInterval(start: minute(15), duration: 0), metadata: nil),
            ], totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 400),
            totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 6), metadata: nil)
        let ride = HKWorkout(
            activityType: .cycling, start: minute(60), end: minute(90), workoutEvents: nil,
            totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 300),
            totalDistance: HKQuantity(unit: .mile(), doubleValue: 8), metadata: nil)
        #expect(run.duration == 35 * 60)
        try await healthStore.save([run, ride])
        let workoutType = HKObjectType.workoutType()
        let (byDuration, _) = await OpenHealthKitTests.run(
            healthStore, sampleType: workoutType, predicate: nil,
            sortDescriptors: [NSSortDescriptor(key: HKWorkoutSortIdentifierDuration, ascending: true)])
        #expect(byDuration?.map(\.uuid) == [ride.uuid, run.uuid])
        let (running, _) = await OpenHealthKitTests.run(
            healthStore, sampleType: workoutType, predicate: HKQuery.predicateForWorkouts(with: .running))
        #expect((running?.first as? HKWorkout)?.totalDistance?.doubleValue(for: .meter()) == 6000)
        let (energetic, _) = await OpenHealthKitTests.run(
            healthStore, sampleType: workoutType,
            predicate: HKQuery.predicateForWorkouts(
                with: .greaterThan, totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 350)))
        #expect(energetic?.map(\.uuid) == [run.uuid])
    }

    @Test("deleting objects removes them, deleting a missing one fails, and deleteObjects(of:predicate:) counts")
    func deletion() async throws {
        let first = stepSample(1, from: 0, to: 1)
        let second = stepSample(2, from: 5, to: 6)
        let third = stepSample(3, from: 10, to: 11)
        try await healthStore.save([first, second, third])
        try await healthStore.delete(first)
        await #expect(throws: HKError.self) { try await healthStore.delete(first) }
        let deleted = try await healthStore.deleteObjects(
            of: steps,
            predicate: HKQuery.predicateForSamples(withStart: minute(4), end: minute(8), options: .strictStartDate))
        #expect(deleted == 1)
        let (remaining, _) = await run(healthStore, sampleType: steps, predicate: nil)
        #expect(remaining?.map(\.uuid) == [third.uuid])
    }

    @Test("units convert through HKUnit and HKQuantity like HealthKit, and unit strings round-trip")
    func unitsThroughTheCompatibilityLayer() throws {
        let glucose = HKQuantity(
            unit: HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose).unitDivided(by: .liter()),
            doubleValue: 5.4)
        #expect(abs(glucose.doubleValue(for: HKUnit(from: "mg/dL")) - 97.28417520002920) < 1e-6)
        let temperature = HKQuantity(unit: .degreeFahrenheit(), doubleValue: 98.6)
        #expect(abs(temperature.doubleValue(for: .degreeCelsius()) - 37) < 1e-9)
        #expect(!HKQuantity(unit: .count(), doubleValue: 1).is(compatibleWith: .percent()))
        let vo2 = HKUnit(from: "mL/min·kg")
        #expect(HKUnit(from: vo2.unitString) == vo2)
        #expect(throws: HKError.self) { try HKUnit(validating: "kgg") }
    }
}
