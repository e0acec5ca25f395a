import ArgumentParser
import Foundation
import HealthServer

/// `ohk users`: the people a server holds.
struct UsersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Add and list the people of a server directory.", subcommands: [UsersAddCommand.self, UsersListCommand.self])
}

/// `ohk users add NAME`.
struct UsersAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a person (their store is created on first use).")

    @OptionGroup var serverOptions: ServerOptions
    @Argument(help: "The person's name: lowercase letters, digits, '.', '_' or '-'.") var name: String

    func run() throws {
        do {
            try serverOptions.withRegistry { try $0.addPerson(name, now: Date()) }
        } catch let error as HealthServerError {
            throw ValidationError(error.description)
        }
        print("added \(name)")
    }
}

/// `ohk users list`.
struct UsersListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the people.")

    @OptionGroup var serverOptions: ServerOptions

    func run() throws {
        for name in try serverOptions.withRegistry({ try $0.people() }) { print(name) }
    }
}
