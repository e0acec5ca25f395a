import Foundation
import HealthEngine
import HealthModel

/// Files attached to stored objects (HealthKit's attachment store). What an attachment is, is a record
/// (`AttachmentRecord`) written through the commit, belonging to its object, so a deleted object's attachments go in
/// the same commit; the bytes are kept beside it (`AttachmentStorage`). A client reads the attachments of the objects
/// it can see and changes those of the objects it saved (the record kind's rules, applied by its view).
extension HealthDataStore {
    /// The attachments of an object, oldest first; none when the object is not stored or this store object may not
    /// see it (the two look alike).
    public func attachments(of objectUUID: UUID) throws -> [Attachment] {
        try wrapped {
            try storage.records(AttachmentRecord.self, keys: .prefix(AttachmentRecord.keyPrefix(of: objectUUID)))
                .map { try $0.value.attachment() }
                .sorted { ($0.creationDate, $0.id.uuidString) < ($1.creationDate, $1.id.uuidString) }
        }
    }

    /// The bytes of an object's attachment; `objectNotFound` (naming the attachment) when the object has no such
    /// attachment or this store object may not see it.
    public func attachmentData(_ id: UUID, of objectUUID: UUID) throws -> Data {
        try wrapped {
            guard
                try storage.record(AttachmentRecord.self, key: AttachmentRecord.key(of: id, object: objectUUID)) != nil
            else {
                throw HealthStoreError.objectNotFound(id)
            }
            // The record was shown to this store object: its bytes are read past the view.
            guard let data = try base.attachmentData(id) else {
                throw HealthStoreError.corruptStore("the attachment \(id) has a record but no bytes")
            }
            return data
        }
    }

    /// Attaches a file to a stored object and returns its description. The object must be stored and, for a client,
    /// saved by it with sharing allowed for its type; the name, content type, size and metadata are checked
    /// (`Attachment`), and `creationDate` is when the attachment is made (the caller's clock).
    public func addAttachment(
        to objectUUID: UUID, name: String, contentType: String, data: Data, metadata: [String: MetadataValue]?,
        creationDate: Date
    ) throws -> Attachment {
        try checkAttachmentsWritable()
        let attachment = try wrapped {
            try Attachment(
                id: RandomUUID.make(), objectUUID: objectUUID, name: name, contentType: contentType, size: data.count,
                creationDate: creationDate, metadata: metadata)
        }
        let put = try wrapped {
            try RecordWrite.put(
                AttachmentRecord.self, key: AttachmentRecord.key(of: attachment.id, object: objectUUID),
                AttachmentRecord.Value(attachment), owner: objectUUID)
        }
        // The bytes first, under a fresh identifier no record names yet; the record's commit (which checks the object
        // and the client's rights) makes them an attachment, or they are removed again.
        try wrapped { try base.saveAttachmentData(data, id: attachment.id) }
        do {
            try write(records: [put])
        } catch {
            try? base.removeAttachmentData([attachment.id])
            throw error
        }
        return attachment
    }

    /// Removes an attachment from an object; `objectNotFound` when the object has no such attachment (or this store
    /// object may not see it).
    public func removeAttachment(_ id: UUID, from objectUUID: UUID) throws {
        try checkAttachmentsWritable()
        let key = AttachmentRecord.key(of: id, object: objectUUID)
        guard try wrapped({ try storage.record(AttachmentRecord.self, key: key) }) != nil else {
            throw HealthStoreError.objectNotFound(id)
        }
        try write(records: [try wrapped { try RecordWrite.delete(AttachmentRecord.self, key: key) }])
    }

    /// A client changes attachments only while the store takes writes: a locked store refuses at once rather than
    /// holding the write (the bytes cannot wait with it).
    private func checkAttachmentsWritable() throws {
        try view?.checkWritableNow("changing attachments")
    }

    /// The attachments whose records a commit deleted (removed, or gone with their object): their bytes go too.
    func removeAttachmentBytes(after result: CommitResult) throws {
        let ids = result.records.lazy.filter { $0.kind == AttachmentRecord.name && $0.deleted }
            .compactMap { AttachmentRecord.parts(ofKey: $0.key)?.id }
        guard !ids.isEmpty else { return }
        try wrapped { try base.removeAttachmentData(Array(ids)) }
    }
}
