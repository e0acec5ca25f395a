import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Synchronization
import Testing

/// A kind only these tests know: a new kind costs this conformance, with no backend code and no migration.
enum TestNoteRecord: RecordKind {
    struct Value: Codable, Sendable, Hashable {
        let text: String
        let stars: Int
    }

    static let name = "testNote"

    static func writer(ofKey key: String) -> RecordWriter { .fullAccess(denial: "only the store writes notes") }

    static func shown(_ value: Value, key: String, to reader: some RecordReader) throws -> Value? { nil }
}

/// A kind stored under a released kind's name with another value shape: what a store whose record no longer reads
/// back looks like.
enum MisreadSourceOrderRecord: RecordKind {
    typealias Value = Int

    static let name = SourceOrderRecord.name

    static func writer(ofKey key: String) -> RecordWriter { .fullAccess(denial: "no") }

    static func shown(_ value: Int, key: String, to reader: some RecordReader) throws -> Int? { value }
}

@Suite("Records: what is not a sample goes through the one commit, with sequences, observers, atomicity and visibility")
struct RecordStoreTests {
    static let app = "com.example.reader"
    static let other = "com.example.other"
    static let bodyMass = try! SampleType.quantity("HKQuantityTypeIdentifierBodyMass")

    @Test(
        "A record write takes a change sequence, is heard once, and anchored queries still return samples only",
        arguments: StorageBackend.allCases)
    func recordWriteIsACommit(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        _ = try store.save([try Fixture.steps(120, from: Fixture.at(0))], as: Fixture.watch)
        let before = try store.changeLog.latestSequence()
        let heard = Mutex<[CommitResult]>([])
        let token = store.addObserver { commit in heard.withLock { $0.append(commit) } }
        defer { store.removeObserver(token) }

        try store.setSourceOrder([Fixture.watchSource.bundleIdentifier], for: Fixture.stepCount)
        #expect(try store.changeLog.latestSequence() == before + 1)
        let commits = heard.withLock { $0 }
        #expect(commits.count == 1)
        #expect(commits.first?.records.map(\.kind) == [SourceOrderRecord.name])
        #expect(commits.first?.records.map(\.key) == [Fixture.stepCount.identifier])
        #expect(commits.first?.latestSequence == before + 1)

        let changes = try store.changes(
            AnchoredQueryRequest(descriptors: [SampleQueryDescriptor(type: Fixture.stepCount)]))
        #expect(changes.samples.count == 1, "the record is no sample")
        #expect(changes.anchor == before + 1, "the anchor moves past the record's sequence")
        let after = try store.changes(
            AnchoredQueryRequest(descriptors: [SampleQueryDescriptor(type: Fixture.stepCount)], anchor: before))
        #expect(after.samples.isEmpty && after.deletions.isEmpty)

        // Clearing is a change; clearing what is not there changes nothing.
        try store.setSourceOrder(nil, for: Fixture.stepCount)
        #expect(try store.changeLog.latestSequence() == before + 2)
        try store.setSourceOrder(nil, for: Fixture.stepCount)
        #expect(try store.changeLog.latestSequence() == before + 2)
        #expect(heard.withLock { $0.count } == 2)
    }

    @Test(
        "Records and samples of one batch are all or nothing: a reused identifier leaves neither",
        arguments: StorageBackend.allCases)
    func recordsAreAtomicWithSamples(_ backend: StorageBackend) throws {
        let storage = try backend.makeStorage()
        let first = try Fixture.steps(100, from: Fixture.at(0)).with(sourceRevision: Fixture.watch)
        try storage.commit(inserting: [first], deleting: [])
        let sequence = try storage.latestSequence()
        let fresh = try Fixture.steps(50, from: Fixture.at(30)).with(sourceRevision: Fixture.watch)
        let note = TestNoteRecord.Value(text: "kept only with its samples", stars: 3)
        #expect(throws: (any Error).self) {
            try storage.commit(
                CommitBatch(
                    samples: [fresh, first], records: [try .put(TestNoteRecord.self, key: "a", note)]))
        }
        #expect(try storage.latestSequence() == sequence)
        #expect(try storage.records(TestNoteRecord.self, keys: .all).isEmpty)
        #expect(try storage.storedSamples(withUUIDs: [fresh.uuid]).isEmpty)

        let result = try storage.commit(
            CommitBatch(samples: [fresh], records: [try .put(TestNoteRecord.self, key: "a", note)]))
        #expect(result.latestSequence == sequence + 2)
        #expect(result.records.map(\.sequence) == [sequence + 2])
        #expect(try storage.records(TestNoteRecord.self, keys: .all).map(\.value) == [note])
        #expect(try storage.records(TestNoteRecord.self, keys: .all).map(\.sequence) == [sequence + 2])
    }

    @Test(
        "A new kind needs no backend code: keys by exact value and prefix, sorted, replaced, deleted, kept on reopening",
        arguments: StorageBackend.allCases)
    func aNewKindRoundTrips(_ backend: StorageBackend) throws {
        let (store, reopen) = try backend.makeReopenableStore()
        let notes = [
            "run/2024-03-02": TestNoteRecord.Value(text: "tempo", stars: 4),
            "run/2024-03-01": TestNoteRecord.Value(text: "easy, 5 km", stars: 3),
            "ride/2024-03-01": TestNoteRecord.Value(text: "commute ✓ \"quoted\" 100%_", stars: 2),
            "run%": TestNoteRecord.Value(text: "a key with LIKE wildcards", stars: 1),
        ]
        try store.write(records: try notes.map { try .put(TestNoteRecord.self, key: $0.key, $0.value) })
        try store.write(
            records: [try .put(TestNoteRecord.self, key: "run/2024-03-02", .init(text: "tempo, 8 km", stars: 5))])

        let reopened = try reopen()
        let runs = try reopened.storage.records(TestNoteRecord.self, keys: .prefix("run/"))
        #expect(runs.map(\.key) == ["run/2024-03-01", "run/2024-03-02"])
        #expect(runs.map(\.value.stars) == [3, 5])
        #expect(
            try reopened.storage.records(TestNoteRecord.self, keys: .all).map(\.key) == [
                "ride/2024-03-01", "run%", "run/2024-03-01", "run/2024-03-02",
            ])
        #expect(
            try reopened.storage.record(TestNoteRecord.self, key: "ride/2024-03-01")?.text
                == "commute ✓ \"quoted\" 100%_")
        #expect(try reopened.storage.record(TestNoteRecord.self, key: "run") == nil)

        try reopened.write(records: [try .delete(TestNoteRecord.self, key: "run%")])
        #expect(try reopened.storage.records(TestNoteRecord.self, keys: .prefix("run")).count == 2)
    }

    @Test(
        "A record that no longer reads back is an error naming its kind and key, not a crash or a silent default",
        arguments: StorageBackend.allCases)
    func corruptRecordIsNamed(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.write(records: [try .put(MisreadSourceOrderRecord.self, key: Fixture.stepCount.identifier, 7)])
        #expect {
            _ = try store.records.sourceOrder(for: Fixture.stepCount)
        } throws: { error in
            "\(error)".contains("sourceOrder") && "\(error)".contains(Fixture.stepCount.identifier)
        }
    }

    @Test(
        "Each kind shows an app only what its rule allows; a hidden record looks like none, and its change is not told",
        arguments: StorageBackend.allCases)
    func visibilityPerKind(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        store.access.policy = .denyRead([Fixture.stepCount.identifier])
        store.access.request(
            client: Self.app, share: [Fixture.stepCount.identifier], read: [Fixture.stepCount.identifier])
        store.access.request(client: Self.other, share: [Fixture.stepCount.identifier], read: [])
        let app = store.client(Self.app)
        let other = store.client(Self.other)
        let appRevision = SourceRevision(source: Source(name: "Reader", bundleIdentifier: Self.app), version: "1")
        _ = try app.save([try Fixture.steps(10, from: Fixture.at(0))], as: appRevision)
        _ = try store.save([try Fixture.steps(100, from: Fixture.at(20))], as: Fixture.watch)

        let heardByApp = Mutex<[RecordChange]>([])
        let token = app.addObserver { commit in heardByApp.withLock { $0 += commit.records } }
        defer { store.removeObserver(token) }

        // The person's order names every source; the app sees only its own (it may not read the others' steps).
        try store.setSourceOrder([Fixture.watchSource.bundleIdentifier, Self.app], for: Fixture.stepCount)
        #expect(try app.records.sourceOrder(for: Fixture.stepCount) == [Self.app])
        #expect(try other.records.sourceOrder(for: Fixture.stepCount) == nil)
        // Subscriptions are each app's own.
        try app.saveBackgroundDelivery(
            BackgroundDeliverySubscription(bundleIdentifier: Self.app, type: Fixture.stepCount, frequency: .hourly))
        #expect(try other.records.backgroundDeliveries(of: Self.app).isEmpty)
        #expect(try app.records.backgroundDeliveries(of: Self.app).map(\.frequency) == [.hourly])
        #expect(throws: HealthStoreError.self) {
            try other.saveBackgroundDelivery(
                BackgroundDeliverySubscription(bundleIdentifier: Self.app, type: Fixture.stepCount, frequency: .daily))
        }
        #expect(throws: HealthStoreError.self) {
            try other.removeBackgroundDeliveries(of: Self.app, types: [Fixture.stepCount])
        }
        #expect(try app.records.backgroundDeliveries(of: Self.app).map(\.frequency) == [.hourly])
        // A kind whose rule hides everything from apps, and which apps may not write.
        try store.write(records: [try .put(TestNoteRecord.self, key: "x", .init(text: "private", stars: 1))])
        #expect(try app.storage.records(TestNoteRecord.self, keys: .all).isEmpty)
        #expect(try app.storage.storedRecords(ofKind: TestNoteRecord.name, keys: .all).isEmpty)
        #expect(throws: HealthStoreError.self) {
            try app.write(records: [try .put(TestNoteRecord.self, key: "y", .init(text: "mine", stars: 1))])
        }
        // Of all these changes the app heard only its own subscription's (the kinds not announced to every client
        // reach apps as commits without records) and of the units, which every app hears.
        try store.setPreferredUnit(HealthUnit(parsing: "kg"), for: Self.bodyMass)
        #expect(heardByApp.withLock { $0.map(\.kind) } == [PreferredUnitRecord.name])
    }

    @Test(
        "Another store object on the same data sees a record's commit as an outside write",
        arguments: StorageBackend.allCases.filter { $0 != .inMemory })
    func recordCommitsReachOtherProcesses(_ backend: StorageBackend) throws {
        let (store, reopen) = try backend.makeReopenableStore()
        let second = try reopen()
        #expect(try !second.checkForOutsideWrites())
        try store.setPreferredUnit(HealthUnit(parsing: "st"), for: Self.bodyMass)
        #expect(try second.checkForOutsideWrites())
        #expect(try second.chosenPreferredUnits()[Self.bodyMass]?.unitString == "st")
    }
}
