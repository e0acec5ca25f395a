import ArgumentParser

/// `ohk hrv`: heart rate variability samples derived from beat-to-beat data.
struct HRVCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hrv",
        abstract: "Heart rate variability from beat-to-beat data: derive RMSSD samples (ohk vitals --hrv shows them).",
        subcommands: [HRVDeriveCommand.self]
    )
}
