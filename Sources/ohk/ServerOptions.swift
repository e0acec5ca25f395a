import ArgumentParser
import Foundation
import HealthServer

/// `--store DIR` for the server commands: the server directory (`server.sqlite` for people, clients and token hashes,
/// `people/NAME.sqlite` for each person's store).
struct ServerOptions: ParsableArguments {
    @Option(
        name: .customLong("store"),
        help: ArgumentHelp(
            "The server directory (default: $OHK_SERVER_STORE, else $XDG_DATA_HOME/openhealthkit/server, else ~/.local/share/openhealthkit/server).",
            valueName: "dir"))
    var store: String?

    /// The directory given here, before the subcommand (`ohk --store DIR serve`), by OHK_SERVER_STORE, or the default.
    func directory() throws -> ServerDirectory {
        try ServerDirectory.resolve(option: store ?? StoreOptions.leadingPath, environment: ProcessInfo.processInfo.environment)
    }

    /// Opens the directory's registry.
    func registry() throws -> TenantRegistry {
        try TenantRegistry(directory: try directory())
    }
}
