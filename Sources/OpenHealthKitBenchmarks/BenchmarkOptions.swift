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
    /// Which benchmarks to run.
    var selected: Set<String> = ["save", "query", "units"]
    /// Whether `--quick` was given (for the report header).
    var isQuick = false

    /// The sizes for a CI smoke run (well under 30 s in release).
    static let quick = BenchmarkOptions(
        saveSamples: 100_000, saveBatch: 10_000, saveRuns: 3, storeSamples: 500_000, loadBatch: 100_000, queries: 200,
        conversions: 1_000_000, parses: 200_000, isQuick: true)

    static let usage = """
        usage: ohk-benchmarks [--quick] [--samples N] [--batch N] [--runs N] [--store-samples N] [--load-batch N]
                              [--queries N] [--conversions N] [--parses N] [--only save,query,units]

          --quick              small sizes for a CI smoke run (< 30 s in release)
          --samples N          samples saved per run by the save benchmark (default 1,000,000)
          --batch N            samples per save call in the save benchmark (default 10,000)
          --runs N             save runs, each into a fresh store (default 3)
          --store-samples N    samples in the store the query benchmark searches (default 10,000,000)
          --load-batch N       samples per save call while loading that store (default 100,000)
          --queries N          one-day queries timed (default 1,000; at least 200 recommended)
          --conversions N      values per unit conversion benchmark (default 10,000,000)
          --parses N           unit strings parsed per parse benchmark (default 1,000,000)
          --only LIST          run only some of: save, query, units
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
                case "--only":
                    index += 1
                    guard index < arguments.count else { throw OptionError(message: "--only needs a list") }
                    let names = Set(arguments[index].split(separator: ",").map(String.init))
                    let unknown = names.subtracting(["save", "query", "units"])
                    guard unknown.isEmpty, !names.isEmpty else {
                        throw OptionError(message: "--only takes save, query and/or units, not \(unknown.sorted())")
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
