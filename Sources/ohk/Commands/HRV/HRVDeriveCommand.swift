import ArgumentParser
import Foundation
import HealthEngine
import HealthReports
import HealthStore

/// `ohk hrv derive`: stores the RMSSD of each heartbeat series of a window as a `heartRateVariabilityRMSSD` sample
/// from the derived source, through the store's one commit (`HealthDataStore.deriveHeartRateVariability`).
struct HRVDeriveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "derive",
        abstract: "Store the RMSSD of each heartbeat series as a heartRateVariabilityRMSSD sample (derived source).",
        discussion: """
            One sample per heartbeat series that started in the window, from the source "OpenHealthKit (derived \\
            from beat-to-beat data)" (org.openhealthkit.derived), its metadata naming the series. Running it again \\
            changes nothing; a series whose own source saved an RMSSD sample for it gets none. Apps read the derived \\
            samples only with the RMSSD read grant. Only the store's owner (or a client with full access) derives.

            Examples:
              ohk hrv derive --from 2024-01-01 --to 2024-04-01
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var zone: TimeZoneOptions

    @Option(help: "Window start (default: 30 days before --to).")
    var from: String?

    @Option(help: "Window end, exclusive (default: tomorrow, so today is in).")
    var to: String?

    func run() throws {
        let calendar = zone.calendar
        let (start, end) = try OptionValues.dayWindow(from: from, to: to, calendar: calendar, defaultDays: 30)
        let request: HeartRateVariabilityRequest
        do {
            request = try HeartRateVariabilityRequest(from: start, to: end, calendar: calendar, grouping: .measurement)
        } catch { throw ValidationError(commandLineMessage(error)) }
        let store = try storeOptions.openStore(as: clientOptions)
        let result = try store.deriveHeartRateVariability(request)
        print(
            "\(result.measurements) measurements: \(result.written) RMSSD samples written, \(result.unchanged) "
                + "unchanged, \(result.deviceOwn) with the device's own RMSSD, \(result.withoutFigure) without one")
    }
}
