import ArgumentParser

/// The `ohk` command line: tools around the OpenHealthKit data model.
@main
struct OpenHealthKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ohk",
        abstract: "Work with OpenHealthKit data from the command line.",
        discussion: "OpenHealthKit rebuilds Apple HealthKit's health data store and query engine in Swift for Linux.",
        version: Version.string,
        subcommands: [DemoCommand.self, StoreCommand.self, UnitsCommand.self]
    )

    /// Runs the command with a leading `--store PATH` taken as every command's store (see `StoreOptions`) and
    /// negative numbers accepted as positional arguments (see `NegativeNumberArguments`).
    static func main() {
        let arguments = StoreOptions.takeLeadingOption(Array(CommandLine.arguments.dropFirst()))
        main(NegativeNumberArguments.prepared(arguments))
    }
}
