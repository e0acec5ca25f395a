import ArgumentParser
import Foundation
import HealthStore

/// `ohk store info`: opens (creating or migrating) the store and prints what it holds.
struct StoreInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Open the store (creating it on first use) and print its path, schema and contents.")

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let path = try storeOptions.resolvedPath()
        let storage = try StoreOptions.open(path)
        print("store: \(path)")
        print("schema: \(try storage.appliedMigrations().joined(separator: "; "))")
        print("samples: \(try storage.sampleCount())")
        print("latest change: \(try storage.latestSequence())")
        print("change horizon: \(try storage.changeHorizon())")
        let counts = try storage.importedDataCounts()
        print("activity summaries: \(counts.activitySummaries)")
        print("workout routes: \(counts.workoutRoutes) (\(counts.routeLocations) points)")
        print("heartbeat series: \(counts.heartbeatSeries) (\(counts.heartbeats) beats)")
        print("characteristics: \(counts.characteristics)")
        print("kept elements: \(counts.keptElements)")
        if let information = try storage.exportInformation() {
            let date = information.exportDate.map { ISO8601DateFormatter().string(from: $0) } ?? "unknown"
            print("last export imported: made \(date), locale \(information.locale ?? "unknown")")
        }
        print("bytes on disk: \(storage.bytesOnDisk())")
    }
}
