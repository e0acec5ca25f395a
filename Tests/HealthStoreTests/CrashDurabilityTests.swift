import Foundation
import GRDB
import HealthModel
import HealthStore
import HealthStoreSQLite
import HealthTestSupport
import Testing

@Suite("SQLite durability: a writer killed with SIGKILL at random moments")
struct CrashDurabilityTests {
    /// `ohk`, built beside the test bundle by `swift build --build-tests`.
    static var ohkPath: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ohk").path
    }

    /// Samples per stored batch, by batch number, counted through the batch number each sample carries.
    static func batchCounts(_ path: String) throws -> [Int: Int] {
        try DatabaseQueue(path: path).read { db in
            var counts: [Int: Int] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT CAST(m.number AS INTEGER), count(*) FROM samples s
                    JOIN metadata m ON m.sample = s.sequence AND m.key = 'OHKCrashTestBatch' GROUP BY m.number
                    """)
            {
                counts[row[0]] = row[1]
            }
            return counts
        }
    }

    @Test("Every batch reported committed survives SIGKILL, no batch is partial, and integrity_check passes (25 kills)")
    func killedWriterLosesNothingCommitted() throws {
        let ohk = Self.ohkPath
        try #require(FileManager.default.isExecutableFile(atPath: ohk), "ohk is not built at \(ohk)")
        let path = TemporaryStoreFolder.newPath("crash")
        let batchSize = 200
        var next = 1
        var reported = Set<Int>()
        var killsAfterACommit = 0
        // Kill moments are drawn up to `latest`; a round in which nothing was committed yet (a slow or loaded machine
        // starting the child) doubles it, so that most kills land among commits wherever the test runs.
        var latest: UInt32 = 450_000
        for round in 1...25 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ohk)
            process.arguments = [
                "store", "write-batches", "--store", path, "--batches", "1000000", "--batch-size", "\(batchSize)",
                "--first", "\(next)",
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let delay = UInt32.random(in: 30_000...latest)
            usleep(delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(
                process.terminationReason == .uncaughtSignal, "round \(round): the writer ended before it was killed")
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            // Only whole lines count: the kill may cut the last one.
            var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            lines.removeLast()
            let committed = lines.compactMap {
                $0.hasPrefix("committed ") ? Int($0.dropFirst("committed ".count)) : nil
            }
            if committed.isEmpty {
                latest = min(latest * 2, 8_000_000)
            } else {
                killsAfterACommit += 1
            }
            reported.formUnion(committed)

            let counts: [Int: Int]
            do {
                let storage = try SQLiteStorage(path: path)
                #expect(try storage.integrityProblems().isEmpty, "round \(round), killed after \(delay / 1000) ms")
                counts = try Self.batchCounts(path)
                #expect(try storage.sampleCount() == counts.values.reduce(0, +))
            }
            for batch in reported {
                #expect(
                    counts[batch] == batchSize,
                    "round \(round): batch \(batch) was reported committed but holds \(counts[batch] ?? 0) samples")
            }
            for (batch, count) in counts where count != batchSize {
                Issue.record("round \(round): batch \(batch) is partial (\(count) of \(batchSize) samples)")
            }
            next = (counts.keys.max() ?? 0) + 1
        }
        #expect(killsAfterACommit >= 5, "too few kills landed after a commit to test anything (\(killsAfterACommit))")
        #expect(reported.count >= 5)
    }
}
