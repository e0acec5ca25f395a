import ArgumentParser
import Foundation
import HealthModel
import HealthRegistry
import HealthReports

/// `ohk clients list PERSON`.
struct ClientsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List a person's apps and their grants.")

    @OptionGroup var serverOptions: ServerOptions
    @Argument(help: "The person.") var person: String

    func run() throws {
        var table = TextTable(columns: [
            "bundleIdentifier", "name", "share", "read", "fullAccess", "created", "revoked",
        ])
        let utc = TimeZone(identifier: "UTC")!
        for client in try serverOptions.withRegistry({ try $0.clients(of: person) }) {
            table.append([
                client.bundleIdentifier, client.name, client.share.sorted().joined(separator: " "),
                client.read.sorted().joined(separator: " "),
                client.fullAccess ? "yes" : "no", DateWriter.format(client.created, in: utc),
                client.revoked.map { DateWriter.format($0, in: utc) },
            ])
        }
        print(table.rendered(as: .table), terminator: "")
    }
}
