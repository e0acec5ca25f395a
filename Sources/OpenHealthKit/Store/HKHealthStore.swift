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
open class HKHealthStore: NSObject, @unchecked Sendable {
    /// The store queries run against, as the client sees it.
    package let dataStore: HealthDataStore

    /// The store that `HKHealthStore()` uses: in memory, shared by the process.
    package static let sharedDataStore = HealthDataStore()

    /// The queue results and completion handlers are delivered on, as HealthKit runs them on an anonymous background
    /// queue. The store work of one-shot queries and completion-handler forms runs on the store's executor
    /// (`inBackground`), that of long-running queries in a `StoreLane` on it; their handlers come here.
    let callbackQueue = DispatchQueue(label: "org.openhealthkit.queries", attributes: .concurrent)

    /// Set by the testing product; nil in apps.
    private let interceptorBox = Mutex<(any QueryInterceptor)?>(nil)

    /// What `workoutSessionMirroringStartHandler` holds (HealthKit declares the handler without `Sendable`; it is
    /// only stored and handed back).
    private let mirroringStartHandler = Mutex<UncheckedSendable<(HKWorkoutSession) -> Void>?>(nil)

    /// The clock background delivery measures its frequencies with.
    package let clock: @Sendable () -> Date

    /// When this app's observer queries are told about new data.
    let backgroundDelivery: BackgroundDeliveryRouter

    /// A health store on the process's shared store, on the system clock. Designated, as HealthKit's, so that a
    /// subclass's initializer can call `super.init()`.
    public override init() {
        (client, dataStore, clock, backgroundDelivery) = Self.parts(
            dataStore: HKHealthStore.sharedDataStore, clock: { Date() }, client: nil)
        super.init()
    }

    /// A health store on a store of your own; `clock` (the system clock by default, as on a device) times background
    /// delivery, so tests can move time on. `client` is the app this health store acts for: by default
    /// `HKSource.default()`, which has full access unless `dataStore.access.restrict(_:)` was called for it; any other
    /// client follows the decisions of its authorization requests (SEMANTICS §8).
    public init(dataStore: HealthDataStore, clock: @escaping @Sendable () -> Date = { Date() }, client: HKSource? = nil)
    {
        (self.client, self.dataStore, self.clock, backgroundDelivery) = Self.parts(
            dataStore: dataStore, clock: clock, client: client)
        super.init()
        observeUnitPreferences()
    }

    /// What both initializers set: the client, its view of the store, the clock and background delivery.
    private static func parts(
        dataStore: HealthDataStore, clock: @escaping @Sendable () -> Date, client: HKSource?
    ) -> (HKSource, HealthDataStore, @Sendable () -> Date, BackgroundDeliveryRouter) {
        let source = client ?? HKSource.default()
        if client == nil { dataStore.access.adoptDefaultClient(source.bundleIdentifier) }
        let view = dataStore.client(source.bundleIdentifier)
        let delivery = BackgroundDeliveryRouter(
            dataStore: view, bundleIdentifier: source.bundleIdentifier, clock: clock)
        return (source, view, clock, delivery)
    }

    /// The app this health store acts for: whose permissions apply and whose source saves are stamped with.
    package let client: HKSource

    /// Whether health data is available here (always, unless a later configuration says otherwise).
    open class func isHealthDataAvailable() -> Bool { true }

    /// The earliest start date a sample may have to be saved. HealthKit's depends on the device; this store takes any
    /// finite date, so it answers `Date.distantPast`.
    open func earliestPermittedSampleDate() -> Date { .distantPast }

    /// Whether this store can hold clinical records (`HKClinicalRecord`): it can (they come from an export's clinical
    /// records, or a test bench's), so true.
    open func supportsHealthRecords() -> Bool { true }

    /// The person's zones for heart rate or cycling power (iOS 27): the ones they set (`.user`), else the ones derived
    /// from their data (`.system`), else nil. Throws `errorInvalidArgument` for another type and
    /// `errorAuthorizationNotDetermined` when the app never asked to share or read the type.
    open func preferredWorkoutZoneConfiguration(
        for quantityType: HKQuantityType
    ) async throws -> HKWorkoutZoneConfiguration? {
        try await onStoreExecutor { try self.preferredWorkoutZoneConfigurationNow(for: quantityType) }
    }

    /// The source revision that saves from this process are stamped with.
    var clientRevision: SourceRevision { SourceRevision(source: client.source, version: "1") }

    // MARK: Authorization (the rules: HKHealthStore+Authorization.swift)

    /// Asks the person (the store's authorization policy) for permission to share and read types; succeeds whatever
    /// was decided, as HealthKit never reveals read decisions. Correlation types cannot be requested directly (ask for
    /// their contained types), and read-only types cannot be shared: both fail with `errorInvalidArgument`.
    open func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    ) async throws {
        try await onStoreExecutor { try self.requestAuthorizationNow(toShare: typesToShare, read: typesToRead) }
    }

    /// Completion-handler form of `requestAuthorization(toShare:read:)`; the handler runs on a background queue.
    open func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        requestAuthorizationInBackground(toShare: typesToShare ?? [], read: typesToRead ?? [], completion: completion)
    }

    /// Whether the app may share (save) the type. Says nothing about reading.
    open func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus { shareStatus(for: type) }

    /// The earliest date from which the person lets the app read samples of each type, for the types the person
    /// shared only a recent window of (HealthKit in iOS 27); types read in full, denied or never asked for are left
    /// out alike. Fails with `errorHealthDataUnavailable` when the store is unavailable.
    open func getEarliestAuthorizedSampleDate(
        for types: Set<HKObjectType>, completion: @escaping @Sendable ([HKObjectType: Date]?, (any Error)?) -> Void
    ) {
        inBackground(
            { try self.earliestAuthorizedSampleDates(for: types) },
            deliver: { outcome in
                switch outcome {
                case let .success(dates): completion(dates, nil)
                case let .failure(error): completion(nil, HKError.from(error))
                }
            })
    }

    /// The earliest date from which the person lets the app read samples of each type with a limited window (see
    /// `getEarliestAuthorizedSampleDate(for:completion:)`).
    open func earliestAuthorizedSampleDate(for types: Set<HKObjectType>) async throws -> [HKObjectType: Date] {
        try earliestAuthorizedSampleDates(for: types)
    }

    private func earliestAuthorizedSampleDates(for types: Set<HKObjectType>) throws -> [HKObjectType: Date] {
        // The client's view decides which types are limited, and from when.
        let starts: [String: Date]
        do {
            starts = try dataStore.readWindowStarts(of: Set(types.map(\.identifier)))
        } catch {
            throw HKError.from(error)
        }
        var dates: [HKObjectType: Date] = [:]
        for type in types {
            if let start = starts[type.identifier] { dates[type] = start }
        }
        return dates
    }

    /// Whether requesting these types would ask the person anything.
    open func getRequestStatusForAuthorization(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>,
        completion: @escaping @Sendable (HKAuthorizationRequestStatus, (any Error)?) -> Void
    ) {
        let status = requestStatus(toShare: typesToShare, read: typesToRead)
        let handler = UncheckedSendable(completion)
        callbackQueue.async { handler.value(status, nil) }
    }

    /// Whether requesting these types would ask the person anything.
    open func statusForAuthorizationRequest(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    ) async throws -> HKAuthorizationRequestStatus {
        requestStatus(toShare: typesToShare, read: typesToRead)
    }

    // MARK: Characteristics (how they are read: HKHealthStore+Characteristics.swift)

    /// The person's biological sex.
    open func biologicalSex() throws -> HKBiologicalSexObject {
        HKBiologicalSexObject(HKBiologicalSex(stored: try characteristic(.biologicalSex)))
    }

    /// The person's blood type.
    open func bloodType() throws -> HKBloodTypeObject {
        HKBloodTypeObject(HKBloodType(stored: try characteristic(.bloodType)))
    }

    /// The person's skin type on the Fitzpatrick scale.
    open func fitzpatrickSkinType() throws -> HKFitzpatrickSkinTypeObject {
        HKFitzpatrickSkinTypeObject(HKFitzpatrickSkinType(stored: try characteristic(.fitzpatrickSkinType)))
    }

    /// Whether the person uses a wheelchair.
    open func wheelchairUse() throws -> HKWheelchairUseObject {
        HKWheelchairUseObject(HKWheelchairUse(stored: try characteristic(.wheelchairUse)))
    }

    /// How the person's Move ring is measured (active energy unless they chose move time).
    open func activityMoveMode() throws -> HKActivityMoveModeObject {
        HKActivityMoveModeObject(HKActivityMoveMode(stored: try characteristic(.activityMoveMode)))
    }

    /// The person's date of birth as Gregorian year, month and day; throws `errorNoData` when it is not set or the
    /// app may not read it.
    open func dateOfBirthComponents() throws -> DateComponents {
        let text = try characteristic(.dateOfBirth)
        guard let text, let components = Self.dateOfBirthComponents(text) else {
            throw HKError(.errorNoData, "the date of birth is not set")
        }
        return components
    }

    /// The person's date of birth as the start of that day in the current time zone; throws as
    /// `dateOfBirthComponents()` does.
    @available(*, deprecated, message: "Use dateOfBirthComponents()")
    open func dateOfBirth() throws -> Date {
        var components = try dateOfBirthComponents()
        components.timeZone = TimeZone.current
        guard let date = components.calendar?.date(from: components) else {
            throw HKError(.errorNoData, "the date of birth is not set")
        }
        return date
    }

    // MARK: Saving

    /// Saves objects as one all-or-nothing batch.
    open func save(_ objects: [HKObject]) async throws {
        try await onStoreExecutor { try self.saveNow(objects) }
    }

    /// Saves one object.
    open func save(_ object: HKObject) async throws {
        try await onStoreExecutor { try self.saveNow([object]) }
    }

    /// Saves objects as one batch and reports on a background queue.
    open func save(_ objects: [HKObject], withCompletion completion: @escaping (Bool, (any Error)?) -> Void) {
        reportInBackground(to: completion) { try self.saveNow(objects) }
    }

    /// Saves one object and reports on a background queue.
    open func save(_ object: HKObject, withCompletion completion: @escaping (Bool, (any Error)?) -> Void) {
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
    open func delete(_ objects: [HKObject]) async throws {
        try await onStoreExecutor { try self.deleteNow(objects) }
    }

    /// Deletes one object.
    open func delete(_ object: HKObject) async throws {
        try await onStoreExecutor { try self.deleteNow([object]) }
    }

    /// Deletes objects and reports on a background queue.
    open func delete(_ objects: [HKObject], withCompletion completion: @escaping (Bool, (any Error)?) -> Void) {
        reportInBackground(to: completion) { try self.deleteNow(objects) }
    }

    /// Deletes one object and reports on a background queue.
    open func delete(_ object: HKObject, withCompletion completion: @escaping (Bool, (any Error)?) -> Void) {
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
    open func deleteObjects(of objectType: HKObjectType, predicate: NSPredicate) async throws -> Int {
        try await onStoreExecutor { try self.deleteObjectsNow(of: objectType, predicate: predicate) }
    }

    /// Deletes every object of a type that matches the predicate and reports the count on a background queue.
    open func deleteObjects(
        of objectType: HKObjectType, predicate: NSPredicate,
        withCompletion completion: @escaping (Bool, Int, (any Error)?) -> Void
    ) {
        inBackground(
            { try self.deleteObjectsNow(of: objectType, predicate: predicate) },
            deliver: { outcome in
                switch outcome {
                case let .success(count): completion(true, count, nil)
                case let .failure(error): completion(false, 0, error)
                }
            })
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
    open func add(_ samples: [HKSample], to workout: HKWorkout, completion: @escaping (Bool, (any Error)?) -> Void) {
        reportInBackground(to: completion) {
            try self.addSamplesNow(samples, to: workout)
        }
    }

    /// Associates saved samples with a saved workout (`predicateForObjects(from:)` then finds them); the app must
    /// have saved the workout.
    open func addSamples(_ samples: [HKSample], to workout: HKWorkout) async throws {
        try await onStoreExecutor { try self.addSamplesNow(samples, to: workout) }
    }

    /// Relates a saved effort score sample (`workoutEffortScore` or `estimatedWorkoutEffortScore`) to a saved
    /// workout, or to one of its activities; reports on a background queue. Fails with `errorInvalidArgument` when
    /// the sample is of another type or the workout, sample or activity is unknown, and with the authorization errors
    /// when the app may not share the sample's type. Relating it again succeeds and changes nothing.
    open func relateWorkoutEffortSample(
        _ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?,
        completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        // A plain closure, as HealthKit declares it: `reportInBackground` boxes it (`UncheckedSendable`) for the
        // callback queue, where it runs once.
        reportInBackground(to: completion) { [ids = EffortRelation(sample, workout, activity)] in
            try self.relateWorkoutEffortNow(ids)
        }
    }

    /// Relates a saved effort score sample to a saved workout or one of its activities (see the completion-handler
    /// form); returns true, and throws what the completion-handler form reports.
    open func relateWorkoutEffortSample(
        _ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?
    ) async throws -> Bool {
        let ids = EffortRelation(sample, workout, activity)
        try await onStoreExecutor { try self.relateWorkoutEffortNow(ids) }
        return true
    }

    /// Removes the relation of an effort score sample to a workout (to the activity when given); reports on a
    /// background queue. Fails with `errorInvalidArgument` when the sample is not so related.
    open func unrelateWorkoutEffortSample(
        _ sample: HKSample, from workout: HKWorkout, activity: HKWorkoutActivity?,
        completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        reportInBackground(to: completion) { [ids = EffortRelation(sample, workout, activity)] in
            try self.unrelateWorkoutEffortNow(ids)
        }
    }

    /// Removes the relation of an effort score sample to a workout (see the completion-handler form); returns true,
    /// and throws what the completion-handler form reports.
    open func unrelateWorkoutEffortSample(
        _ sample: HKSample, from workout: HKWorkout, activity: HKWorkoutActivity?
    ) async throws -> Bool {
        let ids = EffortRelation(sample, workout, activity)
        try await onStoreExecutor { try self.unrelateWorkoutEffortNow(ids) }
        return true
    }

    // MARK: Workout sessions on other devices (off-device answers: HKHealthStore+WorkoutSessions.swift)

    /// Called when a companion device starts a mirrored session; kept, never called off-device.
    open var workoutSessionMirroringStartHandler: ((HKWorkoutSession) -> Void)? {
        get { mirroringStartHandler.withLock { $0?.value } }
        set { mirroringStartHandler.withLock { $0 = newValue.map(UncheckedSendable.init) } }
    }

    /// Fails with `errorHealthDataUnavailable`: there is no paired watch to launch an app on.
    open func startWatchApp(
        with workoutConfiguration: HKWorkoutConfiguration, completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        reportInBackground(to: completion) { throw Self.noPairedWatch() }
    }

    /// Throws `errorHealthDataUnavailable`: there is no paired watch to launch an app on.
    open func startWatchApp(toHandle workoutConfiguration: HKWorkoutConfiguration) async throws {
        throw Self.noPairedWatch()
    }

    /// Reports no session: no session was running when the app last stopped.
    open func recoverActiveWorkoutSession(completion: @escaping (HKWorkoutSession?, (any Error)?) -> Void) {
        deliver { completion(nil, nil) }
    }

    /// No session: no session was running when the app last stopped.
    open func recoverActiveWorkoutSession() async throws -> HKWorkoutSession? {
        nil
    }

    /// Starts a session (deprecated in HealthKit in favour of `HKWorkoutSession.startActivity(with:)`).
    @available(*, deprecated, message: "Use HKWorkoutSession.startActivity(with:)")
    open func start(_ workoutSession: HKWorkoutSession) {
        workoutSession.startActivity(with: nil)
    }

    /// Ends a session (deprecated in HealthKit in favour of `HKWorkoutSession.end()`).
    @available(*, deprecated, message: "Use HKWorkoutSession.end()")
    open func end(_ workoutSession: HKWorkoutSession) {
        workoutSession.end()
    }

    /// Pauses a session (deprecated in HealthKit in favour of `HKWorkoutSession.pause()`).
    @available(*, deprecated, message: "Use HKWorkoutSession.pause()")
    open func pause(_ workoutSession: HKWorkoutSession) {
        workoutSession.pause()
    }

    /// Resumes a session (deprecated in HealthKit in favour of `HKWorkoutSession.resume()`).
    @available(*, deprecated, message: "Use HKWorkoutSession.resume()")
    open func resumeWorkoutSession(_ workoutSession: HKWorkoutSession) {
        workoutSession.resume()
    }

    // MARK: Preferred units (how they are looked up: HKHealthStore+PreferredUnits.swift)

    /// Looks up the preferred units of quantity types and reports them on a background queue; the error is
    /// `errorAuthorizationNotDetermined` when the app never asked to share or read one of the types.
    open func preferredUnits(
        for quantityTypes: Set<HKQuantityType>, completion: @escaping ([HKQuantityType: HKUnit], (any Error)?) -> Void
    ) {
        // HealthKit declares the handler without `@Sendable`; `inBackground` carries it to the callback queue in an
        // `UncheckedSendable` box and calls it there once.
        inBackground(
            { try self.preferredUnitsNow(for: quantityTypes) },
            deliver: { outcome in
                switch outcome {
                case let .success(units): completion(units, nil)
                case let .failure(error): completion([:], error)
                }
            })
    }

    /// The preferred units of quantity types; throws `errorAuthorizationNotDetermined` when the app never asked to
    /// share or read one of the types.
    open func preferredUnits(for quantityTypes: Set<HKQuantityType>) async throws -> [HKQuantityType: HKUnit] {
        try await onStoreExecutor { try self.preferredUnitsNow(for: quantityTypes) }
    }

    // MARK: Per-object authorization (the rules: HKHealthStore+PerObjectAuthorization.swift)

    /// Asks the person to choose which objects of a per-object type (vision prescriptions; medications, with
    /// `HKObjectType.userAnnotatedMedicationType()` and a `predicateForUserAnnotatedMedications` predicate) matching
    /// `predicate` the app may read; the store's authorization policy answers for the person. Succeeds whatever was
    /// chosen: an app that was not granted an object sees nothing of it, as if there were no data.
    open func requestPerObjectReadAuthorization(for objectType: HKObjectType, predicate: NSPredicate?) async throws {
        try await requestPerObjectReadAuthorizationOnStoreExecutor(for: objectType, predicate: predicate)
    }

    /// Completion-handler form of `requestPerObjectReadAuthorization(for:predicate:)`; the handler runs on a
    /// background queue.
    open func requestPerObjectReadAuthorization(
        for objectType: HKObjectType, predicate: NSPredicate?,
        completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        requestPerObjectReadAuthorizationInBackground(for: objectType, predicate: predicate, completion: completion)
    }

    // MARK: Device-only calls (off-device answers: HKHealthStore+Unavailable.swift)

    /// Shows the authorization sheet an app extension asked for: there are no app extensions off-device, so it fails
    /// with `errorHealthDataUnavailable`.
    open func handleAuthorizationForExtension(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        fail(completion, Self.noAppExtensions())
    }

    /// Shows the authorization sheet an app extension asked for: there are no app extensions off-device.
    open func handleAuthorizationForExtension() async throws {
        throw Self.noAppExtensions()
    }

    /// Recalibrates the device's estimates of a type from a date; the type must allow it
    /// (`allowsRecalibrationForEstimates`, else `errorInvalidArgument`), and off-device there are no device estimates
    /// (`errorHealthDataUnavailable`).
    open func recalibrateEstimates(
        sampleType: HKSampleType, date: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        do {
            try recalibrateEstimatesNow(sampleType)
        } catch {
            fail(completion, error)
        }
    }

    /// Recalibrates the device's estimates of a type from a date (see the completion-handler form).
    open func recalibrateEstimates(sampleType: HKSampleType, date: Date) async throws {
        try recalibrateEstimatesNow(sampleType)
    }

    /// Splits a total energy into resting and active energy from the person's basal metabolic rate, which exists only
    /// on a device: fails with `errorHealthDataUnavailable`.
    @available(*, deprecated, message: "Save active energy burned instead")
    open func splitTotalEnergy(
        _ totalEnergy: HKQuantity, start startDate: Date, end endDate: Date,
        resultsHandler: @escaping (HKQuantity?, HKQuantity?, (any Error)?) -> Void
    ) {
        let error = HKError(.errorHealthDataUnavailable, "splitting total energy needs the device's resting energy")
        deliver { resultsHandler(nil, nil, error) }
    }

    /// Runs blocking store work (SQLite reads and writes wait on the disk) on the store's executor (`StoreExecutor`)
    /// instead of Swift's cooperative thread pool, and hands its result back to the awaiting task.
    func onStoreExecutor<T>(_ work: @escaping () throws -> T) async throws -> T {
        let job = UncheckedSendable(work)
        return try await dataStore.executor.run { UncheckedSendable(try job.value()) }.value
    }

    /// Runs blocking store work on the store's executor without a task to await it, then hands its outcome to
    /// `deliver` on the callback queue: the way `execute(_:)`'s queries and every completion-handler form reach the
    /// store, so that the callback queue only delivers handlers.
    func inBackground<T>(_ work: @escaping () throws -> T, deliver: @escaping (Result<T, any Error>) -> Void) {
        // Each closure boxed on its own (a tuple holding closures, taken apart on another thread, crashed the Swift 6.3
        // runtime on Linux; see HKAttachmentStore).
        let work = UncheckedSendable(work)
        let deliver = UncheckedSendable(deliver)
        let queue = callbackQueue
        dataStore.executor.execute {
            let outcome = UncheckedSendable(Result { try work.value() })
            queue.async { deliver.value(outcome.value) }
        }
    }

    /// Hands handler calls to the callback queue in one block, so that calls made in order arrive in order.
    func deliver(_ handlerCalls: @escaping () -> Void) {
        let job = UncheckedSendable(handlerCalls)
        callbackQueue.async { job.value() }
    }

    /// Runs `work` on the store's executor and reports its value or the error, in HealthKit's terms, to `completion`
    /// on the callback queue.
    func answerInBackground<T>(to completion: @escaping (T?, (any Error)?) -> Void, _ work: @escaping () throws -> T) {
        inBackground(work) { outcome in
            switch outcome {
            case let .success(value): completion(value, nil)
            case let .failure(error): completion(nil, HKError.from(error))
            }
        }
    }

    /// Runs `work` on the store's executor and reports success or the error, in HealthKit's terms, to `completion` on
    /// the callback queue.
    func reportInBackground(
        to completion: @escaping (Bool, (any Error)?) -> Void, _ work: @escaping @Sendable () throws -> Void
    ) {
        inBackground(work) { outcome in
            switch outcome {
            case .success: completion(true, nil)
            case let .failure(error): completion(false, HKError.from(error))
            }
        }
    }

    // MARK: Background delivery

    /// Lets the app's observer queries for the type be told about new data at most at this frequency (step count at
    /// most hourly); enabling again also resumes delivery stopped by missed completion handlers.
    open func enableBackgroundDelivery(
        for type: HKObjectType, frequency: HKUpdateFrequency,
        withCompletion completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        reportInBackground(to: completion) { try self.enableBackgroundDeliveryNow(for: type, frequency: frequency) }
    }

    /// Lets the app's observer queries for the type be told about new data at most at this frequency.
    open func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) async throws {
        try await onStoreExecutor { try self.enableBackgroundDeliveryNow(for: type, frequency: frequency) }
    }

    /// Stops background delivery for the type.
    open func disableBackgroundDelivery(
        for type: HKObjectType, withCompletion completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        reportInBackground(to: completion) { try self.backgroundDelivery.disable([try Self.sampleType(type)]) }
    }

    /// Stops background delivery for the type.
    open func disableBackgroundDelivery(for type: HKObjectType) async throws {
        try await onStoreExecutor { try self.backgroundDelivery.disable([try Self.sampleType(type)]) }
    }

    /// Stops background delivery for every type.
    open func disableAllBackgroundDelivery(completion: @escaping (Bool, (any Error)?) -> Void) {
        reportInBackground(to: completion) { try self.backgroundDelivery.disable(nil) }
    }

    /// Stops background delivery for every type.
    open func disableAllBackgroundDelivery() async throws {
        try await onStoreExecutor { try self.backgroundDelivery.disable(nil) }
    }

    /// Sends the background notifications held back by a frequency whose period has passed on the store's clock.
    /// (On a device the system does this; the test bench's `deliverDueBackgroundUpdates(to:)` calls it.)
    package func deliverDueBackgroundUpdates() {
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

    /// Runs a query: its store work on the store's executor, its handler on a background queue (the callback queue).
    open func execute(_ query: HKQuery) {
        // The testing product's interceptor may delay or fail the query: that waits on the callback queue, holding no
        // executor thread; the run itself (store reads, then `deliver(_:)`) goes to the executor. A long-running
        // query's run only starts its monitor, at once, so that it watches from the moment it was executed.
        callbackQueue.async {
            guard self.admit(query) else { return }
            if query.startsMonitor {
                query.run(in: self)
            } else {
                self.dataStore.executor.execute { query.run(in: self) }
            }
        }
    }

    /// The testing product's view of the queries this health store runs (OpenHealthKit addition).
    @_spi(Testing) public var queryInterceptor: (any QueryInterceptor)? {
        get { interceptorBox.withLock { $0 } }
        set { interceptorBox.withLock { $0 = newValue } }
    }

    /// Stops a long-running query.
    open func stop(_ query: HKQuery) {
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
