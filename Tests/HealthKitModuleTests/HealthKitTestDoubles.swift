import Foundation
import HealthKit

// Test doubles as apps write them: a subclass of each HealthKit class an app fakes, overriding every method and
// property HealthKit declares on it, with HealthKit's own signatures (closure types as Apple's iOS 18.0 headers declare
// them: `@Sendable` only where the header says NS_SWIFT_SENDABLE). Each override records its name in `DoubleLog` and
// answers at once, without calling `super`. The file compiles in Swift 5 and Swift 6 language modes
// (scripts/ci/check-overridability.sh type-checks it in both against the built HealthKit module);
// OverridabilityTests calls every member through a base-class reference.

/// The members the doubles were called through, in call order.
final class DoubleLog: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []

    func record(_ name: String) {
        lock.lock()
        names.append(name)
        lock.unlock()
    }

    var calls: [String] {
        lock.lock()
        defer { lock.unlock() }
        return names
    }
}

/// An error the doubles fail with where HealthKit's signature needs one.
struct DoubleError: Error {}

/// Overrides every member of `HKHealthStore` (iOS 18.0, plus the iOS 27 limited-history pair).
final class DoubleHealthStore: HKHealthStore, @unchecked Sendable {
    let log = DoubleLog()

    override class func isHealthDataAvailable() -> Bool { false }
    override func supportsHealthRecords() -> Bool {
        log.record("supportsHealthRecords")
        return false
    }
    override func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        log.record("authorizationStatus")
        return .sharingDenied
    }
    override func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
        completion: @escaping @Sendable (Bool, Error?) -> Void
    ) {
        log.record("requestAuthorization(completion)")
        completion(true, nil)
    }
    override func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    )
        async throws
    { log.record("requestAuthorization(async)") }
    override func requestPerObjectReadAuthorization(
        for objectType: HKObjectType, predicate: NSPredicate?, completion: @escaping @Sendable (Bool, Error?) -> Void
    ) {
        log.record("requestPerObjectReadAuthorization(completion)")
        completion(true, nil)
    }
    override func requestPerObjectReadAuthorization(for objectType: HKObjectType, predicate: NSPredicate?) async throws
    { log.record("requestPerObjectReadAuthorization(async)") }
    override func getRequestStatusForAuthorization(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>,
        completion: @escaping @Sendable (HKAuthorizationRequestStatus, Error?) -> Void
    ) {
        log.record("getRequestStatusForAuthorization")
        completion(.unnecessary, nil)
    }
    override func statusForAuthorizationRequest(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    ) async throws -> HKAuthorizationRequestStatus {
        log.record("statusForAuthorizationRequest")
        return .unnecessary
    }
    override func handleAuthorizationForExtension(completion: @escaping @Sendable (Bool, Error?) -> Void) {
        log.record("handleAuthorizationForExtension(completion)")
        completion(true, nil)
    }
    override func handleAuthorizationForExtension() async throws {
        log.record("handleAuthorizationForExtension(async)")
    }
    override func earliestPermittedSampleDate() -> Date {
        log.record("earliestPermittedSampleDate")
        return Date(timeIntervalSince1970: 0)
    }
    override func save(_ object: HKObject, withCompletion completion: @escaping (Bool, Error?) -> Void) {
        log.record("save(object, completion)")
        completion(true, nil)
    }
    override func save(_ objects: [HKObject], withCompletion completion: @escaping (Bool, Error?) -> Void) {
        log.record("save(objects, completion)")
        completion(true, nil)
    }
    override func save(_ object: HKObject) async throws { log.record("save(object, async)") }
    override func save(_ objects: [HKObject]) async throws { log.record("save(objects, async)") }
    override func delete(_ object: HKObject, withCompletion completion: @escaping (Bool, Error?) -> Void) {
        log.record("delete(object, completion)")
        completion(true, nil)
    }
    override func delete(_ objects: [HKObject], withCompletion completion: @escaping (Bool, Error?) -> Void) {
        log.record("delete(objects, completion)")
        completion(true, nil)
    }
    override func delete(_ object: HKObject) async throws { log.record("delete(object, async)") }
    override func delete(_ objects: [HKObject]) async throws { log.record("delete(objects, async)") }
    override func deleteObjects(
        of objectType: HKObjectType, predicate: NSPredicate,
        withCompletion completion: @escaping (Bool, Int, Error?) -> Void
    ) {
        log.record("deleteObjects(completion)")
        completion(true, 3, nil)
    }
    override func deleteObjects(of objectType: HKObjectType, predicate: NSPredicate) async throws -> Int {
        log.record("deleteObjects(async)")
        return 3
    }
    override func execute(_ query: HKQuery) { log.record("execute") }
    override func stop(_ query: HKQuery) { log.record("stop") }
    @available(*, deprecated)
    override func splitTotalEnergy(
        _ totalEnergy: HKQuantity, start startDate: Date, end endDate: Date,
        resultsHandler: @escaping (HKQuantity?, HKQuantity?, Error?) -> Void
    ) {
        log.record("splitTotalEnergy")
        resultsHandler(nil, nil, DoubleError())
    }
    @available(*, deprecated)
    override func dateOfBirth() throws -> Date {
        log.record("dateOfBirth")
        return Date(timeIntervalSince1970: 0)
    }
    override func dateOfBirthComponents() throws -> DateComponents {
        log.record("dateOfBirthComponents")
        return DateComponents(year: 1990, month: 5, day: 17)
    }
    override func biologicalSex() throws -> HKBiologicalSexObject {
        log.record("biologicalSex")
        throw DoubleError()
    }
    override func bloodType() throws -> HKBloodTypeObject {
        log.record("bloodType")
        throw DoubleError()
    }
    override func fitzpatrickSkinType() throws -> HKFitzpatrickSkinTypeObject {
        log.record("fitzpatrickSkinType")
        throw DoubleError()
    }
    override func wheelchairUse() throws -> HKWheelchairUseObject {
        log.record("wheelchairUse")
        throw DoubleError()
    }
    override func activityMoveMode() throws -> HKActivityMoveModeObject {
        log.record("activityMoveMode")
        throw DoubleError()
    }
    override var workoutSessionMirroringStartHandler: ((HKWorkoutSession) -> Void)? {
        get {
            log.record("workoutSessionMirroringStartHandler.get")
            return nil
        }
        set { log.record("workoutSessionMirroringStartHandler.set") }
    }
    @available(*, deprecated)
    override func add(_ samples: [HKSample], to workout: HKWorkout, completion: @escaping (Bool, Error?) -> Void) {
        log.record("add(to workout, completion)")
        completion(true, nil)
    }
    @available(*, deprecated)
    override func addSamples(_ samples: [HKSample], to workout: HKWorkout) async throws {
        log.record("addSamples(to workout, async)")
    }
    @available(*, deprecated)
    override func start(_ workoutSession: HKWorkoutSession) { log.record("start(session)") }
    @available(*, deprecated)
    override func end(_ workoutSession: HKWorkoutSession) { log.record("end(session)") }
    @available(*, deprecated)
    override func pause(_ workoutSession: HKWorkoutSession) { log.record("pause(session)") }
    @available(*, deprecated)
    override func resumeWorkoutSession(_ workoutSession: HKWorkoutSession) { log.record("resumeWorkoutSession") }
    override func startWatchApp(
        with workoutConfiguration: HKWorkoutConfiguration, completion: @escaping (Bool, Error?) -> Void
    ) {
        log.record("startWatchApp(completion)")
        completion(true, nil)
    }
    override func startWatchApp(toHandle workoutConfiguration: HKWorkoutConfiguration) async throws {
        log.record("startWatchApp(async)")
    }
    override func recoverActiveWorkoutSession(completion: @escaping (HKWorkoutSession?, Error?) -> Void) {
        log.record("recoverActiveWorkoutSession(completion)")
        completion(nil, nil)
    }
    override func recoverActiveWorkoutSession() async throws -> HKWorkoutSession? {
        log.record("recoverActiveWorkoutSession(async)")
        return nil
    }
    override func enableBackgroundDelivery(
        for type: HKObjectType, frequency: HKUpdateFrequency,
        withCompletion completion: @escaping (Bool, Error?) -> Void
    ) {
        log.record("enableBackgroundDelivery(completion)")
        completion(true, nil)
    }
    override func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) async throws {
        log.record("enableBackgroundDelivery(async)")
    }
    override func disableBackgroundDelivery(
        for type: HKObjectType, withCompletion completion: @escaping (Bool, Error?) -> Void
    ) {
        log.record("disableBackgroundDelivery(completion)")
        completion(true, nil)
    }
    override func disableBackgroundDelivery(for type: HKObjectType) async throws {
        log.record("disableBackgroundDelivery(async)")
    }
    override func disableAllBackgroundDelivery(completion: @escaping (Bool, Error?) -> Void) {
        log.record("disableAllBackgroundDelivery(completion)")
        completion(true, nil)
    }
    override func disableAllBackgroundDelivery() async throws { log.record("disableAllBackgroundDelivery(async)") }
    override func preferredUnits(
        for quantityTypes: Set<HKQuantityType>, completion: @escaping ([HKQuantityType: HKUnit], Error?) -> Void
    ) {
        log.record("preferredUnits(completion)")
        completion([:], nil)
    }
    override func preferredUnits(for quantityTypes: Set<HKQuantityType>) async throws -> [HKQuantityType: HKUnit] {
        log.record("preferredUnits(async)")
        return [:]
    }
    override func recalibrateEstimates(
        sampleType: HKSampleType, date: Date, completion: @escaping @Sendable (Bool, Error?) -> Void
    ) {
        log.record("recalibrateEstimates(completion)")
        completion(true, nil)
    }
    override func recalibrateEstimates(sampleType: HKSampleType, date: Date) async throws {
        log.record("recalibrateEstimates(async)")
    }
    override func relateWorkoutEffortSample(
        _ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?,
        completion: @escaping (Bool, Error?) -> Void
    ) {
        log.record("relateWorkoutEffortSample(completion)")
        completion(true, nil)
    }
    override func relateWorkoutEffortSample(
        _ sample: HKSample, with workout: HKWorkout, activity: HKWorkoutActivity?
    )
        async throws -> Bool
    {
        log.record("relateWorkoutEffortSample(async)")
        return true
    }
    override func unrelateWorkoutEffortSample(
        _ sample: HKSample, from workout: HKWorkout, activity: HKWorkoutActivity?,
        completion: @escaping (Bool, Error?) -> Void
    ) {
        log.record("unrelateWorkoutEffortSample(completion)")
        completion(true, nil)
    }
    override func unrelateWorkoutEffortSample(
        _ sample: HKSample, from workout: HKWorkout, activity: HKWorkoutActivity?
    ) async throws -> Bool {
        log.record("unrelateWorkoutEffortSample(async)")
        return true
    }
    override func getEarliestAuthorizedSampleDate(
        for types: Set<HKObjectType>, completion: @escaping @Sendable ([HKObjectType: Date]?, Error?) -> Void
    ) {
        log.record("getEarliestAuthorizedSampleDate")
        completion([:], nil)
    }
    override func earliestAuthorizedSampleDate(for types: Set<HKObjectType>) async throws -> [HKObjectType: Date] {
        log.record("earliestAuthorizedSampleDate")
        return [:]
    }
}

/// Overrides every member of `HKWorkoutSession`.
final class DoubleWorkoutSession: HKWorkoutSession, @unchecked Sendable {
    let log = DoubleLog()

    override var delegate: HKWorkoutSessionDelegate? {
        get {
            log.record("delegate.get")
            return nil
        }
        set { log.record("delegate.set") }
    }
    override var state: HKWorkoutSessionState {
        log.record("state")
        return .running
    }
    override var type: HKWorkoutSessionType {
        log.record("type")
        return .mirrored
    }
    override var workoutConfiguration: HKWorkoutConfiguration {
        log.record("workoutConfiguration")
        return HKWorkoutConfiguration()
    }
    override var startDate: Date? {
        log.record("startDate")
        return nil
    }
    override var endDate: Date? {
        log.record("endDate")
        return nil
    }
    override var currentActivity: HKWorkoutActivity {
        log.record("currentActivity")
        return super.currentActivity
    }
    override func associatedWorkoutBuilder() -> HKLiveWorkoutBuilder {
        log.record("associatedWorkoutBuilder")
        return super.associatedWorkoutBuilder()
    }
    override func prepare() { log.record("prepare") }
    override func startActivity(with date: Date?) { log.record("startActivity") }
    override func pause() { log.record("pause") }
    override func resume() { log.record("resume") }
    override func stopActivity(with date: Date?) { log.record("stopActivity") }
    override func end() { log.record("end") }
    override func beginNewActivity(
        configuration workoutConfiguration: HKWorkoutConfiguration, date: Date, metadata: [String: Any]?
    ) {
        log.record("beginNewActivity")
    }
    override func endCurrentActivity(on date: Date?) { log.record("endCurrentActivity") }
    override func startMirroringToCompanionDevice(completion: @escaping (Bool, Error?) -> Void) {
        log.record("startMirroringToCompanionDevice(completion)")
        completion(true, nil)
    }
    override func startMirroringToCompanionDevice() async throws {
        log.record("startMirroringToCompanionDevice(async)")
    }
    override func stopMirroringToCompanionDevice(completion: @escaping (Bool, Error?) -> Void) {
        log.record("stopMirroringToCompanionDevice(completion)")
        completion(true, nil)
    }
    override func stopMirroringToCompanionDevice() async throws { log.record("stopMirroringToCompanionDevice(async)") }
    override func sendToRemoteWorkoutSession(data: Data, completion: @escaping (Bool, Error?) -> Void) {
        log.record("sendToRemoteWorkoutSession(completion)")
        completion(true, nil)
    }
    override func sendToRemoteWorkoutSession(data: Data) async throws {
        log.record("sendToRemoteWorkoutSession(async)")
    }
}

/// Overrides every member of `HKWorkoutBuilder`.
class DoubleWorkoutBuilder: HKWorkoutBuilder, @unchecked Sendable {
    let log = DoubleLog()

    override var device: HKDevice? {
        log.record("device")
        return nil
    }
    override var startDate: Date? {
        log.record("startDate")
        return nil
    }
    override var endDate: Date? {
        log.record("endDate")
        return nil
    }
    override var workoutConfiguration: HKWorkoutConfiguration {
        log.record("workoutConfiguration")
        return HKWorkoutConfiguration()
    }
    override var metadata: [String: Any] {
        log.record("metadata")
        return [:]
    }
    override var workoutEvents: [HKWorkoutEvent] {
        log.record("workoutEvents")
        return []
    }
    override var workoutActivities: [HKWorkoutActivity] {
        log.record("workoutActivities")
        return []
    }
    override var allStatistics: [HKQuantityType: HKStatistics] {
        log.record("allStatistics")
        return [:]
    }
    override func elapsedTime(at date: Date) -> TimeInterval {
        log.record("elapsedTime(at:)")
        return 60
    }
    override func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        log.record("statistics(for:)")
        return nil
    }
    override func seriesBuilder(for seriesType: HKSeriesType) -> HKSeriesBuilder? {
        log.record("seriesBuilder(for:)")
        return nil
    }
    override func beginCollection(withStart startDate: Date, completion: @escaping (Bool, Error?) -> Void) {
        log.record("beginCollection(completion)")
        completion(true, nil)
    }
    override func beginCollection(at startDate: Date) async throws { log.record("beginCollection(async)") }
    override func endCollection(withEnd endDate: Date, completion: @escaping (Bool, Error?) -> Void) {
        log.record("endCollection(completion)")
        completion(true, nil)
    }
    override func endCollection(at endDate: Date) async throws { log.record("endCollection(async)") }
    override func add(_ samples: [HKSample], completion: @escaping (Bool, Error?) -> Void) {
        log.record("add(completion)")
        completion(true, nil)
    }
    override func addSamples(_ samples: [HKSample]) async throws { log.record("addSamples(async)") }
    override func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent], completion: @escaping (Bool, Error?) -> Void) {
        log.record("addWorkoutEvents(completion)")
        completion(true, nil)
    }
    override func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws {
        log.record("addWorkoutEvents(async)")
    }
    override func addMetadata(_ metadata: [String: Any], completion: @escaping (Bool, Error?) -> Void) {
        log.record("addMetadata(completion)")
        completion(true, nil)
    }
    override func addMetadata(_ metadata: [String: Any]) async throws { log.record("addMetadata(async)") }
    override func addWorkoutActivity(_ workoutActivity: HKWorkoutActivity, completion: @escaping (Bool, Error?) -> Void)
    {
        log.record("addWorkoutActivity(completion)")
        completion(true, nil)
    }
    override func addWorkoutActivity(_ workoutActivity: HKWorkoutActivity) async throws {
        log.record("addWorkoutActivity(async)")
    }
    override func updateActivity(uuid UUID: UUID, end endDate: Date, completion: @escaping (Bool, Error?) -> Void) {
        log.record("updateActivity(end, completion)")
        completion(true, nil)
    }
    override func updateActivity(uuid UUID: UUID, end endDate: Date) async throws {
        log.record("updateActivity(end, async)")
    }
    override func updateActivity(
        uuid UUID: UUID, adding metadata: [String: Any], completion: @escaping (Bool, Error?) -> Void
    ) {
        log.record("updateActivity(metadata, completion)")
        completion(true, nil)
    }
    override func updateActivity(uuid UUID: UUID, adding metadata: [String: Any]) async throws {
        log.record("updateActivity(metadata, async)")
    }
    override func finishWorkout(completion: @escaping (HKWorkout?, Error?) -> Void) {
        log.record("finishWorkout(completion)")
        completion(nil, nil)
    }
    override func finishWorkout() async throws -> HKWorkout? {
        log.record("finishWorkout(async)")
        return nil
    }
    override func discardWorkout() { log.record("discardWorkout") }
}

/// Overrides every member `HKLiveWorkoutBuilder` adds to `HKWorkoutBuilder`'s.
final class DoubleLiveWorkoutBuilder: HKLiveWorkoutBuilder, @unchecked Sendable {
    let log = DoubleLog()

    override var delegate: HKLiveWorkoutBuilderDelegate? {
        get {
            log.record("delegate.get")
            return nil
        }
        set { log.record("delegate.set") }
    }
    override var dataSource: HKLiveWorkoutDataSource? {
        get {
            log.record("dataSource.get")
            return nil
        }
        set { log.record("dataSource.set") }
    }
    override var shouldCollectWorkoutEvents: Bool {
        get {
            log.record("shouldCollectWorkoutEvents.get")
            return false
        }
        set { log.record("shouldCollectWorkoutEvents.set") }
    }
    override var workoutSession: HKWorkoutSession? {
        log.record("workoutSession")
        return nil
    }
    override var elapsedTime: TimeInterval {
        log.record("elapsedTime")
        return 90
    }
    override var currentWorkoutActivity: HKWorkoutActivity? {
        log.record("currentWorkoutActivity")
        return nil
    }
}

/// Overrides every member of `HKLiveWorkoutDataSource`.
final class DoubleLiveWorkoutDataSource: HKLiveWorkoutDataSource, @unchecked Sendable {
    let log = DoubleLog()

    override var typesToCollect: Set<HKQuantityType> {
        log.record("typesToCollect")
        return []
    }
    override func enableCollection(for quantityType: HKQuantityType, predicate: NSPredicate?) {
        log.record("enableCollection")
    }
    override func disableCollection(for quantityType: HKQuantityType) { log.record("disableCollection") }
}

/// Overrides every member of `HKWorkoutRouteBuilder`.
final class DoubleWorkoutRouteBuilder: HKWorkoutRouteBuilder, @unchecked Sendable {
    let log = DoubleLog()

    override func insertRouteData(_ routeData: [CLLocation], completion: @escaping (Bool, Error?) -> Void) {
        log.record("insertRouteData(completion)")
        completion(true, nil)
    }
    override func insertRouteData(_ routeData: [CLLocation]) async throws { log.record("insertRouteData(async)") }
    override func addMetadata(_ metadata: [String: Any], completion: @escaping (Bool, Error?) -> Void) {
        log.record("addMetadata(completion)")
        completion(true, nil)
    }
    override func addMetadata(_ metadata: [String: Any]) async throws { log.record("addMetadata(async)") }
    override func finishRoute(
        with workout: HKWorkout, metadata: [String: Any]?, completion: @escaping (HKWorkoutRoute?, Error?) -> Void
    ) {
        log.record("finishRoute(completion)")
        completion(nil, DoubleError())
    }
    override func finishRoute(with workout: HKWorkout, metadata: [String: Any]?) async throws -> HKWorkoutRoute {
        log.record("finishRoute(async)")
        throw DoubleError()
    }
    override func discard() { log.record("discard") }
}

/// Overrides every member of `HKHeartbeatSeriesBuilder`.
final class DoubleHeartbeatSeriesBuilder: HKHeartbeatSeriesBuilder, @unchecked Sendable {
    let log = DoubleLog()

    override class var maximumCount: Int { 12 }
    override func addHeartbeatWithTimeInterval(
        sinceSeriesStartDate timeIntervalSinceStart: TimeInterval, precededByGap: Bool,
        completion: @escaping @Sendable (Bool, Error?) -> Void
    ) {
        log.record("addHeartbeat(completion)")
        completion(true, nil)
    }
    override func addHeartbeat(at timeIntervalSinceStart: TimeInterval, precededByGap: Bool) async throws {
        log.record("addHeartbeat(async)")
    }
    override func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, Error?) -> Void) {
        log.record("addMetadata(completion)")
        completion(true, nil)
    }
    override func addMetadata(_ metadata: [String: Any]) async throws { log.record("addMetadata(async)") }
    override func finishSeries(completion: @escaping @Sendable (HKHeartbeatSeriesSample?, Error?) -> Void) {
        log.record("finishSeries(completion)")
        completion(nil, DoubleError())
    }
    override func finishSeries() async throws -> HKHeartbeatSeriesSample {
        log.record("finishSeries(async)")
        throw DoubleError()
    }
    override func discard() { log.record("discard") }
}

/// Overrides every member of `HKQuantitySeriesSampleBuilder`.
final class DoubleQuantitySeriesSampleBuilder: HKQuantitySeriesSampleBuilder, @unchecked Sendable {
    let log = DoubleLog()

    override var quantityType: HKQuantityType {
        log.record("quantityType")
        return HKQuantityType(.heartRate)
    }
    override var startDate: Date {
        log.record("startDate")
        return Date(timeIntervalSince1970: 0)
    }
    override var device: HKDevice? {
        log.record("device")
        return nil
    }
    override func insert(_ quantity: HKQuantity, for dateInterval: DateInterval) throws {
        log.record("insert(for:)")
    }
    override func insert(_ quantity: HKQuantity, at date: Date) throws { log.record("insert(at:)") }
    override func finishSeries(
        metadata: [String: Any]?, endDate: Date?, completion: @escaping ([HKQuantitySample]?, Error?) -> Void
    ) {
        log.record("finishSeries(endDate, completion)")
        completion([], nil)
    }
    override func finishSeries(metadata: [String: Any]?, completion: @escaping ([HKQuantitySample]?, Error?) -> Void) {
        log.record("finishSeries(completion)")
        completion([], nil)
    }
    override func finishSeries(metadata: [String: Any]?, endDate: Date?) async throws -> [HKQuantitySample] {
        log.record("finishSeries(endDate, async)")
        return []
    }
    override func finishSeries(metadata: [String: Any]?) async throws -> [HKQuantitySample] {
        log.record("finishSeries(async)")
        return []
    }
    override func discard() { log.record("discard") }
}

/// Overrides every member of `HKAttachmentStore`.
final class DoubleAttachmentStore: HKAttachmentStore, @unchecked Sendable {
    let log = DoubleLog()

    override func addAttachment(
        to object: HKObject, name: String, contentType: UTType, url: URL, metadata: [String: Any] = [:]
    ) async throws -> HKAttachment {
        log.record("addAttachment(async)")
        throw DoubleError()
    }
    override func addAttachment(
        to object: HKObject, name: String, contentType: UTType, url: URL, metadata: [String: Any] = [:],
        completion: @escaping (HKAttachment?, Error?) -> Void
    ) {
        log.record("addAttachment(completion)")
        completion(nil, DoubleError())
    }
    override func attachments(for object: HKObject) async throws -> [HKAttachment] {
        log.record("attachments(for:)")
        return []
    }
    override func getAttachments(for object: HKObject, completion: @escaping ([HKAttachment]?, Error?) -> Void) {
        log.record("getAttachments")
        completion([], nil)
    }
    override func removeAttachment(_ attachment: HKAttachment, from object: HKObject) async throws {
        log.record("removeAttachment(async)")
    }
    override func removeAttachment(
        _ attachment: HKAttachment, from object: HKObject, completion: @escaping (Bool, Error?) -> Void
    ) {
        log.record("removeAttachment(completion)")
        completion(true, nil)
    }
    override func dataReader(for attachment: HKAttachment) -> HKAttachmentDataReader {
        log.record("dataReader")
        return super.dataReader(for: attachment)
    }
    override func getData(for attachment: HKAttachment, completion: @escaping (Data?, Error?) -> Void) -> Progress {
        log.record("getData")
        completion(Data(), nil)
        return Progress(totalUnitCount: 0)
    }
    override func streamData(
        for attachment: HKAttachment, dataHandler: @escaping (Data?, Error?, Bool) -> Void
    )
        -> Progress
    {
        log.record("streamData")
        dataHandler(Data(), nil, true)
        return Progress(totalUnitCount: 0)
    }
}

/// An anchored query double built through a metatype: HealthKit's initializers are `required`, so a subclass with
/// stored properties of its own implements them.
final class DoubleAnchoredObjectQuery: HKAnchoredObjectQuery, @unchecked Sendable {
    let limitLabel: String

    required init(
        type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler:
            @escaping (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, Error?)
            -> Void
    ) {
        limitLabel = "type, limit \(limit)"
        super.init(type: type, predicate: predicate, anchor: anchor, limit: limit, resultsHandler: handler)
    }

    required init(
        queryDescriptors: [HKQueryDescriptor], anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler:
            @escaping (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, Error?)
            -> Void
    ) {
        limitLabel = "\(queryDescriptors.count) descriptors, limit \(limit)"
        super.init(queryDescriptors: queryDescriptors, anchor: anchor, limit: limit, resultsHandler: handler)
    }

    override var updateHandler:
        ((HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, Error?) -> Void)?
    {
        get { super.updateHandler }
        set { super.updateHandler = newValue }
    }
}

/// An observer query double that inherits HealthKit's initializers (no stored properties of its own).
final class DoubleObserverQuery: HKObserverQuery, @unchecked Sendable {
    override var predicate: NSPredicate? { NSPredicate(value: false) }
}

/// A sample query double overriding HealthKit's properties.
final class DoubleSampleQuery: HKSampleQuery, @unchecked Sendable {
    override var limit: Int { 7 }
    override var sortDescriptors: [NSSortDescriptor]? { [] }
}

/// A statistics collection query double overriding its handlers.
final class DoubleStatisticsCollectionQuery: HKStatisticsCollectionQuery, @unchecked Sendable {
    override var initialResultsHandler: ((HKStatisticsCollectionQuery, HKStatisticsCollection?, Error?) -> Void)? {
        get { super.initialResultsHandler }
        set { super.initialResultsHandler = newValue }
    }
}
