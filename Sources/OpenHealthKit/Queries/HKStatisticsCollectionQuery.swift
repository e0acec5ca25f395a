import Dispatch
import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

/// A statistics collection query, as in HealthKit: statistics per time interval (`anchorDate + i·intervalComponents`),
/// a sample crossing an interval edge split by time, sources merged by priority (SEMANTICS §5).
///
/// Set `initialResultsHandler` for the current collection. Set `statisticsUpdateHandler` as well to keep the query
/// running: after every later save or delete that changes the collection, it receives each changed interval's
/// statistics (one call per changed interval) with the full recomputed collection, until `HKHealthStore.stop(_:)`.
/// Handlers run on the store's background queue, one at a time for a query, in commit order.
///
/// Intervals are computed in `intervalComponents.calendar` (and its time zone) when it is set, otherwise in
/// `Calendar.current` (SEMANTICS §11); `intervalComponents.timeZone`, when set, overrides the time zone.
open class HKStatisticsCollectionQuery: HKQuery, @unchecked Sendable {
    /// The anchor of the intervals; only its position matters, not its date.
    open internal(set) var anchorDate: Date
    /// What the query computes.
    open internal(set) var options: HKStatisticsOptions
    /// The length of one interval.
    open internal(set) var intervalComponents: DateComponents

    private struct State {
        var initial: UncheckedSendable<(HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void>?
        var update:
            UncheckedSendable<
                (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void
            >?
        var monitor: StatisticsCollectionMonitor?
        var stopped = false
    }

    private let state = Mutex(State())

    /// A collection query over the samples of a quantity type that match the predicate (nil: all of them).
    public required init(
        quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
        anchorDate: Date, intervalComponents: DateComponents
    ) {
        self.anchorDate = anchorDate
        self.options = options
        self.intervalComponents = intervalComponents
        super.init(objectType: quantityType, predicate: quantitySamplePredicate)
    }

    /// Receives the collection computed when the query is executed (or the error).
    open var initialResultsHandler: ((HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void)? {
        get { state.withLock { $0.initial }?.value }
        set {
            let handler = newValue.map(UncheckedSendable.init)
            state.withLock { $0.initial = handler }
        }
    }

    /// Receives each later change: the changed interval's statistics and the recomputed collection (or an error).
    /// When set, the query keeps running until stopped.
    open var statisticsUpdateHandler:
        ((HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void)?
    {
        get { state.withLock { $0.update }?.value }
        set {
            let handler = newValue.map(UncheckedSendable.init)
            state.withLock { $0.update = handler }
        }
    }

    override func deliverFailure(_ error: HKError) {
        let (initial, update) = state.withLock { ($0.initial, $0.update) }
        if let initial { initial.value(self, nil, error) } else { update?.value(self, nil, nil, error) }
    }

    override var startsMonitor: Bool { true }

    override func run(in healthStore: HKHealthStore) {
        let (initial, update) = state.withLock { ($0.initial, $0.update) }
        let monitor: StatisticsCollectionMonitor
        do {
            monitor = try StatisticsCollectionMonitor(
                healthStore: healthStore, type: objectType as! HKQuantityType, predicate: predicate, options: options,
                anchorDate: anchorDate, intervalComponents: intervalComponents)
        } catch {
            healthStore.deliver { [self] in
                if let initial {
                    initial.value(self, nil, error)
                } else {
                    update?.value(self, nil, nil, error)
                }
            }
            return
        }
        // A query runs once: HealthKit raises an exception on a second execute; here the second one does nothing.
        let started = state.withLock { state -> Bool in
            guard !state.stopped, state.monitor == nil else { return false }
            state.monitor = monitor
            return true
        }
        guard started else { return }
        let reportInitial: @Sendable (Result<StatisticsCollection, HKError>) -> Void = { result in
            switch result {
            case let .success(collection):
                initial?.value(self, HKStatisticsCollection(collection), nil)
            case let .failure(error):
                if let initial { initial.value(self, nil, error) } else { update?.value(self, nil, nil, error) }
            }
        }
        var reportUpdate: (@Sendable (Result<StatisticsCollectionMonitor.Update, HKError>) -> Void)?
        if let update {
            reportUpdate = { result in
                switch result {
                case let .success(change):
                    let collection = HKStatisticsCollection(change.collection)
                    for statistics in change.changed { update.value(self, HKStatistics(statistics), collection, nil) }
                case let .failure(error):
                    update.value(self, nil, nil, error)
                }
            }
        }
        monitor.start(initial: reportInitial, onUpdate: reportUpdate)
    }

    override func stopRunning() {
        let monitor = state.withLock { state -> StatisticsCollectionMonitor? in
            state.stopped = true
            defer { state.monitor = nil }
            return state.monitor
        }
        monitor?.stop()
    }
}

/// Computes a statistics collection and, when asked, keeps it current: a store observer recomputes it after every
/// commit that may touch it and reports the intervals whose statistics changed. Shared by `HKStatisticsCollectionQuery`
/// and `HKStatisticsCollectionQueryDescriptor`; the counting itself is the engine's.
final class StatisticsCollectionMonitor: Sendable {
    /// A recomputed collection and the statistics of the intervals that changed, in time order.
    struct Update: Sendable {
        let collection: StatisticsCollection
        let changed: [QuantityStatistics]
    }

    private let dataStore: HealthDataStore
    private let type: SampleType
    private let predicate: SamplePredicate
    private let options: StatisticsOptions
    private let anchorDate: Date
    private let interval: DateComponents
    private let calendar: Calendar
    /// The initial computation and every update run here in order, on the store's executor.
    private let lane: StoreLane
    /// Where the handlers are called, in the order of the computations (a serial queue on the callback queue).
    private let handlers: DispatchQueue

    private struct State {
        var watch: CommitWatch?
        var stopped = false
        var last: StatisticsCollection?
        var onUpdate: (@Sendable (Result<Update, HKError>) -> Void)?
    }

    private let state = Mutex(State())

    /// A monitor; throws (in HealthKit's terms) when the predicate cannot be translated.
    init(
        healthStore: HKHealthStore, type: HKQuantityType, predicate: NSPredicate?, options: HKStatisticsOptions,
        anchorDate: Date, intervalComponents: DateComponents
    ) throws(HKError) {
        do {
            self.predicate = try PredicateBridge.samplePredicate(predicate)
        } catch {
            throw HKError.from(error)
        }
        self.dataStore = healthStore.dataStore
        self.type = type.sampleType
        self.options = options.model
        self.anchorDate = anchorDate
        self.interval = intervalComponents
        self.calendar = Self.calendar(for: intervalComponents)
        self.lane = StoreLane(on: healthStore.dataStore.executor)
        self.handlers = DispatchQueue(
            label: "org.openhealthkit.statistics-collection", target: healthStore.callbackQueue)
    }

    /// The calendar intervals are computed in: the components' calendar when set, else the process's current one
    /// (as HealthKit uses the device's); the components' time zone, when set, overrides the calendar's.
    static func calendar(for components: DateComponents) -> Calendar {
        var calendar = components.calendar ?? Calendar.current
        if let timeZone = components.timeZone { calendar.timeZone = timeZone }
        return calendar
    }

    /// The collection as the store holds it now.
    func compute() throws(HKError) -> StatisticsCollection {
        do {
            return try dataStore.statisticsCollection(
                of: type, matching: predicate, options: options, anchor: anchorDate, interval: interval,
                calendar: calendar)
        } catch {
            throw HKError.from(error)
        }
    }

    /// Computes the collection on the background queue and reports it to `initial`; with `onUpdate`, keeps watching
    /// the store until `stop()`. The observer is registered before the first computation, so no commit is missed.
    func start(
        initial: @escaping @Sendable (Result<StatisticsCollection, HKError>) -> Void,
        onUpdate: (@Sendable (Result<Update, HKError>) -> Void)?
    ) {
        lane.async { [self] in
            guard let onUpdate else {
                guard !state.withLock({ $0.stopped }) else { return }
                let outcome = Result { () throws(HKError) in try compute() }
                handlers.async { initial(outcome) }
                return
            }
            let watch = CommitWatch(dataStore) { [self] commit in committed(commit) }
            let running = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.watch = watch
                state.onUpdate = onUpdate
                return true
            }
            guard running else {
                watch.cancel()
                return
            }
            do throws(HKError) {
                let collection = try compute()
                state.withLock { $0.last = collection }
                handlers.async { initial(.success(collection)) }
            } catch {
                stop()
                handlers.async { initial(.failure(error)) }
            }
        }
    }

    /// Stops watching the store; pending updates are dropped.
    func stop() {
        let watch = state.withLock { state -> CommitWatch? in
            state.stopped = true
            state.onUpdate = nil
            defer { state.watch = nil }
            return state.watch
        }
        watch?.cancel()
    }

    /// Called by the commit watch: decides whether the commit may touch the collection and queues a refresh.
    /// Inserts of other types cannot; deletions carry only identifiers, so every deletion is looked at.
    private func committed(_ commit: CommitResult) {
        let inserted = commit.inserted.first { $0.type == type }
        // A result with no samples stands for commits made outside this store object (`checkForOutsideWrites`), or
        // that this client cannot see; one that only changed records (a setting) changes no statistics.
        let outside = commit.inserted.isEmpty && commit.deleted.isEmpty && commit.records.isEmpty
        guard inserted != nil || !commit.deleted.isEmpty || outside else { return }
        let insertedAt = inserted?.startDate
        lane.async { [self] in refresh(insertedAt: insertedAt) }
    }

    /// Recomputes the collection and reports the intervals whose statistics differ from the last report. A save of the
    /// query's type that changes no figure (e.g. a sample wholly covered by a higher-priority source) still reports
    /// the interval containing the sample's start, as HealthKit reports every matching save.
    private func refresh(insertedAt: Date?) {
        guard let onUpdate = state.withLock({ $0.stopped ? nil : $0.onUpdate }) else { return }
        let collection: StatisticsCollection
        do {
            collection = try compute()
        } catch {
            report(.failure(error), to: onUpdate)
            return
        }
        let previous = state.withLock { state -> StatisticsCollection? in
            defer { state.last = collection }
            return state.last
        }
        let before = previous?.buckets ?? [:]
        var changed = Set(before.keys).union(collection.buckets.keys).filter { before[$0] != collection.buckets[$0] }
        if changed.isEmpty, let insertedAt { changed = [collection.grid.index(containing: insertedAt)] }
        guard !changed.isEmpty else { return }
        let statistics = changed.sorted().map {
            collection.buckets[$0] ?? collection.statistics(for: collection.grid.start(of: $0))
        }
        report(.success(Update(collection: collection, changed: statistics)), to: onUpdate)
    }

    /// Calls the update handler on the handler queue, unless the monitor was stopped meanwhile.
    private func report(
        _ outcome: Result<Update, HKError>, to onUpdate: @escaping @Sendable (Result<Update, HKError>) -> Void
    ) {
        handlers.async { [self] in
            guard !state.withLock({ $0.stopped }) else { return }
            onUpdate(outcome)
        }
    }
}
