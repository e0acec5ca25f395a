import ArgumentParser
import Foundation
import HealthModel
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
            DemoCommand.self, ImportCommand.self, StatsCommand.self, TrendsCommand.self, SamplesCommand.self,
            SleepCommand.self, WorkoutsCommand.self, VitalsCommand.self, HRVCommand.self, ReportCommand.self,
            TypesCommand.self, SourcesCommand.self, McpCommand.self,
            ExportCommand.self,
            StoreCommand.self,
            UnitsCommand.self, ZonesCommand.self,
            ServeCommand.self, UsersCommand.self, UsersAliasCommand.self, ClientsCommand.self,
        ]
    )

    /// Every `--store PATH` on the line, before the subcommand (`ohk --store PATH demo`) or after it: the root is
    /// parsed first and argument-parser's lenient parse of it takes the option wherever it stands, so the
    /// subcommands read it through `@ParentCommand` (`StoreOptions`, `ServerOptions`), whose own `--store` is there
    /// for their help. Hidden here: each command's help describes what its store is (a file, or a server directory).
    @Option(name: .customLong("store"), help: ArgumentHelp("The store.", valueName: "path", visibility: .hidden))
    var store: String?

    /// Runs the command with negative numbers accepted as positional arguments (see `NegativeNumberArguments`).
    ///
    /// Exit codes: 0 success, 1 runtime error (the store, the data), 2 usage error (arguments, options); errors go to
    /// standard error as one line.
    static func main() async {
        let arguments = NegativeNumberArguments.prepared(Array(CommandLine.arguments.dropFirst()))
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
            let message = (error is any FieldError ? commandLineMessage(error) : self.message(for: error)).split(
                separator: "\n"
            ).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.joined(separator: " ")
            FileHandle.standardError.write(Data("ohk: \(message)\n".utf8))
            Foundation.exit(code == .validationFailure ? 2 : 1)
        }
    }
}

/// The version of the `ohk` tool, printed by `ohk --version`; change it here only.
enum Version {
    /// The version string, e.g. `0.1.0`.
    static let string = "0.1.0"
}
