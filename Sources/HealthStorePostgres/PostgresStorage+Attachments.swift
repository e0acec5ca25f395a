// The public members here implement AttachmentStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel
import HealthStore
import NIOCore
import PostgresNIO

/// Files attached to objects (migration "v4"): one row per attachment and person, its bytes in the row, read only
/// by `attachmentData`.
extension PostgresStorage {
    public func attachments(of objectUUID: UUID) throws -> [Attachment] {
        try database.blocking("reading the attachments of \(objectUUID)") { [self] in
            try await rows(
                """
                SELECT id, name, content_type, size, created, metadata FROM attachments
                WHERE person = \(person) AND object_uuid = \(objectUUID) ORDER BY created, id
                """
            ).map { row in
                let (id, name, contentType, size, created, metadata) = try row.decode(
                    (UUID, String, String, Int64, Double, ByteBuffer).self)
                return try Attachment(
                    id: id, objectUUID: objectUUID, name: name, contentType: contentType, size: Int(size),
                    creationDate: Date(timeIntervalSinceReferenceDate: created),
                    metadata: try SampleDetailCoding.metadata(from: Array(buffer: metadata)))
            }
        }
    }

    public func attachmentData(_ id: UUID, of objectUUID: UUID) throws -> Data? {
        try database.blocking("reading attachment \(id)") { [self] in
            try await column(
                """
                SELECT data FROM attachments WHERE person = \(person) AND id = \(id) AND object_uuid = \(objectUUID)
                """, as: ByteBuffer.self
            ).first.map { Data(buffer: $0) }
        }
    }

    public func saveAttachment(_ attachment: Attachment, data: Data) throws {
        try database.blocking("saving attachment \(attachment.name)") { [self] in
            try await client.query(
                """
                INSERT INTO attachments (person, id, object_uuid, name, content_type, size, created, metadata, data)
                VALUES (\(person), \(attachment.id), \(attachment.objectUUID), \(attachment.name), \(attachment.contentType),
                        \(Int64(data.count)), \(attachment.creationDate.timeIntervalSinceReferenceDate),
                        \(ByteBuffer(bytes: SampleDetailCoding.encoded(attachment.metadata))), \(ByteBuffer(data: data)))
                """, logger: logger)
        }
    }

    public func removeAttachment(_ id: UUID, from objectUUID: UUID) throws -> Bool {
        try database.blocking("removing attachment \(id)") { [self] in
            !(try await column(
                """
                DELETE FROM attachments WHERE person = \(person) AND id = \(id) AND object_uuid = \(objectUUID)
                RETURNING id
                """, as: UUID.self
            ).isEmpty)
        }
    }

    public func removeAttachments(ofObjects uuids: [UUID]) throws -> Int {
        guard !uuids.isEmpty else { return 0 }
        return try database.blocking("removing the attachments of deleted objects") { [self] in
            try await column(
                """
                DELETE FROM attachments WHERE person = \(person) AND object_uuid = ANY(\(uuids)::uuid[]) RETURNING id
                """, as: UUID.self
            ).count
        }
    }
}
