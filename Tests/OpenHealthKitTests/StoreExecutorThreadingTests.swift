import Foundation
import HealthModel
import HealthStore
import OpenHealthKit
import Synchronization
import Testing

/// Where the HealthKit API does its work: the store's work on the executor the store was made with, handlers on the
/// callback queue. Each case makes its store with an executor of its own and notes, for each piece of work, whether
/// it ran on that executor (`StoreExecutor.isCurrent`).
@Suite("HealthKit API threading: store work on the store's executor, handlers on the callback queue")
struct StoreExecutorThreadingTests {
    /// For each kind of work, whether each run of it was on the store's executor.
    final class ExecutorLog: Sendable {
        let executor: StoreExecutor
        private let runs = Mutex<[String: [Bool]]>([:])

        init(_ executor: StoreExecutor) { self.executor = executor }

        /// Notes whether the caller runs on the executor, under `label`.
        func note(_ label: String) {
            let onExecutor = executor.isCurrent
            runs.withLock { $0[label, default: []].append(onExecutor) }
        }

        /// Whether each run noted under `label` was on the executor.
        func runs(_ label: String) -> [Bool] { runs.withLock { $0[label] ?? [] } }
    }

    /// An AND of one predicate that notes where its parts are read: a query reads them when it translates its
    /// predicate, at the start of its work on the store.
    final class NotingPredicate: NSCompoundPredicate {
        let log: ExecutorLog

        init(_ predicate: NSPredicate, log: ExecutorLog) {
            self.log = log
            super.init(type: .and, subpredicates: [predicate])
        }

        required init?(coder: NSCoder) { nil }

        override var subpredicates: [NSPredicate] {
            get {
                log.note("predicate")
                return super.subpredicates
            }
            set { super.subpredicates = newValue }
        }
    }

    /// A health store over a store in memory made with an executor of its own (the log's), acting for `client` (the
    /// default client, with full access, when nil).
    static func healthStore(
        _ log: ExecutorLog, policy: AuthorizationPolicy = .grantAll, client: HKSource? = nil
    ) -> HKHealthStore {
        HKHealthStore(
            dataStore: HealthDataStore(access: AccessControl(policy: policy), executor: log.executor), client: client)
    }

    @Test("A sample query translates its predicate and reads on the store's executor; its handler runs off it")
    func sampleQuery() async throws {
        let log = ExecutorLog(StoreExecutor(threadCount: 1))
        let healthStore = Self.healthStore(log)
        let steps = HKQuantityType(.stepCount)
        let start = Date(timeIntervalSince1970: 1_709_942_400)
        try await healthStore.save(
            HKQuantitySample(
                type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 120), start: start,
                end: start.addingTimeInterval(600)))
        let predicate = NotingPredicate(
            HKQuery.predicateForSamples(withStart: start, end: start.addingTimeInterval(3600)), log: log)
        let count = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
            let query = HKSampleQuery(
                sampleType: steps, predicate: predicate, limit: HKObjectQueryNoLimit, sortDescriptors: nil
            ) { _, samples, error in
                log.note("handler")
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: samples?.count ?? 0)
                }
            }
            healthStore.execute(query)
        }
        #expect(count == 1)
        #expect(!log.runs("predicate").isEmpty)
        #expect(log.runs("predicate").allSatisfy { $0 })
        #expect(log.runs("handler") == [false])
    }

    @Test("A completion-handler request runs its store work on the store's executor and its handler off it")
    func completionHandler() async throws {
        let log = ExecutorLog(StoreExecutor(threadCount: 1))
        let policy = AuthorizationPolicy { _, _, _ in
            log.note("policy")
            return .authorized
        }
        // An app other than the default client: its requests ask the policy.
        let healthStore = Self.healthStore(log, policy: policy, client: AuthorizationTests.app("Trends"))
        let success = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            healthStore.requestAuthorization(toShare: [HKQuantityType(.stepCount)], read: [HKQuantityType(.heartRate)])
            {
                success, _ in
                log.note("handler")
                continuation.resume(returning: success)
            }
        }
        #expect(success)
        #expect(log.runs("policy") == [true, true])
        #expect(log.runs("handler") == [false])
    }

    /// Starts a long-running query that reports each update (after the initial results) to the returned stream, and
    /// waits for its initial results.
    enum LongRunning: String, CaseIterable, CustomTestStringConvertible {
        case anchored, observer, statisticsCollection, activitySummaries

        var testDescription: String { rawValue }

        func start(on healthStore: HKHealthStore, log: ExecutorLog) async -> (HKQuery, AsyncStream<Void>) {
            let (updates, continuation) = AsyncStream<Void>.makeStream()
            let started = Mutex<CheckedContinuation<Void, Never>?>(nil)
            let initial: @Sendable () -> Void = {
                started.withLock {
                    $0?.resume()
                    $0 = nil
                }
            }
            let update: @Sendable () -> Void = {
                log.note("handler")
                continuation.yield()
            }
            let steps = HKQuantityType(.stepCount)
            let query: HKQuery
            switch self {
            case .anchored:
                let anchored = HKAnchoredObjectQuery(
                    type: steps, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit
                ) { _, _, _, _, _ in initial() }
                anchored.updateHandler = { _, _, _, _, _ in update() }
                query = anchored
            case .observer:
                // An observer query has no initial results: it is started once it is executed.
                query = HKObserverQuery(sampleType: steps, predicate: nil) { _, completion, _ in
                    update()
                    completion()
                }
            case .statisticsCollection:
                let collection = HKStatisticsCollectionQuery(
                    quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum,
                    anchorDate: Date(timeIntervalSince1970: 1_709_856_000), intervalComponents: DateComponents(day: 1))
                collection.initialResultsHandler = { _, _, _ in initial() }
                collection.statisticsUpdateHandler = { _, _, _, _ in update() }
                query = collection
            case .activitySummaries:
                let summaries = HKActivitySummaryQuery(predicate: nil) { _, _, _ in initial() }
                summaries.updateHandler = { _, _, _ in update() }
                query = summaries
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if self == .observer {
                    continuation.resume()
                } else {
                    started.withLock { $0 = continuation }
                }
                healthStore.execute(query)
            }
            return (query, updates)
        }
    }

    @Test(
        "A long-running query reads the store on the store's executor: with the executor busy no update comes; its handler runs off it",
        .timeLimit(.minutes(1)), arguments: LongRunning.allCases)
    func longRunningQuery(_ kind: LongRunning) async throws {
        let log = ExecutorLog(StoreExecutor(threadCount: 1))
        let healthStore = Self.healthStore(log)
        let (query, updates) = await kind.start(on: healthStore, log: log)
        defer { healthStore.stop(query) }
        // Let the query's watch settle (an observer query registers from the callback queue).
        try await Task.sleep(for: .milliseconds(200))
        // Hold the executor's one thread; a commit made meanwhile must wait for it before anyone reads the store.
        let gate = DispatchSemaphore(value: 0)
        healthStore.dataStore.executor.execute { gate.wait() }
        let start = Date(timeIntervalSince1970: 1_709_942_400)
        // Active energy: a type every one of these queries follows (steps for the others, energy for the rings).
        let sample =
            kind == .activitySummaries
            ? try Sample.quantity(
                type: .quantity("activeEnergyBurned"), quantity: Quantity(85, .kilocalorie), start: start,
                end: start.addingTimeInterval(600))
            : try Sample.quantity(
                type: .quantity("stepCount"), quantity: Quantity(120, .count), start: start,
                end: start.addingTimeInterval(600))
        _ = try healthStore.dataStore.save(
            [sample], as: SourceRevision(source: Source(name: "Watch", bundleIdentifier: "com.example.watch")))
        var iterator = updates.makeAsyncIterator()
        let early = Task {
            try await Task.sleep(for: .milliseconds(400))
            return log.runs("handler").count
        }
        #expect(try await early.value == 0, "no update while the executor is held")
        gate.signal()
        _ = await iterator.next()
        #expect(log.runs("handler") == [false])
    }
}
