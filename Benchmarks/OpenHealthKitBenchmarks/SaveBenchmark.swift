import BenchmarkSupport
import Foundation
import HealthModel
import HealthStore

/// Saving quantity samples into the in-memory store in batches: samples per second, best and median of several
/// runs, each into a fresh store. The samples are built before the timed part.
enum SaveBenchmark {
    static let target = 1_000_000.0

    static func run(_ options: BenchmarkOptions, fixtures: SampleFixtures, into table: inout ResultTable) {
        let steps = fixtures.series[0]
        let count = options.saveSamples
        let batchSize = options.saveBatch
        FileHandle.standardError.write(
            Data("save: building \(Figures.grouped(Double(count))) stepCount samples…\n".utf8))

        // stepCount minute samples; batches alternate between the phone and the watch, as two apps syncing would.
        var random = FastUUIDGenerator(seed: 1)
        let (batches, buildSeconds) = Stopwatch.time { () -> [(samples: [Sample], source: Int)] in
            var batches: [(samples: [Sample], source: Int)] = []
            var minute = 0
            while minute < count {
                let source = batches.count % 2
                let end = min(count, minute + batchSize)
                var batch: [Sample] = []
                batch.reserveCapacity(end - minute)
                for index in minute..<end {
                    let value = Double(random.next(below: 160))
                    batch.append(
                        fixtures.sample(
                            of: steps, minute: index, device: fixtures.devices[source], value: value, uuid: UUID()))
                }
                batches.append((batch, source))
                minute = end
            }
            return batches
        }
        table.add(
            "save", "build \(Figures.grouped(Double(count))) samples with UUID() (untimed setup)",
            Figures.rate(Double(count) / buildSeconds, unit: "samples"))

        var rates: [Double] = []
        for run in 1...options.saveRuns {
            let storage = InMemoryStorage()
            let store = HealthDataStore(storage: storage)
            let (_, seconds) = Stopwatch.time {
                for batch in batches {
                    blackHole(try! store.save(batch.samples, as: fixtures.revisions[batch.source]))
                }
            }
            let rate = Double(count) / seconds
            FileHandle.standardError.write(
                Data("  run \(run): \(Figures.duration(seconds)), \(Figures.rate(rate, unit: "samples"))\n".utf8))
            rates.append(rate)
            guard storage.count == count else { fatalError("the store lost samples") }
        }
        let statistics = Statistics(rates)
        let label = "save \(Figures.grouped(Double(count))) samples, batches of \(Figures.grouped(Double(batchSize)))"
        table.add(
            "save", label + ", best of \(rates.count)", Figures.rate(statistics.maximum, unit: "samples"),
            target: "≥ 1.00 M samples/s", met: statistics.maximum >= target)
        table.add(
            "save", label + ", median of \(rates.count)", Figures.rate(statistics.median, unit: "samples"),
            target: "≥ 1.00 M samples/s", met: statistics.median >= target)
    }
}
