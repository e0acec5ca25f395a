import Foundation
import GRDB
import HealthModel
import HealthStore
import HealthStoreSQLite
import HealthTestSupport
import Synchronization
import Testing

@Suite("SQLite online backup")
struct SQLiteBackupTests {
    static let revision = SourceRevision(
        source: Source(name: "Backup test", bundleIdentifier: "org.openhealthkit.backup-test"), version: "1")

    /// `size` minute-long step samples carrying their batch number as `ohk store write-batches` writes them, so that
    /// `CrashDurabilityTests.batchCounts` counts them.
    static func batch(_ batch: Int, size: Int) throws -> [Sample] {
        let steps = try SampleType.quantity("stepCount")
        let epoch = Date(timeIntervalSinceReferenceDate: 725_846_400)
        return try (0..<size).map { index in
            let start = epoch.addingTimeInterval(Double(batch * size + index) * 60)
            return try Sample.quantity(
                type: steps, quantity: Quantity(Double(index % 120), .count), start: start,
                end: start.addingTimeInterval(60),
                metadata: ["OHKCrashTestBatch": .number(Double(batch))])
        }
    }

    @Test(
        "Backups taken while another connection commits batches in a loop open, pass integrity_check and hold a whole prefix of the batches"
    )
    func backupWhileWriting() throws {
        let path = TemporaryStoreFolder.newPath("backup-source")
        let size = 200
        // The writer: its own storage on the file, as a server in another process would have.
        let writerStore = HealthDataStore(storage: try SQLiteStorage(path: path))
        try writerStore.save(try Self.batch(1, size: size), as: Self.revision)
        let committed = Atomic<Int>(1)
        let stop = Atomic<Bool>(false)
        let failure = Mutex<String?>(nil)
        let writer = Thread {
            var batch = 2
            while !stop.load(ordering: .relaxed), batch < 5_000 {
                do {
                    try writerStore.save(try Self.batch(batch, size: size), as: Self.revision)
                    committed.store(batch, ordering: .sequentiallyConsistent)
                    batch += 1
                } catch {
                    failure.withLock { $0 = "batch \(batch): \(error)" }
                    return
                }
            }
        }
        writer.start()
        defer { stop.store(true, ordering: .relaxed) }
        let source = try SQLiteStorage(path: path)
        var seen: [Int] = []
        for copy in 0..<6 {
            let before = committed.load(ordering: .sequentiallyConsistent)
            let destination = TemporaryStoreFolder.newPath("backup-\(copy)")
            let bytes = try source.backup(to: destination)
            let after = committed.load(ordering: .sequentiallyConsistent)
            #expect(bytes > 0)
            #expect(!FileManager.default.fileExists(atPath: destination + "-wal"))
            #expect(
                try DatabaseQueue(path: destination).read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check")
                } == ["ok"])
            let counts = try CrashDurabilityTests.batchCounts(destination)
            let batches = counts.keys.sorted()
            // Whole batches, 1…n with none missing, n between what was committed before and after the backup.
            #expect(counts.values.allSatisfy { $0 == size }, "a partial batch: \(counts.filter { $0.value != size })")
            #expect(batches == Array(1...(batches.last ?? 1)))
            #expect(
                (before...(after + 1)).contains(batches.last ?? 0), "\(batches.last ?? 0) outside \(before)...\(after)")
            // The copy is a store.
            #expect(try SQLiteStorage(path: destination).sampleCount() == batches.count * size)
            seen.append(batches.count)
        }
        stop.store(true, ordering: .relaxed)
        while !writer.isFinished { usleep(1_000) }
        #expect(failure.withLock { $0 } == nil)
        // The check can fail: the writer moved on between backups.
        #expect(Set(seen).count > 1, "every backup held the same batches: \(seen)")
    }

    @Test("An existing destination is refused unless replacing, and kept as it was")
    func existingDestinationIsRefused() throws {
        let source = try SQLiteStorage(path: TemporaryStoreFolder.newPath("backup-source"))
        try HealthDataStore(storage: source).save(try Self.batch(1, size: 10), as: Self.revision)
        let destination = TemporaryStoreFolder.newPath("backup-existing")
        FileManager.default.createFile(atPath: destination, contents: Data("keep me".utf8))
        #expect(throws: HealthStoreError.self) { try source.backup(to: destination) }
        #expect(FileManager.default.contents(atPath: destination) == Data("keep me".utf8))
        try source.backup(to: destination, replacing: true)
        #expect(try SQLiteStorage(path: destination).sampleCount() == 10)
    }
}
