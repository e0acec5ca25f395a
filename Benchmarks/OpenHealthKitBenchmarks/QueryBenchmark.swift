import BenchmarkSupport
import Dispatch
import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// One-day `.strictStartDate` sample queries against a large store of minute samples of five types: median and
/// p95 latency, samples returned, and how long the store took to load and how much memory it holds.
enum QueryBenchmark {
    static let targetMedianSeconds = 0.001

    static func run(_ options: BenchmarkOptions, fixtures: SampleFixtures, into table: inout ResultTable) {
        let typeCount = fixtures.series.count
        let perType = options.storeSamples / typeCount
        let total = perType * typeCount
        let minutesPerBatch = max(1, options.loadBatch / typeCount)
        let memoryBefore = residentMemoryBytes()

        // UUID() against the seeded generator used for loading, on a million identifiers each.
        let uuidProbe = min(1_000_000, total)
        let systemUUIDSeconds = Stopwatch.time { () -> Int in
            var bits = 0
            for _ in 0..<uuidProbe { bits &+= UUID().hashValue }
            return bits
        }.seconds
        let randomUUIDSeconds = Stopwatch.time { () -> Int in
            var bits = 0
            for _ in 0..<uuidProbe { bits &+= RandomUUID.make().hashValue }
            return bits
        }.seconds
        var probeGenerator = FastUUIDGenerator(seed: 99)
        let fastUUIDSeconds = Stopwatch.time { () -> Int in
            var bits = 0
            for _ in 0..<uuidProbe { bits &+= probeGenerator.uuid().hashValue }
            return bits
        }.seconds
        table.add(
            "query", "UUID() (system generator)", Figures.rate(Double(uuidProbe) / systemUUIDSeconds, unit: "UUIDs"))
        table.add(
            "query", "RandomUUID.make() (what samples get by default)",
            Figures.rate(Double(uuidProbe) / randomUUIDSeconds, unit: "UUIDs"))
        table.add(
            "query", "seeded SplitMix64 v4 UUIDs (used for loading)",
            Figures.rate(Double(uuidProbe) / fastUUIDSeconds, unit: "UUIDs"))

        FileHandle.standardError.write(
            Data(
                "query: loading \(Figures.grouped(Double(total))) samples (\(typeCount) types × \(Figures.grouped(Double(perType))) minutes)…\n"
                    .utf8))
        let store = HealthDataStore(storage: InMemoryStorage())
        var buildSeconds = 0.0
        var saveSeconds = 0.0
        let loadStart = Stopwatch.clock.now
        var minute = 0
        var batchNumber: UInt64 = 0
        while minute < perType {
            let end = min(perType, minute + minutesPerBatch)
            let (batch, built) = Stopwatch.time {
                buildBatch(fixtures: fixtures, minutes: minute..<end, seed: 1000 + batchNumber)
            }
            let (_, saved) = Stopwatch.time { blackHole(try! store.save(batch, as: fixtures.revisions[1])) }
            buildSeconds += built
            saveSeconds += saved
            minute = end
            batchNumber += 1
        }
        let loadSeconds = (Stopwatch.clock.now - loadStart).seconds
        let memoryAfter = residentMemoryBytes()
        table.add(
            "query",
            "load \(Figures.grouped(Double(total))) samples, batches of \(Figures.grouped(Double(minutesPerBatch * typeCount)))",
            "\(Figures.duration(loadSeconds)) (\(Figures.rate(Double(total) / loadSeconds, unit: "samples")))")
        table.add(
            "query", "  of which building Sample values (\(ProcessInfo.processInfo.activeProcessorCount) threads)",
            "\(Figures.duration(buildSeconds)) (\(Figures.rate(Double(total) / buildSeconds, unit: "samples")))")
        table.add(
            "query", "  of which save(_:as:)",
            "\(Figures.duration(saveSeconds)) (\(Figures.rate(Double(total) / saveSeconds, unit: "samples")))")
        if let memoryAfter {
            var figure = "VmRSS \(Figures.bytes(memoryAfter))"
            if let memoryBefore {
                let grown = memoryAfter - memoryBefore
                figure += " (+\(Figures.bytes(grown)), \(Figures.grouped(Double(grown) / Double(total))) B/sample)"
            }
            table.add("query", "resident memory after loading", figure)
        }

        // Random days over the whole span, random types; a few warm-up queries first.
        let days = max(1, perType / 1440)
        var random = FastUUIDGenerator(seed: 7)
        func request() -> SampleQueryRequest {
            let day = random.next(below: days)
            let series = fixtures.series[random.next(below: typeCount)]
            let start = fixtures.epoch.addingTimeInterval(Double(day) * 86_400)
            return SampleQueryRequest(
                type: series.type,
                predicate: .date(start: start, end: start.addingTimeInterval(86_400), options: .strictStartDate))
        }
        for _ in 0..<20 { blackHole(try! store.samples(request())) }
        var latencies: [Double] = []
        var returned: [Double] = []
        latencies.reserveCapacity(options.queries)
        for _ in 0..<options.queries {
            let query = request()
            let (samples, seconds) = Stopwatch.time { try! store.samples(query) }
            latencies.append(seconds)
            returned.append(Double(samples.count))
        }
        let latency = Statistics(latencies)
        let counts = Statistics(returned)
        let label = "one-day .strictStartDate query over \(Figures.grouped(Double(days))) days"
        table.add(
            "query", label + ", median of \(options.queries)", Figures.duration(latency.median),
            target: "< 1 ms", met: latency.median < targetMedianSeconds)
        table.add("query", label + ", p95", Figures.duration(latency.percentile(95)))
        table.add("query", label + ", max", Figures.duration(latency.maximum))
        table.add(
            "query", "samples returned per query (min / median / max)",
            "\(Int(counts.minimum)) / \(Int(counts.median)) / \(Int(counts.maximum))")
        table.add("query", "throughput at the median", Figures.rate(counts.median / latency.median, unit: "samples"))
        withExtendedLifetime(store) {}
    }

    /// Samples for a range of minutes, every type at every minute, in time order; built on all cores.
    static func buildBatch(
        fixtures: SampleFixtures, minutes: Range<Int>, seed: UInt64, defaultUUIDs: Bool = false
    ) -> [Sample] {
        let typeCount = fixtures.series.count
        let count = minutes.count * typeCount
        let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 4, minutes.count / 1_000))
        return [Sample](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = SendablePointer(pointer: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let first = minutes.lowerBound + minutes.count * chunk / chunks
                let last = minutes.lowerBound + minutes.count * (chunk + 1) / chunks
                var random = FastUUIDGenerator(seed: seed &* 1_000_003 &+ UInt64(chunk))
                var slot = (first - minutes.lowerBound) * typeCount
                for minute in first..<last {
                    for series in fixtures.series {
                        let unit = Double(random.next() >> 11) * 0x1p-53
                        let value = series.range.lowerBound + unit * (series.range.upperBound - series.range.lowerBound)
                        (base.pointer + slot).initialize(
                            to: fixtures.sample(
                                of: series, minute: minute, device: fixtures.devices[1], value: value,
                                uuid: defaultUUIDs ? RandomUUID.make() : random.uuid()))
                        slot += 1
                    }
                }
            }
            initialized = count
        }
    }
}

/// A raw pointer handed to worker threads that each write a disjoint range of it.
struct SendablePointer<Element>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Element>
}
