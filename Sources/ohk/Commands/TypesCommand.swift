import ArgumentParser
import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore

/// `ohk types`: every type in the store with its sample count, first and last date, and unit.
struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "List the sample types in the store with counts and date ranges.",
        discussion: "Example:\n  ohk types --format csv")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var clientOptions: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try storeOptions.openStore(as: clientOptions)
        output.write(
            TypeListing.table(try store.samples.typeSummaries(), timeZone: output.resolvedTimeZone).rendered(
                as: output.resolvedFormat))
    }
}
