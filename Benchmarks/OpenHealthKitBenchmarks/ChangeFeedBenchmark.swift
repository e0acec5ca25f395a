import BenchmarkSupport
import Dispatch
import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthStoreSQLite
import OpenHealthKit
import Synchronization

/// Anchored object queries and observer queries through the HealthKit-named API: paging through a large change log
/// (saves plus 1 % deletions, five types) with a limit of 10,000, as HealthKit objects, on the in-memory and SQLite
/// stores; and the latency from a save to each of 100 observer queries' handlers.
enum ChangeFeedBenchmark {
    static let targetObjectsPerSecond = 1_000_000.0
    static let targetLatencySeconds = 0.010

    static func run(_ options: BenchmarkOptions, fixtures: SampleFixtures, into table: inout ResultTable) {
        let memory = HealthDataStore(storage: InMemoryStorage())
        let loaded = load(memory, samples: options.changeSamples, fixtures: fixtures)
        page(memory, label: "memory", changes: loaded, fixtures: fixtures, target: true, into: &table)

        if options.changeSQLiteSamples > 0 {
            let path = (options.sqliteFolder ?? NSTemporaryDirectory()) + "/ohk-changes-\(UUID().uuidString).sqlite"
            defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
            let sqlite = HealthDataStore(storage: try! SQLiteStorage(path: path))
            let count = load(sqlite, samples: options.changeSQLiteSamples, fixtures: fixtures)
            page(sqlite, label: "SQLite", changes: count, fixtures: fixtures, target: false, into: &table)
        }

        latency(observers: options.observers, rounds: options.observerRounds, fixtures: fixtures, into: &table)
    }

    /// Saves `samples` samples over five types, then deletes every hundredth; returns the changes in the log.
    private static func load(_ store: HealthDataStore, samples: Int, fixtures: SampleFixtures) -> Int {
        let typeCount = fixtures.series.count
        let minutes = samples / typeCount
        FileHandle.standardError.write(
            Data("changes: loading \(Figures.grouped(Double(minutes * typeCount))) samples…\n".utf8))
        var minute = 0
        var batchNumber: UInt64 = 0
        var deletions = 0
        while minute < minutes {
            let end = min(minutes, minute + 20_000)
            let batch = QueryBenchmark.buildBatch(fixtures: fixtures, minutes: minute..<end, seed: 500 + batchNumber)
            _ = try! store.save(batch, as: fixtures.revisions[1])
            let victims = stride(from: 0, to: batch.count, by: 100).map { batch[$0].uuid }
            _ = try! store.delete(victims)
            deletions += victims.count
            minute = end
            batchNumber += 1
        }
        return minutes * typeCount + deletions
    }

    /// Pages through the whole log with `HKAnchoredObjectQueryDescriptor` (limit 10,000) and, for reference, with the
    /// engine alone.
    private static func page(
        _ store: HealthDataStore, label: String, changes: Int, fixtures: SampleFixtures, target: Bool,
        into table: inout ResultTable
    ) {
        let healthStore = HKHealthStore(dataStore: store)
        let predicates = fixtures.series.map {
            HKSamplePredicate<HKQuantitySample>.quantitySample(
                type: HKQuantityType(HKQuantityTypeIdentifier(rawValue: $0.type.identifier)))
        }
        let cpuBefore = Stopwatch.processCPUSeconds()
        let (delivered, seconds) = Stopwatch.time { () -> Int in
            blocking {
                var anchor: HKQueryAnchor?
                var total = 0
                while true {
                    let page = try await HKAnchoredObjectQueryDescriptor(
                        predicates: predicates, anchor: anchor, limit: 10_000
                    ).result(for: healthStore)
                    let count = page.addedSamples.count + page.deletedObjects.count
                    total += count
                    anchor = page.newAnchor
                    if count < 10_000 { return total }
                }
            }
        }
        let cpuSeconds = Stopwatch.processCPUSeconds() - cpuBefore
        let rate = Double(delivered) / seconds
        table.add(
            "changes",
            "\(label): page \(Figures.grouped(Double(delivered))) of \(Figures.grouped(Double(changes))) changes, HK objects, limit 10,000",
            "\(Figures.duration(seconds)) (\(Figures.rate(rate, unit: "objects"))); CPU \(Figures.duration(cpuSeconds)) (\(Figures.rate(Double(delivered) / cpuSeconds, unit: "objects")))",
            target: target ? "≥ \(Figures.rate(targetObjectsPerSecond, unit: "objects"))" : "",
            met: target ? rate >= targetObjectsPerSecond : nil)

        let descriptors = fixtures.series.map { SampleQueryDescriptor(type: $0.type) }
        let (engineCount, engineSeconds) = Stopwatch.time { () -> Int in
            var anchor: Int64 = 0
            var total = 0
            while true {
                let result = try! store.changes(
                    AnchoredQueryRequest(descriptors: descriptors, anchor: anchor, limit: 10_000))
                total += result.changes.count
                anchor = result.anchor
                if result.changes.count < 10_000 { return total }
            }
        }
        table.add(
            "changes", "\(label): same, engine only (model samples)",
            "\(Figures.duration(engineSeconds)) (\(Figures.rate(Double(engineCount) / engineSeconds, unit: "objects")))"
        )
    }

    /// 100 observer queries on step count; each round saves one sample and waits for every handler.
    private static func latency(observers: Int, rounds: Int, fixtures: SampleFixtures, into table: inout ResultTable) {
        let healthStore = HKHealthStore(dataStore: HealthDataStore(storage: InMemoryStorage()))
        let steps = HKQuantityType(.stepCount)
        let savedAt = Mutex(Stopwatch.clock.now)
        let latencies = Mutex<[Double]>([])
        let fired = Atomic<Int>(0)
        var queries: [HKObserverQuery] = []
        for _ in 0..<observers {
            let query = HKObserverQuery(sampleType: steps, predicate: nil) { _, completionHandler, _ in
                let now = Stopwatch.clock.now
                let start = savedAt.withLock { $0 }
                latencies.withLock { $0.append((now - start).seconds) }
                fired.add(1, ordering: .releasing)
                completionHandler()
            }
            healthStore.execute(query)
            queries.append(query)
        }
        Thread.sleep(forTimeInterval: 0.2)
        for round in 0..<(rounds + 10) {
            if round == 10 { latencies.withLock { $0.removeAll() } }  // the first rounds warm up
            let expected = fired.load(ordering: .acquiring) + observers
            let sample = HKQuantitySample(
                type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 10),
                start: fixtures.epoch.addingTimeInterval(Double(round) * 60),
                end: fixtures.epoch.addingTimeInterval(Double(round) * 60 + 30))
            savedAt.withLock { $0 = Stopwatch.clock.now }
            blocking { try await healthStore.save(sample) }
            let deadline = Date().addingTimeInterval(10)
            while fired.load(ordering: .acquiring) < expected, Date() < deadline { usleep(50) }
        }
        for query in queries { healthStore.stop(query) }
        let measured = Statistics(latencies.withLock { $0 })
        table.add(
            "changes", "observer latency, save → handler, \(observers) observers × \(rounds) saves (memory)",
            "p50 \(Figures.duration(measured.median)), p99 \(Figures.duration(measured.percentile(99))), max \(Figures.duration(measured.maximum))",
            target: "p99 < \(Figures.duration(targetLatencySeconds))",
            met: measured.percentile(99) < targetLatencySeconds)
    }

    /// Runs async work from the benchmark's synchronous code and waits for it.
    private static func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try! result.withLock { $0! }.get()
    }
}
