import Foundation
import HealthEngine
import HealthModel
import Synchronization

/// The anchor of a query that has never run: everything stored, plus the deletions still remembered.
public let HKAnchoredObjectQueryNoAnchor: Int = 0

/// Returns the samples saved and the objects deleted since an anchor, with a new anchor to ask from next time; with an
/// update handler it keeps running and reports every later change once, in commit order (SEMANTICS §6).
open class HKAnchoredObjectQuery: HKQuery, @unchecked Sendable {
    /// What the results and update handlers receive.
    public typealias Handler = (HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?) ->
        Void

    /// The anchor the query starts from; nil for none.
    let anchor: HKQueryAnchor?
    /// The most samples and deleted objects returned, counted together; `HKObjectQueryNoLimit` for all.
    let limit: Int
    /// The descriptors, when the query was made from several.
    let queryDescriptors: [HKQueryDescriptor]?

    private struct State {
        var results: UncheckedSendable<Handler>?
        var update: UncheckedSendable<Handler>?
        var monitor: ChangeFeedMonitor?
        var stopped = false
    }

    private let state: Mutex<State>

    /// A query over one type.
    public required init(
        type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler: @escaping Handler
    ) {
        self.anchor = anchor
        self.limit = limit
        self.queryDescriptors = nil
        self.state = Mutex(State(results: UncheckedSendable(handler)))
        super.init(objectType: type, predicate: predicate)
    }

    /// A query over several (type, predicate) descriptors.
    public required init(
        queryDescriptors: [HKQueryDescriptor], anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler: @escaping Handler
    ) {
        self.anchor = anchor
        self.limit = limit
        self.queryDescriptors = queryDescriptors
        self.state = Mutex(State(results: UncheckedSendable(handler)))
        super.init(objectType: nil, predicate: nil)
    }

    /// Receives each later batch of changes with the anchor after it. Set it before executing the query; the query then
    /// keeps running until stopped. Only for queries without a limit.
    open var updateHandler: Handler? {
        get { state.withLock { $0.update }?.value }
        set {
            let handler = newValue.map(UncheckedSendable.init)
            state.withLock { $0.update = handler }
        }
    }

    /// The engine's descriptors for this query.
    func modelDescriptors() throws -> [SampleQueryDescriptor] {
        if let queryDescriptors {
            guard !queryDescriptors.isEmpty else {
                throw HKError(.errorInvalidArgument, "an anchored object query needs at least one query descriptor")
            }
            return try queryDescriptors.map { try $0.model() }
        }
        guard let sampleType else {
            throw HKError(.errorInvalidArgument, "an anchored object query needs a sample type")
        }
        return [
            SampleQueryDescriptor(
                type: sampleType.sampleType, predicate: try PredicateBridge.samplePredicate(predicate))
        ]
    }

    override func deliverFailure(_ error: HKError) {
        let handler = state.withLock { $0.results ?? $0.update }
        handler?.value(self, nil, nil, nil, error)
    }

    override var queryTypes: [HKObjectType] { queryDescriptors?.map(\.sampleType) ?? super.queryTypes }

    override var startsMonitor: Bool { true }

    override func run(in healthStore: HKHealthStore) {
        let (results, update) = state.withLock { ($0.results, $0.update) }
        let report: @Sendable (Result<AnchoredQueryResult, HKError>, UncheckedSendable<Handler>?) -> Void = {
            [self] outcome, handler in
            switch outcome {
            case let .success(result):
                handler?.value(
                    self, healthStore.attachingZones(HKSample.wrap(result.samples)),
                    result.deletions.map(HKDeletedObject.init),
                    HKQueryAnchor(sequence: result.anchor), nil)
            case let .failure(error):
                handler?.value(self, nil, nil, nil, error)
            }
        }
        let descriptors: [SampleQueryDescriptor]
        do {
            guard limit >= 0 else { throw HKError(.errorInvalidArgument, "limit must not be negative (got \(limit))") }
            if update != nil, limit != HKObjectQueryNoLimit {
                throw HKError(
                    .errorInvalidArgument,
                    "an anchored object query with an update handler must have no limit (got \(limit))")
            }
            descriptors = try modelDescriptors()
        } catch {
            healthStore.deliver { report(.failure(HKError.from(error)), results ?? update) }
            return
        }
        let monitor = ChangeFeedMonitor(
            dataStore: healthStore.dataStore, descriptors: descriptors, queue: healthStore.callbackQueue)
        // A query runs once: HealthKit raises an exception on a second execute; here the second one does nothing.
        let started = state.withLock { state -> Bool in
            guard !state.stopped, state.monitor == nil else { return false }
            state.monitor = monitor
            return true
        }
        guard started else { return }
        let initialHandler = results ?? update
        var onUpdate: (@Sendable (Result<AnchoredQueryResult, HKError>) -> Void)?
        if let update {
            onUpdate = { outcome in report(outcome, update) }
        }
        monitor.start(
            anchor: anchor?.sequence ?? 0, limit: limit,
            initial: { outcome in report(outcome, initialHandler) },
            onUpdate: onUpdate)
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
