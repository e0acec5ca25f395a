import ArgumentParser
import Foundation
import HealthStore

/// `ohk store`: the persistent store file.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Show where the store is and what it holds.",
        subcommands: [StoreInfoCommand.self, WriteBatchesCommand.self]
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

/// `ohk store write-batches` (hidden): writes numbered batches of step samples and prints `committed N` after each
/// commit returns; the crash test kills it at random moments and checks that every printed batch survived.
struct WriteBatchesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write-batches", abstract: "Write numbered test batches (for the crash test).", shouldDisplay: false)

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "How many batches to write.")
    var batches: Int = 1_000

    @Option(name: .customLong("batch-size"), help: "Samples per batch.")
    var batchSize: Int = 500

    @Option(help: "The number of the first batch.")
    var first: Int = 1

    func run() throws {
        let storage = try StoreOptions.open(try storeOptions.resolvedPath())
        let store = HealthDataStore(storage: storage)
        for batch in first..<(first + batches) {
            try store.save(try CrashTestBatch.samples(batch: batch, size: batchSize), as: CrashTestBatch.revision)
            FileHandle.standardOutput.write(Data("committed \(batch)\n".utf8))
        }
    }
}
