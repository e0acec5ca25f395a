import Foundation
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Synchronization
import Testing

/// A health store test double as apps write them: records what the app runs and asks, answers the share status
/// itself, and passes the rest on to the real store.
final class RecordingHealthStore: HKHealthStore, @unchecked Sendable {
    private let log = Mutex<[String]>([])
    var calls: [String] { log.withLock { $0 } }

    override func execute(_ query: HKQuery) {
        log.withLock { $0.append("execute \(type(of: query))") }
        super.execute(query)
    }

    override func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    )
        async throws
    {
        log.withLock { $0.append("requestAuthorization \(typesToShare.count)/\(typesToRead.count)") }
        try await super.requestAuthorization(toShare: typesToShare, read: typesToRead)
    }

    override func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus { .sharingAuthorized }

    override func save(_ object: HKObject) async throws {
        log.withLock { $0.append("save") }
        try await super.save(object)
    }

    override class func isHealthDataAvailable() -> Bool { false }
}

/// An anchored query subclass that keeps its own `anchor` and `limit`, names HealthKit's class does not have. HealthKit's
/// initializers are `required` (so that doubles can be built through a metatype): a subclass with stored properties of
/// its own implements them.
final class PagingAnchoredQuery: HKAnchoredObjectQuery, @unchecked Sendable {
    let anchor: String
    let limit: String

    init(type: HKSampleType, page: String, handler: @escaping Handler) {
        anchor = "page \(page)"
        limit = "unlimited"
        super.init(type: type, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit, resultsHandler: handler)
    }

    required init(
        type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler: @escaping Handler
    ) {
        self.anchor = "page 1"
        self.limit = "\(limit)"
        super.init(type: type, predicate: predicate, anchor: anchor, limit: limit, resultsHandler: handler)
    }

    required init(
        queryDescriptors: [HKQueryDescriptor], anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler: @escaping Handler
    ) {
        self.anchor = "page 1"
        self.limit = "\(limit)"
        super.init(queryDescriptors: queryDescriptors, anchor: anchor, limit: limit, resultsHandler: handler)
    }
}

/// An observer query subclass with its own `queryDescriptors`.
final class LabelledObserverQuery: HKObserverQuery, @unchecked Sendable {
    let queryDescriptors: [String]

    init(type: HKSampleType, label: String, updateHandler: @escaping UpdateHandler) {
        queryDescriptors = [label]
        super.init(sampleType: type, predicate: nil, updateHandler: updateHandler)
    }

    required init(sampleType: HKSampleType, predicate: NSPredicate?, updateHandler: @escaping UpdateHandler) {
        queryDescriptors = []
        super.init(sampleType: sampleType, predicate: predicate, updateHandler: updateHandler)
    }

    required init(queryDescriptors: [HKQueryDescriptor], updateHandler: @escaping DescriptorsUpdateHandler) {
        self.queryDescriptors = queryDescriptors.map(\.sampleType.identifier)
        super.init(queryDescriptors: queryDescriptors, updateHandler: updateHandler)
    }
}

/// A sample query subclass that overrides HealthKit's `limit` property and keeps its own `queryDescriptors`.
final class FirstSampleQuery: HKSampleQuery, @unchecked Sendable {
    let queryDescriptors = "first only"
    override var limit: Int { 1 }
}

/// A quantity sample subclass built with HealthKit's designated initializer.
final class AnnotatedStepSample: HKQuantitySample, @unchecked Sendable {
    let note: String

    init(steps: Double, start: Date, note: String) {
        self.note = note
        super.init(
            type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: steps), start: start,
            end: start.addingTimeInterval(600), device: nil, metadata: nil)
    }

    /// An archived double reads back without its note, through HealthKit's designated `init?(coder:)`.
    required init?(coder: NSCoder) {
        note = ""
        super.init(coder: coder)
    }

    override var description: String { "\(note): \(super.description)" }
}

@Suite("Apps subclass HealthKit's classes for test doubles")
struct TestDoubleSubclassTests {
    /// 2024-03-10 08:00 in Los Angeles (the spring-forward day), 16:00 UTC.
    let morning = Date(timeIntervalSince1970: 1_710_086_400)
    let steps = HKQuantityType(.stepCount)

    @Test(
        "A health store subclass overrides execute, requestAuthorization, authorizationStatus, save and isHealthDataAvailable and still runs queries",
        arguments: StorageBackend.allCases)
    func healthStoreSubclassRunsQueries(_ backend: StorageBackend) async throws {
        let healthStore = RecordingHealthStore(dataStore: backend.makeStore())
        #expect(RecordingHealthStore.isHealthDataAvailable() == false)
        #expect(HKHealthStore.isHealthDataAvailable())
        try await healthStore.requestAuthorization(toShare: [steps], read: [steps])
        #expect(healthStore.authorizationStatus(for: HKQuantityType(.heartRate)) == .sharingAuthorized)
        let sample = AnnotatedStepSample(steps: 1_234, start: morning, note: "walk to work")
        #expect(sample.description.hasPrefix("walk to work: "))
        try await healthStore.save(sample as HKObject)
        try await healthStore.save(
            AnnotatedStepSample(steps: 566, start: morning.addingTimeInterval(3_600), note: "back"))

        let found = DeliveryLog<[Double]>()
        healthStore.execute(
            FirstSampleQuery(
                sampleType: steps, predicate: nil, limit: HKObjectQueryNoLimit,
                sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]
            ) { _, samples, error in
                #expect(error == nil)
                found.append((samples as? [HKQuantitySample] ?? []).map { $0.quantity.doubleValue(for: .count()) })
            })
        #expect(try await found.wait(forCount: 1).first == [566], "the overridden limit applies, newest first")
        #expect(
            healthStore.calls == ["requestAuthorization 1/1", "save", "save", "execute FirstSampleQuery"])
    }

    @Test(
        "Anchored and observer query subclasses declare their own anchor, limit and queryDescriptors and run through the store",
        arguments: StorageBackend.allCases)
    func querySubclassesRun(_ backend: StorageBackend) async throws {
        let healthStore = RecordingHealthStore(dataStore: backend.makeStore())
        try await healthStore.save(AnnotatedStepSample(steps: 800, start: morning, note: "one") as HKObject)

        let pages = DeliveryLog<(String, [Double], Bool)>()
        let anchored = PagingAnchoredQuery(type: steps, page: "1") { query, samples, deleted, anchor, error in
            #expect(error == nil)
            let page = (query as? PagingAnchoredQuery)?.anchor ?? "?"
            let values = (samples as? [HKQuantitySample] ?? []).map { $0.quantity.doubleValue(for: .count()) }
            pages.append((page, values, deleted?.isEmpty == true && anchor != nil))
        }
        #expect(anchored.anchor == "page 1" && anchored.limit == "unlimited")
        healthStore.execute(anchored)
        let first = try #require(try await pages.wait(forCount: 1).first)
        #expect(first.0 == "page 1" && first.1 == [800] && first.2)

        let observed = DeliveryLog<String>()
        let observer = LabelledObserverQuery(type: steps, label: "steps") { query, completion, error in
            #expect(error == nil)
            observed.append((query as? LabelledObserverQuery)?.queryDescriptors.first ?? "?")
            completion()
        }
        healthStore.execute(observer)
        try await Task.sleep(nanoseconds: 250_000_000)
        try await healthStore.save(AnnotatedStepSample(steps: 200, start: morning.addingTimeInterval(600), note: "two"))
        #expect(try await observed.wait(forCount: 1) == ["steps"])
        healthStore.stop(observer)
        #expect(
            healthStore.calls == [
                "save", "execute PagingAnchoredQuery", "execute LabelledObserverQuery", "save",
            ])
    }

    @Test("Designated initializers apps call from subclasses: HKHealthStore() and the quantity sample subclasses'")
    func subclassInitializers() {
        final class PreviewStore: HKHealthStore, @unchecked Sendable {
            let label: String
            init(label: String) {
                self.label = label
                super.init()
            }
        }
        #expect(PreviewStore(label: "preview").label == "preview")
        let heartRate = HKQuantityType(.heartRate)
        let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
        let discrete = HKDiscreteQuantitySample(
            type: heartRate, quantity: HKQuantity(unit: beatsPerMinute, doubleValue: 62), start: morning,
            end: morning, device: nil, metadata: nil)
        #expect(discrete.averageQuantity.doubleValue(for: beatsPerMinute) == 62)
        #expect(discrete.maximumQuantity.doubleValue(for: beatsPerMinute) == 62)
        #expect(discrete.mostRecentQuantityDateInterval == DateInterval(start: morning, end: morning))
        let cumulative = HKCumulativeQuantitySample(
            type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 1_234), start: morning,
            end: morning.addingTimeInterval(600), device: nil, metadata: nil)
        #expect(cumulative.sumQuantity.doubleValue(for: .count()) == 1_234)
        let device = HKDevice(
            name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
            firmwareVersion: nil, softwareVersion: "10.4", localIdentifier: nil, udiDeviceIdentifier: nil)
        #expect(device.hardwareVersion == "Watch6,1")
    }
}
