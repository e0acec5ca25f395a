import ArgumentParser
import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthStoreSQLite

/// `--store PATH`: the store file a command works on.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .customLong("store"),
        help: ArgumentHelp(
            "The store file (default: $OHK_STORE, else $XDG_DATA_HOME/openhealthkit/health.sqlite, else ~/.local/share/openhealthkit/health.sqlite).",
            valueName: "path"))
    var store: String?

    /// The root command, which reads every `--store` (see `OpenHealthKitCommand.store`).
    @ParentCommand var root: OpenHealthKitCommand

    /// The path given with --store (before or after the subcommand) or OHK_STORE, if any.
    var explicitPath: String? {
        StoreLocation.explicitPath(option: store ?? root.store, environment: ProcessInfo.processInfo.environment)
    }

    /// The store path, the default one when none was given.
    func resolvedPath() throws -> String {
        try StoreLocation.resolve(option: store ?? root.store, environment: ProcessInfo.processInfo.environment)
    }

    /// Opens (creating or migrating) the SQLite store at a path, remembering deletions for 90 days.
    static func open(_ path: String) throws -> HealthDataStore {
        try .sqlite(path: path, retention: .deletions(for: ChangeLogRetention.defaultLifetime, clock: { Date() }))
    }
}

/// Opens the store named by the store options (SQLite), as `HealthDataStore`.
extension StoreOptions {
    func openStore() throws -> HealthDataStore {
        try StoreOptions.open(try resolvedPath())
    }

    /// Opens the store as the command line (the owner: everything), or as the app `client.client` names. A command
    /// that only reads (`creating` false) refuses a path with no store, naming it and suggesting `ohk import`, rather
    /// than creating an empty store there and answering with nothing.
    func openStore(as client: ClientOptions, creating: Bool = false) throws -> HealthDataStore {
        let path = try resolvedPath()
        if !creating, !FileManager.default.fileExists(atPath: path) {
            throw HealthStoreError.storeUnavailable(
                path: path,
                reason: "there is no store here yet; import an export first (ohk import export.zip"
                    + (explicitPath == nil ? "" : " --store \(path)") + ") or name another store with --store")
        }
        let store = try StoreOptions.open(path)
        guard let bundleIdentifier = client.client else { return store }
        return store.client(bundleIdentifier)
    }
}

/// `--client BUNDLE`: read the store as one app sees it.
struct ClientOptions: ParsableArguments {
    @Option(
        name: .customLong("client"),
        help: ArgumentHelp(
            "Read as this app (bundle identifier) sees the store: the command line keeps no app's permissions, so the app sees only what it saved itself.",
            valueName: "bundle-id"))
    var client: String?
}
