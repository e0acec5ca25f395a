import ArgumentParser
import Foundation
import HealthEngine
import HealthExport
import HealthServer
import HealthStore
import HealthStorePostgres

/// `ohk users`: the people a server holds.
struct UsersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Add, list, export and remove the people of a server directory.",
        subcommands: [UsersAddCommand.self, UsersListCommand.self, UsersExportCommand.self, UsersRemoveCommand.self])
}
