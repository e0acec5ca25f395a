import ArgumentParser
import Foundation
import HealthModel
import HealthRegistry
import HealthReports

/// `ohk clients`: the apps registered for a person, with their grants and tokens.
struct ClientsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clients", abstract: "Register, list and revoke a person's apps.",
        subcommands: [ClientsAddCommand.self, ClientsListCommand.self, ClientsRevokeCommand.self])
}
