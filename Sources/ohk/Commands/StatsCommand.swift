import ArgumentParser
import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthServer
import HealthStore

extension TerminalChart.Style: ExpressibleByArgument {}

/// `ohk stats`: HealthKit statistics (sources merged by priority, prorated into calendar buckets) from the store.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Statistics of a quantity type, merged across sources as the Health app does.",
        discussion: """
            Without --interval: one statistics query over the window (samples that start in it, counted whole). With \
            --interval: one row per bucket from --from to --to, empty buckets included, cumulative samples prorated \
            across bucket edges. Without a statistic flag: --sum for cumulative types, --average --min --max for \
            discrete ones.

            Examples:
              ohk stats stepCount --from 2024-03-01 --to 2024-04-01 --interval 1d --tz America/Los_Angeles
              ohk stats heartRate --from 2024-03-10 --to 2024-03-11 --interval 1h --format csv
              ohk stats distanceWalkingRunning --sum --by-source --unit km
              ohk stats stepCount --from 2024-03-01 --to 2024-04-01 --interval 1d --provenance summary
              ohk stats stepCount --from 2024-03-01 --to 2024-03-15 --interval 1d --chart bars
              ohk stats restingHeartRate --from 2024-01-01 --to 2024-07-01 --interval 1w --chart sparkline
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The quantity type: HKQuantityTypeIdentifierStepCount or stepCount.")
    var type: String

    @Option(help: "Window start: 2024-03-10, 2024-03-10T08:00 (in --tz) or ISO 8601 with an offset.")
    var from: String?

    @Option(help: "Window end (exclusive), in the same forms as --from.")
    var to: String?

    @Option(help: "Bucket length: 15min, 1h, 1d, 1w, 1mo or 1y (a count and a unit).")
    var interval: String?

    @Option(help: "Where buckets start (default: midnight; Monday for weeks, the 1st for months).")
    var anchor: String?

    @Flag(help: "Sum (cumulative types).") var sum = false
    @Flag(help: "Average (discrete types).") var average = false
    @Flag(help: "Minimum (discrete types).") var min = false
    @Flag(help: "Maximum (discrete types).") var max = false
    @Flag(name: .customLong("most-recent"), help: "The most recent value.") var mostRecent = false
    @Flag(help: "Time covered by samples, in seconds.") var duration = false
    @Flag(name: .customLong("by-source"), help: "Each source's own figures as well.") var bySource = false

    @Option(
        help:
            "Which sources the merged figures took how much from, what was set aside where sources overlapped, and how much of the window has data: summary (the whole answer) or buckets (each bucket as well); table, JSON or NDJSON."
    )
    var provenance: String?

    @Option(help: "The unit of values, e.g. km, kcal, count/min (default: the preferred unit, `ohk units preferred`).")
    var unit: String?

    @Option(
        name: .customLong("max-buckets"),
        help:
            "The most buckets the answer may have, as `ohk serve --max-buckets` allows its clients (more: refused before reading)."
    )
    var maximumBuckets = ServerLimits().maximumBuckets

    @Option(
        help:
            "Draw a chart instead of a table: bars (one bar per bucket, as wide as COLUMNS or 80) or sparkline (one line per figure)."
    )
    var chart: TerminalChart.Style?

    func validate() throws {
        if chart != nil, let format = output.format {
            throw ValidationError("--chart draws text for a terminal; leave out --format \(format.rawValue)")
        }
        if provenance != nil, output.format == .csv {
            throw ValidationError("--provenance adds tables CSV cannot hold; use --format json, ndjson or table")
        }
        guard maximumBuckets > 0 else {
            throw ValidationError("--max-buckets must be above zero (got \(maximumBuckets))")
        }
    }

    func run() throws {
        let type = try TypeArgument.parse(self.type)
        let timeZone = output.resolvedTimeZone
        var options: StatisticsOptions = []
        if sum { options.insert(.cumulativeSum) }
        if average { options.insert(.discreteAverage) }
        if min { options.insert(.discreteMin) }
        if max { options.insert(.discreteMax) }
        if mostRecent { options.insert(.mostRecent) }
        if duration { options.insert(.duration) }
        if bySource { options.insert(.separateBySource) }
        let window = (try OptionValues.date(from, "--from", timeZone), try OptionValues.date(to, "--to", timeZone))
        let anchor = try OptionValues.date(anchor, "--anchor", timeZone)
        let unit = try OptionValues.unit(unit)
        let interval: DateComponents?
        let provenance: StatisticsProvenance.Detail
        do {
            interval = try self.interval.map { text throws(HealthReportsError) in try IntervalArgument.parse(text) }
            provenance =
                try self.provenance.map { text throws(HealthReportsError) in
                    try StatisticsReport.provenance(named: text, field: "--provenance")
                } ?? .none
        } catch {
            throw ValidationError(commandLineMessage(error))
        }
        let store = try storeOptions.openStore(as: clientOptions)
        let report: StatisticsReport
        do {
            // Checked once, here; without --unit, figures are in the person's preferred unit of the type.
            let request = try StatisticsReportRequest(
                type: type, from: window.0, to: window.1, interval: interval, anchor: anchor,
                calendar: output.calendar, options: options, unit: unit ?? store.displayUnit(for: type),
                timeZoneName: output.timeZoneName, maximumBuckets: maximumBuckets, provenance: provenance)
            report = try StatisticsReport.make(request, store: store)
        } catch let error as any FieldError where error.kind != .failure {
            let hint = error.kind == .limitExceeded ? "; --max-buckets raises the limit" : ""
            throw ValidationError(commandLineMessage(error) + hint)
        }
        if let chart {
            output.write(TerminalChart(report, style: chart, width: StatsCommand.terminalWidth).rendered)
        } else {
            output.write(report.rendered(as: output.resolvedFormat))
        }
    }

    /// The terminal's width: `COLUMNS` when it is a positive number, else 80.
    static var terminalWidth: Int {
        ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
    }
}
