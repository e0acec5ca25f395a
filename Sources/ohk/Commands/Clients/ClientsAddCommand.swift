import ArgumentParser
import Foundation
import HealthModel
import HealthRegistry
import HealthReports

/// `ohk clients add PERSON BUNDLE-ID --share TYPE… --read TYPE…`: prints the token once.
struct ClientsAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Register an app for a person and print its bearer token (shown once).",
        discussion: """
            The app saves the types given with --share and reads those given with --read (plus, always, what it saved \
            itself); other apps' data of other types is invisible to it, as in HealthKit. --full-access makes it the \
            person's own Health app: it reads and writes everything and sets source priorities.

            Example:
              ohk clients add alice com.example.steps --share stepCount --read stepCount heartRate
            """)

    @OptionGroup var serverOptions: ServerOptions
    @Argument(help: "The person.") var person: String
    @Argument(help: "The app's bundle identifier.") var bundleIdentifier: String
    @Option(help: "The app's name (default: the bundle identifier).") var name: String?
    @Option(parsing: .upToNextOption, help: "Types the app may save (full identifiers or short names).") var share:
        [String] = []
    @Option(parsing: .upToNextOption, help: "Types the app may read.") var read: [String] = []
    @Flag(name: .customLong("full-access"), help: "Read and write all of the person's data and set source priorities.")
    var fullAccess = false

    func run() throws {
        let (client, token): (RegisteredClient, AccessToken)
        do {
            (client, token) = try serverOptions.withRegistry { registry in
                try registry.addClient(
                    person: person, bundleIdentifier: bundleIdentifier, name: name, share: share, read: read,
                    fullAccess: fullAccess, now: Date())
            }
        } catch let error as RegistryError {
            switch error {
            case .unknownPerson: throw ValidationError("\(error): add them first with `ohk people add \(person)`")
            case .clientExists:
                throw ValidationError(
                    "\(error): revoke it first with `ohk clients revoke \(person) \(bundleIdentifier)`")
            default: throw ValidationError(error.commandLineMessage())
            }
        }
        FileHandle.standardError.write(
            Data("registered \(client.bundleIdentifier) for \(client.person); the token is shown only now:\n".utf8))
        print(token.text)
    }
}
