import ArgumentParser
import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthWire

/// `ohk export`: samples out of the store as CSV, JSON or NDJSON, one type at a time (memory stays per type).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write samples out as CSV, JSON or NDJSON.",
        discussion: """
            Every type in the store unless types are named; samples that overlap the window when --from or --to is \
            given; values in each type's canonical unit; dates in --tz with their offset. JSON and NDJSON write each \
            sample as the HTTP API and `ohk samples` do.

            Examples:
              ohk export --format csv stepCount heartRate --from 2024-01-01 > samples.csv
              ohk export --format ndjson | gzip > everything.ndjson.gz
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions

    @Option(help: "csv, json or ndjson.")
    var format: OutputFormat = .csv

    @Option(name: .customLong("tz"), help: "The time zone of dates given and printed (default: this machine's).")
    var timeZone: String?

    @Argument(help: "Types to export (default: all).")
    var types: [String] = []

    @Option(help: "Window start: 2024-03-10, 2024-03-10T08:00 (in --tz) or ISO 8601 with an offset.")
    var from: String?

    @Option(help: "Window end (exclusive), in the same forms as --from.")
    var to: String?

    func validate() throws {
        guard format != .table else { throw ValidationError("--format for export is csv, json or ndjson") }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--tz \"\(timeZone)\" is not a known time zone")
        }
    }

    func run() throws {
        let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        let start = try OptionValues.date(from, "--from", zone)
        let end = try OptionValues.date(to, "--to", zone)
        let chosen = try types.map(TypeArgument.parse)
        let store = try storeOptions.openStore(as: clientOptions)
        let exported = chosen.isEmpty ? try store.samples.typeSummaries().map(\.type) : chosen
        let predicate: SamplePredicate = start == nil && end == nil ? .all : .date(start: start, end: end, options: [])
        let output = FileHandle.standardOutput
        var first = true
        if format == .csv {
            output.write(Data((SampleListing.columns(includingType: true).joined(separator: ",") + "\n").utf8))
        } else if format == .json {
            output.write(Data("[\n".utf8))
        }
        for type in exported {
            let samples = try store.samples(
                SampleQueryRequest(type: type, predicate: predicate, sort: [SampleSort(.startDate)]))
            if samples.isEmpty { continue }
            if format == .csv {
                let table = try SampleListing.table(samples, type: type, unit: nil, timeZone: zone, includingType: true)
                output.write(Data(table.renderedRows(as: .csv).utf8))
            } else {
                // JSON and NDJSON: the HTTP API's sample objects (`GET /samples`), as `ohk samples` writes them.
                let objects = samples.map { SampleJSON.json($0, unit: nil, timeZone: zone).text }
                if format == .json {
                    output.write(Data(((first ? "" : ",\n") + objects.joined(separator: ",\n")).utf8))
                } else {
                    output.write(Data((objects.joined(separator: "\n") + "\n").utf8))
                }
            }
            first = false
        }
        if format == .json { output.write(Data("\n]\n".utf8)) }
    }
}
