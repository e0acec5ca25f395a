import ArgumentParser
import Foundation
import HealthEngine
import HealthExport
import HealthRegistry
import HealthStore
import HealthStorePostgres

/// `ohk people`: the people a server holds.
struct UsersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "people", abstract: "Add, list, export and remove the people of a server directory.",
        subcommands: [UsersAddCommand.self, UsersListCommand.self, UsersExportCommand.self, UsersRemoveCommand.self])
}

/// `ohk users`: the first spelling of `ohk people`, still accepted but not listed in help.
struct UsersAliasCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: UsersCommand.configuration.abstract, shouldDisplay: false,
        subcommands: UsersCommand.configuration.subcommands)
}

/// `ohk people add NAME`.
struct UsersAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a person (their store is created on first use).")

    @OptionGroup var serverOptions: ServerOptions
    @Argument(help: "The person's name: lowercase letters, digits, '.', '_' or '-'.") var name: String

    func run() throws {
        do {
            try serverOptions.withRegistry { try $0.addPerson(name, now: Date()) }
        } catch let error as RegistryError {
            throw ValidationError(error.description)
        }
        print("added \(name)")
    }
}

/// `ohk people list`.
struct UsersListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the people.")

    @OptionGroup var serverOptions: ServerOptions

    func run() throws {
        for name in try serverOptions.withRegistry({ try $0.people() }) { print(name) }
    }
}

/// `ohk people export NAME`: everything of a person as an Apple Health export.xml that `ohk import` reads back.
struct UsersExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write everything of a person as an Apple Health export.xml (what `ohk import` reads).",
        discussion: """
            Every sample of every app (quantities, categories, correlations, workouts with events, statistics and \
            routes), heartbeat series, activity summaries, characteristics and elements kept by earlier imports. \
            Sources are named but keep no bundle identifier, and sample identifiers are made again from the content \
            on import (see docs/security/lifecycle.md). The store may be in use by a running server.

            Examples:
              ohk people export alex --output alex-export.xml
              ohk people export alex | gzip > alex-export.xml.gz
            """)

    @OptionGroup var serverOptions: ServerOptions
    @Argument(help: "The person's name.") var name: String

    @Option(name: .customLong("output"), help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
    var output: String?

    @Flag(help: "Replace an existing --output file.") var force = false

    @Option(name: .customLong("tz"), help: "The time zone of dates that no import recorded an offset for (default: this machine's).")
    var timeZone: String?

    func validate() throws {
        if let timeZone, TimeZone(identifier: timeZone) == nil { throw ValidationError("--tz \"\(timeZone)\" is not a known time zone") }
    }

    func run() throws {
        let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        try serverOptions.withPersonStorage(name) { storage in
            let writer = ExportDocumentWriter(storage: storage, timeZone: zone, exportDate: Date())
            guard let output else {
                let handle = FileHandle.standardOutput
                let summary = try writer.write { try handle.write(contentsOf: $0) }
                FileHandle.standardError.write(Data((UsersExportCommand.describe(summary, of: name) + "\n").utf8))
                return
            }
            let path = (output as NSString).expandingTildeInPath
            if FileManager.default.fileExists(atPath: path), !force { throw ValidationError("\(output) exists already: choose another file, or pass --force") }
            let partial = path + ".partial"
            guard FileManager.default.createFile(atPath: partial, contents: nil, attributes: [.posixPermissions: 0o600]),
                  let handle = FileHandle(forWritingAtPath: partial) else { throw ValidationError("cannot write \(output)") }
            do {
                let summary = try writer.write { try handle.write(contentsOf: $0) }
                try handle.close()
                if force { try? FileManager.default.removeItem(atPath: path) }
                try FileManager.default.moveItem(atPath: partial, toPath: path)
                print(UsersExportCommand.describe(summary, of: name) + " to \(output)")
            } catch {
                try? handle.close()
                try? FileManager.default.removeItem(atPath: partial)
                throw error
            }
        }
    }

    static func describe(_ summary: ExportDocumentWriter.Summary, of name: String) -> String {
        "exported \(name): \(summary.records) records, \(summary.correlations) correlations, \(summary.workouts) workouts "
            + "(\(summary.routes) routes, \(summary.routePoints) points), \(summary.heartbeatSeries) heartbeat series, "
            + "\(summary.activitySummaries) activity summaries, \(summary.keptElements) kept elements, \(summary.bytes) bytes"
    }
}

/// `ohk people remove NAME`: erases a person.
struct UsersRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a person: their store, their clients and tokens, their uploads in flight.",
        discussion: """
            Their tokens are refused from the next request on, also by a running server, which closes the person's \
            store. This cannot be undone: export first (`ohk people export`) to keep a copy. Backups made before are not \
            touched (see docs/security/lifecycle.md). Asks for confirmation unless --yes is given.
            """)

    @OptionGroup var serverOptions: ServerOptions
    @Argument(help: "The person's name.") var name: String
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func run() throws {
        do {
            try PersonRegistry.checkPersonName(name)
        } catch {
            throw ValidationError(error.description)
        }
        let (exists, clients) = try serverOptions.withRegistry { registry in
            (try registry.people().contains(name), try registry.clients(of: name).filter { $0.revoked == nil }.count)
        }
        guard exists else { throw ValidationError("no person named \(name)") }
        if !yes {
            guard isatty(STDIN_FILENO) != 0 else { throw ValidationError("removing \(name) cannot be undone: confirm with --yes") }
            FileHandle.standardError.write(Data(
                "Remove \(name) with their store, \(clients) active client(s) and uploads? This cannot be undone. [y/N] ".utf8))
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
            guard answer == "y" || answer == "yes" else {
                print("kept \(name)")
                return
            }
        }
        let directory = try serverOptions.directory()
        do {
            if let client = try serverOptions.postgresClient() {
                defer { client.shutdown() }
                try PersonRegistry(directory: directory, postgres: client).removePerson(name, storage: .postgres(client))
            } else {
                try PersonRegistry(directory: directory).removePerson(name, storage: .directory(directory))
            }
        } catch let error as RegistryError {
            throw ValidationError(error.description)
        }
        print("removed \(name): store, clients and tokens, uploads")
    }
}
