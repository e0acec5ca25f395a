import BenchmarkSupport
import Foundation
import HealthModel
import HealthWire

/// Times `Codable` against hand walkers, both ways, on a realistic body: reading with HealthWire's `WireDecoder`
/// against main's walker (`WalkerBaseline`), writing with `WireEncoder` over `encode(to:)` member by member
/// (`CodableSample`) against the `JSONValue` built by hand (`WireSample.json`, and main's `WalkerBaseline.write`):
/// `--samples` quantity samples (10,000 by default) with a sync identifier, a version and a device, as an app's batch
/// upload sends them and as `GET /samples` answers them. Prints the median of `--runs` runs of each, the ratios and
/// the load average (the machine is shared: figures are only comparable at similar load).
@main
struct WireBenchmark {
    static func main() throws {
        let arguments = CommandLine.arguments
        func option(_ name: String, _ fallback: Int) -> Int {
            arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
                ?? fallback
        }
        let count = option("--samples", 10_000)
        let runs = option("--runs", 9)
        let utc = TimeZone(identifier: "UTC")!
        let source = SourceRevision(source: Source(name: "Steps", bundleIdentifier: "com.example.steps"))
        let start = Date(timeIntervalSince1970: 1_710_057_600)
        let samples = try (0..<count).map { index in
            try Sample(
                type: SampleType.named("stepCount"), startDate: start.addingTimeInterval(Double(index) * 60),
                endDate: start.addingTimeInterval(Double(index) * 60 + 59.5),
                metadata: [
                    MetadataKey.syncIdentifier: .string("steps-\(index)"), MetadataKey.syncVersion: .number(1),
                ],
                device: Device(name: "Apple Watch"), sourceRevision: source,
                content: .quantity(QuantityContent(quantity: Quantity(Double(index % 200) + 0.5, .count))))
        }
        // The body an app posts: the samples as the API writes them, without `source` (answers only).
        let body = Data(
            (#"{"samples":"#
                + SampleJSON.text(samples.map { $0.with(sourceRevision: nil) }, unit: nil, timeZone: utc, lines: false)
                + "}").utf8)

        // Same results first: the two readers read the same samples, the two writers write the same text.
        let codableRead = try WireDecoder(choosesUUIDs: true).decode(SaveSamplesBody.self, from: body).samples
        let walkerRead = try WalkerBaseline.read(body)
        precondition(
            codableRead.map(\.quantity) == walkerRead.map(\.quantity)
                && codableRead.map(\.metadata) == walkerRead.map(\.metadata), "the readers disagree")
        let codableText = WireEncoder().text(samples.map { CodableSample(sample: $0, unit: nil, timeZone: utc) })
        let builtText = WireEncoder().text(samples.map { WireSample($0, timeZone: utc) })
        precondition(
            codableText == WalkerBaseline.write(samples, timeZone: utc) && builtText == codableText,
            "the writers disagree")

        func median(_ body: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<runs { times.append(try Stopwatch.time(body).seconds) }
            return times.sorted()[times.count / 2]
        }
        let readCodable = try median {
            _ = try WireDecoder(choosesUUIDs: true).decode(SaveSamplesBody.self, from: body)
        }
        let readWalker = try median { _ = try WalkerBaseline.read(body) }
        let writeCodable = median {
            _ = WireEncoder().text(samples.map { CodableSample(sample: $0, unit: nil, timeZone: utc) })
        }
        let writeWalker = median { _ = WalkerBaseline.write(samples, timeZone: utc) }
        let writeBuilt = median { _ = WireEncoder().text(samples.map { WireSample($0, timeZone: utc) }) }
        let load =
            (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
            .split(separator: " ").prefix(3).joined(separator: " ") ?? "?"

        func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
        print("wire benchmark: \(count) quantity samples, body \(body.count / 1024) KiB, median of \(runs) runs")
        print("load average (1, 5, 15 min): \(load)")
        print("read   Codable (JSONDecoder → SaveSamplesBody)      \(ms(readCodable))")
        print("read   walker  (JSONSerialization → JSONInput)      \(ms(readWalker))")
        print(String(format: "read   Codable / walker                             %.2f", readCodable / readWalker))
        print("write  Codable (WireEncoder, encode(to:) by member) \(ms(writeCodable))")
        print("write  walker  (main's JSONValue built by hand)     \(ms(writeWalker))")
        print("write  WireSample.json (built by hand, HealthWire)  \(ms(writeBuilt))")
        print(String(format: "write  Codable / walker                             %.2f", writeCodable / writeWalker))
        print(String(format: "write  WireSample.json / walker                     %.2f", writeBuilt / writeWalker))
    }
}
