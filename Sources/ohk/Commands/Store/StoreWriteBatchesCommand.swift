import ArgumentParser
import Foundation
import HealthStore

/// `ohk store write-batches` (hidden): writes numbered batches of step samples and prints `committed N` after each
/// commit returns; the crash test kills it at random moments and checks that every printed batch survived.
struct StoreWriteBatchesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write-batches", abstract: "Write numbered test batches (for the crash test).",
        shouldDisplay: false)

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "How many batches to write.")
    var batches: Int = 1_000

    @Option(name: .customLong("batch-size"), help: "Samples per batch.")
    var batchSize: Int = 500

    @Option(help: "The number of the first batch.")
    var first: Int = 1

    func run() throws {
        let store = try StoreOptions.open(try storeOptions.resolvedPath())
        for batch in first..<(first + batches) {
            try store.save(try CrashTestBatch.samples(batch: batch, size: batchSize), as: CrashTestBatch.revision)
            FileHandle.standardOutput.write(Data("committed \(batch)\n".utf8))
        }
    }
}
