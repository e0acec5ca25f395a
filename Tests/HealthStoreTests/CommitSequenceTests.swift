import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("The store's commits as an asynchronous sequence")
struct CommitSequenceTests {
    static let app = SourceRevision(
        source: Source(name: "Logger", bundleIdentifier: "com.example.logger"), version: "1")

    @Test(
        "Making the sequence registers an observer; releasing it unregisters the observer",
        arguments: StorageBackend.allCases)
    func releasedSequenceUnregisters(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        #expect(store.observerCount == 0)
        var commits: AsyncStream<CommitResult>? = store.commits()
        var more: AsyncStream<CommitResult>? = store.client("com.example.reader").commits()
        #expect(store.observerCount == 2, "a client view's sequence registers on the shared observers")
        _ = try store.save([try Fixture.steps(5, from: Fixture.at(0))], as: Self.app)
        commits = nil
        #expect(store.observerCount == 1)
        more = nil
        #expect(store.observerCount == 0)
        withExtendedLifetime((commits, more)) {}
    }

    @Test(
        "A consumer receives each commit it may see, and unregisters when its task is cancelled",
        .timeLimit(.minutes(2)), arguments: StorageBackend.allCases)
    func cancelledConsumerUnregisters(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        let consumer = Task {
            var seen: [UUID] = []
            for await commit in store.commits() {
                seen += commit.inserted.map(\.uuid)
                if seen.count == 2 { break }
            }
            return seen
        }
        while store.observerCount == 0 { await Task.yield() }
        let first = try Fixture.steps(5, from: Fixture.at(0))
        let second = try Fixture.steps(6, from: Fixture.at(20))
        _ = try store.save([first], as: Self.app)
        _ = try store.save([second], as: Self.app)
        #expect(await consumer.value == [first.uuid, second.uuid])
        #expect(store.observerCount == 0, "the consumer stopped iterating: the observer is gone")

        let waiting = Task { for await _ in store.commits() {} }
        while store.observerCount == 0 { await Task.yield() }
        waiting.cancel()
        await waiting.value
        #expect(store.observerCount == 0, "a cancelled consumer's observer is gone")
        _ = try store.save([try Fixture.steps(7, from: Fixture.at(40))], as: Self.app)
    }

    @Test(
        "A client view's sequence tells of outside commits with a result without samples", .timeLimit(.minutes(2)),
        arguments: StorageBackend.allCases)
    func clientViewIsFiltered(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        let reader = store.client("com.example.reader")
        var iterator = reader.commits().makeAsyncIterator()
        _ = try store.save([try Fixture.steps(5, from: Fixture.at(0))], as: Self.app)
        let latest = try store.changeLog.latestSequence()
        #expect(store.noteOutsideCommit(latestSequence: latest + 1))
        var outside = await iterator.next()
        while let commit = outside, commit.latestSequence <= latest { outside = await iterator.next() }
        #expect(outside?.inserted.isEmpty == true)
        #expect(outside?.latestSequence == latest + 1)
    }
}
