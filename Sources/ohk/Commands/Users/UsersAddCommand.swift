import ArgumentParser
import Foundation
import HealthEngine
import HealthExport
import HealthRegistry
import HealthStore
import HealthStorePostgres

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
