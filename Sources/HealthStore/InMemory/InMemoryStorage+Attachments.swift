// The public members here implement AttachmentStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel

extension InMemoryStorage {
    public func attachmentData(_ id: UUID) throws -> Data? {
        attachmentBytes.withLock { $0[id] }
    }

    public func saveAttachmentData(_ data: Data, id: UUID) throws {
        attachmentBytes.withLock { $0[id] = data }
    }

    public func removeAttachmentData(_ ids: [UUID]) throws {
        attachmentBytes.withLock { bytes in
            for id in ids { bytes[id] = nil }
        }
    }
}
