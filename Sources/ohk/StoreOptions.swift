import ArgumentParser
import Foundation
import HealthEngine
import HealthStore

/// `--store PATH`: the store file a command works on.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .customLong("store"),
        help: ArgumentHelp(
            "The store file (default: $OHK_STORE, else $XDG_DATA_HOME/openhealthkit/health.sqlite, else ~/.local/share/openhealthkit/health.sqlite).",
            valueName: "path"))
    var store: String?

    /// A `--store PATH` given before the subcommand (`ohk --store PATH demo`), taken off the arguments by `main()`.
    nonisolated(unsafe) static var leadingPath: String?

    /// The path given with --store (here or before the subcommand) or OHK_STORE, if any.
    var explicitPath: String? {
        StoreLocation.explicitPath(option: store ?? StoreOptions.leadingPath, environment: ProcessInfo.processInfo.environment)
    }

    /// The store path, the default one when none was given.
    func resolvedPath() throws -> String {
        try StoreLocation.resolve(option: store ?? StoreOptions.leadingPath, environment: ProcessInfo.processInfo.environment)
    }

    /// Opens (creating or migrating) the SQLite store at a path, remembering deletions for 90 days.
    static func open(_ path: String) throws -> SQLiteStorage {
        try SQLiteStorage(path: path, retention: .deletions(for: ChangeLogRetention.defaultLifetime, clock: { Date() }))
    }

    /// Takes a leading `--store PATH` or `--store=PATH` off the arguments into `leadingPath`.
    static func takeLeadingOption(_ arguments: [String]) -> [String] {
        guard let first = arguments.first else { return arguments }
        if first == "--store", arguments.count >= 2 {
            leadingPath = arguments[1]
            return Array(arguments.dropFirst(2))
        }
        if first.hasPrefix("--store=") {
            leadingPath = String(first.dropFirst("--store=".count))
            return Array(arguments.dropFirst())
        }
        return arguments
    }
}
