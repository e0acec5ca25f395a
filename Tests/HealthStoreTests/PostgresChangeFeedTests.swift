import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Synchronization
import Testing

@testable import HealthStorePostgres

/// The change feed of one person under concurrent writers and readers on separate connections of two connection
/// pools (as two server processes would have), with random pauses inside every transaction.
@Suite(
    "PostgreSQL change feed under concurrency",
    .enabled(if: PostgresTestDatabase.url != nil, "set OHK_TEST_POSTGRES_URL"))
struct PostgresChangeFeedTests {
    static let writers = 4
    static let commitsPerWriter = 12
    static let readers = 4

    /// A random pause of up to 15 ms (inside a transaction).
    static let pause: @Sendable () async -> Void = {
        try? await Task.sleep(nanoseconds: UInt64.random(in: 0...15_000_000))
    }

    @Test("Concurrent writers and anchored readers: every reader sees every change exactly once, in sequence order")
    func everyChangeExactlyOnce() throws {
        guard let url = PostgresTestDatabase.url else { return }
        let pools = [
            try PostgresStoreClient(url: url, maximumConnections: 8),
            try PostgresStoreClient(url: url, maximumConnections: 8),
        ]
        let person = "feed-\(UUID().uuidString)"
        @Sendable func storage(_ index: Int) throws -> PostgresStorage {
            try PostgresStorage(
                client: pools[index % 2], person: person, retention: .forever, pauseInsideTransactions: Self.pause)
        }
        let done = Atomic<Int>(0)

        // Readers of the raw log see sequence numbers; readers of pages see objects.
        let logReaders = (0..<Self.readers / 2).map { index in
            OwnThread.start { () throws -> [Int64] in
                let storage = try storage(index)
                var anchor: Int64 = 0
                var seen: [Int64] = []
                while true {
                    let finished = done.load(ordering: .acquiring) == Self.writers
                    let changes = try storage.changes(after: anchor, limit: Int.random(in: 1...5))
                    seen += changes.map(\.sequence)
                    anchor = changes.last?.sequence ?? anchor
                    if finished, changes.isEmpty { return seen }
                }
            }
        }
        let pageReaders = (0..<Self.readers / 2).map { index in
            OwnThread.start { () throws -> [ChangedObject] in
                let storage = try storage(index + 1)
                var anchor: Int64 = 0
                var seen: [ChangedObject] = []
                while true {
                    let finished = done.load(ordering: .acquiring) == Self.writers
                    let page = try storage.changedObjects(after: anchor, of: nil, limit: Int.random(in: 1...5))
                    seen += page.objects
                    anchor = page.endSequence
                    if finished, page.objects.isEmpty { return seen }
                }
            }
        }
        let writerTasks = (0..<Self.writers).map { index in
            OwnThread.start { () throws -> Void in
                defer { done.add(1, ordering: .releasing) }
                let store = HealthDataStore(storage: try storage(index))
                var mine: [UUID] = []
                for commit in 0..<Self.commitsPerWriter {
                    if commit % 4 == 3, let victim = mine.first {
                        mine.removeFirst()
                        _ = try store.delete([victim])
                    } else {
                        let samples = try (0..<Int.random(in: 1...3)).map { _ in
                            try Fixture.steps(Double(index * 100 + commit), from: Fixture.at(Double(commit)))
                        }
                        _ = try store.save(samples, as: Fixture.watch)
                        mine += samples.map(\.uuid)
                    }
                }
            }
        }
        for writer in writerTasks { try writer.join() }

        let checker = try storage(0)
        let log = try checker.changes(after: 0, limit: 0)
        let latest = try checker.latestSequence()
        #expect(log.map(\.sequence) == Array(1...latest), "the person's change numbers have no gap")
        for reader in logReaders {
            let seen = try reader.join()
            #expect(seen == Array(1...latest), "a log reader saw every change exactly once, in order")
        }
        let deletions = Set(log.filter { $0.kind == .deleted }.map(\.uuid))
        let stored = Set(try checker.candidates(of: Fixture.stepCount, within: .unbounded).map(\.sample.uuid))
        for reader in pageReaders {
            let seen = try reader.join()
            let sequences = seen.map(\.change.sequence)
            #expect(
                sequences == sequences.sorted() && Set(sequences).count == sequences.count,
                "pages come in order, each change once")
            #expect(
                Set(seen.filter { $0.change.kind == .deleted }.map(\.change.uuid)) == deletions,
                "every deletion was seen")
            let inserted = seen.filter { $0.change.kind == .inserted }.map(\.change.uuid)
            #expect(Set(inserted).count == inserted.count)
            #expect(stored.isSubset(of: Set(inserted)), "every stored sample was seen inserted")
            #expect(
                Set(inserted).subtracting(stored).isSubset(of: deletions),
                "an object seen inserted and not stored was deleted")
        }
        for pool in pools { pool.shutdown() }
    }

    @Test("A kept column cache never answers after a commit made through another client (another server)")
    func columnCacheFollowsOtherServers() throws {
        guard let url = PostgresTestDatabase.url else { return }
        let other = try PostgresStoreClient(url: url, maximumConnections: 2)
        defer { other.shutdown() }
        let person = "cache-\(UUID().uuidString)"
        let here = try PostgresStorage(client: PostgresTestDatabase.client, person: person, columnCacheThreshold: 1)
        let there = HealthDataStore(storage: try PostgresStorage(client: other, person: person))
        _ = try there.save(
            [try Fixture.steps(100, from: Fixture.at(0)), try Fixture.steps(50, from: Fixture.at(10))],
            as: Fixture.watch)
        #expect(try here.quantityColumns(of: Fixture.stepCount, within: .unbounded)?.values == [100, 50])
        #expect(
            try here.quantityColumns(of: Fixture.stepCount, within: .unbounded)?.values == [100, 50],
            "answered from the cache")
        let third = try Fixture.steps(25, from: Fixture.at(20))
        _ = try there.save([third], as: Fixture.phone)
        let columns = try #require(try here.quantityColumns(of: Fixture.stepCount, within: .unbounded))
        #expect(columns.values == [100, 50, 25])
        #expect(columns.sources.count == 2, "the other server's new source entry is known here too")
        _ = try there.delete([third.uuid])
        #expect(try here.quantityColumns(of: Fixture.stepCount, within: .unbounded)?.values == [100, 50])
    }

    @Test("A second client sees the first one's migrations and refuses none; the migration table lists them in order")
    func migrationsAreRecorded() throws {
        let storage = try PostgresTestDatabase.newStorage()
        #expect(try storage.appliedMigrations() == PostgresStorage.knownMigrations)
    }
}

/// Work on a thread of its own (each worker blocks in the database like a separate process would, without taking a
/// thread of the cooperative pool), joined for its result.
final class OwnThread<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `body` on a new thread.
    static func start(_ body: @escaping @Sendable () throws -> T) -> OwnThread<T> {
        let work = OwnThread<T>()
        let thread = Thread {
            let outcome: Result<T, any Error>
            do { outcome = .success(try body()) } catch { outcome = .failure(error) }
            work.result.withLock { $0 = outcome }
            work.finished.signal()
        }
        thread.start()
        return work
    }

    /// Waits for the thread and returns what it returned (or throws what it threw).
    func join() throws -> T {
        finished.wait()
        return try result.withLock { $0! }.get()
    }
}
