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
