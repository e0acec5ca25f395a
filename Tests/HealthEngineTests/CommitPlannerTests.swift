import Foundation
import HealthEngine
import HealthModel
import Testing

@Suite("Commit planner: SEMANTICS §1 rules for one batch")
struct CommitPlannerTests {
    /// A stored row of the fake storage.
    struct Row: CommitRow, Equatable {
        let id: Int
        let uuid: UUID
        let syncVersion: Double?
    }

    /// What is stored before the commit, as a storage would answer; counts the questions asked.
    final class Stored: CommitLookup {
        var rows: [Row] = []
        var keys: [SyncKey: Int] = [:]  // latest row id of each sync key
        var questions = 0

        @discardableResult
        func add(_ sample: Sample) -> Row {
            let row = Row(id: rows.count, uuid: sample.uuid, syncVersion: sample.syncVersion)
            rows.append(row)
            if let key = SyncKey(sample) { keys[key] = row.id }
            return row
        }

        func storedRow(withUUID uuid: UUID) -> Row? {
            questions += 1
            return rows.first { $0.uuid == uuid }
        }

        func latestRow(with key: SyncKey) -> Row? {
            questions += 1
            return keys[key].map { rows[$0] }
        }
    }

    static let watch = SourceRevision(
        source: Source(name: "Apple Watch", bundleIdentifier: "com.apple.health.watch"), version: "10.3",
        productType: "Watch6,1", operatingSystemVersion: "10.3")
    static let app = SourceRevision(
        source: Source(name: "MyFitnessPal", bundleIdentifier: "com.myfitnesspal.mfp"), version: "24.9.0",
        productType: "iPhone15,2", operatingSystemVersion: "17.4")

    /// Steps from an app, with a sync identifier and version when given.
    func steps(
        _ count: Double, sync identifier: String? = nil, version: Double = 1, uuid: UUID = UUID(),
        source: SourceRevision = app
    ) throws -> Sample {
        let metadata: [String: MetadataValue]? = identifier.map {
            [MetadataKey.syncIdentifier: .string($0), MetadataKey.syncVersion: .number(version)]
        }
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        return try Sample(
            uuid: uuid, type: SampleType.quantity("HKQuantityTypeIdentifierStepCount"), startDate: start,
            endDate: start.addingTimeInterval(600), metadata: metadata, sourceRevision: source,
            content: .quantity(QuantityContent(quantity: Quantity(count, .count))))
    }

    @Test("A batch without deletions or sync identifiers is accepted whole without a question")
    func plainBatch() throws {
        let stored = Stored()
        let batch = [try steps(1), try steps(2), try steps(3)]
        let plan = try CommitPlanner.plan(inserting: batch, deleting: [], lookup: stored)
        #expect(plan.violation == nil)
        #expect(plan.accepted == batch)
        #expect(plan.acceptedIndexes == nil)
        #expect(plan.acceptedBatchIndexes == [0, 1, 2])
        #expect(plan.deletions.isEmpty && plan.ignored.isEmpty)
        #expect(stored.questions == 0)
    }

    @Test(
        "Deleting an unknown uuid fails before anything of the batch is looked at; a uuid deleted twice is one deletion"
    )
    func deletions() throws {
        let stored = Stored()
        let kept = try steps(1)
        let row = stored.add(kept)
        let missing = UUID()
        let duplicate = try steps(2)
        let failed = try CommitPlanner.plan(
            inserting: [duplicate, duplicate], deleting: [kept.uuid, missing], lookup: stored)
        #expect(failed.violation == .objectNotFound(missing))

        let plan = try CommitPlanner.plan(inserting: [], deleting: [kept.uuid, kept.uuid], lookup: stored)
        #expect(plan.violation == nil)
        #expect(plan.deletions == [row])
        #expect(plan.deletedUUIDs == [kept.uuid])
    }

    @Test(
        "A greater version than the stored one replaces the stored row; an equal or lower one is ignored",
        arguments: [1.0, 2.0, 3.0])
    func storedVersion(incoming: Double) throws {
        let stored = Stored()
        let old = try steps(100, sync: "walk", version: 2)
        let row = stored.add(old)
        let new = try steps(200, sync: "walk", version: incoming)
        let plan = try CommitPlanner.plan(inserting: [new], deleting: [], lookup: stored)
        #expect(plan.violation == nil)
        if incoming > 2 {
            #expect(plan.deletions == [row])
            #expect(plan.accepted == [new])
            #expect(plan.ignored.isEmpty)
        } else {
            #expect(plan.deletions.isEmpty)
            #expect(plan.accepted.isEmpty)
            #expect(plan.ignored == [new.uuid])
        }
    }

    @Test("Another source's sync identifier, and a sample without a source, replace nothing")
    func otherSource() throws {
        let stored = Stored()
        stored.add(try steps(100, sync: "walk", version: 2, source: Self.watch))
        let app = try steps(200, sync: "walk", version: 3)
        let plan = try CommitPlanner.plan(inserting: [app], deleting: [], lookup: stored)
        #expect(plan.deletions.isEmpty)
        #expect(plan.accepted == [app])
        #expect(SyncKey(app.with(sourceRevision: nil)) == nil)
    }

    @Test("Two versions in one batch: the greater wins in the earlier's place, the earlier on a tie")
    func versionsInBatch() throws {
        let stored = Stored()
        let plain = try steps(1)
        let v1 = try steps(10, sync: "walk", version: 1)
        let v3 = try steps(30, sync: "walk", version: 3)
        let v2 = try steps(20, sync: "walk", version: 2)
        let plan = try CommitPlanner.plan(inserting: [v1, plain, v3, v2], deleting: [], lookup: stored)
        #expect(plan.violation == nil)
        #expect(plan.accepted == [v3, plain])
        #expect(plan.acceptedIndexes == [2, 1])
        #expect(plan.ignored == [v1.uuid, v2.uuid])

        let tie = try steps(11, sync: "walk", version: 1)
        let tied = try CommitPlanner.plan(inserting: [v1, tie], deleting: [], lookup: stored)
        #expect(tied.accepted == [v1])
        #expect(tied.ignored == [tie.uuid])
    }

    @Test("A batch version greater than the stored one replaces it once, and later versions compete in the batch")
    func storedAndBatchVersions() throws {
        let stored = Stored()
        let row = stored.add(try steps(100, sync: "walk", version: 2))
        let v3 = try steps(30, sync: "walk", version: 3)
        let v5 = try steps(50, sync: "walk", version: 5)
        let plan = try CommitPlanner.plan(inserting: [v3, v5], deleting: [], lookup: stored)
        #expect(plan.deletions == [row])
        #expect(plan.accepted == [v5])
        #expect(plan.ignored == [v3.uuid])
    }

    @Test("Claiming the uuid of a deleted, ignored or claimed object fails with that uuid")
    func claims() throws {
        let stored = Stored()
        let kept = try steps(1)
        stored.add(kept)
        let reuse = try steps(2, uuid: kept.uuid)
        #expect(
            try CommitPlanner.plan(inserting: [reuse], deleting: [kept.uuid], lookup: stored).violation
                == .duplicateObject(kept.uuid))

        let v2 = try steps(20, sync: "walk", version: 2)
        let v1 = try steps(10, sync: "walk", version: 1)
        let reuseIgnored = try steps(3, uuid: v1.uuid)
        #expect(
            try CommitPlanner.plan(inserting: [v2, v1, reuseIgnored], deleting: [], lookup: stored).violation
                == .duplicateObject(v1.uuid))

        let twice = try steps(4, sync: "run", version: 1)
        #expect(
            try CommitPlanner.plan(inserting: [twice, twice], deleting: [], lookup: stored).violation
                == .duplicateObject(twice.uuid))
    }

    @Test("Ignoring a sample whose uuid is stored fails: it is a duplicate, not an old version")
    func ignoringStoredUUID() throws {
        let stored = Stored()
        let v2 = try steps(20, sync: "walk", version: 2)
        stored.add(v2)
        let again = try CommitPlanner.plan(inserting: [v2], deleting: [], lookup: stored)
        #expect(again.violation == .duplicateObject(v2.uuid))
    }

    @Test("Reused uuids come in insertion order: stored, deleted by a later replacement, or repeated")
    func reusedUUIDs() throws {
        let stored = Stored()
        let old = try steps(100, sync: "walk", version: 1)
        stored.add(old)
        let plain = try steps(1)
        stored.add(plain)
        // The first sample reuses the uuid of the stored version that the second replaces.
        let reuse = try steps(2, uuid: old.uuid)
        let v2 = try steps(200, sync: "walk", version: 2)
        let plan = try CommitPlanner.plan(inserting: [reuse, v2], deleting: [], lookup: stored)
        #expect(plan.violation == nil)
        #expect(plan.mayReuseDeletedUUID)
        #expect(plan.firstReusedUUID { _ in false } == old.uuid)

        let fresh = try steps(3)
        let repeated = try CommitPlanner.plan(inserting: [fresh, plain, fresh], deleting: [], lookup: stored)
        #expect(!repeated.mayReuseDeletedUUID)
        #expect(repeated.firstReusedUUID { uuid in stored.rows.contains { $0.uuid == uuid } } == plain.uuid)
        #expect(repeated.firstReusedUUID { _ in false } == fresh.uuid)
        #expect(
            try CommitPlanner.plan(inserting: [fresh], deleting: [], lookup: stored).firstReusedUUID { _ in false }
                == nil)
    }

    @Test("The sync keys of a batch, for one batched lookup")
    func syncKeys() throws {
        let batch = [
            try steps(1, sync: "a"), try steps(2, sync: "a", version: 2), try steps(3),
            try steps(4, sync: "b", source: Self.watch),
        ]
        #expect(
            CommitPlanner.syncKeys(of: batch) == [
                SyncKey(bundleIdentifier: "com.myfitnesspal.mfp", syncIdentifier: "a"),
                SyncKey(bundleIdentifier: "com.apple.health.watch", syncIdentifier: "b"),
            ])
    }
}
