import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthStoreSQLite
import HealthTestSupport
import Synchronization
import Testing

@Suite("Anchored object queries on the store: change pages, deletions, predicates, limits, anchors (SEMANTICS §6)")
struct AnchoredQueryTests {
    private static func request(
        _ type: SampleType = Fixture.stepCount, _ predicate: SamplePredicate = .all, anchor: Int64 = 0, limit: Int = 0
    ) -> AnchoredQueryRequest {
        AnchoredQueryRequest(
            descriptors: [SampleQueryDescriptor(type: type, predicate: predicate)], anchor: anchor, limit: limit)
    }

    @Test(
        "No anchor returns every stored sample of the type and the deletions still remembered; the next run only changes",
        arguments: StorageBackend.allCases)
    func noAnchorThenOnlyChanges(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let first = try (0..<5).map { try Fixture.steps(Double(100 + $0), from: Fixture.at(Double($0) * 10)) }
        _ = try store.save(first, as: Fixture.watch)
        _ = try store.save([try Fixture.heartRate(61, at: Fixture.at(3))], as: Fixture.watch)
        _ = try store.delete([first[1].uuid])

        let initial = try store.changes(Self.request())
        #expect(initial.samples.map(\.uuid) == [first[0], first[2], first[3], first[4]].map(\.uuid))
        #expect(initial.deletions.map(\.uuid) == [first[1].uuid])
        #expect(initial.anchor == (try store.storage.latestSequence()))

        // Nothing new: empty result, same anchor.
        let again = try store.changes(Self.request(anchor: initial.anchor))
        #expect(again.isEmpty)
        #expect(again.anchor == initial.anchor)

        let later = try Fixture.steps(999, from: Fixture.at(100))
        _ = try store.save([later], as: Fixture.phone)
        _ = try store.save([try Fixture.heartRate(70, at: Fixture.at(101))], as: Fixture.watch)
        _ = try store.delete([first[4].uuid])
        let second = try store.changes(Self.request(anchor: initial.anchor))
        #expect(second.samples.map(\.uuid) == [later.uuid])
        #expect(second.deletions.map(\.uuid) == [first[4].uuid])
        #expect(second.changes.map(\.change.kind) == [.inserted, .deleted])
    }

    @Test(
        "Paging with a limit visits every insertion and deletion exactly once, in change order",
        arguments: StorageBackend.allCases)
    func pagingVisitsEveryChangeOnce(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        var random = SeededRandomNumberGenerator(seed: 42)
        var live: [UUID] = []
        var expected: [(Change.Kind, UUID)] = []
        for batch in 0..<30 {
            let samples = try (0..<Int.random(in: 1...20, using: &random)).map { index in
                try Fixture.steps(Double(index), from: Fixture.at(Double(batch * 100 + index)))
            }
            _ = try store.save(samples, as: batch % 2 == 0 ? Fixture.watch : Fixture.phone)
            live += samples.map(\.uuid)
            expected += samples.map { (.inserted, $0.uuid) }
            _ = try store.save([try Fixture.heartRate(60, at: Fixture.at(Double(batch)))], as: Fixture.watch)
            if batch % 3 == 2 {
                let victims = Array(live.shuffled(using: &random).prefix(4))
                _ = try store.delete(victims)
                live.removeAll { victims.contains($0) }
                expected += victims.map { (.deleted, $0) }
            }
        }
        // An insertion of an object deleted since is not reported: only its deletion.
        let deleted = Set(expected.filter { $0.0 == .deleted }.map(\.1))
        expected.removeAll { $0.0 == .inserted && deleted.contains($0.1) }

        for limit in [1, 7, 50] {
            var anchor: Int64 = 0
            var seen: [(Change.Kind, UUID)] = []
            var pages = 0
            while true {
                let page = try store.changes(Self.request(anchor: anchor, limit: limit))
                #expect(page.changes.count <= limit)
                seen += page.changes.map { ($0.change.kind, $0.change.uuid) }
                #expect(page.anchor >= anchor)
                anchor = page.anchor
                pages += 1
                if page.changes.count < limit { break }
            }
            #expect(seen.map(\.0) == expected.map(\.0), "limit \(limit)")
            #expect(seen.map(\.1) == expected.map(\.1), "limit \(limit)")
            #expect(pages >= expected.count / limit)
        }
    }

    @Test(
        "The predicate filters insertions and deletions alike (deleted objects are matched as they were)",
        arguments: StorageBackend.allCases)
    func predicateFiltersBoth(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let morning = try Fixture.steps(500, from: Fixture.at(0))
        let evening = try Fixture.steps(700, from: Fixture.at(600))
        let byPhone = try Fixture.steps(300, from: Fixture.at(5))
        _ = try store.save([morning, evening], as: Fixture.watch)
        _ = try store.save([byPhone], as: Fixture.phone)
        let start = try store.storage.latestSequence()
        _ = try store.delete([morning.uuid, evening.uuid, byPhone.uuid])

        let window = SamplePredicate.date(start: Fixture.at(-1), end: Fixture.at(60), options: [])
        let windowed = try store.changes(Self.request(.stepCount, window, anchor: start))
        #expect(Set(windowed.deletions.map(\.uuid)) == [morning.uuid, byPhone.uuid])

        let watchOnly = try store.changes(Self.request(.stepCount, .sources([Fixture.watchSource])))
        #expect(Set(watchOnly.deletions.map(\.uuid)) == [morning.uuid, evening.uuid])
        #expect(watchOnly.samples.isEmpty)
    }

    @Test(
        "Deletions keep the sync identifier and version; a sync replacement is a deletion plus an insertion",
        arguments: StorageBackend.allCases)
    func syncReplacementIsDeletionPlusInsertion(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let original = try Fixture.steps(100, from: Fixture.at(0), metadata: Fixture.sync("walk-1", version: 1))
        _ = try store.save([original], as: Fixture.app)
        let anchor = try store.changes(Self.request()).anchor
        let replacement = try Fixture.steps(120, from: Fixture.at(0), metadata: Fixture.sync("walk-1", version: 2))
        _ = try store.save([replacement], as: Fixture.app)
        let result = try store.changes(Self.request(anchor: anchor))
        #expect(result.samples.map(\.uuid) == [replacement.uuid])
        #expect(result.deletions.map(\.uuid) == [original.uuid])
        #expect(result.deletions.first?.syncIdentifier == "walk-1")
        #expect(result.deletions.first?.syncVersion == 1)
    }

    @Test("Several descriptors: a change matching any of them is returned once", arguments: StorageBackend.allCases)
    func severalDescriptors(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let steps = try Fixture.steps(10, from: Fixture.at(0))
        let heart = try Fixture.heartRate(60, at: Fixture.at(1))
        let sleep = try Sample.category(type: Fixture.sleep, value: 1, start: Fixture.at(-480), end: Fixture.at(-1))
        _ = try store.save([steps, heart, sleep], as: Fixture.watch)
        let request = AnchoredQueryRequest(descriptors: [
            SampleQueryDescriptor(type: Fixture.stepCount), SampleQueryDescriptor(type: Fixture.heartRate),
            SampleQueryDescriptor(
                type: Fixture.stepCount, predicate: .date(start: Fixture.at(-1), end: Fixture.at(20), options: [])),
        ])
        #expect(try store.changes(request).samples.map(\.uuid) == [steps.uuid, heart.uuid])
    }

    @Test(
        "An anchor from before the retention horizon is refused with anchorTooOld; no anchor still answers",
        arguments: StorageBackend.allCases)
    func anchorTooOld(_ backend: StorageBackend) throws {
        let now = Mutex(Fixture.morning)
        let retention = ChangeLogRetention.deletions(for: 86_400, clock: { now.withLock { $0 } })
        let storage = try backend.makeStorage(retention: retention)
        let store = HealthDataStore(storage: storage)
        let samples = try (0..<3).map { try Fixture.steps(10, from: Fixture.at(Double($0))) }
        _ = try store.save(samples, as: Fixture.watch)
        let early = try store.changes(Self.request()).anchor
        _ = try store.delete([samples[0].uuid])
        now.withLock { $0 = $0.addingTimeInterval(2 * 86_400) }
        _ = try store.save([try Fixture.steps(5, from: Fixture.at(50))], as: Fixture.watch)
        #expect(throws: HealthStoreError.engine(.anchorTooOld(anchor: early, horizon: early + 1))) {
            try store.changes(Self.request(anchor: early))
        }
        let fresh = try store.changes(Self.request())
        #expect(fresh.samples.count == 3)
        #expect(fresh.deletions.isEmpty)
    }

    @Test("An SQLite store's anchor stays valid after the store is closed and opened again")
    func anchorSurvivesReopening() throws {
        let path = TemporaryStoreFolder.newPath("anchor")
        let anchor: Int64
        let kept = try Fixture.steps(10, from: Fixture.at(0))
        do {
            let store = HealthDataStore(storage: try SQLiteStorage(path: path))
            _ = try store.save([kept, try Fixture.steps(20, from: Fixture.at(10))], as: Fixture.watch)
            anchor = try store.changes(Self.request()).anchor
        }
        let store = HealthDataStore(storage: try SQLiteStorage(path: path))
        #expect(try store.changes(Self.request(anchor: anchor)).isEmpty)
        let added = try Fixture.steps(30, from: Fixture.at(20))
        _ = try store.save([added], as: Fixture.watch)
        _ = try store.delete([kept.uuid])
        let result = try store.changes(Self.request(anchor: anchor))
        #expect(result.samples.map(\.uuid) == [added.uuid])
        #expect(result.deletions.map(\.uuid) == [kept.uuid])
    }

    @Test("Negative limits and anchors are refused, naming the field", arguments: StorageBackend.allCases)
    func invalidRequests(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        #expect(throws: HealthStoreError.engine(.invalidQuery(field: "limit", reason: "must not be negative"))) {
            try store.changes(Self.request(limit: -1))
        }
        #expect(throws: HealthStoreError.engine(.invalidQuery(field: "anchor", reason: "must not be negative"))) {
            try store.changes(Self.request(anchor: -5))
        }
    }
}

extension SampleType {
    fileprivate static var stepCount: SampleType { Fixture.stepCount }
}
