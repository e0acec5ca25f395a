import ArgumentParser
import Foundation
import HealthModel
import HealthReports
import HealthStore

/// `ohk zones show [TYPE…]`: the person's zones, set by them or derived from their data.
struct ZonesShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the person's workout zones (set with `ohk zones set`, else derived from their data).",
        discussion: """
            Heart rate zones the person did not set are derived from the date of birth and the resting heart rate \
            of the last 30 days: five zones at 60, 70, 80 and 90 % of the heart rate reserve (maximum 208 − 0.7 × \
            age). Cycling power has no derived zones. Workouts show their time in zone in `ohk workouts`.

            Examples:
              ohk zones
              ohk zones show heart-rate
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "heart-rate or power (default: both).")
    var types: [String] = []

    func run() throws {
        let shown = try types.isEmpty ? ZonesCommand.zoneTypes : types.map(ZonesCommand.zoneType)
        let store = try storeOptions.openStore(as: clientOptions)
        do {
            let table = try ZonesCommand.table(store, types: shown, calendar: output.calendar)
            output.write(table.rendered(as: output.resolvedFormat))
        } catch let error as HealthStoreError where error.kind == .invalid {
            throw ValidationError(error.description)
        }
    }
}
