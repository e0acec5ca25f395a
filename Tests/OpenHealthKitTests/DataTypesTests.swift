import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

@Suite(
    "HKElectrocardiogram, HKStateOfMind, HKGAD7Assessment/HKPHQ9Assessment and HKAudiogramSample through HealthKit's API"
)
struct DataTypesTests {
    /// 2024-03-09 08:00 UTC.
    static let morning = Date(timeIntervalSince1970: 1_709_971_200)
    static let trends = HKSource(Source(name: "Trends", bundleIdentifier: "com.example.trends"))

    /// A store holding one imported ECG (the way an export brings it), and an app's view of it.
    static func storeWithECG(_ backend: StorageBackend, appMayRead: Bool) async throws -> (HKHealthStore, Sample) {
        let ecgType = HKObjectType.electrocardiogramType()
        let store = backend.makeStore()
        if !appMayRead { store.access.policy = .denyRead([ecgType.identifier]) }
        let ecg = try Sample(
            type: .electrocardiogram, startDate: morning, endDate: morning.addingTimeInterval(1),
            sourceRevision: SourceRevision(
                source: Source(name: "ECG", bundleIdentifier: "export:ECG"), version: "1.90"),
            content: .payload(
                .electrocardiogram(
                    ElectrocardiogramContent(
                        classification: 1, symptomsStatus: 2, averageHeartRate: 62, samplingFrequency: 512,
                        voltages: PayloadVoltages.oneBeat))))
        try store.saveImported([ecg])
        let app = HKHealthStore(dataStore: store, client: trends)
        try await app.requestAuthorization(toShare: [], read: [ecgType])
        return (app, ecg)
    }

    @Test(
        "An ECG is read with its classification, rate, symptoms and 512 voltages (query and descriptor)",
        arguments: StorageBackend.allCases)
    func electrocardiogramAndVoltages(_ backend: StorageBackend) async throws {
        let (app, stored) = try await Self.storeWithECG(backend, appMayRead: true)
        let found = try await HKSampleQueryDescriptor(predicates: [.electrocardiogram()], sortDescriptors: [])
            .result(for: app)
        let ecg = try #require(found.first)
        #expect(found.count == 1)
        #expect(ecg.uuid == stored.uuid)
        #expect(ecg.classification == .sinusRhythm)
        #expect(ecg.symptomsStatus == .present)
        #expect(ecg.averageHeartRate?.doubleValue(for: HKUnit(from: "count/min")) == 62)
        #expect(ecg.samplingFrequency?.doubleValue(for: HKUnit(from: "Hz")) == 512)
        #expect(ecg.numberOfVoltageMeasurements == 512)

        let none = try await HKSampleQueryDescriptor(
            predicates: [
                .electrocardiogram(HKQuery.predicateForElectrocardiograms(classification: .atrialFibrillation))
            ],
            sortDescriptors: []
        ).result(for: app)
        #expect(none.isEmpty)

        let log = DeliveryLog<(Double, Double?, Bool)>()
        app.execute(
            HKElectrocardiogramQuery(ecg) { _, result in
                switch result {
                case let .measurement(measurement):
                    log.append(
                        (
                            measurement.timeSinceSampleStart,
                            measurement.quantity(for: .appleWatchSimilarToLeadI)?.doubleValue(for: HKUnit(from: "mcV")),
                            false
                        ))
                case .done: log.append((0, nil, true))
                case let .error(error): Issue.record("query failed: \(error)")
                }
            })
        let delivered = try await log.wait(forCount: 513)
        #expect(delivered.count == 513)
        #expect(delivered.last?.2 == true)
        #expect(delivered[256].0 == 0.5)
        #expect(delivered.prefix(512).map(\.1) == PayloadVoltages.oneBeat.map(Optional.some))

        var streamed: [Double] = []
        for try await measurement in HKElectrocardiogramQueryDescriptor(ecg).results(for: app) {
            streamed.append(
                measurement.quantity(for: .appleWatchSimilarToLeadI)?.doubleValue(for: HKUnit(from: "mcV")) ?? .nan)
        }
        #expect(streamed == PayloadVoltages.oneBeat)
    }

    @Test(
        "An app not allowed to read ECGs finds none, and its voltage query fails with no data",
        arguments: StorageBackend.allCases)
    func unreadableElectrocardiograms(_ backend: StorageBackend) async throws {
        let (open, _) = try await Self.storeWithECG(backend, appMayRead: true)
        let ecg = try #require(
            try await HKSampleQueryDescriptor(predicates: [.electrocardiogram()], sortDescriptors: []).result(for: open)
                .first)
        // Another app of the same store, refused reading ECGs: the same object is invisible to it.
        let ecgType = HKObjectType.electrocardiogramType()
        open.dataStore.access.policy = .denyRead([ecgType.identifier])
        let denied = HKHealthStore(
            dataStore: HealthDataStore(storage: open.dataStore.storage, access: open.dataStore.access),
            client: HKSource(Source(name: "Denied", bundleIdentifier: "com.example.denied")))
        try await denied.requestAuthorization(toShare: [], read: [ecgType])
        #expect(
            try await HKSampleQueryDescriptor(predicates: [.electrocardiogram()], sortDescriptors: []).result(
                for: denied
            ).isEmpty)
        await #expect(throws: HKError.self) {
            for try await _ in HKElectrocardiogramQueryDescriptor(ecg).results(for: denied) {}
        }
        // The allowed app still reads its voltages.
        var count = 0
        for try await _ in HKElectrocardiogramQueryDescriptor(ecg).results(for: open) { count += 1 }
        #expect(count == 512)
    }

    @Test(
        "An app saves states of mind and assessments and reads them back with predicates and an anchored query",
        arguments: StorageBackend.allCases)
    func statesOfMindAndAssessments(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        let app = HKHealthStore(dataStore: store, client: Self.trends)
        let mindType = HKObjectType.stateOfMindType()
        let gad7Type = try #require(HKObjectType.scoredAssessmentType(forIdentifier: .GAD7))
        let phq9Type = HKScoredAssessmentType(.PHQ9)
        try await app.requestAuthorization(
            toShare: [mindType, gad7Type, phq9Type], read: [mindType, gad7Type, phq9Type])
        let evening = HKStateOfMind(
            date: Self.morning.addingTimeInterval(12 * 3600), kind: .dailyMood, valence: 0.45,
            labels: [.calm, .grateful], associations: [.family, .work])
        let anxious = HKStateOfMind(
            date: Self.morning, kind: .momentaryEmotion, valence: -0.62, labels: [.anxious, .stressed],
            associations: [.work])
        let gad7 = HKGAD7Assessment(
            date: Self.morning,
            answers: [
                .severalDays, .moreThanHalfTheDays, .notAtAll, .severalDays, .nearlyEveryDay,
                .moreThanHalfTheDays, .severalDays,
            ])
        let phq9 = HKPHQ9Assessment(
            date: Self.morning,
            answers: [
                .severalDays, .severalDays, .moreThanHalfTheDays, .notAtAll, .severalDays, .notAtAll,
                .moreThanHalfTheDays, .severalDays, .preferNotToAnswer,
            ])
        try await app.save([evening, anxious, gad7, phq9])

        let moods = try await HKSampleQueryDescriptor(
            predicates: [.stateOfMind()], sortDescriptors: [SortDescriptor(\.startDate)]
        ).result(for: app)
        #expect(moods.map(\.uuid) == [anxious.uuid, evening.uuid])
        #expect(moods[1].valence == 0.45)
        #expect(moods[1].valenceClassification == .pleasant)
        #expect(moods[1].labels == [.calm, .grateful])
        #expect(moods[1].associations == [.family, .work])
        #expect(moods[0].kind == .momentaryEmotion)
        #expect(moods[0].valenceClassification == .unpleasant)
        let unpleasant = try await HKSampleQueryDescriptor(
            predicates: [.stateOfMind(HKQuery.predicateForStatesOfMind(withValence: 0, operatorType: .lessThan))],
            sortDescriptors: []
        ).result(for: app)
        #expect(unpleasant.map(\.uuid) == [anxious.uuid])
        let atWork = try await HKSampleQueryDescriptor(
            predicates: [.stateOfMind(HKQuery.predicateForStatesOfMind(with: HKStateOfMind.Label.calm))],
            sortDescriptors: []
        ).result(for: app)
        #expect(atWork.map(\.uuid) == [evening.uuid])

        let storedGAD7 = try #require(
            try await HKSampleQueryDescriptor(predicates: [.gad7Assessment()], sortDescriptors: []).result(for: app)
                .first)
        #expect(storedGAD7.score == 10)
        #expect(storedGAD7.risk == .moderate)
        #expect(storedGAD7.answers.count == 7)
        let storedPHQ9 = try #require(
            try await HKSampleQueryDescriptor(predicates: [.phq9Assessment()], sortDescriptors: []).result(for: app)
                .first)
        #expect(storedPHQ9.score == 8)
        #expect(storedPHQ9.risk == .mild)
        #expect(storedPHQ9.answers.last == .preferNotToAnswer)

        let anchored = try await HKAnchoredObjectQueryDescriptor(predicates: [.stateOfMind()], anchor: nil).result(
            for: app)
        #expect(Set(anchored.addedSamples.map(\.uuid)) == [evening.uuid, anxious.uuid])
    }

    @Test("An observer query on states of mind fires for a reader when another app saves one, never for a denied app")
    func observersOfStatesOfMind() async throws {
        let type = HKObjectType.stateOfMindType()
        let store = HealthDataStore(
            access: AccessControl(
                policy: AuthorizationPolicy { client, _, share in
                    client == "com.example.denied" && !share ? .denied : .authorized
                }))
        let logger = HKHealthStore(
            dataStore: store, client: HKSource(Source(name: "Logger", bundleIdentifier: "com.example.logger")))
        let reader = HKHealthStore(dataStore: store, client: Self.trends)
        let denied = HKHealthStore(
            dataStore: store, client: HKSource(Source(name: "Denied", bundleIdentifier: "com.example.denied")))
        try await logger.requestAuthorization(toShare: [type], read: [])
        try await reader.requestAuthorization(toShare: [], read: [type])
        try await denied.requestAuthorization(toShare: [], read: [type])
        let readerFired = DeliveryLog<Int>()
        let deniedFired = DeliveryLog<Int>()
        reader.execute(
            HKObserverQuery(sampleType: type, predicate: nil) { _, done, _ in
                readerFired.append(1)
                done()
            })
        denied.execute(
            HKObserverQuery(sampleType: type, predicate: nil) { _, done, _ in
                deniedFired.append(1)
                done()
            })
        try await Task.sleep(nanoseconds: 300_000_000)
        let initialReader = readerFired.all.count
        try await logger.save(
            HKStateOfMind(
                date: Self.morning, kind: .momentaryEmotion, valence: 0.2, labels: [.hopeful], associations: []))
        #expect(try await readerFired.wait(forCount: initialReader + 1).count == initialReader + 1)
        // Sequenced after the reader's notification: the denied app's observer had the same commit to see.
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(deniedFired.all.count <= initialReader)
    }

    @Test("A GAD-7 with six answers and a valence of 1.5 fail to save, naming the field")
    func invalidValuesFailAtSave() async throws {
        let app = HKHealthStore(dataStore: HealthDataStore(), client: Self.trends)
        let types: Set<HKSampleType> = [HKObjectType.stateOfMindType(), HKScoredAssessmentType(.GAD7)]
        try await app.requestAuthorization(toShare: types, read: [])
        do {
            try await app.save(HKGAD7Assessment(date: Self.morning, answers: Array(repeating: .notAtAll, count: 6)))
            Issue.record("six answers were saved")
        } catch let error as HKError {
            #expect(error.code == .errorInvalidArgument)
            #expect("\(error)".contains("scoredAssessment.answers"))
        }
        do {
            try await app.save(
                HKStateOfMind(date: Self.morning, kind: .dailyMood, valence: 1.5, labels: [], associations: []))
            Issue.record("a valence of 1.5 was saved")
        } catch let error as HKError {
            #expect("\(error)".contains("stateOfMind.valence"))
        }
    }

    @Test("An audiogram keeps both ears' sensitivities at each frequency", arguments: StorageBackend.allCases)
    func audiogram(_ backend: StorageBackend) async throws {
        let app = HKHealthStore(dataStore: backend.makeStore(), client: Self.trends)
        let type = HKObjectType.audiogramSampleType()
        try await app.requestAuthorization(toShare: [type], read: [type])
        let dBHL = HKUnit(from: "dBHL")
        let points = try [(250.0, 5.0, 8.0), (1000, 5, 0), (4000, 15, 10), (8000, 20, 15)].map { hertz, left, right in
            try HKAudiogramSensitivityPoint.sensitivityPoint(
                withFrequency: HKQuantity(unit: HKUnit(from: "Hz"), doubleValue: hertz),
                leftEarSensitivity: HKQuantity(unit: dBHL, doubleValue: left),
                rightEarSensitivity: HKQuantity(unit: dBHL, doubleValue: right))
        }
        let masked = try HKAudiogramSensitivityPoint(
            frequency: HKQuantity(unit: HKUnit(from: "Hz"), doubleValue: 2000),
            tests: [
                HKAudiogramSensitivityTest(
                    sensitivity: HKQuantity(unit: dBHL, doubleValue: 35), type: .air, masked: true, side: .left,
                    clampingRange: try HKAudiogramSensitivityPointClampingRange(lowerBound: nil, upperBound: 90))
            ])
        let sample = HKAudiogramSample(
            sensitivityPoints: points + [masked], start: Self.morning, end: Self.morning.addingTimeInterval(600),
            device: nil, metadata: nil)
        try await app.save(sample)
        let read = try #require(
            try await HKSampleQueryDescriptor(predicates: [.audiogram()], sortDescriptors: []).result(for: app).first)
        #expect(
            read.sensitivityPoints.map { $0.frequency.doubleValue(for: HKUnit(from: "Hz")) } == [
                250, 1000, 4000, 8000, 2000,
            ])
        #expect(read.sensitivityPoints[2].leftEarSensitivity?.doubleValue(for: dBHL) == 15)
        #expect(read.sensitivityPoints[2].rightEarSensitivity?.doubleValue(for: dBHL) == 10)
        let test = try #require(read.sensitivityPoints[4].tests.first)
        #expect(test.masked)
        #expect(test.side == .left)
        #expect(test.clampingRange?.upperBound?.doubleValue(for: dBHL) == 90)
        #expect(read.sensitivityPoints[4].rightEarSensitivity == nil)
    }
}

/// One second of a lead-I trace at 512 Hz in microvolts: a flat baseline with one QRS spike.
enum PayloadVoltages {
    static let oneBeat: [Double] = (0..<512).map { index in
        let t = Double(index) / 512
        if (0.20..<0.24).contains(t) { return (1180 * sin((t - 0.20) / 0.04 * .pi) * 1000).rounded() / 1000 }
        return (48.673 * sin(t * 2 * .pi) * 1000).rounded() / 1000
    }
}
