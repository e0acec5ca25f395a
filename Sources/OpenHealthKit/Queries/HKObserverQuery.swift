import Foundation
import HealthEngine
import HealthModel
import Synchronization

/// What an observer query's update handler calls once it has handled a notification (for background delivery).
public typealias HKObserverQueryCompletionHandler = @Sendable () -> Void

/// A long-running query that calls its handler after every committed save or delete of matching samples, with no data
/// attached (SEMANTICS §6): the app then runs the query it needs (typically an anchored object query).
///
/// Commits that complete at the same moment may be reported in one call. When background delivery is enabled for the
/// calling app and the type, the store's background delivery rules (frequency, acknowledgements) decide when the
/// handler is called.
open class HKObserverQuery: HKQuery, @unchecked Sendable {
    /// The handler of a query on one type.
    public typealias UpdateHandler = (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void
    /// The handler of a query on several descriptors: it also receives the types that changed.
    public typealias DescriptorsUpdateHandler = (
        HKObserverQuery, Set<HKSampleType>?, @escaping HKObserverQueryCompletionHandler, (any Error)?
    ) -> Void

    /// The descriptors, when the query was made from several.
    let queryDescriptors: [HKQueryDescriptor]?

    private enum Handler {
        case single(UpdateHandler)
        case descriptors(DescriptorsUpdateHandler)
    }

    private let handler: UncheckedSendable<Handler>

    private struct State {
        var monitor: ChangeFeedMonitor?
        var stopped = false
    }

    private let state = Mutex(State())

    /// An observer of one type.
    public required init(sampleType: HKSampleType, predicate: NSPredicate?, updateHandler: @escaping UpdateHandler) {
        queryDescriptors = nil
        handler = UncheckedSendable(.single(updateHandler))
        super.init(objectType: sampleType, predicate: predicate)
    }

    /// An observer of several (type, predicate) descriptors.
    public required init(queryDescriptors: [HKQueryDescriptor], updateHandler: @escaping DescriptorsUpdateHandler) {
        self.queryDescriptors = queryDescriptors
        handler = UncheckedSendable(.descriptors(updateHandler))
        super.init(objectType: nil, predicate: nil)
    }

    /// The types the query observes.
    var observedTypes: Set<SampleType> {
        if let queryDescriptors { return Set(queryDescriptors.map(\.sampleType.sampleType)) }
        return sampleType.map { [$0.sampleType] } ?? []
    }

    /// Calls the handler: `types` are the types that changed; `acknowledge` is what the app's completion handler does.
    func notify(types: Set<SampleType>, acknowledge: @escaping HKObserverQueryCompletionHandler) {
        guard !state.withLock({ $0.stopped }) else { return }
        switch handler.value {
        case let .single(update):
            update(self, acknowledge, nil)
        case let .descriptors(update):
            update(self, Set(types.map(HKObjectType.make)), acknowledge, nil)
        }
    }

    private func fail(_ error: HKError) {
        switch handler.value {
        case let .single(update): update(self, {}, error)
        case let .descriptors(update): update(self, nil, {}, error)
        }
    }

    override func deliverFailure(_ error: HKError) { fail(error) }

    override var queryTypes: [HKObjectType] { queryDescriptors?.map(\.sampleType) ?? super.queryTypes }

    override var startsMonitor: Bool { true }

    override func run(in healthStore: HKHealthStore) {
        let descriptors: [SampleQueryDescriptor]
        do {
            if let queryDescriptors {
                guard !queryDescriptors.isEmpty else {
                    throw HKError(.errorInvalidArgument, "an observer query needs at least one query descriptor")
                }
                descriptors = try queryDescriptors.map { try $0.model() }
            } else if let sampleType {
                descriptors = [
                    SampleQueryDescriptor(
                        type: sampleType.sampleType, predicate: try PredicateBridge.samplePredicate(predicate))
                ]
            } else {
                throw HKError(.errorInvalidArgument, "an observer query needs a sample type")
            }
        } catch {
            healthStore.deliver { [self] in fail(HKError.from(error)) }
            return
        }
        let monitor = ChangeFeedMonitor(
            dataStore: healthStore.dataStore, descriptors: descriptors, queue: healthStore.callbackQueue)
        let started = state.withLock { state -> Bool in
            guard !state.stopped, state.monitor == nil else { return false }
            state.monitor = monitor
            return true
        }
        guard started else { return }
        let delivery = healthStore.backgroundDelivery
        monitor.start(
            anchor: 0, limit: 0, skipInitialRead: true, initial: nil,
            onUpdate: { [self] outcome in
                switch outcome {
                case let .success(result):
                    let types = Set(result.changes.map(\.change.type))
                    delivery.route(self, types: types)
                case let .failure(error):
                    fail(error)
                }
            })
    }

    override func stopRunning() {
        let monitor = state.withLock { state -> ChangeFeedMonitor? in
            state.stopped = true
            defer { state.monitor = nil }
            return state.monitor
        }
        monitor?.stop()
    }
}
