// The public members here implement AttachmentStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel

/// A client's view of attachments: it reads the attachments of the objects it can see (an object it cannot see has,
/// for it, none), and attaches to or removes from the objects it saved itself, of a type it may share, as HealthKit's
/// attachment store manages "attachments for samples that your app has saved".
extension ClientStorage {
    public func attachments(of objectUUID: UUID) throws -> [Attachment] {
        guard try visibleObject(objectUUID) != nil else { return [] }
        return try base.attachments(of: objectUUID)
    }

    public func attachmentData(_ id: UUID, of objectUUID: UUID) throws -> Data? {
        guard try visibleObject(objectUUID) != nil else { return nil }
        return try base.attachmentData(id, of: objectUUID)
    }

    public func saveAttachment(_ attachment: Attachment, data: Data) throws {
        try checkAttachmentWrite(to: attachment.objectUUID, action: "attaching a file to")
        try base.saveAttachment(attachment, data: data)
    }

    public func removeAttachment(_ id: UUID, from objectUUID: UUID) throws -> Bool {
        try checkAttachmentWrite(to: objectUUID, action: "removing an attachment from")
        return try base.removeAttachment(id, from: objectUUID)
    }

    public func removeAttachments(ofObjects uuids: [UUID]) throws -> Int {
        // Only deletions the client was allowed to make reach here (the facade calls it after a commit).
        try base.removeAttachments(ofObjects: uuids)
    }

    /// The object as the client sees it, or nil when it is hidden or not stored.
    private func visibleObject(_ uuid: UUID) throws -> Sample? {
        try storedSamples(withUUIDs: [uuid]).first?.sample
    }

    /// Throws unless the client may change the attachments of the object: the store takes writes, the object is
    /// one the client sees, and (unless it has full access) it saved the object and may share its type.
    private func checkAttachmentWrite(to objectUUID: UUID, action: String) throws {
        switch access.condition {
        case .unavailable: throw HealthStoreError.healthDataUnavailable
        case .locked: throw HealthStoreError.databaseInaccessible
        case .guest: throw HealthStoreError.notPermissibleInGuestMode(action)
        case .available: break
        }
        guard let object = try visibleObject(objectUUID) else { throw HealthStoreError.objectNotFound(objectUUID) }
        if access.hasFullAccess(client) { return }
        switch access.shareDecision(client: client, type: object.type.identifier) {
        case .authorized: break
        case .notDetermined: throw HealthStoreError.authorizationNotDetermined(type: object.type.identifier)
        case .denied: throw HealthStoreError.authorizationDenied("sharing \(object.type.identifier) was denied")
        }
        guard object.sourceRevision?.source.bundleIdentifier == client else {
            throw HealthStoreError.authorizationDenied("\(action) \(objectUUID), which another app saved")
        }
    }
}
