import ArgumentParser
import Foundation
import HealthEngine
import HealthRegistry
import HealthStore
import HealthStorePostgres
import HealthStoreSQLite

/// `--store DIR` for the server commands: the server directory (`server.sqlite` for people, clients and token hashes,
/// `people/NAME.sqlite` for each person's store); `--postgres URL` (or `OHK_POSTGRES`) keeps the people, clients and
/// stores in a PostgreSQL database instead, shared by every server using it (the directory then holds only uploads).
struct ServerOptions: ParsableArguments {
    @Option(
        name: .customLong("store"),
        help: ArgumentHelp(
            "The server directory (default: $OHK_SERVER_STORE, else $XDG_DATA_HOME/openhealthkit/server, else ~/.local/share/openhealthkit/server).",
            valueName: "dir"))
    var store: String?

    /// The root command, which reads every `--store` (see `OpenHealthKitCommand.store`).
    @ParentCommand var root: OpenHealthKitCommand

    /// The directory given with `--store` (before or after the subcommand), by OHK_SERVER_STORE, or the default.
    func directory() throws -> ServerDirectory {
        do {
            return try ServerDirectory.resolve(
                option: store ?? root.store, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.commandLineMessage())
        }
    }

    @Option(
        name: .customLong("postgres"),
        help: ArgumentHelp(
            "Keep people, clients and stores in this PostgreSQL database (postgres://user:password@host:port/database), shared by every server using it (default: $OHK_POSTGRES; none: the server directory).",
            valueName: "url"))
    var postgres: String?

    /// The PostgreSQL URL given here or by OHK_POSTGRES, if any.
    var postgresURL: String? {
        if let postgres, !postgres.isEmpty { return postgres }
        if let variable = ProcessInfo.processInfo.environment["OHK_POSTGRES"], !variable.isEmpty { return variable }
        return nil
    }

    /// A client of the PostgreSQL database named (migrated), or nil when none is (the pause: see `ohk serve`).
    func postgresClient(maximumTransactionPause: Duration = .zero) throws -> PostgresStoreClient? {
        guard let url = postgresURL else { return nil }
        do {
            return try PostgresStoreClient(url: url, maximumTransactionPause: maximumTransactionPause)
        } catch {
            throw ValidationError(
                "cannot use the PostgreSQL database at \(PostgresStoreClient.redacted(url)): \(error)")
        }
    }

    /// Runs `body` with the registry (the directory's, or the PostgreSQL database's), then closes the database client.
    func withRegistry<T>(_ body: (PersonRegistry) throws -> T) throws -> T {
        let directory = try directory()
        guard let client = try postgresClient() else { return try body(PersonRegistry(directory: directory)) }
        defer { client.shutdown() }
        return try body(PersonRegistry(directory: directory, postgres: client))
    }

    /// Runs `body` with a registered person's store (the SQLite file of the directory, or the person's rows of the
    /// PostgreSQL database); a person whose store was never opened has an empty one, and none is made.
    func withPersonStore<T>(_ person: String, _ body: (HealthDataStore) throws -> T) throws -> T {
        let directory = try directory()
        let client = try postgresClient()
        defer { client?.shutdown() }
        let registry =
            try client.map { try PersonRegistry(directory: directory, postgres: $0) }
            ?? PersonRegistry(directory: directory)
        guard try registry.people().contains(person) else { throw ValidationError("no person named \(person)") }
        if let client { return try body(try .postgres(client: client, person: person)) }
        let path = directory.storePath(of: person)
        guard FileManager.default.fileExists(atPath: path) else { return try body(HealthDataStore()) }
        return try body(try .sqlite(path: path))
    }
}
