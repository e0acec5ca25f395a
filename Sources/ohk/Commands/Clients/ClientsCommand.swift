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

/// `ohk clients revoke PERSON BUNDLE-ID`: a running server refuses the token from its next request on.
struct ClientsRevokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke an app's token (at once, also for a running server).")

    @OptionGroup var serverOptions: ServerOptions
    @Argument(help: "The person.") var person: String
    @Argument(help: "The app's bundle identifier.") var bundleIdentifier: String

    func run() throws {
        let count = try serverOptions.withRegistry {
            try $0.revokeClient(person: person, bundleIdentifier: bundleIdentifier, now: Date())
        }
        guard count > 0 else { throw ValidationError("\(bundleIdentifier) has no active token for \(person)") }
        print("revoked \(bundleIdentifier) for \(person)")
    }
}
