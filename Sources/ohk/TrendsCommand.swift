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
        abstract: "A day's cumulative total against the typical day of the last N days, with the projection and the Move goal.",
        discussion: """
            Hours are local hours of --tz (23 or 25 on daylight-saving days); each line is the total at the END of \
            the hour. The typical day averages the cumulative totals of the previous --days days by hour, leaving out \
            days with nothing yet by that hour.

            Examples:
              ohk trends
              ohk trends stepCount --date 2024-03-10 --days 14 --tz America/Los_Angeles
              ohk trends --format json
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

    @Option(name: .customLong("goal-fallback"), help: "The Move goal when the day's activity summary has none (default 500 kcal).")
    var goalFallback: Double = 500

    @Option(help: "The unit of the figures (default: the type's unit).")
    var unit: String?

    func validate() throws {
        guard days >= 1, days <= 366 else { throw ValidationError("--days must be between 1 and 366 (got \(days))") }
        if let format = output.format, format == .csv || format == .ndjson {
            throw ValidationError("--format for trends is table or json")
        }
    }

    func run() throws {
        let type = try TypeArgument.parse(self.type)
        guard type.aggregationStyle == .cumulative else {
            throw ValidationError("TYPE \(type.identifier) is not cumulative: trends add samples up (try activeEnergyBurned or stepCount)")
        }
        let day = try parseDateOption(date, "--date", output.resolvedTimeZone)
        let store = try storeOptions.openStore(as: clientOptions)
        let calculator = try TrendsCalculator(store: store, type: type, unit: try parseUnitOption(unit), calendar: output.calendar, clock: { Date() })
        let report = try TrendsReport.make(calculator, date: day, days: days, goalFallback: goalFallback)
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
