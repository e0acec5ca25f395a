// The public members here implement AttachmentStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel
import HealthStore
import NIOCore
import PostgresNIO

/// The bytes of files attached to objects (migration "v10"): one row per person and attachment id in
/// `attachment_data`; what each attachment is, is its record.
extension PostgresStorage {
    public func attachmentData(_ id: UUID) throws -> Data? {
        try database.blocking("reading attachment \(id)") { [self] in
            try await column(
                "SELECT data FROM attachment_data WHERE person = \(person) AND id = \(id)", as: ByteBuffer.self
            ).first.map { Data(buffer: $0) }
        }
    }

    public func saveAttachmentData(_ data: Data, id: UUID) throws {
        try database.blocking("saving the bytes of attachment \(id)") { [self] in
            try await client.query(
                """
                INSERT INTO attachment_data (person, id, data) VALUES (\(person), \(id), \(ByteBuffer(data: data)))
                ON CONFLICT (person, id) DO UPDATE SET data = excluded.data
                """, logger: logger)
        }
    }

    public func removeAttachmentData(_ ids: [UUID]) throws {
        guard !ids.isEmpty else { return }
        try database.blocking("removing the bytes of \(ids.count) attachments") { [self] in
            try await client.query(
                "DELETE FROM attachment_data WHERE person = \(person) AND id = ANY(\(ids)::uuid[])", logger: logger)
        }
    }
}
