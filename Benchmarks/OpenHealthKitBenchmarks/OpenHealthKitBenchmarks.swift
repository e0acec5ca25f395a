// ohk-benchmarks: throughput and latency figures for OpenHealthKit, printed as a table.
//
// Hand-written on purpose rather than built on package-benchmark: that package would add jemalloc and a build
// plugin to every CI build of the project, and the figures are meant to be printed side by side with peers' by a
// script (scripts/bench/benchmark.sh), which a plain table on standard output makes easy. Timing uses ContinuousClock
// (BenchmarkSupport's Stopwatch, shared with the other benchmark executables).
//
// Built only when OHK_BENCHMARKS is set (see Package.swift). Run in release mode:
// `OHK_BENCHMARKS=1 swift run -c release ohk-benchmarks [--quick]` or scripts/bench/benchmark.sh.
import ArgumentParser
import BenchmarkSupport
import Foundation
import HealthModel

/// The `ohk-benchmarks` command: parses the sizes, runs the selected benchmarks and prints the table.
@main
struct OpenHealthKitBenchmarks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ohk-benchmarks",
        abstract: "Throughput and latency figures for OpenHealthKit, printed as a table (run a release build).",
        discussion: "Sizes accept underscores or commas: 1_000_000, 1,000,000, or suffixes 1M, 500k.")

    @Flag(help: "Small sizes for a CI smoke run (< 30 s in release).")
    var quick = false

    @Option(name: .customLong("samples"), help: "Samples saved per run by the save benchmark (default 1,000,000).")
    var saveSamples: Count?
    @Option(name: .customLong("batch"), help: "Samples per save call in the save benchmark (default 10,000).")
    var saveBatch: Count?
    @Option(name: .customLong("runs"), help: "Save runs, each into a fresh store (default 3).")
    var saveRuns: Count?
    @Option(help: "Samples in the store the query benchmark searches (default 10,000,000).")
    var storeSamples: Count?
    @Option(help: "Samples per save call while loading that store (default 100,000).")
    var loadBatch: Count?
    @Option(help: "One-day queries timed (default 1,000; at least 200 recommended).")
    var queries: Count?
    @Option(help: "Values per unit conversion benchmark (default 10,000,000).")
    var conversions: Count?
    @Option(help: "Unit strings parsed per parse benchmark (default 1,000,000).")
    var parses: Count?
    @Option(
        help: ArgumentHelp(
            "Run only some of: save, query, units, statistics, sqlite, changes (the last three only when listed).",
            valueName: "list"))
    var only: BenchmarkSelection?
    @Option(help: "Local days of Watch + iPhone steps from 2023-01-01 (default 365, about 1 M samples).")
    var statsDays: Count?
    @Option(help: "Days in the large statistics run, ending 2023-12-31 (default 3,652, about 10 M; 0 skips).")
    var statsLargeDays: Count?
    @Option(help: "Timed runs of each statistics collection, after a warm-up (default 7).")
    var statsRuns: Count?
    @Option(
        name: .customLong("export-csv"),
        help: ArgumentHelp(
            "Write the statistics rows as CSV and the figures as key=value lines into DIR.", valueName: "dir"))
    var exportDirectory: String?
    @Option(help: "Samples in the large SQLite store opened cold (default 10,000,000; 0 skips).")
    var sqliteStoreSamples: Count?
    @Option(help: "Samples per save call in the SQLite benchmark (default 100,000).")
    var sqliteBatch: Count?
    @Option(
        help: ArgumentHelp(
            "Where the SQLite benchmark writes its store files (default: the temporary folder). The SQLite benchmark "
                + "also uses --samples, --runs, --stats-days and --stats-runs.",
            valueName: "dir"))
    var sqliteFolder: String?
    @Option(help: "Samples (five types, then 1 % deleted) paged by anchored queries (default 10,000,000).")
    var changeSamples: Count?
    @Option(help: "The same on SQLite (default 1,000,000; 0 skips).")
    var changeSqliteSamples: Count?
    @Option(help: "Observer queries in the latency benchmark (default 100).")
    var observers: Count?
    @Option(help: "Saves timed in the latency benchmark (default 200).")
    var observerRounds: Count?

    func validate() throws {
        // Every size but the three that take 0 for "skip" must be positive.
        let positive: [(String, Count?)] = [
            ("--samples", saveSamples), ("--batch", saveBatch), ("--runs", saveRuns), ("--store-samples", storeSamples),
            ("--load-batch", loadBatch), ("--queries", queries), ("--conversions", conversions), ("--parses", parses),
            ("--stats-days", statsDays), ("--stats-runs", statsRuns), ("--sqlite-batch", sqliteBatch),
            ("--change-samples", changeSamples), ("--observers", observers), ("--observer-rounds", observerRounds),
        ]
        for (name, count) in positive where count?.value == 0 {
            throw ValidationError("\(name) needs a positive whole number, not 0")
        }
    }

    /// The sizes to run at: `--quick`'s or the full defaults, overridden by each option given.
    var options: BenchmarkOptions {
        var options = quick ? BenchmarkOptions.quick : BenchmarkOptions()
        func take(_ count: Count?, _ keyPath: WritableKeyPath<BenchmarkOptions, Int>) {
            if let count { options[keyPath: keyPath] = count.value }
        }
        take(saveSamples, \.saveSamples)
        take(saveBatch, \.saveBatch)
        take(saveRuns, \.saveRuns)
        take(storeSamples, \.storeSamples)
        take(loadBatch, \.loadBatch)
        take(queries, \.queries)
        take(conversions, \.conversions)
        take(parses, \.parses)
        take(statsDays, \.statsDays)
        take(statsLargeDays, \.statsLargeDays)
        take(statsRuns, \.statsRuns)
        take(sqliteStoreSamples, \.sqliteStoreSamples)
        take(sqliteBatch, \.sqliteBatch)
        take(changeSamples, \.changeSamples)
        take(changeSqliteSamples, \.changeSQLiteSamples)
        take(observers, \.observers)
        take(observerRounds, \.observerRounds)
        if let exportDirectory { options.exportDirectory = exportDirectory }
        if let sqliteFolder { options.sqliteFolder = sqliteFolder }
        if let only { options.selected = only.names }
        return options
    }

    func run() throws {
        let options = self.options
        #if DEBUG
        FileHandle.standardError.write(
            Data("warning: this is a debug build; figures are meaningless (use -c release)\n".utf8))
        #endif

        let fixtures = SampleFixtures()
        var table = ResultTable()
        let started = Stopwatch.clock.now
        if options.selected.contains("save") { SaveBenchmark.run(options, fixtures: fixtures, into: &table) }
        if options.selected.contains("units") { UnitBenchmark.run(options, into: &table) }
        if options.selected.contains("query") { QueryBenchmark.run(options, fixtures: fixtures, into: &table) }
        if options.selected.contains("statistics") {
            StatisticsBenchmark.run(options, fixtures: fixtures, into: &table)
        }
        if options.selected.contains("sqlite") { SQLiteBenchmark.run(options, fixtures: fixtures, into: &table) }
        if options.selected.contains("changes") { ChangeFeedBenchmark.run(options, fixtures: fixtures, into: &table) }

        print("")
        print(
            "OpenHealthKit benchmarks\(options.isQuick ? " (--quick)" : "") — \(ProcessInfo.processInfo.activeProcessorCount) cores, "
                + "sample size \(MemoryLayout<Sample>.size) B, total \(Figures.duration((Stopwatch.clock.now - started).seconds))"
        )
        print("")
        print(table.rendered())
        print("")
        print(table.allTargetsMet ? "All targets met." : "Some targets were MISSED (see above).")
    }
}
