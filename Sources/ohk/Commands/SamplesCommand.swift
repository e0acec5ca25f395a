import ArgumentParser
import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthWire

/// `ohk samples`: the samples of a type in a window, like an `HKSampleQuery`.
struct SamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "samples",
        abstract: "List the samples of a type, like HKSampleQuery.",
        discussion: """
            Without --strict-start or --strict-end a sample matches when it overlaps the window (HealthKit's default).

            Examples:
              ohk samples heartRate --from 2024-03-10 --to 2024-03-11 --limit 20
              ohk samples stepCount --from 2024-03-10T08:00 --strict-start --source "Alex’s Apple Watch" --format csv
              ohk samples sleepAnalysis --sort end --reverse --limit 7
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The type: an identifier or short name (stepCount, heartRate, sleepAnalysis, workout, …).")
    var type: String

    @Option(help: "Window start: 2024-03-10, 2024-03-10T08:00 (in --tz) or ISO 8601 with an offset.")
    var from: String?

    @Option(help: "Window end (exclusive), in the same forms as --from.")
    var to: String?

    @Flag(name: .customLong("strict-start"), help: "Only samples that start in the window.") var strictStart = false
    @Flag(name: .customLong("strict-end"), help: "Only samples that end in the window.") var strictEnd = false

    @Option(name: .customLong("source"), help: "Only samples from this source name (repeat for several).")
    var sources: [String] = []

    @Option(help: "At most this many samples (0: no limit).")
    var limit: Int = 0

    @Option(help: "Sort by start or end.")
    var sort: SortKey = .start

    @Flag(help: "Newest first.") var reverse = false

    @Option(
        help: "The unit of values (quantity types), e.g. km, kcal (default: the preferred unit, `ohk units preferred`)."
    )
    var unit: String?

    enum SortKey: String, ExpressibleByArgument, CaseIterable { case start, end }

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must not be negative (got \(limit))") }
    }

    func run() throws {
        let type = try TypeArgument.parse(self.type)
        let timeZone = output.resolvedTimeZone
        let start = try OptionValues.date(from, "--from", timeZone)
        let end = try OptionValues.date(to, "--to", timeZone)
        if let start, let end, end <= start { throw ValidationError("--to must be after --from") }
        var dateOptions: DateMatchingOptions = []
        if strictStart { dateOptions.insert(.strictStartDate) }
        if strictEnd { dateOptions.insert(.strictEndDate) }
        let store = try storeOptions.openStore(as: clientOptions)
        var predicates: [SamplePredicate] = []
        if start != nil || end != nil { predicates.append(.date(start: start, end: end, options: dateOptions)) }
        if !sources.isEmpty {
            // Names to sources: the store's sources of this type whose name is listed.
            let known = try store.sourcesInPriorityOrder(for: type)
            let chosen = Set(known.filter { sources.contains($0.name) })
            let missing = sources.filter { name in !known.contains { $0.name == name } }
            if !missing.isEmpty {
                throw ValidationError(
                    "--source \"\(missing[0])\" has no \(type.identifier) samples (known: \(known.map(\.name).joined(separator: ", ")))"
                )
            }
            predicates.append(.sources(chosen))
        }
        let predicate: SamplePredicate =
            predicates.isEmpty ? .all : predicates.count == 1 ? predicates[0] : .and(predicates)
        let key: SampleSort.Key = sort == .start ? .startDate : .endDate
        let samples = try store.samples(
            SampleQueryRequest(
                type: type, predicate: predicate, limit: limit, sort: [SampleSort(key, ascending: !reverse)]))
        do {
            // Without --unit, values are shown in the person's preferred unit of the type.
            let unit = try OptionValues.unit(unit) ?? store.displayUnit(for: type)
            // JSON and NDJSON are the API's sample objects (HealthWire's WireSample); table and CSV are rows.
            let format = output.resolvedFormat
            if format == .json || format == .ndjson {
                output.write(
                    SampleJSON.text(
                        samples, unit: try SampleListing.outputUnit(unit, for: type), timeZone: timeZone,
                        lines: format == .ndjson))
            } else {
                output.write(
                    try SampleListing.table(samples, type: type, unit: unit, timeZone: timeZone).rendered(
                        as: output.resolvedFormat))
            }
        } catch let error as HealthReportsError {
            throw ValidationError(commandLineMessage(error))
        }
    }
}
