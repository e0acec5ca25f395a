import BenchmarkSupport
import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthStoreSQLite

/// The SQLite store (issue 4): bulk save rate and bytes per sample on disk, daily statistics over about a million
/// samples next to the in-memory store, and a cold open of a large store answering a one-day sample query and a
/// 30-day daily statistics query. Store files go to a temporary folder (or `--sqlite-folder DIR`) and are removed.
enum SQLiteBenchmark {
    static let saveTarget = 400_000.0

    static func run(_ options: BenchmarkOptions, fixtures: SampleFixtures, into table: inout ResultTable) {
        let folder =
            (options.sqliteFolder ?? FileManager.default.temporaryDirectory.path)
            + "/ohk-benchmark-\(ProcessInfo.processInfo.processIdentifier)"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        save(options, fixtures: fixtures, folder: folder, into: &table)
        statistics(options, fixtures: fixtures, folder: folder, into: &table)
        if options.sqliteStoreSamples > 0 { coldOpen(options, fixtures: fixtures, folder: folder, into: &table) }
    }

    private static func progress(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    // MARK: Bulk save

    /// How the saved samples get their UUIDs.
    private enum UUIDKind: CaseIterable {
        /// `RandomUUID.make()`, what new samples get by default (version 8, increasing 48-bit prefix).
        case ordered
        /// Random version 4 UUIDs, as a client may supply (seeded, so runs are comparable).
        case random

        var label: String {
            switch self {
            case .ordered: "default UUIDs (RandomUUID.make, increasing prefix)"
            case .random: "random v4 UUIDs (client-supplied)"
            }
        }
    }

    private static func save(
        _ options: BenchmarkOptions, fixtures: SampleFixtures, folder: String, into table: inout ResultTable
    ) {
        for kind in UUIDKind.allCases { save(kind, options, fixtures: fixtures, folder: folder, into: &table) }
    }

    private static func save(
        _ kind: UUIDKind, _ options: BenchmarkOptions, fixtures: SampleFixtures, folder: String,
        into table: inout ResultTable
    ) {
        let count = options.saveSamples
        let batchSize = options.sqliteBatch
        progress("sqlite save: building \(Figures.grouped(Double(count))) stepCount samples with \(kind.label)…")
        var random = FastUUIDGenerator(seed: 11)
        var batches: [[Sample]] = []
        var minute = 0
        while minute < count {
            let end = min(count, minute + batchSize)
            batches.append(
                (minute..<end).map { index in
                    let value = Double(random.next(below: 160))
                    let uuid = kind == .ordered ? RandomUUID.make() : random.uuid()
                    return fixtures.sample(
                        of: fixtures.series[0], minute: index, device: fixtures.devices[1], value: value, uuid: uuid)
                })
            minute = end
        }
        var rates: [Double] = []
        var cpuRates: [Double] = []
        var bytesPerSample = 0.0
        for run in 1...options.saveRuns {
            let path = folder + "/save-\(run).sqlite"
            let storage = try! SQLiteStorage(path: path)
            let store = HealthDataStore(storage: storage)
            let cpuBefore = processCPUSeconds()
            let (_, seconds) = Stopwatch.time {
                for batch in batches { blackHole(try! store.save(batch, as: fixtures.revisions[1])) }
            }
            let cpuSeconds = processCPUSeconds() - cpuBefore
            let rate = Double(count) / seconds
            progress(
                "  run \(run): \(Figures.duration(seconds)) (CPU \(Figures.duration(cpuSeconds))), \(Figures.rate(rate, unit: "samples"))"
            )
            rates.append(rate)
            cpuRates.append(Double(count) / cpuSeconds)
            guard (try? storage.sampleCount()) == count else { fatalError("the SQLite store lost samples") }
            try! storage.checkpoint()
            bytesPerSample = Double(storage.bytesOnDisk()) / Double(count)
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: path + "-wal")
            try? FileManager.default.removeItem(atPath: path + "-shm")
        }
        let statistics = Statistics(rates)
        let label =
            "SQLite save \(Figures.grouped(Double(count))) samples, batches of \(Figures.grouped(Double(batchSize))), \(kind.label)"
        // The target is for what new samples get by default; client-supplied random UUIDs are reported, not judged.
        let target = kind == .ordered ? "≥ 400 k samples/s" : ""
        table.add(
            "sqlite", label + ", best of \(rates.count)", Figures.rate(statistics.maximum, unit: "samples"),
            target: target, met: target.isEmpty ? nil : statistics.maximum >= saveTarget)
        table.add(
            "sqlite", label + ", median of \(rates.count)", Figures.rate(statistics.median, unit: "samples"),
            target: target, met: target.isEmpty ? nil : statistics.median >= saveTarget)
        table.add(
            "sqlite", label + ", per CPU second (this process's CPU time; wall time also counts other load)",
            Figures.rate(Statistics(cpuRates).maximum, unit: "samples"))
        table.add(
            "sqlite",
            "bytes per sample on disk with \(kind.label) (file after checkpoint; 5 % of samples carry metadata)",
            "\(Figures.grouped(bytesPerSample)) B")
    }

    /// CPU time used by this process so far, in seconds (all threads).
    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    // MARK: Daily statistics, SQLite next to memory

    private static func statistics(
        _ options: BenchmarkOptions, fixtures: SampleFixtures, folder: String, into table: inout ResultTable
    ) {
        let stepCount = try! SampleType.quantity("stepCount")
        let calendar = StatisticsBenchmark.calendar
        let start = calendar.date(from: DateComponents(year: 2023, month: 1, day: 1))!
        let data = StatisticsBenchmark.generate(days: options.statsDays, from: start)
        progress(
            "sqlite statistics: \(Figures.grouped(Double(data.rows.count))) samples over \(options.statsDays) days")
        let memory = HealthDataStore()
        StatisticsBenchmark.load(data, into: memory, type: stepCount, fixtures: fixtures)
        let sqlite = try! SQLiteStorage(path: folder + "/statistics.sqlite")
        let onDisk = HealthDataStore(storage: sqlite)
        let loadSeconds = Stopwatch.time {
            StatisticsBenchmark.load(data, into: onDisk, type: stepCount, fixtures: fixtures)
        }.seconds
        table.add(
            "sqlite", "load \(Figures.grouped(Double(data.rows.count))) steps samples (Watch + iPhone) into SQLite",
            "\(Figures.duration(loadSeconds)) (\(Figures.rate(Double(data.rows.count) / loadSeconds, unit: "samples")))"
        )

        // The columns the statistics engine reads when the predicate is a time window: first call scans the index
        // and builds the per-type cache; later calls are served from it.
        let firstColumns = Stopwatch.time { try! sqlite.quantityColumns(of: stepCount, within: .unbounded)!.count }
        let warmColumns = Statistics(
            (0..<options.statsRuns).map { _ in
                Stopwatch.time { blackHole(try! sqlite.quantityColumns(of: stepCount, within: .unbounded)!.count) }
                    .seconds
            })
        table.add(
            "sqlite",
            "quantityColumns, all \(Figures.grouped(Double(firstColumns.result))) rows: first call (index scan + cache) / warm median",
            "\(Figures.duration(firstColumns.seconds)) / \(Figures.duration(warmColumns.median))")

        let anchor = Date(timeIntervalSinceReferenceDate: data.midnights[0])
        func timed(_ store: HealthDataStore) -> (Double, Double) {
            func collection() -> StatisticsCollection {
                try! store.statisticsCollection(
                    of: stepCount, options: .cumulativeSum, anchor: anchor, interval: DateComponents(day: 1),
                    calendar: calendar)
            }
            var total = 0.0
            for bucket in collection().statistics() { total += bucket.merged.sum?.value ?? 0 }  // warm-up
            let seconds = Statistics(
                (0..<options.statsRuns).map { _ in Stopwatch.time { blackHole(collection()) }.seconds })
            return (seconds.median, total)
        }
        let (memorySeconds, memoryTotal) = timed(memory)
        let (sqliteSeconds, sqliteTotal) = timed(onDisk)
        let ratio = sqliteSeconds / memorySeconds
        table.add(
            "sqlite",
            "daily cumulativeSum over \(Figures.grouped(Double(data.rows.count))) samples, warm median: in-memory / SQLite",
            "\(Figures.duration(memorySeconds)) / \(Figures.duration(sqliteSeconds)) (ratio \(String(format: "%.2f", ratio)))",
            target: "ratio ≤ 2", met: ratio <= 2)
        table.add(
            "sqlite", "merged totals agree (in-memory / SQLite)",
            "\(Figures.grouped(memoryTotal)) / \(Figures.grouped(sqliteTotal))", target: "equal",
            met: memoryTotal == sqliteTotal)
        withExtendedLifetime((memory, onDisk)) {}
    }

    // MARK: Cold open of a large store

    private static func coldOpen(
        _ options: BenchmarkOptions, fixtures: SampleFixtures, folder: String, into table: inout ResultTable
    ) {
        let typeCount = fixtures.series.count
        let perType = options.sqliteStoreSamples / typeCount
        let total = perType * typeCount
        let path = folder + "/large.sqlite"
        progress(
            "sqlite cold open: writing \(Figures.grouped(Double(total))) samples (\(typeCount) types × \(Figures.grouped(Double(perType))) minutes)…"
        )
        do {
            let storage = try! SQLiteStorage(path: path)
            let store = HealthDataStore(storage: storage)
            let minutesPerBatch = max(1, options.sqliteBatch / typeCount)
            var saveSeconds = 0.0
            var minute = 0
            var batchNumber: UInt64 = 0
            while minute < perType {
                let end = min(perType, minute + minutesPerBatch)
                let batch = QueryBenchmark.buildBatch(
                    fixtures: fixtures, minutes: minute..<end, seed: 5000 + batchNumber, defaultUUIDs: true)
                saveSeconds += Stopwatch.time { blackHole(try! store.save(batch, as: fixtures.revisions[1])) }.seconds
                minute = end
                batchNumber += 1
            }
            try! storage.checkpoint()
            table.add(
                "sqlite",
                "save \(Figures.grouped(Double(total))) samples (5 types, default UUIDs) into one file, batches of \(Figures.grouped(Double(minutesPerBatch * typeCount)))",
                "\(Figures.duration(saveSeconds)) (\(Figures.rate(Double(total) / saveSeconds, unit: "samples"))), \(Figures.bytes(Int(storage.bytesOnDisk()))) on disk, \(Figures.grouped(Double(storage.bytesOnDisk()) / Double(total))) B/sample"
            )
        }
        let steps = fixtures.series[0].type
        let heartRate = fixtures.series[1].type
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let days = max(1, perType / 1440)
        var timings: [(open: Double, query: Double, statistics: Double, returned: Int, buckets: Int)] = []
        var random = FastUUIDGenerator(seed: 31)
        for _ in 0..<3 {
            let day = random.next(below: max(1, days - 31))
            let dayStart = fixtures.epoch.addingTimeInterval(Double(day) * 86_400)
            let (store, open) = Stopwatch.time { HealthDataStore(storage: try! SQLiteStorage(path: path)) }
            let (returned, query) = Stopwatch.time {
                try! store.samples(
                    SampleQueryRequest(
                        type: heartRate,
                        predicate: .date(
                            start: dayStart, end: dayStart.addingTimeInterval(86_400), options: .strictStartDate))
                ).count
            }
            let (buckets, statistics) = Stopwatch.time {
                try! store.statisticsCollection(
                    of: steps,
                    matching: .date(
                        start: dayStart, end: dayStart.addingTimeInterval(30 * 86_400), options: .strictStartDate),
                    options: .cumulativeSum, anchor: dayStart, interval: DateComponents(day: 1), calendar: utc
                ).statistics().count
            }
            timings.append((open, query, statistics, returned, buckets))
        }
        for (index, timing) in timings.enumerated() {
            let totalSeconds = timing.open + timing.query + timing.statistics
            table.add(
                "sqlite",
                "cold open #\(index + 1) of the \(Figures.grouped(Double(total)))-sample store + one-day query (\(timing.returned) samples) + 30-day daily statistics (\(timing.buckets) buckets)",
                "\(Figures.duration(totalSeconds)) (open \(Figures.duration(timing.open)), query \(Figures.duration(timing.query)), statistics \(Figures.duration(timing.statistics)))",
                target: "< 1 s", met: totalSeconds < 1)
        }
    }
}
