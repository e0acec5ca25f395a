// The public members here implement AttachmentStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore

/// Files attached to objects (migration "v9"): one row per attachment, its bytes in the row, read only by
/// `attachmentData`.
extension SQLiteStorage {
    public func attachments(of objectUUID: UUID) throws -> [Attachment] {
        try read("reading the attachments of \(objectUUID)") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, name, content_type, size, created, metadata FROM attachments WHERE object_uuid = ?
                    ORDER BY created, id
                    """, arguments: [Self.blob(objectUUID)]
            ).map { row in
                let metadata: Data = row[5]
                return try Attachment(
                    id: try Self.uuid(row[0], "attachment id"), objectUUID: objectUUID, name: row[1],
                    contentType: row[2], size: row[3], creationDate: Date(timeIntervalSinceReferenceDate: row[4]),
                    metadata: try SampleDetailCoding.metadata(from: Array(metadata)))
            }
        }
    }

    public func attachmentData(_ id: UUID, of objectUUID: UUID) throws -> Data? {
        try read("reading attachment \(id)") { db in
            try Data.fetchOne(
                db, sql: "SELECT data FROM attachments WHERE id = ? AND object_uuid = ?",
                arguments: [Self.blob(id), Self.blob(objectUUID)])
        }
    }

    public func saveAttachment(_ attachment: Attachment, data: Data) throws {
        try write("saving attachment \(attachment.name)") { db in
            try db.execute(
                sql: """
                    INSERT INTO attachments (id, object_uuid, name, content_type, size, created, metadata, data)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    Self.blob(attachment.id), Self.blob(attachment.objectUUID), attachment.name,
                    attachment.contentType, data.count, attachment.creationDate.timeIntervalSinceReferenceDate,
                    Data(SampleDetailCoding.encoded(attachment.metadata)), data,
                ])
        }
    }

    public func removeAttachment(_ id: UUID, from objectUUID: UUID) throws -> Bool {
        try write("removing attachment \(id)") { db in
            try db.execute(
                sql: "DELETE FROM attachments WHERE id = ? AND object_uuid = ?",
                arguments: [Self.blob(id), Self.blob(objectUUID)])
            return db.changesCount > 0
        }
    }

    public func removeAttachments(ofObjects uuids: [UUID]) throws -> Int {
        guard !uuids.isEmpty else { return 0 }
        return try write("removing the attachments of deleted objects") { db in
            var removed = 0
            for uuid in uuids {
                try db.execute(sql: "DELETE FROM attachments WHERE object_uuid = ?", arguments: [Self.blob(uuid)])
                removed += db.changesCount
            }
            return removed
        }
    }

    /// A uuid as the 16 bytes the tables keep.
    private static func blob(_ uuid: UUID) -> Data { withUnsafeBytes(of: uuid.uuid) { Data($0) } }

    /// A uuid from its 16 stored bytes.
    private static func uuid(_ data: Data, _ what: String) throws -> UUID {
        guard data.count == 16 else { throw HealthStoreError.corruptStore("\(what) is \(data.count) bytes, not 16") }
        return data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }
}
