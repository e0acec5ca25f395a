// ohk-postgres-benchmark: PostgreSQL next to SQLite (and memory) in one run, on the same generated data.
//   ohk-postgres-benchmark URL [SAMPLES] [BATCH]
// Figures: bulk ingest (samples/s), daily cumulativeSum statistics over one person's minute data (two sources
// overlapping, so the merge rule matters) as a warm median, anchored paging of the whole change log (objects/s).
// Progress goes to standard error, the table to standard output. The database gets one new person per run.
// Built only when OHK_BENCHMARKS is set (see Package.swift); scripts/compare/compare-postgres.sh runs it.
import ArgumentParser
import BenchmarkSupport
import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthStorePostgres
import HealthStoreSQLite

/// The `ohk-postgres-benchmark` command.
@main
struct PostgresBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ohk-postgres-benchmark",
        abstract:
            "PostgreSQL next to SQLite and memory: bulk ingest, daily statistics, anchored paging (a Markdown table).")

    @Argument(help: ArgumentHelp("The database.", valueName: "postgres://USER@HOST:PORT/DATABASE"))
    var url: String
    @Argument(help: "stepCount samples (Watch + iPhone per minute).")
    var sampleCount = 1_000_000
    @Argument(help: "Samples per save.")
    var batchSize = 100_000

    /// Timed runs of the warm statistics collection.
    static let runs = 5

    /// One backend's figures, in seconds (and the merged total, which must agree across backends).
    struct BackendFigures {
        var ingest = 0.0, firstStatistics = 0.0, statistics = 0.0, total = 0.0, paging = 0.0
    }

    func validate() throws {
        guard sampleCount > 0, batchSize > 0 else { throw ValidationError("SAMPLES and BATCH must be positive") }
    }

    func run() throws {
        let runs = Self.runs
        func progress(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
        func rate(_ count: Int, _ seconds: Double) -> String {
            String(format: "%.1f k/s", Double(count) / seconds / 1000)
        }
        func milliseconds(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
        func seconds(_ body: () throws -> Void) rethrows -> Double { try Stopwatch.time(body).seconds }

        // One person's minute data: the Watch every minute, the iPhone every minute too, for SAMPLES / 2 minutes.
        let stepCount = try SampleType.quantity("stepCount")
        let watch = SourceRevision(
            source: Source(name: "Watch", bundleIdentifier: "com.apple.health.watch"), version: "10.3",
            productType: "Watch6,1")
        let phone = SourceRevision(
            source: Source(name: "iPhone", bundleIdentifier: "com.apple.health.phone"), version: "17.4",
            productType: "iPhone15,2")
        let start = Date(timeIntervalSinceReferenceDate: 694_224_000)  // 2023-01-01T00:00:00Z
        var generator = SystemRandomNumberGenerator()
        progress("building \(sampleCount) samples…")
        let samples: [Sample] = try (0..<sampleCount).map { index in
            let minute = Double(index / 2)
            let begin = start.addingTimeInterval(minute * 60)
            let sample = try Sample.quantity(
                type: stepCount, quantity: Quantity(Double(UInt64.random(in: 0..<160, using: &generator)), .count),
                start: begin,
                end: begin.addingTimeInterval(60))
            return sample.with(sourceRevision: index % 2 == 0 ? watch : phone)
        }
        let batches = stride(from: 0, to: samples.count, by: batchSize).map {
            Array(samples[$0..<min(samples.count, $0 + batchSize)])
        }
        let days = sampleCount / 2 / 1440 + 1
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!

        func measure(_ name: String, _ storage: any HealthStorage) throws -> BackendFigures {
            var figures = BackendFigures()
            let store = HealthDataStore(storage: storage)
            progress("\(name): ingest…")
            figures.ingest = try seconds { for batch in batches { try store.saveImported(batch) } }
            func collection() throws -> StatisticsCollection {
                try store.statisticsCollection(
                    of: stepCount, options: .cumulativeSum, anchor: start, interval: DateComponents(day: 1),
                    calendar: utc)
            }
            progress("\(name): daily statistics…")
            figures.firstStatistics = try seconds {
                figures.total = try collection().statistics().reduce(0) { $0 + ($1.merged.sum?.value ?? 0) }
            }
            figures.statistics = Statistics(try (0..<runs).map { _ in try seconds { _ = try collection() } }).median
            progress("\(name): paging…")
            figures.paging = try seconds {
                var anchor: Int64 = 0
                while true {
                    let page = try storage.changedObjects(after: anchor, of: [stepCount], limit: 10_000)
                    if page.objects.isEmpty { break }
                    anchor = page.endSequence
                }
            }
            return figures
        }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ohk-postgres-benchmark-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let client = try PostgresStoreClient(url: url)
        let memory = try measure("memory", InMemoryStorage())
        let sqlite = try measure("sqlite", try SQLiteStorage(path: folder + "/benchmark.sqlite"))
        let postgres = try measure(
            "postgres", try PostgresStorage(client: client, person: "benchmark-\(UUID().uuidString)"))

        print(
            "| \(sampleCount) stepCount samples (Watch + iPhone per minute, \(days) days), batches of \(batchSize) | memory | SQLite | PostgreSQL |"
        )
        print("|---|---|---|---|")
        print(
            "| bulk ingest | \(rate(sampleCount, memory.ingest)) | \(rate(sampleCount, sqlite.ingest)) | \(rate(sampleCount, postgres.ingest)) |"
        )
        print(
            "| daily cumulativeSum over all days, first call after the ingest | \(milliseconds(memory.firstStatistics)) | \(milliseconds(sqlite.firstStatistics)) | \(milliseconds(postgres.firstStatistics)) |"
        )
        print(
            "| daily cumulativeSum over all days, warm median of \(runs) | \(milliseconds(memory.statistics)) | \(milliseconds(sqlite.statistics)) | \(milliseconds(postgres.statistics)) |"
        )
        print("| merged total (must agree) | \(Int(memory.total)) | \(Int(sqlite.total)) | \(Int(postgres.total)) |")
        print(
            "| anchored paging of the whole log, pages of 10,000 | \(rate(sampleCount, memory.paging)) | \(rate(sampleCount, sqlite.paging)) | \(rate(sampleCount, postgres.paging)) |"
        )
        client.shutdown()
        if memory.total != sqlite.total || memory.total != postgres.total {
            progress("the merged totals differ")
            throw ExitCode.failure
        }
    }
}
