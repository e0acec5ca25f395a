import ArgumentParser

/// `ohk units`: work with HealthKit unit strings.
struct UnitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units",
        abstract: "Convert values between HealthKit units, list the unit grammar, show and choose preferred units.",
        subcommands: [UnitsConvertCommand.self, UnitsListCommand.self, UnitsPreferredCommand.self]
    )
}
