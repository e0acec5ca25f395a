/// The sizes the benchmarks run at, resolved from the command line (`--quick`, `--samples N`, …) by
/// `OpenHealthKitBenchmarks`.
struct BenchmarkOptions: Sendable {
    /// Quantity samples saved per run by the save benchmark.
    var saveSamples = 1_000_000
    /// Samples per `save(_:as:)` call in the save benchmark.
    var saveBatch = 10_000
    /// Runs of the save benchmark, each into a fresh store.
    var saveRuns = 3
    /// Samples in the store the query benchmark searches (split evenly over five types).
    var storeSamples = 10_000_000
    /// Samples per `save(_:as:)` call while loading that store.
    var loadBatch = 100_000
    /// One-day queries timed.
    var queries = 1_000
    /// Values converted per conversion benchmark.
    var conversions = 10_000_000
    /// Unit strings parsed per parse benchmark.
    var parses = 1_000_000
    /// Local days of steps in the statistics benchmark (from 2023-01-01; 365 ≈ 1 M samples).
    var statsDays = 365
    /// Local days in the statistics benchmark's large run (ending 2023-12-31; 3,652 ≈ 10 M samples; 0 skips it).
    var statsLargeDays = 3_652
    /// Timed runs of each statistics collection (after one warm-up run).
    var statsRuns = 7
    /// Where the statistics benchmark writes its rows as CSV and its figures (`--export-csv DIR`), if anywhere.
    var exportDirectory: String?
    /// Samples in the large SQLite store opened cold by the SQLite benchmark (0 skips that part).
    var sqliteStoreSamples = 10_000_000
    /// Samples per save call in the SQLite benchmark.
    var sqliteBatch = 100_000
    /// Where the SQLite benchmark writes its store files (default: the temporary folder).
    var sqliteFolder: String?
    /// Samples saved (over five types, then 1 % deleted) for the anchored-query paging benchmark.
    var changeSamples = 10_000_000
    /// Samples for the same benchmark on SQLite (0 skips it).
    var changeSQLiteSamples = 1_000_000
    /// Observer queries in the latency benchmark.
    var observers = 100
    /// Saves timed in the latency benchmark.
    var observerRounds = 200
    /// Which benchmarks to run (`statistics`, `sqlite` and `changes` only when asked for with `--only`).
    var selected: Set<String> = ["save", "query", "units"]
    /// Whether `--quick` was given (for the report header).
    var isQuick = false

    /// The sizes for a CI smoke run (well under 30 s in release).
    static let quick = BenchmarkOptions(
        saveSamples: 100_000, saveBatch: 10_000, saveRuns: 3, storeSamples: 500_000, loadBatch: 100_000, queries: 200,
        conversions: 1_000_000, parses: 200_000, statsDays: 30, statsLargeDays: 0, statsRuns: 5,
        sqliteStoreSamples: 200_000,
        sqliteBatch: 50_000, changeSamples: 200_000, changeSQLiteSamples: 50_000, observers: 100, observerRounds: 50,
        isQuick: true)
}
