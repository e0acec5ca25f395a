import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

/// Archives with secure coding, as an app keeps HealthKit objects, and reads the archive back as `T`.
private func roundTrip<T: NSObject & NSSecureCoding>(_ object: T, as type: T.Type = T.self) throws -> T {
    let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
    return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: type, from: data))
}

/// Objects on the morning Berlin's clocks go forward (2024-03-31, 02:00 → 03:00 CEST), from an Apple Watch.
private enum Morning {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static func at(_ hour: Int, _ minute: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return calendar.date(from: DateComponents(year: 2024, month: 3, day: 31, hour: hour, minute: minute))!
    }
    static let watch = HKDevice(
        name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
        firmwareVersion: "10.3", softwareVersion: "10.3", localIdentifier: nil, udiDeviceIdentifier: nil)
    static let revision = SourceRevision(
        source: Source(
            name: "Alex’s Apple Watch", bundleIdentifier: "com.apple.health.8C4A1F2E-7B3D-4E21-9A55-3F1C2D6B7E90"),
        version: "10.3", productType: "Watch6,1", operatingSystemVersion: "10.3.1")
    static let beatsPerMinute = HKUnit(from: "count/min")

    /// Heart rate, sleep and a blood pressure as the watch saved them, read back through an app's health store.
    static func storedSamples() async throws -> [HKSample] {
        let store = StorageBackend.inMemory.makeStore()
        let heartRate = try Sample(
            type: try .quantity("HKQuantityTypeIdentifierHeartRate"), startDate: at(3, 30), endDate: at(3, 31),
            metadata: [
                "HKMetadataKeyHeartRateMotionContext": .number(1), "HKTimeZone": .string("Europe/Berlin"),
                "HKMetadataKeySyncIdentifier": .string("hr-0331-0330"), "HKMetadataKeySyncVersion": .number(2),
            ],
            device: watch.device, sourceRevision: revision,
            content: .quantity(QuantityContent(quantity: Quantity(72, beatsPerMinute.unit))))
        let sleep = try Sample(
            type: try .category("HKCategoryTypeIdentifierSleepAnalysis"), startDate: at(1, 15), endDate: at(3, 45),
            metadata: ["HKTimeZone": .string("Europe/Berlin")], device: watch.device, sourceRevision: revision,
            content: .category(value: HKCategoryValueSleepAnalysis.asleepDeep.rawValue))
        let systolic = try Sample.quantity(
            type: try .quantity("HKQuantityTypeIdentifierBloodPressureSystolic"),
            quantity: Quantity(121, try HealthUnit(parsing: "mmHg")), start: at(7, 5), end: at(7, 5))
        let diastolic = try Sample.quantity(
            type: try .quantity("HKQuantityTypeIdentifierBloodPressureDiastolic"),
            quantity: Quantity(79, try HealthUnit(parsing: "mmHg")), start: at(7, 5), end: at(7, 5))
        let pressure = try Sample(
            type: try .correlation("HKCorrelationTypeIdentifierBloodPressure"), startDate: at(7, 5), endDate: at(7, 5),
            metadata: ["HKWasUserEntered": .number(1)], sourceRevision: revision,
            content: .correlation(objects: [systolic, diastolic]))
        _ = try store.saveImported([heartRate, sleep, pressure])
        let healthStore = HKHealthStore(dataStore: store)
        let types: Set<HKObjectType> = [
            HKQuantityType(.heartRate), HKCategoryType(.sleepAnalysis),
            HKQuantityType(.bloodPressureSystolic), HKQuantityType(.bloodPressureDiastolic),
        ]
        try await healthStore.requestAuthorization(toShare: [], read: types)
        var found: [HKSample] = []
        found +=
            try await HKSampleQueryDescriptor(
                predicates: [.quantitySample(type: HKQuantityType(.heartRate))], sortDescriptors: []
            )
            .result(for: healthStore) as [HKSample]
        found +=
            try await HKSampleQueryDescriptor(
                predicates: [.categorySample(type: HKCategoryType(.sleepAnalysis))], sortDescriptors: []
            )
            .result(for: healthStore) as [HKSample]
        found +=
            try await HKSampleQueryDescriptor(
                predicates: [.correlation(type: HKCorrelationType(.bloodPressure))], sortDescriptors: []
            )
            .result(for: healthStore) as [HKSample]
        return found
    }
}

@Suite("NSSecureCoding and NSCopying: HealthKit's value classes archive, unarchive and copy on Linux")
struct ArchivingTests {
    @Test("A stored heart rate sample round-trips with its value, dates, metadata, device and source revision")
    func quantitySample() async throws {
        let samples = try await Morning.storedSamples()
        let heartRate = try #require(samples.first { $0 is HKQuantitySample } as? HKDiscreteQuantitySample)
        #expect(heartRate.sourceRevision.source.name == "Alex’s Apple Watch")
        let decoded = try roundTrip(heartRate as HKQuantitySample)
        #expect(type(of: decoded) == HKDiscreteQuantitySample.self)
        #expect(decoded.isEqual(heartRate))
        #expect(decoded.uuid == heartRate.uuid)
        #expect(decoded.quantityType == HKQuantityType(.heartRate))
        #expect(decoded.quantity.doubleValue(for: Morning.beatsPerMinute) == 72)
        #expect(decoded.startDate == Morning.at(3, 30))
        #expect(decoded.endDate == Morning.at(3, 31))
        #expect(decoded.count == 1)
        #expect(decoded.device == Morning.watch)
        #expect(decoded.device?.hardwareVersion == "Watch6,1")
        #expect(decoded.sourceRevision == heartRate.sourceRevision)
        #expect(decoded.sourceRevision.operatingSystemVersion.patchVersion == 1)
        #expect(decoded.metadata?["HKTimeZone"] as? String == "Europe/Berlin")
        #expect((decoded.metadata?[HKMetadataKeySyncVersion] as? NSNumber)?.doubleValue == 2)
        #expect(try decoded.modelSample() == heartRate.modelSample())
        #expect(
            (heartRate.copy() as AnyObject) === heartRate || (heartRate.copy() as? HKObject)?.isEqual(heartRate) == true
        )
    }

    @Test("A sleep sample and a blood pressure correlation round-trip with their values and contained samples")
    func categoryAndCorrelation() async throws {
        let samples = try await Morning.storedSamples()
        let sleep = try #require(samples.first { $0 is HKCategorySample } as? HKCategorySample)
        let decodedSleep = try roundTrip(sleep)
        #expect(decodedSleep.value == HKCategoryValueSleepAnalysis.asleepDeep.rawValue)
        #expect(decodedSleep.categoryType == HKCategoryType(.sleepAnalysis))
        #expect(decodedSleep.startDate == Morning.at(1, 15))
        #expect(decodedSleep.endDate == Morning.at(3, 45))
        #expect(decodedSleep.endDate.timeIntervalSince(decodedSleep.startDate) == 90 * 60)
        #expect(decodedSleep.device == Morning.watch)
        #expect(try decodedSleep.modelSample() == sleep.modelSample())

        let pressure = try #require(samples.first { $0 is HKCorrelation } as? HKCorrelation)
        let decoded = try roundTrip(pressure as HKSample)
        let correlation = try #require(decoded as? HKCorrelation)
        #expect(correlation.isEqual(pressure))
        #expect(correlation.correlationType == HKCorrelationType(.bloodPressure))
        #expect(correlation.objects.count == 2)
        #expect(correlation.objects == pressure.objects)
        let systolic = try #require(
            correlation.objects(for: HKQuantityType(.bloodPressureSystolic)).first as? HKQuantitySample)
        #expect(systolic.quantity.doubleValue(for: HKUnit(from: "mmHg")) == 121)
        #expect((correlation.metadata?[HKMetadataKeyWasUserEntered] as? NSNumber)?.boolValue == true)
        #expect(try correlation.modelSample() == pressure.modelSample())
    }

    @Test("A finished multi-sport workout round-trips with its activities, events, statistics and metadata")
    func workout() async throws {
        let workout = try await Duathlon.build(with: HKHealthStore(dataStore: StorageBackend.inMemory.makeStore()))
        let decoded = try roundTrip(workout)
        #expect(decoded.isEqual(workout))
        #expect(decoded.workoutActivityType == .swimBikeRun)
        #expect(decoded.duration == workout.duration)
        #expect(decoded.workoutEvents == workout.workoutEvents)
        #expect(decoded.workoutEvents?.map(\.type) == [.pause, .resume, .lap])
        #expect(decoded.workoutActivities == workout.workoutActivities)
        #expect(decoded.workoutActivities.map(\.workoutConfiguration.activityType) == [.cycling, .running])
        #expect(decoded.workoutActivities.map(\.endDate) == [Duathlon.at(8, 0), Duathlon.at(8, 45)])
        #expect(decoded.workoutActivities[0].metadata?["lane"] as? String == "B")
        #expect(decoded.metadata?[HKMetadataKeyWorkoutBrandName] as? String == "Duathlon Club Berlin")
        #expect(
            decoded.statistics(for: Duathlon.energy)?.sumQuantity()
                == workout.statistics(for: Duathlon.energy)?.sumQuantity())
        #expect(decoded.sourceRevision == workout.sourceRevision)
        #expect(try decoded.modelSample() == workout.modelSample())

        // The workout's statistics archive on their own too.
        let energy = try #require(workout.statistics(for: Duathlon.energy))
        let decodedEnergy = try roundTrip(energy)
        #expect(decodedEnergy == energy)
        #expect(decodedEnergy.quantityType == Duathlon.energy)
        #expect(decodedEnergy.sumQuantity() == energy.sumQuantity())
        #expect(decodedEnergy.startDate == energy.startDate)
        #expect(decodedEnergy.endDate == energy.endDate)

        // Activities and events archive on their own too.
        let cycling = workout.workoutActivities[0]
        let decodedActivity = try roundTrip(cycling)
        #expect(decodedActivity.isEqual(cycling))
        #expect(decodedActivity.uuid == cycling.uuid)
        #expect(decodedActivity.workoutConfiguration == cycling.workoutConfiguration)
        #expect(decodedActivity.startDate == Duathlon.start)
        #expect(decodedActivity.duration == 58 * 60)
        #expect(decodedActivity.workoutEvents.map(\.type) == [.pause, .resume])
        #expect(decodedActivity.allStatistics.count == cycling.allStatistics.count)
        #expect((cycling.copy() as? HKWorkoutActivity)?.isEqual(cycling) == true)

        let lap = HKWorkoutEvent(
            type: .lap, dateInterval: DateInterval(start: Duathlon.at(8, 20), duration: 95),
            metadata: [HKMetadataKeyLapLength: HKQuantity(unit: .meter(), doubleValue: 400)])
        let decodedLap = try roundTrip(lap)
        #expect(decodedLap == lap)
        #expect(decodedLap.dateInterval.duration == 95)
        #expect(
            decodedLap.metadata?[HKMetadataKeyLapLength] as? HKQuantity == HKQuantity(unit: .meter(), doubleValue: 400))
        #expect((lap.copy() as? HKWorkoutEvent) == lap)
    }

    @Test("Units round-trip by their unit string, compound units included, and copy as themselves")
    func units() throws {
        for text in [
            "count/min", "mg/dL", "mmol<180.15588000005408>/L", "kcal", "km", "ms", "degC", "mL/(kg*min)", "dBHL",
        ] {
            let unit = HKUnit(from: text)
            let decoded = try roundTrip(unit)
            #expect(decoded == unit, "\(text)")
            #expect(decoded.unitString == unit.unitString)
            #expect(decoded.hash == unit.hash)
            #expect((unit.copy() as? HKUnit) == unit)
        }
    }

    @Test("Quantities round-trip with value and unit; equal quantities in different units hash alike")
    func quantities() throws {
        let glucose = HKQuantity(unit: HKUnit(from: "mg/dL"), doubleValue: 104.5)
        let decoded = try roundTrip(glucose)
        #expect(decoded == glucose)
        #expect(decoded.doubleValue(for: HKUnit(from: "mg/dL")) == 104.5)
        #expect(decoded.description == glucose.description)
        #expect((glucose.copy() as? HKQuantity) == glucose)

        let kilometre = HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 1)
        let metres = HKQuantity(unit: .meter(), doubleValue: 1000)
        #expect(kilometre == metres)
        #expect(kilometre.hash == metres.hash)
        #expect(Set([kilometre, metres]).count == 1)
        #expect(HKQuantity(unit: .count(), doubleValue: 1).hash != kilometre.hash)
    }

    @Test("Object types of every kind round-trip as the same class and identifier")
    func objectTypes() throws {
        let types: [HKObjectType] = [
            HKQuantityType(.heartRate), HKCategoryType(.sleepAnalysis),
            HKObjectType.workoutType(), HKSeriesType.workoutRoute(), HKSeriesType.heartbeat(),
            HKObjectType.activitySummaryType(), HKCharacteristicType(.dateOfBirth),
            HKObjectType.electrocardiogramType(), HKObjectType.audiogramSampleType(), HKObjectType.stateOfMindType(),
            HKObjectType.visionPrescriptionType(), HKScoredAssessmentType(.GAD7),
            HKObjectType.documentType(forIdentifier: .CDA)!, HKObjectType.clinicalType(forIdentifier: .allergyRecord)!,
        ]
        for objectType in types {
            let decoded = try roundTrip(objectType)
            #expect(type(of: decoded) == type(of: objectType), "\(objectType.identifier)")
            #expect(decoded == objectType)
            #expect((objectType.copy() as? HKObjectType) == objectType)
        }
        // Read back as the subclass they are, too.
        let heartRate = try roundTrip(HKQuantityType(.heartRate))
        #expect(heartRate.aggregationStyle == .discreteTemporallyWeighted)
        #expect(heartRate.is(compatibleWith: Morning.beatsPerMinute))
    }

    @Test("Sources, source revisions and devices round-trip field by field")
    func provenance() throws {
        let source = HKSource(Morning.revision.source)
        #expect(try roundTrip(source) == source)
        #expect(try roundTrip(source).bundleIdentifier == "com.apple.health.8C4A1F2E-7B3D-4E21-9A55-3F1C2D6B7E90")
        let revision = HKSourceRevision(Morning.revision)
        let decodedRevision = try roundTrip(revision)
        #expect(decodedRevision == revision)
        #expect(decodedRevision.version == "10.3")
        #expect(decodedRevision.productType == "Watch6,1")
        #expect(decodedRevision.operatingSystemVersion.minorVersion == 3)
        let bare = HKSourceRevision(source: source, version: nil)
        #expect(try roundTrip(bare) == bare)
        #expect(try roundTrip(bare).version == nil)
        let device = try roundTrip(Morning.watch)
        #expect(device == Morning.watch)
        #expect(device.name == "Apple Watch")
        #expect(device.firmwareVersion == "10.3")
        #expect(device.localIdentifier == nil)
        for object in [source, revision, Morning.watch] as [NSObject & NSCopying] {
            #expect((object.copy(with: nil) as? NSObject)?.isEqual(object) == true)
        }
    }

    @Test("Anchors, activity summaries and workout configurations round-trip; a summary copies as a new summary")
    func otherValues() throws {
        let anchor = HKQueryAnchor(fromValue: 4_812)
        #expect(try roundTrip(anchor) == anchor)

        let summary = HKActivitySummary()
        summary.activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: 512.5)
        summary.activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 600)
        summary.appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: 34)
        summary.exerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: 30)
        summary.appleStandHours = HKQuantity(unit: .count(), doubleValue: 9)
        summary.isPaused = true
        let decodedSummary = try roundTrip(summary)
        #expect(decodedSummary == summary)
        #expect(decodedSummary.standHoursGoal == nil)
        #expect(decodedSummary.isPaused)
        let copy = try #require(summary.copy() as? HKActivitySummary)
        #expect(copy == summary)
        #expect(copy !== summary)
        copy.isPaused = false
        #expect(summary.isPaused)

        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .swimming
        configuration.locationType = .indoor
        configuration.swimmingLocationType = .pool
        configuration.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
        let decodedConfiguration = try roundTrip(configuration)
        #expect(decodedConfiguration == configuration)
        #expect(decodedConfiguration.lapLength == HKQuantity(unit: .meter(), doubleValue: 25))
        #expect(decodedConfiguration.swimmingLocationType == .pool)
    }

    @Test(
        "A sample an app made round-trips; one built from invalid values archives only the reason and does not decode")
    func appMadeSamples() throws {
        let steps = HKQuantitySample(
            type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 1_204),
            start: Morning.at(1, 55), end: Morning.at(3, 5), device: Morning.watch,
            metadata: [HKMetadataKeyWasUserEntered: true])
        let decoded = try roundTrip(steps)
        #expect(decoded.isEqual(steps))
        #expect(decoded.quantity == steps.quantity)
        #expect(decoded.endDate.timeIntervalSince(decoded.startDate) == 10 * 60)
        #expect(try decoded.modelSample() == steps.modelSample())

        // An app's subclass reads back as itself, through `super.init(coder:)`.
        let double = AnnotatedStepSample(steps: 1_234, start: Morning.at(1, 55), note: "walk to work")
        let decodedDouble = try roundTrip(double as HKQuantitySample)
        #expect(type(of: decodedDouble) == AnnotatedStepSample.self)
        #expect(decodedDouble.quantity == double.quantity)
        #expect(decodedDouble.uuid == double.uuid)

        let backwards = HKQuantitySample(
            type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 10),
            start: Morning.at(3, 5), end: Morning.at(1, 55))
        let data = try NSKeyedArchiver.archivedData(withRootObject: backwards, requiringSecureCoding: true)
        #expect(throws: (any Error).self) {
            try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQuantitySample.self, from: data)
        }
    }

    @Test("Payload samples an app makes round-trip: state of mind, GAD-7, glasses prescription, audiogram")
    func payloadSamples() throws {
        let mood = HKStateOfMind(
            date: Morning.at(3, 10), kind: .momentaryEmotion, valence: 0.35, labels: [.calm, .content],
            associations: [.fitness, .weather], metadata: ["HKTimeZone": "Europe/Berlin"])
        let decodedMood = try roundTrip(mood as HKSample)
        let stateOfMind = try #require(decodedMood as? HKStateOfMind)
        #expect(stateOfMind.isEqual(mood))
        #expect(stateOfMind.valence == 0.35)
        #expect(stateOfMind.labels == [.calm, .content])
        #expect(stateOfMind.associations == [.fitness, .weather])
        #expect(try stateOfMind.modelSample() == mood.modelSample())
        #expect((mood.copy() as? HKStateOfMind) === mood)

        let anxiety = HKGAD7Assessment(
            date: Morning.at(3, 20),
            answers: [.severalDays, .notAtAll, .severalDays, .notAtAll, .moreThanHalfTheDays, .notAtAll, .severalDays])
        let decodedAnxiety = try roundTrip(anxiety)
        #expect(decodedAnxiety.score == 5)
        #expect(decodedAnxiety.risk == .mild)
        #expect(decodedAnxiety.answers == anxiety.answers)
        // A GAD-7 archive does not decode as the other assessment.
        let anxietyData = try NSKeyedArchiver.archivedData(withRootObject: anxiety, requiringSecureCoding: true)
        let asDepression = try Self.edited(
            anxietyData, replacing: NSStringFromClass(HKGAD7Assessment.self),
            with: NSStringFromClass(HKPHQ9Assessment.self))
        #expect(throws: (any Error).self) {
            try NSKeyedUnarchiver.unarchivedObject(ofClass: HKScoredAssessment.self, from: asDepression)
        }

        let prism = HKVisionPrism(
            amount: HKQuantity(unit: HKUnit(from: "pD"), doubleValue: 1.5),
            angle: HKQuantity(unit: HKUnit(from: "deg"), doubleValue: 90), eye: .right)
        let right = HKGlassesLensSpecification(
            sphere: HKQuantity(unit: HKUnit(from: "D"), doubleValue: -2.25),
            cylinder: HKQuantity(unit: HKUnit(from: "D"), doubleValue: -0.5),
            axis: HKQuantity(unit: HKUnit(from: "deg"), doubleValue: 170), addPower: nil,
            vertexDistance: HKQuantity(unit: HKUnit(from: "mm"), doubleValue: 12), prism: prism,
            farPupillaryDistance: HKQuantity(unit: HKUnit(from: "mm"), doubleValue: 31.5), nearPupillaryDistance: nil)
        let glasses = HKGlassesPrescription(
            rightEyeSpecification: right, leftEyeSpecification: nil, dateIssued: Morning.at(9, 0),
            expirationDate: Morning.at(9, 0).addingTimeInterval(2 * 365 * 86_400), device: nil, metadata: nil)
        let decodedGlasses = try roundTrip(glasses as HKVisionPrescription)
        let prescription = try #require(decodedGlasses as? HKGlassesPrescription)
        #expect(prescription.rightEye == right)
        #expect(prescription.rightEye?.prism == prism)
        #expect(prescription.leftEye == nil)
        #expect(prescription.expirationDate == glasses.expirationDate)
        #expect(try roundTrip(right) == right)
        #expect(try roundTrip(prism) == prism)
        #expect(try roundTrip(prism).verticalBase == .up)

        let clamping = try HKAudiogramSensitivityPointClampingRange(lowerBound: nil, upperBound: 90)
        let leftTest = try HKAudiogramSensitivityTest(
            sensitivity: HKQuantity(unit: HKUnit(from: "dBHL"), doubleValue: 20), type: .air, masked: false,
            side: .left, clampingRange: clamping)
        let rightTest = try HKAudiogramSensitivityTest(
            sensitivity: HKQuantity(unit: HKUnit(from: "dBHL"), doubleValue: 25), type: .air, masked: true,
            side: .right, clampingRange: nil)
        let point = try HKAudiogramSensitivityPoint(
            frequency: HKQuantity(unit: HKUnit(from: "Hz"), doubleValue: 1000), tests: [leftTest, rightTest])
        let audiogram = HKAudiogramSample(
            sensitivityPoints: [point], start: Morning.at(10, 0), end: Morning.at(10, 12), device: Morning.watch,
            metadata: nil)
        let decodedAudiogram = try roundTrip(audiogram)
        #expect(decodedAudiogram.sensitivityPoints == [point])
        #expect(decodedAudiogram.sensitivityPoints.first?.tests == [leftTest, rightTest])
        #expect(decodedAudiogram.device == Morning.watch)
        #expect(try roundTrip(point) == point)
        #expect(try roundTrip(leftTest) == leftTest)
        #expect(try roundTrip(clamping) == clamping)
        #expect(try roundTrip(clamping).upperBound == HKQuantity(unit: HKUnit(from: "dBHL"), doubleValue: 90))
    }

    @Test("A stored ECG, a deleted object with its sync metadata and characteristic values round-trip")
    func storedValues() async throws {
        let (app, stored) = try await DataTypesTests.storeWithECG(.inMemory, appMayRead: true)
        let ecg = try #require(
            try await HKSampleQueryDescriptor(predicates: [.electrocardiogram()], sortDescriptors: []).result(for: app)
                .first)
        let decodedECG = try roundTrip(ecg)
        #expect(decodedECG.uuid == stored.uuid)
        #expect(decodedECG.classification == .sinusRhythm)
        #expect(decodedECG.numberOfVoltageMeasurements == 512)
        #expect(decodedECG.sourceRevision.version == "1.90")
        #expect(try decodedECG.modelSample() == ecg.modelSample())

        let store = StorageBackend.inMemory.makeStore()
        try store.setCharacteristics([
            "HKCharacteristicTypeIdentifierBiologicalSex": "HKBiologicalSexFemale",
            "HKCharacteristicTypeIdentifierBloodType": "HKBloodTypeAPositive",
        ])
        let healthStore = HKHealthStore(dataStore: store)
        let steps = HKQuantityType(.stepCount)
        try await healthStore.requestAuthorization(
            toShare: [steps], read: [steps, HKCharacteristicType(.biologicalSex), HKCharacteristicType(.bloodType)])
        let sex = try healthStore.biologicalSex()
        #expect(try roundTrip(sex).biologicalSex == .female)
        #expect(try roundTrip(sex) == sex)
        #expect((sex.copy() as? HKBiologicalSexObject) == sex)
        #expect(try roundTrip(try healthStore.bloodType()).bloodType == .aPositive)

        let walk = HKQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 880), start: Morning.at(3, 0),
            end: Morning.at(3, 15), metadata: [HKMetadataKeySyncIdentifier: "walk-0331", HKMetadataKeySyncVersion: 3])
        try await healthStore.save(walk)
        try await healthStore.delete(walk)
        let changes = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: steps)], anchor: nil)
            .result(for: healthStore)
        let deleted = try #require(changes.deletedObjects.first)
        let decodedDeleted = try roundTrip(deleted)
        #expect(decodedDeleted.uuid == walk.uuid)
        #expect(decodedDeleted == deleted)
        #expect(decodedDeleted.metadata?[HKMetadataKeySyncIdentifier] as? String == "walk-0331")
        #expect((decodedDeleted.metadata?[HKMetadataKeySyncVersion] as? NSNumber)?.intValue == 3)
    }

    @Test("FHIR versions and clinical codings round-trip; a route recorded with a workout round-trips as a route")
    func recordsAndRoutes() async throws {
        let r4 = HKFHIRVersion.primaryR4()
        #expect(try roundTrip(r4) == r4)
        #expect(try roundTrip(r4).fhirRelease == .r4)
        let ibuprofen = HKClinicalCoding(
            system: "http://www.nlm.nih.gov/research/umls/rxnorm", version: nil, code: "197806")
        #expect(try roundTrip(ibuprofen) == ibuprofen)
        #expect(try roundTrip(ibuprofen).version == nil)

        let healthStore = HKHealthStore(dataStore: StorageBackend.inMemory.makeStore())
        _ = try await Duathlon.build(with: healthStore)
        let route = try #require(
            try await HKSampleQueryDescriptor(predicates: [.workoutRoute()], sortDescriptors: []).result(
                for: healthStore
            ).first)
        let decoded = try roundTrip(route as HKSample)
        #expect(type(of: decoded) == HKWorkoutRoute.self)
        #expect((decoded as? HKWorkoutRoute)?.count == 5)
        #expect(try decoded.modelSample() == route.modelSample())
    }

    @Test("An attachment's description round-trips (its bytes stay in the store); a query descriptor copies as itself")
    func attachmentsAndDescriptors() async throws {
        let store = StorageBackend.inMemory.makeStore()
        let (optician, prescription) = try await AttachmentStoreTests.opticianWithPrescription(store)
        let attachments = HKAttachmentStore(healthStore: optician)
        let (url, _) = try AttachmentStoreTests.scanFile(bytes: 4_096)
        let added = try await attachments.addAttachment(
            to: prescription, name: "prescription.pdf", contentType: .pdf, url: url,
            metadata: ["Optician": "Brillen Berlin"])
        let decoded = try roundTrip(added)
        #expect(decoded == added)
        #expect(decoded.name == "prescription.pdf")
        #expect(decoded.contentType == .pdf)
        #expect(decoded.size == 4_096)
        #expect(decoded.creationDate == added.creationDate)
        #expect(decoded.metadata?["Optician"] as? String == "Brillen Berlin")
        #expect(try await attachments.dataReader(for: decoded).data.count == 4_096)
        #expect((added.copy() as? HKAttachment) === added)

        let descriptor = HKQueryDescriptor(sampleType: HKQuantityType(.heartRate), predicate: nil)
        #expect((descriptor.copy() as? HKQueryDescriptor) === descriptor)
    }

    @Test("Corrupted, truncated and mismatched archives throw instead of crashing")
    func corruptedArchives() async throws {
        let samples = try await Morning.storedSamples()
        let heartRate = try #require(samples.first { $0 is HKQuantitySample } as? HKQuantitySample)
        let data = try NSKeyedArchiver.archivedData(withRootObject: heartRate, requiringSecureCoding: true)
        // Cut short.
        #expect(throws: (any Error).self) {
            try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQuantitySample.self, from: data.prefix(data.count / 2))
        }
        // Garbage.
        #expect(throws: (any Error).self) {
            try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQuantitySample.self, from: Data("not an archive".utf8))
        }
        // The sample's block damaged inside a well-formed archive: it no longer reads.
        let damaged = try Self.edited(data) { objects in
            for index in objects.indices where objects[index] is Data { objects[index] = Data([1, 7, 7, 7]) }
        }
        #expect(throws: (any Error).self) {
            try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQuantitySample.self, from: damaged)
        }
        // A sleep sample in an archive that claims to hold a quantity sample.
        let sleep = try #require(samples.first { $0 is HKCategorySample })
        let mismatched = try Self.edited(
            try NSKeyedArchiver.archivedData(withRootObject: sleep, requiringSecureCoding: true),
            replacing: NSStringFromClass(HKCategorySample.self), with: NSStringFromClass(HKQuantitySample.self))
        #expect(throws: (any Error).self) {
            try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQuantitySample.self, from: mismatched)
        }
        // Missing and invalid fields of value classes.
        let unit = try NSKeyedArchiver.archivedData(
            withRootObject: HKUnit(from: "count/min"), requiringSecureCoding: true)
        let noUnit = try Self.edited(unit) { objects in
            for index in objects.indices {
                if var fields = objects[index] as? [String: Any] {
                    fields["HKUnitString"] = nil
                    objects[index] = fields
                }
            }
        }
        #expect(throws: (any Error).self) { try NSKeyedUnarchiver.unarchivedObject(ofClass: HKUnit.self, from: noUnit) }
        let badUnit = try Self.edited(unit, replacing: "count/min", with: "furlongs/fortnight")
        #expect(throws: (any Error).self) {
            try NSKeyedUnarchiver.unarchivedObject(ofClass: HKUnit.self, from: badUnit)
        }
        let wrongKind = try Self.edited(
            try NSKeyedArchiver.archivedData(withRootObject: HKQuantityType(.heartRate), requiringSecureCoding: true),
            replacing: "HKQuantityTypeIdentifierHeartRate", with: "HKCategoryTypeIdentifierSleepAnalysis")
        #expect(throws: (any Error).self) {
            try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQuantityType.self, from: wrongKind)
        }
        let source = HKSource(Morning.revision.source)
        let numberForString = try Self.edited(
            try NSKeyedArchiver.archivedData(withRootObject: source, requiringSecureCoding: true)
        ) { objects in
            for index in objects.indices where objects[index] as? String == source.name { objects[index] = 3 }
        }
        #expect(throws: (any Error).self) {
            try NSKeyedUnarchiver.unarchivedObject(ofClass: HKSource.self, from: numberForString)
        }
    }

    /// An archive with its objects (`$objects`: the root's field dictionary, strings, numbers, data) changed.
    static func edited(_ data: Data, _ change: (inout [Any]) -> Void) throws -> Data {
        var format = PropertyListSerialization.PropertyListFormat.binary
        var plist = try #require(
            try PropertyListSerialization.propertyList(from: data, options: [], format: &format) as? [String: Any])
        var objects = try #require(plist["$objects"] as? [Any])
        change(&objects)
        plist["$objects"] = objects
        return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    }

    /// An archive with one string (a class name, an identifier) replaced wherever it occurs.
    static func edited(_ data: Data, replacing old: String, with new: String) throws -> Data {
        try edited(data) { objects in
            for index in objects.indices {
                if objects[index] as? String == old { objects[index] = new }
                if var classInfo = objects[index] as? [String: Any], let classes = classInfo["$classes"] as? [String] {
                    classInfo["$classes"] = classes.map { $0 == old ? new : $0 }
                    if classInfo["$classname"] as? String == old { classInfo["$classname"] = new }
                    objects[index] = classInfo
                }
            }
        }
    }
}
