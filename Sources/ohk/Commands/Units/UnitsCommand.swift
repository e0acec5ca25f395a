import ArgumentParser

/// `ohk units`: work with HealthKit unit strings.
struct UnitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units",
        abstract: "Convert values between HealthKit units and list the unit grammar.",
        subcommands: [UnitsConvertCommand.self, UnitsListCommand.self]
    )
}
