import ArgumentParser
import Foundation
import HealthReports

/// The `ohk` command line: tools around the OpenHealthKit data model.
@main
struct OpenHealthKitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ohk",
        abstract: "Work with OpenHealthKit data from the command line.",
        discussion: "OpenHealthKit rebuilds Apple HealthKit's health data store and query engine in Swift for Linux.",
        version: Version.string,
        subcommands: [
            DemoCommand.self, ImportCommand.self, StatsCommand.self, TrendsCommand.self, SamplesCommand.self, TypesCommand.self, SourcesCommand.self, ExportCommand.self,
            StoreCommand.self,
            UnitsCommand.self,
            ServeCommand.self, UsersCommand.self, ClientsCommand.self,
        ]
    )

    /// Runs the command with a leading `--store PATH` taken as every command's store (see `StoreOptions`) and
    /// negative numbers accepted as positional arguments (see `NegativeNumberArguments`).
    ///
    /// Exit codes: 0 success, 1 runtime error (the store, the data), 2 usage error (arguments, options); errors go to
    /// standard error as one line.
    static func main() async {
        let arguments = NegativeNumberArguments.prepared(StoreOptions.takeLeadingOption(Array(CommandLine.arguments.dropFirst())))
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = (error is HealthReportsError ? commandLineMessage(error) : self.message(for: error)).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.joined(separator: " ")
            FileHandle.standardError.write(Data("ohk: \(message)\n".utf8))
            Foundation.exit(code == .validationFailure ? 2 : 1)
        }
    }
}
