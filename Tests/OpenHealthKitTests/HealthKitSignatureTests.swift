import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

@Suite("HealthKit's exact signatures and the small items of existing areas")
struct HealthKitSignatureTests {
    /// 2024-03-31 01:30 UTC: the night Berlin moves to summer time.
    let night = Date(timeIntervalSince1970: 1_711_848_600)
    let steps = HKQuantityType(.stepCount)
    let watch = Source(name: "Apple Watch", bundleIdentifier: "com.apple.health.81A4E2B1")
    let phone = Source(name: "iPhone", bundleIdentifier: "com.apple.health.5D3C7B0A")

    func stepSample(_ count: Double, minute: Double) throws -> Sample {
        try HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count),
            start: night.addingTimeInterval(minute * 60), end: night.addingTimeInterval(minute * 60 + 120)
        ).modelSample()
    }

    /// Step samples of one minute each, the first at `night`, then one every `seconds`.
    func minuteSamples(_ counts: [Double], every seconds: TimeInterval) -> [HKQuantitySample] {
        counts.enumerated().map { index, count in
            let start = night.addingTimeInterval(Double(index) * seconds)
            return HKQuantitySample(
                type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: start,
                end: start.addingTimeInterval(60))
        }
    }

    func stepCounts(_ healthStore: HKHealthStore, _ predicate: NSPredicate) async throws -> [Double] {
        let descriptor = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: steps, predicate: predicate)],
            sortDescriptors: [SortDescriptor(\.startDate)])
        return try await descriptor.result(for: healthStore).map { $0.quantity.doubleValue(for: .count()) }
    }

    @Test("HKSourceRevision takes and gives an OperatingSystemVersion; 17.4 and 17.4.0 are the same version")
    func sourceRevisionOperatingSystemVersion() {
        let revision = HKSourceRevision(
            source: HKSource(watch), version: "10.4", productType: "Watch6,1",
            operatingSystemVersion: OperatingSystemVersion(majorVersion: 10, minorVersion: 4, patchVersion: 1))
        let os = revision.operatingSystemVersion
        #expect((os.majorVersion, os.minorVersion, os.patchVersion) == (10, 4, 1))
        #expect(revision.version == "10.4" && revision.productType == "Watch6,1")
        let stored = HKSourceRevision(SourceRevision(source: watch, version: "10.4", operatingSystemVersion: "17.4"))
        #expect(stored.operatingSystemVersion.minorVersion == 4 && stored.operatingSystemVersion.patchVersion == 0)
        let unknown = HKSourceRevision(source: HKSource(watch), version: nil).operatingSystemVersion
        #expect((unknown.majorVersion, unknown.minorVersion, unknown.patchVersion) == (0, 0, 0))
        #expect(HKSourceRevisionAnyOperatingSystem.majorVersion == -1)
    }

    @Test(
        "Source-revision predicates match any version, product type or OS with HealthKit's Any constants, and OS versions by number",
        arguments: StorageBackend.allCases)
    func sourceRevisionWildcards(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        try healthStore.dataStore.save(
            [try stepSample(312, minute: 0)],
            as: SourceRevision(source: watch, version: "10.4", productType: "Watch6,1", operatingSystemVersion: "10.4"))
        try healthStore.dataStore.save(
            [try stepSample(45, minute: 10)],
            as: SourceRevision(
                source: watch, version: "11.0", productType: "Watch7,2", operatingSystemVersion: "11.0.1"))
        try healthStore.dataStore.save(
            [try stepSample(1_020, minute: 20)],
            as: SourceRevision(
                source: phone, version: "17.4", productType: "iPhone15,2", operatingSystemVersion: "17.4.1"))

        let anyWatch = HKSourceRevision(
            source: HKSource(watch), version: HKSourceRevisionAnyVersion, productType: HKSourceRevisionAnyProductType,
            operatingSystemVersion: HKSourceRevisionAnyOperatingSystem)
        #expect(try await stepCounts(healthStore, HKQuery.predicateForObjects(from: [anyWatch])) == [312, 45])

        let watchOS10 = HKSourceRevision(
            source: HKSource(watch), version: HKSourceRevisionAnyVersion, productType: "Watch6,1",
            operatingSystemVersion: OperatingSystemVersion(majorVersion: 10, minorVersion: 4, patchVersion: 0))
        #expect(try await stepCounts(healthStore, HKQuery.predicateForObjects(from: [watchOS10])) == [312])

        let phoneExact = HKSourceRevision(
            source: HKSource(phone), version: "17.4", productType: "iPhone15,2",
            operatingSystemVersion: OperatingSystemVersion(majorVersion: 17, minorVersion: 4, patchVersion: 1))
        let phoneOtherPatch = HKSourceRevision(
            source: HKSource(phone), version: "17.4", productType: "iPhone15,2",
            operatingSystemVersion: OperatingSystemVersion(majorVersion: 17, minorVersion: 4, patchVersion: 0))
        #expect(try await stepCounts(healthStore, HKQuery.predicateForObjects(from: [phoneExact])) == [1_020])
        #expect(try await stepCounts(healthStore, HKQuery.predicateForObjects(from: [phoneOtherPatch])).isEmpty)
    }

    @Test(
        "HKCategoryValueSleepAnalysis.predicateForSamples(equalTo:) and (_:value:) select sleep stages",
        arguments: StorageBackend.allCases)
    func categoryValuePredicates(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        let sleep = HKCategoryType(.sleepAnalysis)
        let stages: [HKCategoryValueSleepAnalysis] = [.inBed, .asleepCore, .awake, .asleepDeep, .asleepREM]
        let samples = stages.enumerated().map { index, stage in
            HKCategorySample(
                type: sleep, value: stage.rawValue, start: night.addingTimeInterval(Double(index) * 1_800),
                end: night.addingTimeInterval(Double(index + 1) * 1_800))
        }
        try await healthStore.save(samples)
        func values(_ predicate: NSPredicate) async throws -> [Int] {
            let descriptor = HKSampleQueryDescriptor(
                predicates: [.categorySample(type: sleep, predicate: predicate)],
                sortDescriptors: [SortDescriptor(\.startDate)])
            return try await descriptor.result(for: healthStore).map(\.value)
        }
        let asleep = HKCategoryValueSleepAnalysis.predicateForSamples(
            equalTo: HKCategoryValueSleepAnalysis.allAsleepValues)
        #expect(try await values(asleep) == [3, 4, 5])
        #expect(try await values(HKCategoryValueSleepAnalysis.predicateForSamples(.equalTo, value: .awake)) == [2])
        #expect(
            try await values(HKCategoryValueSleepAnalysis.predicateForSamples(.greaterThan, value: .awake)) == [
                3, 4, 5,
            ])
    }

    @Test(
        "Query descriptors are mutable where HealthKit's are, and run generically as HKAsyncQuery",
        arguments: StorageBackend.allCases)
    func mutableDescriptorsAndAsyncQuery(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        try await healthStore.save(minuteSamples([640, 1_200], every: 3_600))
        func run<Query: HKAsyncQuery>(_ query: Query) async throws -> Query.Output {
            try await query.result(for: healthStore)
        }
        var descriptor = HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: steps)], sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)])
        descriptor.limit = 1
        #expect(try await run(descriptor).map { $0.quantity.doubleValue(for: .count()) } == [1_200])
        descriptor.sortDescriptors = [SortDescriptor(\.startDate)]
        descriptor.predicates = [
            .quantitySample(
                type: steps, predicate: HKQuery.predicateForSamples(withStart: night, end: night.addingTimeInterval(60))
            )
        ]
        #expect(try await run(descriptor).map { $0.quantity.doubleValue(for: .count()) } == [640])
        var sources = HKSourceQueryDescriptor(predicate: .quantitySample(type: HKQuantityType(.heartRate)))
        #expect(try await run(sources).isEmpty)
        sources.predicate = .quantitySample(type: steps)
        #expect(try await run(sources).map(\.bundleIdentifier) == [healthStore.client.bundleIdentifier])
    }

    @Test(
        "The deprecated integer-anchor anchored query returns new samples and an integer anchor",
        arguments: StorageBackend.allCases)
    func integerAnchorQuery(_ backend: StorageBackend) async throws {
        let healthStore = HKHealthStore(dataStore: backend.makeStore())
        try await healthStore.save(minuteSamples([88, 97], every: 60))
        func page(from anchor: Int) async throws -> ([Double], Int) {
            let log = DeliveryLog<([Double], Int)>()
            healthStore.execute(
                HKAnchoredObjectQuery(
                    type: steps, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit
                ) { _, samples, newAnchor, error in
                    #expect(error == nil)
                    log.append(
                        (
                            (samples as? [HKQuantitySample] ?? []).map { $0.quantity.doubleValue(for: .count()) },
                            newAnchor
                        ))
                })
            return try #require(try await log.wait(forCount: 1).first)
        }
        let first = try await page(from: HKAnchoredObjectQueryNoAnchor)
        #expect(first.0 == [88, 97] && first.1 > 0)
        let second = try await page(from: first.1)
        #expect(second.0.isEmpty && second.1 == first.1)
    }

    @Test("Formatter-unit bridges and the deprecated calorie map to HealthKit's units")
    func formatterBridges() {
        #expect(HKUnit(from: MassFormatter.Unit.kilogram) == .gramUnit(with: .kilo))
        #expect(HKUnit(from: MassFormatter.Unit.stone) == .stone())
        #expect(HKUnit.massFormatterUnit(from: .pound()) == .pound)
        #expect(HKUnit(from: LengthFormatter.Unit.mile) == .mile())
        #expect(HKUnit.lengthFormatterUnit(from: .meterUnit(with: .centi)) == .centimeter)
        #expect(HKUnit(from: EnergyFormatter.Unit.kilocalorie) == .kilocalorie())
        #expect(HKUnit.energyFormatterUnit(from: .jouleUnit(with: .kilo)) == .kilojoule)
        #expect(HKUnit(from: EnergyFormatter.Unit.calorie) == .smallCalorie())
        let kilojoules = HKQuantity(unit: HKUnit(from: EnergyFormatter.Unit.calorie), doubleValue: 4_184)
            .doubleValue(for: HKUnit(from: EnergyFormatter.Unit.kilojoule))
        #expect(abs(kilojoules - 17.505856) < 1e-9)
    }

    @Test("Type rules: series types by identifier, duration restrictions, recalibration and per-object authorization")
    func typeRules() {
        #expect(HKObjectType.seriesType(forIdentifier: HKWorkoutRouteTypeIdentifier) == HKSeriesType.workoutRoute())
        #expect(HKObjectType.seriesType(forIdentifier: HKDataTypeIdentifierHeartbeatSeries) == HKSeriesType.heartbeat())
        #expect(HKObjectType.seriesType(forIdentifier: "HKQuantityTypeIdentifierStepCount") == nil)
        #expect(!steps.isMaximumDurationRestricted && !steps.isMinimumDurationRestricted)
        #expect(HKQuantityType(.vo2Max).allowsRecalibrationForEstimates)
        #expect(!steps.allowsRecalibrationForEstimates)
        #expect(!steps.requiresPerObjectAuthorization())
        #expect(!HKObjectType.workoutType().requiresPerObjectAuthorization())
    }

    @Test("Store calls that mean nothing off-device fail as HealthKit does when unavailable, after checking arguments")
    func unavailableStoreCalls() async throws {
        let healthStore = HKHealthStore(dataStore: HealthDataStore())
        do {
            try await healthStore.recalibrateEstimates(sampleType: steps, date: night)
            Issue.record("step count estimates were recalibrated")
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
        }
        do {
            try await healthStore.recalibrateEstimates(sampleType: HKQuantityType(.vo2Max), date: night)
            Issue.record("recalibration succeeded off-device")
        } catch let error as HKError {
            #expect(error.code == .errorHealthDataUnavailable)
        }
        do {
            try await healthStore.handleAuthorizationForExtension()
            Issue.record("extension authorization succeeded off-device")
        } catch let error as HKError {
            #expect(error.code == .errorHealthDataUnavailable)
        }
        let log = DeliveryLog<Bool>()
        healthStore.handleAuthorizationForExtension { success, error in
            log.append(!success && (error as? HKError)?.code == .errorHealthDataUnavailable)
        }
        #expect(try await log.wait(forCount: 1) == [true])
    }

    @Test("HKActivitySummary() starts empty and takes the values an app sets, as for drawing rings")
    func activitySummaryIsSettable() {
        func setRings(_ summary: HKActivitySummary) {
            summary.activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 412)
            summary.activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 600)
            summary.appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: 24)
            summary.exerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: 30)
            summary.appleStandHours = HKQuantity(unit: .count(), doubleValue: 9)
            summary.standHoursGoal = HKQuantity(unit: .count(), doubleValue: 12)
            summary.activityMoveMode = .appleMoveTime
            summary.isPaused = true
        }
        let summary = HKActivitySummary()
        #expect(summary.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 0)
        #expect(summary.exerciseTimeGoal == nil && summary.standHoursGoal == nil && !summary.isPaused)
        #expect(summary.dateComponents(for: Calendar(identifier: .gregorian)).day == nil)
        setRings(summary)
        #expect(summary.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 412)
        #expect(summary.activeEnergyBurnedGoal.doubleValue(for: .kilocalorie()) == 600)
        #expect(summary.appleExerciseTime.doubleValue(for: .minute()) == 24)
        #expect(summary.exerciseTimeGoal?.doubleValue(for: .minute()) == 30)
        #expect(summary.standHoursGoal?.doubleValue(for: .count()) == 12)
        #expect(summary.activityMoveMode == .appleMoveTime && summary.isPaused)
        let same = HKActivitySummary()
        #expect(same != summary)
        setRings(same)
        #expect(same == summary)
    }
}
