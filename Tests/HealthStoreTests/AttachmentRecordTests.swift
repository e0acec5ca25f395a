import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthTestSupport
import PostgresNIO
import Testing

@testable import HealthStore
@testable import HealthStorePostgres
@testable import HealthStoreSQLite

/// Attachments are records owned by their object (`AttachmentRecord`, `RecordWrite.owner`): a commit that deletes the
/// object, by a deletion or by a newer sync version, deletes them in the same commit; their bytes follow.
@Suite("Attachments as owned records: deleted with their object in one commit, moved from older stores")
struct AttachmentRecordTests {
    static let scan = Data((0..<4_096).map { UInt8($0 % 251) })
    static let metadata: [String: MetadataValue] = [
        "page": .number(2), "scanned": .date(Date(timeIntervalSinceReferenceDate: 731_779_200)),
        "note": .string("left lens ✓"),
    ]

    static func attach(
        _ store: HealthDataStore, to object: UUID, name: String = "prescription.pdf"
    ) throws
        -> HealthModel.Attachment
    {
        try store.addAttachment(
            to: object, name: name, contentType: "com.adobe.pdf", data: Self.scan, metadata: Self.metadata,
            creationDate: Date(timeIntervalSinceReferenceDate: 731_779_500))
    }

    @Test(
        "Deleting an object deletes its attachments in the same commit: each takes a sequence, the bytes go too",
        arguments: StorageBackend.allCases)
    func deletionCascades(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let steps = try Fixture.steps(100, from: Fixture.at(0))
        let other = try Fixture.steps(50, from: Fixture.at(30))
        _ = try store.save([steps, other], as: Fixture.watch)
        let first = try Self.attach(store, to: steps.uuid)
        let second = try Self.attach(store, to: steps.uuid, name: "page2.pdf")
        let kept = try Self.attach(store, to: other.uuid)
        #expect(
            try store.attachments(of: steps.uuid).map(\.id)
                == [first.id, second.id].sorted { $0.uuidString < $1.uuidString })
        #expect(try store.attachments(of: steps.uuid).first?.metadata == Self.metadata)
        let before = try store.changeLog.latestSequence()

        let result = try store.delete([steps.uuid])
        #expect(result.latestSequence == before + 3, "the sample and its two attachments")
        #expect(result.records.filter(\.deleted).map(\.kind) == [AttachmentRecord.name, AttachmentRecord.name])
        #expect(try store.attachments(of: steps.uuid).isEmpty)
        #expect(try store.storage.attachmentData(first.id) == nil)
        #expect(try store.storage.attachmentData(second.id) == nil)
        #expect(try store.attachmentData(kept.id, of: other.uuid) == Self.scan)
    }

    @Test(
        "A newer sync version replaces its object and the old version's attachments go with it",
        arguments: StorageBackend.allCases)
    func replacementCascades(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let original = try Fixture.steps(100, from: Fixture.at(0), metadata: Fixture.sync("walk-1", version: 1))
        _ = try store.save([original], as: Fixture.watch)
        let attachment = try Self.attach(store, to: original.uuid)
        let replacement = try Fixture.steps(120, from: Fixture.at(0), metadata: Fixture.sync("walk-1", version: 2))
        let result = try store.save([replacement], as: Fixture.watch)
        #expect(result.deleted == [original.uuid])
        #expect(result.records.map(\.kind) == [AttachmentRecord.name])
        #expect(try store.attachments(of: original.uuid).isEmpty)
        #expect(try store.storage.attachmentData(attachment.id) == nil)
    }

    @Test(
        "A record owned by an object that is not stored fails its commit, and nothing stays (the bytes neither)",
        arguments: StorageBackend.allCases)
    func ownerMustExist(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let missing = UUID()
        let before = try store.changeLog.latestSequence()
        #expect(throws: HealthStoreError.objectNotFound(missing)) { try Self.attach(store, to: missing) }
        #expect(try store.changeLog.latestSequence() == before)
        #expect(try store.storage.storedRecords(ofKind: AttachmentRecord.name, keys: .all).isEmpty)
        // A batch deleting an object and putting a record it owns fails whole too.
        let steps = try Fixture.steps(100, from: Fixture.at(0))
        _ = try store.save([steps], as: Fixture.watch)
        let storage = store.storage
        #expect(throws: (any Error).self) {
            try storage.commit(
                CommitBatch(
                    deletions: [steps.uuid],
                    records: [
                        try .put(TestNoteRecord.self, key: "n", .init(text: "orphan", stars: 1), owner: steps.uuid)
                    ]
                ))
        }
        #expect(try storage.storedSamples(withUUIDs: [steps.uuid]).count == 1)
    }

    @Test("A release-14 SQLite store's attachments become owned records with their bytes, and the table is gone")
    func sqliteAttachmentsMove() throws {
        let (path, queue) = try SQLiteMigrationTests.oldStore(release: 14)
        func bytes(_ uuid: UUID) -> Data { withUnsafeBytes(of: uuid.uuid) { Data($0) } }
        let object = UUID()
        let id = UUID()
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO attachments (id, object_uuid, name, content_type, size, created, metadata, data)
                    VALUES (?, ?, 'prescription.pdf', 'com.adobe.pdf', ?, 731779500, ?, ?)
                    """,
                arguments: [
                    bytes(id), bytes(object), Self.scan.count, Data(SampleDetailCoding.encoded(Self.metadata)),
                    Self.scan,
                ])
        }
        try queue.close()
        let storage = try SQLiteStorage(path: path)
        #expect(try storage.appliedMigrations() == SQLiteStorage.knownMigrations)
        #expect(try storage.integrityProblems().isEmpty)
        try Self.expectMoved(HealthDataStore(storage: storage), object: object, id: id)
        #expect(try DatabaseQueue(path: path).read { db in try db.tableExists("attachments") } == false)
    }

    @Test(
        "A PostgreSQL database at v9 has its attachments moved into owned records at v10, with their bytes",
        .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.offReason), .timeLimit(.minutes(2)))
    func postgresAttachmentsMove() async throws {
        let object = UUID()
        let id = UUID()
        let scratch = try await ScratchPostgresDatabase.make(
            "ohk_attachments", migratedThrough: 9,
            statements: [
                "INSERT INTO people (person) VALUES ('alex')",
                """
                INSERT INTO attachments (person, id, object_uuid, name, content_type, size, created, metadata, data)
                VALUES ('alex', \(id), \(object), 'prescription.pdf', 'com.adobe.pdf', \(Self.scan.count), 731779500,
                        \(ByteBuffer(bytes: SampleDetailCoding.encoded(Self.metadata))), \(ByteBuffer(data: Self.scan)))
                """,
            ])
        defer { scratch.drop() }
        let client = try PostgresStoreClient(url: scratch.url)
        defer { client.shutdown() }
        try Self.expectMoved(
            HealthDataStore(storage: try PostgresStorage(client: client, person: "alex")), object: object, id: id)
        #expect(try scratch.remainingTables(["attachments"], client: client).isEmpty)
    }

    /// What a moved store answers: the attachment with its fields, metadata and bytes, owned by its object.
    static func expectMoved(_ store: HealthDataStore, object: UUID, id: UUID) throws {
        let moved = try store.attachments(of: object)
        #expect(moved.map(\.id) == [id])
        #expect(moved.first?.name == "prescription.pdf")
        #expect(moved.first?.size == Self.scan.count)
        #expect(moved.first?.metadata == Self.metadata)
        #expect(moved.first?.creationDate == Date(timeIntervalSinceReferenceDate: 731_779_500))
        #expect(try store.attachmentData(id, of: object) == Self.scan)
        #expect(try store.changeLog.latestSequence() == 0, "moving rows takes no change sequence")
    }
}
