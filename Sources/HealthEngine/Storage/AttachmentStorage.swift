import Foundation
import HealthModel

/// Files attached to stored objects (HealthKit's attachment store): a description per attachment and its bytes,
/// read apart. A backend only stores and looks up; who may attach, read or remove is decided by the store's facade
/// and its client views.
public protocol AttachmentStorage: AnyObject, Sendable {
    /// The attachments of an object, oldest first (then by identifier).
    func attachments(of objectUUID: UUID) throws -> [Attachment]

    /// The bytes of an object's attachment, or nil when the object has no such attachment.
    func attachmentData(_ id: UUID, of objectUUID: UUID) throws -> Data?

    /// Stores an attachment and its bytes (`data.count` is `attachment.size`). Kept with the data.
    func saveAttachment(_ attachment: Attachment, data: Data) throws

    /// Removes an attachment from its object; false when the object had no such attachment.
    func removeAttachment(_ id: UUID, from objectUUID: UUID) throws -> Bool

    /// Removes every attachment of these objects (they were deleted); returns how many were removed.
    @discardableResult
    func removeAttachments(ofObjects uuids: [UUID]) throws -> Int
}

/// A storage that keeps no attachments (a stand-in that measures something else): every object has none, saving
/// one says so.
public protocol KeepsNoAttachments: AttachmentStorage {}

extension KeepsNoAttachments {
    /// No attachments, whatever the object.
    public func attachments(of objectUUID: UUID) throws -> [Attachment] { [] }
    /// No bytes, whatever the attachment.
    public func attachmentData(_ id: UUID, of objectUUID: UUID) throws -> Data? { nil }
    /// Attachments are not kept, and the caller is told so.
    public func saveAttachment(_ attachment: Attachment, data: Data) throws {
        throw HealthEngineError.invalidQuery(field: "attachment", reason: "this storage does not keep attachments")
    }
    /// Nothing to remove.
    public func removeAttachment(_ id: UUID, from objectUUID: UUID) throws -> Bool { false }
    /// Nothing to remove.
    @discardableResult
    public func removeAttachments(ofObjects uuids: [UUID]) throws -> Int { 0 }
}
