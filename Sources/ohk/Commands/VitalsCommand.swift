import ArgumentParser
import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthServer
import HealthStore

extension HeartRateVariabilityRequest.Grouping: ExpressibleByArgument {}

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
            merged by priority; heart rates are weighted by time as statistics weigh them. hrv_ms is the average of \
            the SDNN readings the Watch computed; rmssd_ms, sdnn_ms and pnn50_pct (pNN50 in percent) come from the \
            beat-to-beat data of the nights whose waking day is in the row (docs/decisions/hrv.md).

            --hrv night or --hrv measurement shows those three instead, one row per night (its sleep night, or 20:00 \
            to 10:00 without sleep data) or per measurement (heartbeat series).

            Examples:
              ohk vitals --from 2024-01-01 --to 2024-04-01 --interval 1w --tz Europe/Berlin
              ohk vitals --from 2024-03-01 --to 2024-03-31 --format csv
              ohk vitals --hrv night --from 2024-03-01 --to 2024-03-31 --tz Europe/Berlin
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

    @Option(help: "Heart rate variability from beat-to-beat data instead: per night or per measurement.")
    var hrv: HeartRateVariabilityRequest.Grouping?

    func run() throws {
        let calendar = output.calendar
        let (start, end) = try OptionValues.dayWindow(from: from, to: to, calendar: calendar, defaultDays: 30)
        if let hrv {
            let request: HeartRateVariabilityRequest
            do {
                request = try HeartRateVariabilityRequest(from: start, to: end, calendar: calendar, grouping: hrv)
            } catch { throw ValidationError(commandLineMessage(error)) }
            let store = try storeOptions.openStore(as: clientOptions)
            let format = output.resolvedFormat
            let table = try HeartRateVariabilityReport.table(request, store: store, format: format)
            if format == .table, table.rows.isEmpty {
                output.write("no beat-to-beat data in this period\n")
            } else {
                output.write(table.rendered(as: format))
            }
            return
        }
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
