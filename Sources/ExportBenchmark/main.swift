// ohk-export-benchmark: generates a large realistic Apple Health export and times importing it.
//
//   ohk-export-benchmark generate --output DIR [--megabytes 1024] [--seed 42] [--time-zone America/Los_Angeles]
//   ohk-export-benchmark import PATH [--store sqlite|identifiers|memory] [--store-path FILE] [--batch-size N] [--reimport]
//     --reimport imports the same file again twice: passing over spans read whole before, then reading every record.
//     sqlite (the default) imports into a new SQLite store file (FILE, else a temporary file removed at the end);
//     identifiers is a stand-in that keeps only identifiers; memory keeps every sample in memory.
//   ohk-export-benchmark xmlparser PATH
//
// Figures go to standard output as `key=value` lines; scripts/compare-import.sh runs all three side by side.
import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore

func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

/// The peak resident set size of this process, in megabytes (VmHWM).
func peakResidentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
        return kilobytes / 1024
    }
    return 0
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let clock = ContinuousClock()
switch arguments.first {
case "generate":
    guard let output = option("--output", in: arguments) else { fail("generate needs --output DIR") }
    let megabytes = Int64(option("--megabytes", in: arguments) ?? "1024") ?? 1024
    let seed = UInt64(option("--seed", in: arguments) ?? "42") ?? 42
    guard let timeZone = TimeZone(identifier: option("--time-zone", in: arguments) ?? "America/Los_Angeles") else { fail("unknown time zone") }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let start = calendar.date(from: DateComponents(year: 2019, month: 1, day: 1))!
    var generator = ExportGenerator(
        folder: URL(fileURLWithPath: output), targetBytes: megabytes << 20, seed: seed, timeZone: timeZone, startDay: start)
    let began = clock.now
    let url = try generator.generate()
    let elapsed = began.duration(to: clock.now)
    print("generated=\(url.path)")
    print("bytes=\(generator.bytesWritten) days=\(generator.days) records=\(generator.records) workouts=\(generator.workouts) route_points=\(generator.routePoints) seconds=\(elapsed)")

case "import":
    guard arguments.count >= 2 else { fail("import needs a path") }
    let url = URL(fileURLWithPath: arguments[1])
    let storeKind = option("--store", in: arguments) ?? "sqlite"
    let storage: any HealthStorage
    var storeFile: String?
    switch storeKind {
    case "sqlite":
        let path = option("--store-path", in: arguments)
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("ohk-export-benchmark-\(UUID().uuidString).sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        storage = try SQLiteStorage(path: path)
        storeFile = path
    case "memory": storage = InMemoryStorage()
    case "identifiers": storage = try IdentifierOnlyStorage()
    default: fail("--store is sqlite, identifiers or memory")
    }
    defer {
        if let storeFile, option("--store-path", in: arguments) == nil {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: storeFile + suffix) }
        }
    }
    let store = HealthDataStore(storage: storage)
    let batchSize = Int(option("--batch-size", in: arguments) ?? "20000") ?? 20_000
    let importer = ExportImporter(store: store, clock: clock, batchSize: batchSize)
    var lastPrinted = 0.0
    let first = try importer.importExport(at: url) { progress in
        let seconds = progress.elapsed.components.seconds
        if Double(seconds) >= lastPrinted + 5 {
            lastPrinted = Double(seconds)
            let eta = progress.estimatedRemaining.map { "\($0.components.seconds) s" } ?? "-"
            let line = String(format: "  %.0f%%  %.0f records/s  ETA ", progress.fractionCompleted * 100, progress.recordsPerSecond) + eta + "\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
    func seconds(_ duration: Duration) -> Double { Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18 }
    let read = first.samplesStored + first.duplicatesInExport + first.alreadyStored + first.olderSyncVersions
    print("import_seconds=\(String(format: "%.3f", seconds(first.duration))) stored=\(first.samplesStored) read=\(read) records_per_second=\(Int(Double(read) / seconds(first.duration))) megabytes_per_second=\(String(format: "%.1f", Double(first.bytesRead) / 1_048_576 / seconds(first.duration)))")
    print("quantity=\(first.quantitySamples) category=\(first.categorySamples) correlations=\(first.correlations) workouts=\(first.workouts) duplicates_in_export=\(first.duplicatesInExport) correlation_members_linked=\(first.correlationMembersLinked) activity_summaries=\(first.activitySummaries) routes=\(first.workoutRoutes) route_points=\(first.routePoints) heartbeat_series=\(first.heartbeatSeries) skipped=\(first.skipped) issues=\(first.issues.count)")
    for issue in first.issues.prefix(5) { print("issue: \(issue)") }
    if arguments.contains("--reimport") {
        let second = try importer.importExport(at: url)
        print("reimport_seconds=\(String(format: "%.3f", seconds(second.duration))) new_rows=\(second.samplesStored) already_stored=\(second.alreadyStored) speedup=\(String(format: "%.2f", seconds(first.duration) / seconds(second.duration))) bytes_passed_over=\(second.bytesPassedOver)")
        // The same re-import reading every record (spans read whole before not passed over): the record-level path.
        let everyRecord = ExportImporter(store: store, clock: clock, batchSize: batchSize, reusesImportedSpans: false)
        let third = try everyRecord.importExport(at: url)
        print("reimport_every_record_seconds=\(String(format: "%.3f", seconds(third.duration))) new_rows=\(third.samplesStored) already_stored=\(third.alreadyStored) speedup=\(String(format: "%.2f", seconds(first.duration) / seconds(third.duration)))")
    }
    if let sqlite = storage as? SQLiteStorage {
        try sqlite.checkpoint()
        let counts = try sqlite.importedDataCounts()
        print("store_samples=\(try sqlite.sampleCount()) store_bytes=\(sqlite.bytesOnDisk()) store_activity_summaries=\(counts.activitySummaries) store_routes=\(counts.workoutRoutes) store_route_points=\(counts.routeLocations) store_heartbeat_series=\(counts.heartbeatSeries)")
    }
    print("store=\(storeKind) peak_rss_megabytes=\(String(format: "%.1f", peakResidentMegabytes()))")

case "xmlparser":
    guard arguments.count >= 2 else { fail("xmlparser needs a path") }
    let baseline = XMLParserBaseline()
    let began = clock.now
    let result = baseline.parse(URL(fileURLWithPath: arguments[1]))
    let elapsed = began.duration(to: clock.now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print("xmlparser_seconds=\(String(format: "%.3f", seconds)) succeeded=\(result.succeeded) elements=\(baseline.elements) records=\(baseline.records) error=\(result.error ?? "none")")
    print("peak_rss_megabytes=\(String(format: "%.1f", peakResidentMegabytes()))")

default:
    fail("usage: ohk-export-benchmark generate|import|xmlparser …")
}
