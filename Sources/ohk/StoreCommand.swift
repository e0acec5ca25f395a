import ArgumentParser
import Foundation
import HealthStore

/// `ohk store`: the persistent store file.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Show where the store is and what it holds.",
        subcommands: [StoreInfoCommand.self, StoreBackupCommand.self, WriteBatchesCommand.self]
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

/// `ohk store backup DEST`: an online copy of the store.
struct StoreBackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the store into a new file, consistently, while it is in use.",
        discussion: """
            Uses SQLite's online backup: the copy holds exactly the commits made before it started, each one whole, \
            while a server or an import goes on writing. The copy is checked (PRAGMA integrity_check) and appears at \
            DEST only once complete. A person of a server directory: --store DIR/people/NAME.sqlite.

            Examples:
              ohk store backup ~/backups/health-2024-03-10.sqlite
              ohk --store server/people/alex.sqlite store backup alex.sqlite
            """)

    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The file to write the copy to.") var destination: String
    @Flag(help: "Replace an existing DEST.") var force = false

    func run() throws {
        let path = try storeOptions.resolvedPath()
        guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("no store at \(path)") }
        let target = (destination as NSString).expandingTildeInPath
        guard URL(fileURLWithPath: target).standardizedFileURL != URL(fileURLWithPath: path).standardizedFileURL else {
            throw ValidationError("DEST is the store itself")
        }
        if FileManager.default.fileExists(atPath: target), !force { throw ValidationError("\(destination) exists already: choose another file, or pass --force") }
        let size = try SQLiteStorage(path: path).backup(to: target, replacing: force)
        print("backed up \(path) to \(destination) (\(size) bytes)")
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
