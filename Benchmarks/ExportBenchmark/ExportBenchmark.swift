// ohk-export-benchmark: generates a large realistic Apple Health export and times importing it.
//
//   ohk-export-benchmark generate --output DIR [--megabytes 1024] [--seed 42] [--time-zone America/Los_Angeles]
//   ohk-export-benchmark import PATH [--store sqlite|identifiers|memory] [--store-path FILE] [--batch-size N] [--reimport]
//     --reimport imports the same file again twice: passing over spans read whole before, then reading every record.
//     sqlite (the default) imports into a new SQLite store file (FILE, else a temporary file removed at the end);
//     identifiers is a stand-in that keeps only identifiers; memory keeps every sample in memory.
//   ohk-export-benchmark xmlparser PATH
//
// Figures go to standard output as `key=value` lines; scripts/compare/compare-import.sh runs all three side by side.
// Built only when OHK_BENCHMARKS is set (see Package.swift).
import ArgumentParser
import BenchmarkSupport
import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthStoreSQLite

/// The `ohk-export-benchmark` command and its three subcommands.
@main
struct ExportBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ohk-export-benchmark",
        abstract: "Generates a large realistic Apple Health export and times importing it (key=value figures).",
        subcommands: [Generate.self, Import.self, XMLParserRun.self])
}

extension ExportBenchmark {
    /// `generate`: writes a realistic export.xml of about the size asked for.
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Writes a realistic export.xml into DIR.")

        @Option(help: ArgumentHelp("The folder to write into.", valueName: "dir"))
        var output: String
        @Option(help: "Size of export.xml in megabytes.")
        var megabytes: Int64 = 1024
        @Option(help: "The generator's seed (the same seed, the same file).")
        var seed: UInt64 = 42
        @Option(help: "The time zone the generated days are local to.")
        var timeZone = "America/Los_Angeles"

        func run() throws {
            guard let zone = TimeZone(identifier: timeZone) else {
                throw ValidationError("unknown time zone \(timeZone)")
            }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let start = calendar.date(from: DateComponents(year: 2019, month: 1, day: 1))!
            var generator = ExportGenerator(
                folder: URL(fileURLWithPath: output), targetBytes: megabytes << 20, seed: seed, timeZone: zone,
                startDay: start)
            let began = Stopwatch.clock.now
            let url = try generator.generate()
            let elapsed = began.duration(to: Stopwatch.clock.now)
            print("generated=\(url.path)")
            print(
                "bytes=\(generator.bytesWritten) days=\(generator.days) records=\(generator.records) workouts=\(generator.workouts) route_points=\(generator.routePoints) seconds=\(elapsed)"
            )
        }
    }

    /// The stores `import` can import into.
    enum StoreKind: String, ExpressibleByArgument, CaseIterable {
        case sqlite, identifiers, memory
    }

    /// `import`: imports an export into a new store and prints the figures, optionally re-importing it.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Imports PATH into a new store and prints the figures.")

        @Argument(help: "The export.xml to import.")
        var path: String
        @Option(help: "sqlite (a new store file), identifiers (a stand-in keeping identifiers only) or memory.")
        var store: StoreKind = .sqlite
        @Option(
            help: ArgumentHelp(
                "The SQLite store file (default: a temporary file removed at the end).", valueName: "file"))
        var storePath: String?
        @Option(help: "Samples per save.")
        var batchSize = 20_000
        @Flag(
            help: "Import the same file again twice: passing over spans read whole before, then reading every record.")
        var reimport = false

        func run() throws {
            let url = URL(fileURLWithPath: path)
            let storage: any HealthStorage
            var storeFile: String?
            switch store {
            case .sqlite:
                let path =
                    storePath
                    ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                        "ohk-export-benchmark-\(UUID().uuidString).sqlite"
                    ).path
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                storage = try SQLiteStorage(path: path)
                storeFile = path
            case .memory: storage = InMemoryStorage()
            case .identifiers: storage = try IdentifierOnlyStorage()
            }
            defer {
                if let storeFile, storePath == nil {
                    for suffix in ["", "-wal", "-shm"] {
                        try? FileManager.default.removeItem(atPath: storeFile + suffix)
                    }
                }
            }
            let dataStore = HealthDataStore(storage: storage)
            let importer = ExportImporter(store: dataStore, clock: Stopwatch.clock, batchSize: batchSize)
            var lastPrinted = 0.0
            let first = try importer.importExport(at: url) { progress in
                let seconds = progress.elapsed.components.seconds
                if Double(seconds) >= lastPrinted + 5 {
                    lastPrinted = Double(seconds)
                    let eta = progress.estimatedRemaining.map { "\($0.components.seconds) s" } ?? "-"
                    let line =
                        String(
                            format: "  %.0f%%  %.0f records/s  ETA ", progress.fractionCompleted * 100,
                            progress.recordsPerSecond) + eta + "\n"
                    FileHandle.standardError.write(Data(line.utf8))
                }
            }
            let read = first.samplesStored + first.duplicatesInExport + first.alreadyStored + first.olderSyncVersions
            print(
                "import_seconds=\(String(format: "%.3f", first.duration.seconds)) stored=\(first.samplesStored) read=\(read) records_per_second=\(Int(Double(read) / first.duration.seconds)) megabytes_per_second=\(String(format: "%.1f", Double(first.bytesRead) / 1_048_576 / first.duration.seconds))"
            )
            print(
                "quantity=\(first.quantitySamples) category=\(first.categorySamples) correlations=\(first.correlations) workouts=\(first.workouts) duplicates_in_export=\(first.duplicatesInExport) correlation_members_linked=\(first.correlationMembersLinked) activity_summaries=\(first.activitySummaries) routes=\(first.workoutRoutes) route_points=\(first.routePoints) heartbeat_series=\(first.heartbeatSeries) skipped=\(first.skipped) issues=\(first.issues.count)"
            )
            for issue in first.issues.prefix(5) { print("issue: \(issue)") }
            if reimport {
                let second = try importer.importExport(at: url)
                print(
                    "reimport_seconds=\(String(format: "%.3f", second.duration.seconds)) new_rows=\(second.samplesStored) already_stored=\(second.alreadyStored) speedup=\(String(format: "%.2f", first.duration.seconds / second.duration.seconds)) bytes_passed_over=\(second.bytesPassedOver)"
                )
                // The same re-import reading every record (spans read whole before not passed over): the record-level path.
                let everyRecord = ExportImporter(
                    store: dataStore, clock: Stopwatch.clock, batchSize: batchSize, reusesImportedSpans: false)
                let third = try everyRecord.importExport(at: url)
                print(
                    "reimport_every_record_seconds=\(String(format: "%.3f", third.duration.seconds)) new_rows=\(third.samplesStored) already_stored=\(third.alreadyStored) speedup=\(String(format: "%.2f", first.duration.seconds / third.duration.seconds))"
                )
            }
            if let sqlite = storage as? SQLiteStorage {
                try sqlite.checkpoint()
                // Routes and heartbeat series are samples, counted by the facade.
                let counts = try dataStore.importedDataCounts()
                print(
                    "store_samples=\(try sqlite.sampleCount()) store_bytes=\(sqlite.bytesOnDisk()) store_activity_summaries=\(counts.activitySummaries) store_routes=\(counts.workoutRoutes) store_route_points=\(counts.routeLocations) store_heartbeat_series=\(counts.heartbeatSeries)"
                )
            }
            print("store=\(store.rawValue) peak_rss_megabytes=\(String(format: "%.1f", peakResidentMegabytes()))")
        }
    }

    /// `xmlparser`: Foundation's XMLParser merely parsing the file, as a baseline.
    struct XMLParserRun: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "xmlparser", abstract: "Times Foundation's XMLParser parsing PATH, storing nothing.")

        @Argument(help: "The export.xml to parse.")
        var path: String

        func run() throws {
            let baseline = XMLParserBaseline()
            let (result, seconds) = Stopwatch.time { baseline.parse(URL(fileURLWithPath: path)) }
            print(
                "xmlparser_seconds=\(String(format: "%.3f", seconds)) succeeded=\(result.succeeded) elements=\(baseline.elements) records=\(baseline.records) error=\(result.error ?? "none")"
            )
            print("peak_rss_megabytes=\(String(format: "%.1f", peakResidentMegabytes()))")
        }
    }
}
