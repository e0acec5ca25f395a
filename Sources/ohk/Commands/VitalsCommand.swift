import ArgumentParser
import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthServer
import HealthStore

/// `ohk vitals`: resting and walking heart rate, HRV, VO2 max, respiratory rate, blood oxygen, weight, body fat, blood
/// pressure and glucose, a row per day or week.
struct VitalsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitals",
        abstract:
            "Heart, breathing and body measures per day or week: the averages, sources merged as the Health app does.",
        discussion: """
            One column per measure that has data in the window (resting_hr, hrv, walking_hr, vo2max, \
            respiratory_rate, spo2, weight, body_fat, systolic, diastolic, glucose), its unit in its name, values in \
            the preferred units (`ohk units preferred`). Each cell is the average of the bucket's samples, sources \
            merged by priority; heart rates are weighted by time as statistics weigh them.

            Examples:
              ohk vitals --from 2024-01-01 --to 2024-04-01 --interval 1w --tz Europe/Berlin
              ohk vitals --from 2024-03-01 --to 2024-03-31 --format csv
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Window start (default: 30 days before --to).")
    var from: String?

    @Option(help: "Window end, exclusive (default: tomorrow, so today is in).")
    var to: String?

    @Option(help: "Bucket length: 1d (default) or 1w, or any interval stats takes.")
    var interval = "1d"

    func run() throws {
        let calendar = output.calendar
        let (start, end) = try OptionValues.dayWindow(from: from, to: to, calendar: calendar, defaultDays: 30)
        let bucket: DateComponents
        do { bucket = try IntervalArgument.parse(interval) } catch { throw ValidationError(commandLineMessage(error)) }
        let store = try storeOptions.openStore(as: clientOptions)
        let format = output.resolvedFormat
        let table = try VitalsReport.table(
            store: store, from: start, to: end, interval: bucket, calendar: calendar, format: format,
            maximumBuckets: ServerLimits().maximumBuckets)
        if format == .table, table.columns.count == 1 {
            output.write("no vitals in this period\n")
        } else {
            output.write(table.rendered(as: format))
        }
    }
}
