import ArgumentParser
import Foundation
import HealthModel
import HealthReports
import HealthStore

/// `ohk zones set TYPE BOUNDARY…`: sets the person's zones of a type, as Health Settings does.
struct ZonesSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the person's zones of a type from their boundaries.",
        discussion: """
            Each boundary is the upper bound of one zone, lowest first, in beats per minute (heart rate) or watts \
            (power); the first zone has no lower bound and the last no upper bound, so n boundaries make n + 1 \
            zones (3 to 9).

            Examples:
              ohk zones set heart-rate 120 140 160 180
              ohk zones set power 150 200 250 300 350
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "heart-rate or power.")
    var type: String

    @Argument(help: "The upper bound of each zone but the last, increasing.")
    var boundaries: [Double] = []

    func run() throws {
        let zoneType = try ZonesCommand.zoneType(type)
        let configuration: WorkoutZoneConfiguration
        do {
            configuration = try WorkoutZoneConfiguration(
                type: zoneType, canonicalBoundaries: boundaries, source: .user)
        } catch {
            throw ValidationError("\(error)")
        }
        let store = try storeOptions.openStore(as: clientOptions, creating: true)
        do {
            try store.setPreferredWorkoutZones(configuration, for: zoneType)
            output.write(
                try ZonesCommand.table(store, types: [zoneType], calendar: output.calendar).rendered(
                    as: output.resolvedFormat))
        } catch let error as HealthStoreError where error.kind == .invalid {
            throw ValidationError(error.description)
        }
    }
}
