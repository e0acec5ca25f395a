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

/// `ohk store info`: opens (creating or migrating) the store and prints what it holds.
struct StoreInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Open the store (creating it on first use) and print its path, schema and contents.")

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let path = try storeOptions.resolvedPath()
        let store = try StoreOptions.open(path)
        print("store: \(path)")
        print("schema: \(try store.backend.appliedMigrations().joined(separator: "; "))")
        print("samples: \(try store.backend.sampleCount())")
        print("latest change: \(try store.changeLog.latestSequence())")
        print("change horizon: \(try store.changeLog.changeHorizon())")
        let counts = try store.importedDataCounts()
        print("activity summaries: \(counts.activitySummaries)")
        print("workout routes: \(counts.workoutRoutes) (\(counts.routeLocations) points)")
        print("heartbeat series: \(counts.heartbeatSeries) (\(counts.heartbeats) beats)")
        print("characteristics: \(counts.characteristics)")
        print("kept elements: \(counts.keptElements)")
        if let information = try store.records.exportInformation() {
            let date = information.exportDate.map { ISO8601DateFormatter().string(from: $0) } ?? "unknown"
            print("last export imported: made \(date), locale \(information.locale ?? "unknown")")
        }
        print("bytes on disk: \(store.backend.bytesOnDisk ?? 0)")
    }
}
