import Foundation
import HealthModel

/// The bytes of files attached to objects, by attachment identifier. What an attachment is (its object, name, type,
/// size, date, metadata) is a record (`AttachmentRecord`, HealthStore), written through the commit and deleted with
/// its object; the bytes, up to 50 MiB each, are kept here beside it, written before the record's commit and removed
/// after the commit that deleted the record (bytes without a record are never read).
public protocol AttachmentStorage: AnyObject, Sendable {
    /// The bytes of an attachment, or nil when none are kept under the identifier.
    func attachmentData(_ id: UUID) throws -> Data?

    /// Keeps the bytes of an attachment (replacing any kept under the identifier).
    func saveAttachmentData(_ data: Data, id: UUID) throws

    /// Removes the bytes of attachments (identifiers without bytes are passed over).
    func removeAttachmentData(_ ids: [UUID]) throws
}

/// A storage that keeps no files (a benchmark's, or a read-only view).
public protocol KeepsNoAttachments: AttachmentStorage {}

extension KeepsNoAttachments {
    /// None kept.
    public func attachmentData(_ id: UUID) throws -> Data? { nil }

    /// Refused: this storage keeps no files.
    public func saveAttachmentData(_ data: Data, id: UUID) throws {
        throw HealthEngineError.invalidQuery(field: "attachment", reason: "this storage keeps no attachments")
    }

    /// Nothing to remove.
    public func removeAttachmentData(_ ids: [UUID]) throws {}
}
