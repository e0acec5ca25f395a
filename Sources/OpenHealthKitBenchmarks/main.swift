// ohk-benchmarks: throughput and latency figures for OpenHealthKit, printed as a table.
//
// Hand-written on purpose rather than built on package-benchmark: that package would add jemalloc and a build
// plugin to every CI build of the project, and the figures are meant to be printed side by side with peers' by a
// script (scripts/benchmark.sh), which a plain table on standard output makes easy. Timing uses ContinuousClock.
//
// Run in release mode: `swift run -c release ohk-benchmarks [--quick]` or scripts/benchmark.sh.
import Foundation
import HealthModel

let options: BenchmarkOptions
switch BenchmarkOptions.parse(Array(CommandLine.arguments.dropFirst())) {
case let .success(parsed):
    options = parsed
case let .failure(error):
    if error.isHelp {
        print(BenchmarkOptions.usage)
        exit(0)
    }
    FileHandle.standardError.write(Data("error: \(error.message)\n\n\(BenchmarkOptions.usage)\n".utf8))
    exit(64)
}

#if DEBUG
FileHandle.standardError.write(Data("warning: this is a debug build; figures are meaningless (use -c release)\n".utf8))
#endif

let fixtures = SampleFixtures()
var table = ResultTable()
let started = Stopwatch.clock.now
if options.selected.contains("save") { SaveBenchmark.run(options, fixtures: fixtures, into: &table) }
if options.selected.contains("units") { UnitBenchmark.run(options, into: &table) }
if options.selected.contains("query") { QueryBenchmark.run(options, fixtures: fixtures, into: &table) }
if options.selected.contains("statistics") { StatisticsBenchmark.run(options, fixtures: fixtures, into: &table) }
if options.selected.contains("sqlite") { SQLiteBenchmark.run(options, fixtures: fixtures, into: &table) }
if options.selected.contains("changes") { ChangeFeedBenchmark.run(options, fixtures: fixtures, into: &table) }

print("")
print("OpenHealthKit benchmarks\(options.isQuick ? " (--quick)" : "") — \(ProcessInfo.processInfo.activeProcessorCount) cores, "
      + "sample size \(MemoryLayout<Sample>.size) B, total \(Figures.duration((Stopwatch.clock.now - started).seconds))")
print("")
print(table.rendered())
print("")
print(table.allTargetsMet ? "All targets met." : "Some targets were MISSED (see above).")
