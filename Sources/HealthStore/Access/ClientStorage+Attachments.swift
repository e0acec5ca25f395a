// The public members here implement AttachmentStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel

/// A client's view of attachment bytes: only a full-access client reaches them by identifier. Apps read and change
/// attachments through their records (`AttachmentRecord`, whose rules this view applies); the facade then reads and
/// writes the bytes of the attachments those rules let through.
extension ClientStorage {
    public func attachmentData(_ id: UUID) throws -> Data? {
        try checkReadable()
        return permissions.hasFullAccess ? try base.attachmentData(id) : nil
    }

    public func saveAttachmentData(_ data: Data, id: UUID) throws {
        guard permissions.hasFullAccess else {
            throw HealthStoreError.authorizationDenied("attachment bytes are written with their record")
        }
        try base.saveAttachmentData(data, id: id)
    }

    public func removeAttachmentData(_ ids: [UUID]) throws {
        guard permissions.hasFullAccess else {
            throw HealthStoreError.authorizationDenied("attachment bytes are removed with their record")
        }
        try base.removeAttachmentData(ids)
    }
}
