import ArgumentParser

/// The benchmarks `--only` selects, as a comma-separated list of names.
struct BenchmarkSelection: ExpressibleByArgument, Sendable {
    /// Every benchmark name.
    static let all: Set<String> = ["save", "query", "units", "statistics", "sqlite", "changes"]

    /// The selected names.
    let names: Set<String>

    init?(argument: String) {
        let names = Set(argument.split(separator: ",").map(String.init))
        guard !names.isEmpty, names.isSubset(of: Self.all) else { return nil }
        self.names = names
    }
}
