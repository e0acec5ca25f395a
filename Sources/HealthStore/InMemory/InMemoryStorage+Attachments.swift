// The public members here implement AttachmentStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel

extension InMemoryStorage {
    public func attachments(of objectUUID: UUID) throws -> [Attachment] {
        attachedFiles.withLock { $0.byObject[objectUUID] ?? [] }
    }

    public func attachmentData(_ id: UUID, of objectUUID: UUID) throws -> Data? {
        attachedFiles.withLock { files in
            guard files.byObject[objectUUID]?.contains(where: { $0.id == id }) == true else { return nil }
            return files.bytes[id]
        }
    }

    public func saveAttachment(_ attachment: Attachment, data: Data) throws {
        attachedFiles.withLock { files in
            files.byObject[attachment.objectUUID, default: []].append(attachment)
            files.bytes[attachment.id] = data
        }
    }

    public func removeAttachment(_ id: UUID, from objectUUID: UUID) throws -> Bool {
        attachedFiles.withLock { files in
            guard let index = files.byObject[objectUUID]?.firstIndex(where: { $0.id == id }) else { return false }
            files.byObject[objectUUID]?.remove(at: index)
            if files.byObject[objectUUID]?.isEmpty == true { files.byObject[objectUUID] = nil }
            files.bytes[id] = nil
            return true
        }
    }

    public func removeAttachments(ofObjects uuids: [UUID]) throws -> Int {
        attachedFiles.withLock { files in
            var removed = 0
            for uuid in uuids {
                for attachment in files.byObject.removeValue(forKey: uuid) ?? [] {
                    files.bytes[attachment.id] = nil
                    removed += 1
                }
            }
            return removed
        }
    }
}
