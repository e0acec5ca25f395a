import Dispatch
import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

/// Fetches activity summaries: the days a predicate from `predicateForActivitySummary(with:)` or
/// `predicate(forActivitySummariesBetweenStart:end:)` selects (nil: every day with data). Days are those of the date
/// components' calendar (the current calendar when they carry none). With an update handler it keeps running and
/// reports the summaries again whenever a save or delete of active energy, exercise time or stand hours changes them.
open class HKActivitySummaryQuery: HKQuery, @unchecked Sendable {
    /// What the results and update handlers receive.
    public typealias Handler = (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void

    private struct State {
        var update: UncheckedSendable<Handler>?
        var watch: CommitWatch?
        var stopped = false
        var last: [ActivitySummary]?
    }

    private let resultsHandler: UncheckedSendable<Handler>
    private let state = Mutex(State())

    /// A query; `handler` receives the summaries once.
    public required init(predicate: NSPredicate?, resultsHandler handler: @escaping Handler) {
        resultsHandler = UncheckedSendable(handler)
        super.init(objectType: HKObjectType.activitySummaryType(), predicate: predicate)
    }

    /// Receives the summaries again after each change to them; set it before executing the query.
    open var updateHandler: Handler? {
        get { state.withLock { $0.update }?.value }
        set {
            let handler = newValue.map(UncheckedSendable.init)
            state.withLock { $0.update = handler }
        }
    }

    /// The model predicate and the calendar whose days it names.
    static func request(_ predicate: NSPredicate?) throws -> (ActivitySummaryPredicate?, Calendar) {
        guard let predicate else { return (nil, Calendar.current) }
        guard let health = predicate as? HealthPredicate, let model = health.activitySummaryPredicate else {
            throw HKError(
                .errorInvalidArgument,
                "an activity summary query takes a predicate from predicateForActivitySummary(with:) or predicate(forActivitySummariesBetweenStart:end:)"
            )
        }
        switch model {
        case let .day(day): return (model, day.calendar ?? Calendar.current)
        case let .days(from, _): return (model, from.calendar ?? Calendar.current)
        }
    }

    override func deliverFailure(_ error: HKError) { resultsHandler.value(self, nil, error) }

    override var startsMonitor: Bool { true }

    override func run(in healthStore: HKHealthStore) {
        let dataStore = healthStore.dataStore
        let model: ActivitySummaryPredicate?
        let calendar: Calendar
        do {
            (model, calendar) = try Self.request(predicate)
        } catch {
            healthStore.deliver { [self] in resultsHandler.value(self, nil, HKError.from(error)) }
            return
        }
        // The store is read in a serial lane on its executor; the handlers are called in order on a serial queue on
        // the callback queue.
        let lane = StoreLane(on: dataStore.executor)
        let handlers = DispatchQueue(label: "org.openhealthkit.activity-summaries", target: healthStore.callbackQueue)
        let hasUpdates = state.withLock { $0.update != nil }
        if hasUpdates {
            let watch = CommitWatch(dataStore) { [self] commit in
                let outside = commit.inserted.isEmpty && commit.deleted.isEmpty
                guard
                    outside || !commit.deleted.isEmpty
                        || commit.inserted.contains(where: { ActivitySummaryEngine.sourceTypes.contains($0.type) })
                else { return }
                lane.async { [self] in refresh(dataStore, model, calendar, handlers: handlers) }
            }
            let running = state.withLock { state -> Bool in
                guard !state.stopped, state.watch == nil else { return false }
                state.watch = watch
                return true
            }
            guard running else {
                watch.cancel()
                return
            }
        }
        lane.async { [self] in
            do {
                let summaries = try dataStore.activitySummaries(matching: model, calendar: calendar)
                state.withLock { $0.last = summaries }
                handlers.async { [self] in resultsHandler.value(self, summaries.map(HKActivitySummary.init), nil) }
            } catch {
                let error = HKError.from(error)
                handlers.async { [self] in resultsHandler.value(self, nil, error) }
            }
        }
    }

    /// Recomputes and reports when the summaries differ from the last report.
    private func refresh(
        _ dataStore: HealthDataStore, _ model: ActivitySummaryPredicate?, _ calendar: Calendar,
        handlers: DispatchQueue
    ) {
        guard let update = state.withLock({ $0.stopped ? nil : $0.update }) else { return }
        do {
            let summaries = try dataStore.activitySummaries(matching: model, calendar: calendar)
            let changed = state.withLock { state -> Bool in
                defer { state.last = summaries }
                return state.last != summaries
            }
            if changed {
                handlers.async { [self] in
                    guard !state.withLock({ $0.stopped }) else { return }
                    update.value(self, summaries.map(HKActivitySummary.init), nil)
                }
            }
        } catch {
            let error = HKError.from(error)
            handlers.async { [self] in
                guard !state.withLock({ $0.stopped }) else { return }
                update.value(self, nil, error)
            }
        }
    }

    override func stopRunning() {
        let watch = state.withLock { state -> CommitWatch? in
            state.stopped = true
            defer { state.watch = nil }
            return state.watch
        }
        watch?.cancel()
    }
}
