/// The sizes the benchmarks run at, from the command line (`--quick`, `--samples N`, …).
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
        conversions: 1_000_000, parses: 200_000, statsDays: 30, statsLargeDays: 0, statsRuns: 5, sqliteStoreSamples: 200_000,
        sqliteBatch: 50_000, changeSamples: 200_000, changeSQLiteSamples: 50_000, observers: 100, observerRounds: 50, isQuick: true)

    static let usage = """
        usage: ohk-benchmarks [--quick] [--samples N] [--batch N] [--runs N] [--store-samples N] [--load-batch N]
                              [--queries N] [--conversions N] [--parses N] [--only save,query,units,statistics,sqlite]
                              [--stats-days N] [--stats-large-days N] [--stats-runs N] [--export-csv DIR]
                              [--sqlite-store-samples N] [--sqlite-batch N] [--sqlite-folder DIR]
                              [--change-samples N] [--change-sqlite-samples N] [--observers N] [--observer-rounds N]

          --quick              small sizes for a CI smoke run (< 30 s in release)
          --samples N          samples saved per run by the save benchmark (default 1,000,000)
          --batch N            samples per save call in the save benchmark (default 10,000)
          --runs N             save runs, each into a fresh store (default 3)
          --store-samples N    samples in the store the query benchmark searches (default 10,000,000)
          --load-batch N       samples per save call while loading that store (default 100,000)
          --queries N          one-day queries timed (default 1,000; at least 200 recommended)
          --conversions N      values per unit conversion benchmark (default 10,000,000)
          --parses N           unit strings parsed per parse benchmark (default 1,000,000)
          --only LIST          run only some of: save, query, units, statistics, sqlite, changes (the last three only when listed)
          --stats-days N       local days of Watch + iPhone steps from 2023-01-01 (default 365, about 1 M samples)
          --stats-large-days N days in the large statistics run, ending 2023-12-31 (default 3,652, about 10 M; 0 skips)
          --stats-runs N       timed runs of each statistics collection, after a warm-up (default 7)
          --export-csv DIR     write the statistics rows as CSV and the figures as key=value lines into DIR
          --sqlite-store-samples N  samples in the large SQLite store opened cold (default 10,000,000; 0 skips)
          --sqlite-batch N     samples per save call in the SQLite benchmark (default 100,000)
          --sqlite-folder DIR  where the SQLite benchmark writes its store files (default: the temporary folder)
          (the SQLite benchmark also uses --samples, --runs, --stats-days and --stats-runs)
          --change-samples N   samples (five types, then 1 % deleted) paged by anchored queries (default 10,000,000)
          --change-sqlite-samples N  the same on SQLite (default 1,000,000; 0 skips)
          --observers N        observer queries in the latency benchmark (default 100)
          --observer-rounds N  saves timed in the latency benchmark (default 200)
        Sizes accept underscores or commas: 1_000_000, 1,000,000, or suffixes 1M, 500k.
        """

    /// Options from the arguments (without the program name); returns an error message for bad input.
    static func parse(_ arguments: [String]) -> Result<BenchmarkOptions, OptionError> {
        var options = arguments.contains("--quick") ? BenchmarkOptions.quick : BenchmarkOptions()
        var index = 0
        func count(_ name: String) throws(OptionError) -> Int {
            index += 1
            guard index < arguments.count else { throw OptionError(message: "\(name) needs a value") }
            guard let value = parseCount(arguments[index]), value > 0 else {
                throw OptionError(message: "\(name) needs a positive whole number, not \"\(arguments[index])\"")
            }
            return value
        }
        do throws(OptionError) {
            while index < arguments.count {
                let argument = arguments[index]
                switch argument {
                case "--quick": break
                case "--samples": options.saveSamples = try count(argument)
                case "--batch": options.saveBatch = try count(argument)
                case "--runs": options.saveRuns = try count(argument)
                case "--store-samples": options.storeSamples = try count(argument)
                case "--load-batch": options.loadBatch = try count(argument)
                case "--queries": options.queries = try count(argument)
                case "--conversions": options.conversions = try count(argument)
                case "--parses": options.parses = try count(argument)
                case "--stats-days": options.statsDays = try count(argument)
                case "--stats-large-days":
                    if index + 1 < arguments.count, arguments[index + 1] == "0" {
                        options.statsLargeDays = 0
                        index += 1
                    } else {
                        options.statsLargeDays = try count(argument)
                    }
                case "--stats-runs": options.statsRuns = try count(argument)
                case "--sqlite-batch": options.sqliteBatch = try count(argument)
                case "--change-samples": options.changeSamples = try count(argument)
                case "--observers": options.observers = try count(argument)
                case "--observer-rounds": options.observerRounds = try count(argument)
                case "--change-sqlite-samples":
                    if index + 1 < arguments.count, arguments[index + 1] == "0" {
                        options.changeSQLiteSamples = 0
                        index += 1
                    } else {
                        options.changeSQLiteSamples = try count(argument)
                    }
                case "--sqlite-store-samples":
                    if index + 1 < arguments.count, arguments[index + 1] == "0" {
                        options.sqliteStoreSamples = 0
                        index += 1
                    } else {
                        options.sqliteStoreSamples = try count(argument)
                    }
                case "--sqlite-folder":
                    index += 1
                    guard index < arguments.count else { throw OptionError(message: "--sqlite-folder needs a directory") }
                    options.sqliteFolder = arguments[index]
                case "--export-csv":
                    index += 1
                    guard index < arguments.count else { throw OptionError(message: "--export-csv needs a directory") }
                    options.exportDirectory = arguments[index]
                case "--only":
                    index += 1
                    guard index < arguments.count else { throw OptionError(message: "--only needs a list") }
                    let names = Set(arguments[index].split(separator: ",").map(String.init))
                    let unknown = names.subtracting(["save", "query", "units", "statistics", "sqlite", "changes"])
                    guard unknown.isEmpty, !names.isEmpty else {
                        throw OptionError(message: "--only takes save, query, units, statistics, sqlite and/or changes, not \(unknown.sorted())")
                    }
                    options.selected = names
                case "-h", "--help": throw OptionError(message: "", isHelp: true)
                default: throw OptionError(message: "unknown argument \"\(argument)\"")
                }
                index += 1
            }
        } catch {
            return .failure(error)
        }
        return .success(options)
    }

    /// A count such as `10000`, `10_000`, `10,000`, `500k` or `10M`.
    static func parseCount(_ text: String) -> Int? {
        var digits = text.filter { $0 != "_" && $0 != "," }
        var multiplier = 1
        if let last = digits.last, last == "k" || last == "K" || last == "M" {
            multiplier = last == "M" ? 1_000_000 : 1_000
            digits.removeLast()
        }
        guard let value = Int(digits) else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }
}

/// A bad command line, or a request for help.
struct OptionError: Error {
    /// What is wrong (empty for help).
    let message: String
    /// Whether `--help` was asked for.
    var isHelp = false
}
