import ArgumentParser
import Foundation
import HealthModel
import HealthReports
import HealthStore
import HealthTrends

/// `ohk trends`: today (or a day) against the typical day, as HealthTrends shows it.
struct TrendsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trends",
        abstract:
            "A day's cumulative total against the typical day of the last N days, with the projection and the Move goal.",
        discussion: """
            Hours are local hours of --tz (23 or 25 on daylight-saving days); each line is the total at the END of \
            the hour. The typical day averages the cumulative totals of the previous --days days by hour, leaving out \
            days with nothing yet by that hour.

            The typical day is kept in a cache file beside the store (STORE.trends-cache.json, or --cache PATH) and \
            used while it is under 6 hours old, was computed today and no sample of the type in the averaged days has \
            changed since; --no-cache computes it afresh without reading or writing the file.

            --svg FILE also writes the chart as an SVG picture (scripts/dev/render-trends-svg.sh renders it to PNG).

            Examples:
              ohk trends
              ohk trends stepCount --date 2024-03-10 --days 14 --tz America/Los_Angeles
              ohk trends --format json
              ohk trends --svg today.svg
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "A cumulative quantity type (default: activeEnergyBurned).")
    var type: String = "activeEnergyBurned"

    @Option(help: "The day (default: today): 2024-03-10, or any date in it.")
    var date: String?

    @Option(help: "Days in the typical day (default 30).")
    var days: Int = 30

    @Option(
        name: .customLong("goal-fallback"),
        help: "The Move goal when the day's activity summary has none (default 500 kcal).")
    var goalFallback: Double = 500

    @Option(help: "The unit of the figures (default: the type's unit).")
    var unit: String?

    @Option(help: ArgumentHelp("Also write the chart as an SVG picture to this file.", valueName: "file"))
    var svg: String?

    @Option(
        help: ArgumentHelp(
            "The typical-day cache file (default: the store's path + .trends-cache.json).", valueName: "path"))
    var cache: String?

    @Flag(name: .customLong("no-cache"), help: "Compute the typical day afresh; do not read or write the cache file.")
    var noCache = false

    func validate() throws {
        guard days >= 1, days <= 366 else { throw ValidationError("--days must be between 1 and 366 (got \(days))") }
        if let format = output.format, format == .csv || format == .ndjson {
            throw ValidationError("--format for trends is table or json")
        }
        if noCache, cache != nil { throw ValidationError("--cache and --no-cache exclude each other") }
        if let svg, svg.isEmpty { throw ValidationError("--svg needs a file name") }
    }

    func run() throws {
        let type = try TypeArgument.parse(self.type)
        guard type.aggregationStyle == .cumulative else {
            throw ValidationError(
                "TYPE \(type.identifier) is not cumulative: trends add samples up (try activeEnergyBurned or stepCount)"
            )
        }
        let day = try OptionValues.date(date, "--date", output.resolvedTimeZone)
        let store = try storeOptions.openStore(as: clientOptions)
        let calculator = try TrendsCalculator(
            store: store, type: type, unit: try OptionValues.unit(unit), calendar: output.calendar, clock: { Date() })
        var typicalDay: TypicalDay?
        if !noCache {
            let file = try cache ?? storeOptions.resolvedPath() + ".trends-cache.json"
            let lookup = try TypicalDayCache(fileURL: URL(fileURLWithPath: file)).typicalDay(
                calculator, before: day ?? calculator.clock(), days: days)
            if let problem = lookup.writeError {
                FileHandle.standardError.write(Data("ohk trends: warning: \(problem)\n".utf8))
            }
            typicalDay = lookup.typicalDay
        }
        var report = try TrendsReport.make(
            calculator, date: day, days: days, goalFallback: goalFallback, typicalDay: typicalDay)
        report.timeZoneName = output.timeZoneName
        if let svg { try TrendsChartSVG(report: report).write(to: URL(fileURLWithPath: svg)) }
        switch output.resolvedFormat {
        case .json:
            var text = ""
            report.json.write(to: &text)
            output.write(text + "\n")
        default:
            output.write(report.chart())
        }
    }
}
