import ArgumentParser
import Foundation
import HealthEngine
import HealthExport
import HealthRegistry
import HealthStore
import HealthStorePostgres

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
            throw ValidationError(error.commandLineMessage(person: "NAME"))
        }
        let (exists, clients) = try serverOptions.withRegistry { registry in
            (try registry.people().contains(name), try registry.clients(of: name).filter { $0.revoked == nil }.count)
        }
        guard exists else { throw ValidationError("no person named \(name)") }
        if !yes {
            guard isatty(STDIN_FILENO) != 0 else {
                throw ValidationError("removing \(name) cannot be undone: confirm with --yes")
            }
            FileHandle.standardError.write(
                Data(
                    "Remove \(name) with their store, \(clients) active client(s) and uploads? This cannot be undone. [y/N] "
                        .utf8))
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
                try PersonRegistry(directory: directory, postgres: client).removePerson(
                    name, storage: .postgres(client))
            } else {
                try PersonRegistry(directory: directory).removePerson(name, storage: .directory(directory))
            }
        } catch let error as RegistryError {
            throw ValidationError(error.description)
        }
        print("removed \(name): store, clients and tokens, uploads")
    }
}
