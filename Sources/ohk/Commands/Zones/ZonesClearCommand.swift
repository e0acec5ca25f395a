import ArgumentParser
import Foundation
import HealthModel
import HealthReports
import HealthStore

/// `ohk zones clear TYPE`: forgets the person's zones of a type (the derived ones apply again).
struct ZonesClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Forget the person's zones of a type (the zones derived from their data apply again).")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "heart-rate or power.")
    var type: String

    func run() throws {
        let zoneType = try ZonesCommand.zoneType(type)
        let store = try storeOptions.openStore(as: clientOptions)
        do {
            try store.setPreferredWorkoutZones(nil, for: zoneType)
            output.write(
                try ZonesCommand.table(store, types: [zoneType], calendar: output.calendar).rendered(
                    as: output.resolvedFormat))
        } catch let error as HealthStoreError where error.kind == .invalid {
            throw ValidationError(error.description)
        }
    }
}
