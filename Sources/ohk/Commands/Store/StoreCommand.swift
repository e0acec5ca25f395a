import ArgumentParser
import Foundation
import HealthStore

/// `ohk store`: the persistent store file.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Show where the store is and what it holds.",
        subcommands: [StoreInfoCommand.self, StoreBackupCommand.self, StoreWriteBatchesCommand.self]
    )
}
