import ArgumentParser
import Foundation
import HealthEngine
import HealthExport
import HealthRegistry
import HealthStore
import HealthStorePostgres

/// `ohk people list`.
struct UsersListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the people.")

    @OptionGroup var serverOptions: ServerOptions

    func run() throws {
        for name in try serverOptions.withRegistry({ try $0.people() }) { print(name) }
    }
}
