import ArgumentParser

/// The `ohk` command line: tools around the OpenHealthKit data model.
@main
struct OpenHealthKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ohk",
        abstract: "Work with OpenHealthKit data from the command line.",
        discussion: "OpenHealthKit rebuilds Apple HealthKit's health data store and query engine in Swift for Linux.",
        version: Version.string,
        subcommands: [DemoCommand.self, UnitsCommand.self]
    )

    /// Runs the command with negative numbers accepted as positional arguments (see `NegativeNumberArguments`).
    static func main() {
        main(NegativeNumberArguments.prepared(Array(CommandLine.arguments.dropFirst())))
    }
}
