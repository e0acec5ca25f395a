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
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a person (their store is created on first use).")

    @OptionGroup var serverOptions: ServerOptions
    @Argument(help: "The person's name: lowercase letters, digits, '.', '_' or '-'.") var name: String

    func run() throws {
        do {
            try serverOptions.withRegistry { try $0.addPerson(name, now: Date()) }
        } catch let error as RegistryError {
            throw ValidationError(error.commandLineMessage(person: "NAME"))
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
