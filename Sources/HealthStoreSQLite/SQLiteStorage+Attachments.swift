// The public members here implement AttachmentStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import GRDB
import HealthEngine
import HealthModel
import HealthStore

/// The bytes of files attached to objects (migration "v15"): one row per attachment id in `attachment_data`; what
/// each attachment is, is its record.
extension SQLiteStorage {
    public func attachmentData(_ id: UUID) throws -> Data? {
        try read("reading attachment \(id)") { db in
            try Data.fetchOne(db, sql: "SELECT data FROM attachment_data WHERE id = ?", arguments: [Self.blob(id)])
        }
    }

    public func saveAttachmentData(_ data: Data, id: UUID) throws {
        try write("saving the bytes of attachment \(id)") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO attachment_data (id, data) VALUES (?, ?)",
                arguments: [Self.blob(id), data])
        }
    }

    public func removeAttachmentData(_ ids: [UUID]) throws {
        guard !ids.isEmpty else { return }
        try write("removing the bytes of \(ids.count) attachments") { db in
            let delete = try db.cachedStatement(sql: "DELETE FROM attachment_data WHERE id = ?")
            for id in ids { try delete.execute(arguments: [Self.blob(id)]) }
        }
    }

    /// A uuid as its 16 stored bytes.
    private static func blob(_ uuid: UUID) -> Data { withUnsafeBytes(of: uuid.uuid) { Data($0) } }
}
