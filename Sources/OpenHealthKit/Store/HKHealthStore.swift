import Dispatch
import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

/// The entry point of HealthKit code: saves, deletes and runs queries against a store.
///
/// `HKHealthStore()` uses one store per process, as every `HKHealthStore` of an app shares HealthKit's database;
/// `HKHealthStore(dataStore:)` uses a store of your own (tests give each case its own).
public final class HKHealthStore: NSObject, @unchecked Sendable {
    /// The store queries run against, as the client sees it.
    public let dataStore: HealthDataStore

    /// The store that `HKHealthStore()` uses: in memory, shared by the process.
    public static let sharedDataStore = HealthDataStore()

    /// Queues the results handlers run on, as HealthKit runs them on an anonymous background queue.
    let callbackQueue = DispatchQueue(label: "org.openhealthkit.queries", attributes: .concurrent)

    /// Set by the testing product; nil in apps.
    private let interceptorBox = Mutex<(any QueryInterceptor)?>(nil)

    /// The clock background delivery measures its frequencies with.
    public let clock: @Sendable () -> Date

    /// When this app's observer queries are told about new data.
    let backgroundDelivery: BackgroundDeliveryRouter

    /// A health store on the process's shared store, on the system clock.
    public override convenience init() {
        self.init(dataStore: HKHealthStore.sharedDataStore)
    }

    /// A health store on a store of your own; `clock` (the system clock by default, as on a device) times background
    /// delivery, so tests can move time on. `client` is the app this health store acts for: by default
    /// `HKSource.default()`, which has full access unless `dataStore.access.restrict(_:)` was called for it; any other
    /// client follows the decisions of its authorization requests (SEMANTICS §8).
    public init(dataStore: HealthDataStore, clock: @escaping @Sendable () -> Date = { Date() }, client: HKSource? = nil)
    {
        let source = client ?? HKSource.default()
        if client == nil { dataStore.access.adoptDefaultClient(source.bundleIdentifier) }
        self.client = source
        self.dataStore = dataStore.client(source.bundleIdentifier)
        self.clock = clock
        self.backgroundDelivery = BackgroundDeliveryRouter(
            dataStore: self.dataStore, bundleIdentifier: source.bundleIdentifier, clock: clock)
        super.init()
    }

    /// The app this health store acts for: whose permissions apply and whose source saves are stamped with.
    public let client: HKSource

    /// Whether health data is available here (always, unless a later configuration says otherwise).
    public class func isHealthDataAvailable() -> Bool { true }

    /// The earliest start date a sample may have to be saved. HealthKit's depends on the device; this store takes any
    /// finite date, so it answers `Date.distantPast`.
    public func earliestPermittedSampleDate() -> Date { .distantPast }

    /// Whether this store can hold clinical records (`HKClinicalRecord`): not yet, so false, as on a device without
    /// Health Records.
    public func supportsHealthRecords() -> Bool { false }

    /// The source revision that saves from this process are stamped with.
    var clientRevision: SourceRevision { SourceRevision(source: client.source, version: "1") }

    // MARK: Saving

    /// Saves objects as one all-or-nothing batch.
    public func save(_ objects: [HKObject]) async throws {
        try await onStoreExecutor { try self.saveNow(objects) }
    }

    /// Saves one object.
    public func save(_ object: HKObject) async throws {
        try await onStoreExecutor { try self.saveNow([object]) }
    }

    /// Saves objects as one batch and reports on a background queue.
    public func save(_ objects: [HKObject], withCompletion completion: @escaping (Bool, (any Error)?) -> Void) {
        reportInBackground(to: completion) { try self.saveNow(objects) }
    }

    /// Saves one object and reports on a background queue.
    public func save(_ object: HKObject, withCompletion completion: @escaping (Bool, (any Error)?) -> Void) {
        save([object], withCompletion: completion)
    }

    func saveNow(_ objects: [HKObject]) throws {
        guard !objects.isEmpty else { throw HKError(.errorInvalidArgument, "save: no objects given") }
        do {
            let samples = try objects.map { object throws -> Sample in try object.modelSample() }
            try dataStore.save(samples, as: clientRevision)
        } catch {
            throw HKError.from(error)
        }
    }

    // MARK: Deleting

    /// Deletes objects as one all-or-nothing batch.
    public func delete(_ objects: [HKObject]) async throws {
        try await onStoreExecutor { try self.deleteNow(objects) }
    }

    /// Deletes one object.
    public func delete(_ object: HKObject) async throws {
        try await onStoreExecutor { try self.deleteNow([object]) }
    }

    /// Deletes objects and reports on a background queue.
    public func delete(_ objects: [HKObject], withCompletion completion: @escaping (Bool, (any Error)?) -> Void) {
        reportInBackground(to: completion) { try self.deleteNow(objects) }
    }

    /// Deletes one object and reports on a background queue.
    public func delete(_ object: HKObject, withCompletion completion: @escaping (Bool, (any Error)?) -> Void) {
        delete([object], withCompletion: completion)
    }

    func deleteNow(_ objects: [HKObject]) throws {
        guard !objects.isEmpty else { throw HKError(.errorInvalidArgument, "delete: no objects given") }
        do {
            try dataStore.delete(objects.map(\.uuid))
        } catch {
            throw HKError.from(error)
        }
    }

    /// Deletes every object of a type that matches the predicate; returns how many were deleted.
    public func deleteObjects(of objectType: HKObjectType, predicate: NSPredicate) async throws -> Int {
        try await onStoreExecutor { try self.deleteObjectsNow(of: objectType, predicate: predicate) }
    }

    /// Deletes every object of a type that matches the predicate and reports the count on a background queue.
    public func deleteObjects(
        of objectType: HKObjectType, predicate: NSPredicate,
        withCompletion completion: @escaping (Bool, Int, (any Error)?) -> Void
    ) {
        let handler = UncheckedSendable(completion)
        let predicateBox = UncheckedSendable(predicate)
        callbackQueue.async {
            do {
                let count = try self.deleteObjectsNow(of: objectType, predicate: predicateBox.value)
                handler.value(true, count, nil)
            } catch {
                handler.value(false, 0, error)
            }
        }
    }

    func deleteObjectsNow(of objectType: HKObjectType, predicate: NSPredicate) throws -> Int {
        guard let sampleType = objectType as? HKSampleType else {
            throw HKError(.errorInvalidArgument, "deleteObjects: \(objectType.identifier) is not a sample type")
        }
        do {
            let model = try PredicateBridge.samplePredicate(predicate)
            return try dataStore.delete(type: sampleType.sampleType, matching: model).deleted.count
        } catch {
            throw HKError.from(error)
        }
    }

    // MARK: Workouts

    /// Associates saved samples with a saved workout.
    public func add(_ samples: [HKSample], to workout: HKWorkout, completion: @escaping (Bool, (any Error)?) -> Void) {
        reportInBackground(to: completion) {
            try self.dataStore.associate(samples.map(\.uuid), withWorkout: workout.uuid)
        }
    }

    /// Runs blocking store work (SQLite reads and writes wait on the disk) on the store's executor (`StoreExecutor`)
    /// instead of Swift's cooperative thread pool, and hands its result back to the awaiting task.
    func onStoreExecutor<T>(_ work: @escaping () throws -> T) async throws -> T {
        let job = UncheckedSendable(work)
        return try await dataStore.executor.run { UncheckedSendable(try job.value()) }.value
    }

    /// Runs `work` on the callback queue and reports success or the error, in HealthKit's terms, to `completion`.

    func reportInBackground(
        to completion: @escaping (Bool, (any Error)?) -> Void, _ work: @escaping @Sendable () throws -> Void
    ) {
        let handler = UncheckedSendable(completion)
        callbackQueue.async {
            do {
                try work()
                handler.value(true, nil)
            } catch {
                handler.value(false, HKError.from(error))
            }
        }
    }

    // MARK: Background delivery

    /// Lets the app's observer queries for the type be told about new data at most at this frequency (step count at
    /// most hourly); enabling again also resumes delivery stopped by missed completion handlers.
    public func enableBackgroundDelivery(
        for type: HKObjectType, frequency: HKUpdateFrequency,
        withCompletion completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        reportInBackground(to: completion) { try self.enableBackgroundDeliveryNow(for: type, frequency: frequency) }
    }

    /// Lets the app's observer queries for the type be told about new data at most at this frequency.
    public func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) async throws {
        try await onStoreExecutor { try self.enableBackgroundDeliveryNow(for: type, frequency: frequency) }
    }

    /// Stops background delivery for the type.
    public func disableBackgroundDelivery(
        for type: HKObjectType, withCompletion completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        reportInBackground(to: completion) { try self.backgroundDelivery.disable([try Self.sampleType(type)]) }
    }

    /// Stops background delivery for the type.
    public func disableBackgroundDelivery(for type: HKObjectType) async throws {
        try await onStoreExecutor { try self.backgroundDelivery.disable([try Self.sampleType(type)]) }
    }

    /// Stops background delivery for every type.
    public func disableAllBackgroundDelivery(completion: @escaping (Bool, (any Error)?) -> Void) {
        reportInBackground(to: completion) { try self.backgroundDelivery.disable(nil) }
    }

    /// Stops background delivery for every type.
    public func disableAllBackgroundDelivery() async throws {
        try await onStoreExecutor { try self.backgroundDelivery.disable(nil) }
    }

    /// Sends the background notifications held back by a frequency whose period has passed on the store's clock.
    /// (OpenHealthKit addition: on a device the system does this; tests and servers that move the clock call it.)
    public func deliverDueBackgroundUpdates() {
        backgroundDelivery.deliverDue()
    }

    private func enableBackgroundDeliveryNow(for type: HKObjectType, frequency: HKUpdateFrequency) throws {
        try backgroundDelivery.enable(try Self.sampleType(type), frequency: frequency.model)
    }

    private static func sampleType(_ type: HKObjectType) throws -> SampleType {
        guard let sampleType = type as? HKSampleType else {
            throw HKError(.errorInvalidArgument, "background delivery needs a sample type (got \(type.identifier))")
        }
        return sampleType.sampleType
    }

    // MARK: Queries

    /// Runs a query on a background queue; its handler receives the results there.
    public func execute(_ query: HKQuery) {
        callbackQueue.async {
            guard self.admit(query) else { return }
            query.run(in: self)
        }
    }

    /// The testing product's view of the queries this health store runs (OpenHealthKit addition).
    @_spi(Testing) public var queryInterceptor: (any QueryInterceptor)? {
        get { interceptorBox.withLock { $0 } }
        set { interceptorBox.withLock { $0 = newValue } }
    }

    /// Stops a long-running query.
    public func stop(_ query: HKQuery) {
        query.stopRunning()
    }
}

/// How often an app may be woken for new data of a type, as in HealthKit.
public enum HKUpdateFrequency: Int, Sendable, Hashable {
    /// After every change.
    case immediate = 1
    /// At most once an hour.
    case hourly = 2
    /// At most once a day.
    case daily = 3
    /// At most once a week.
    case weekly = 4

    var model: UpdateFrequency { UpdateFrequency(rawValue: rawValue) ?? .immediate }
}

/// Carries a value HealthKit's API declares without `Sendable` (handlers, predicates) onto the callback queue.
/// Safe because the value is only used there, once, as HealthKit itself does.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
