import Foundation
import HealthEngine
import HealthModel

/// Files attached to stored objects (HealthKit's attachment store). A client reads the attachments of the objects it
/// can see and changes those of the objects it saved; a deleted object's attachments go with it.
extension HealthDataStore {
    /// The attachments of an object, oldest first; none when the object is not stored or this store object may not
    /// see it (the two look alike).
    public func attachments(of objectUUID: UUID) throws -> [Attachment] {
        try wrapped { try storage.attachments(of: objectUUID) }
    }

    /// The bytes of an object's attachment; `objectNotFound` (naming the attachment) when the object has no such
    /// attachment or this store object may not see it.
    public func attachmentData(_ id: UUID, of objectUUID: UUID) throws -> Data {
        guard let data = try wrapped({ try storage.attachmentData(id, of: objectUUID) }) else {
            throw HealthStoreError.objectNotFound(id)
        }
        return data
    }

    /// Attaches a file to a stored object and returns its description. The object must be stored and, for a client,
    /// saved by it with sharing allowed for its type; the name, content type, size and metadata are checked
    /// (`Attachment`), and `creationDate` is when the attachment is made (the caller's clock).
    public func addAttachment(
        to objectUUID: UUID, name: String, contentType: String, data: Data, metadata: [String: MetadataValue]?,
        creationDate: Date
    ) throws -> Attachment {
        try wrapped {
            let attachment = try Attachment(
                id: RandomUUID.make(), objectUUID: objectUUID, name: name, contentType: contentType, size: data.count,
                creationDate: creationDate, metadata: metadata)
            // A client's view checks the object itself, as the client sees it (ClientStorage+Attachments); the store
            // itself checks only that it is stored.
            if client == nil, try storage.storedSamples(withUUIDs: [objectUUID]).isEmpty {
                throw HealthStoreError.objectNotFound(objectUUID)
            }
            try storage.saveAttachment(attachment, data: data)
            return attachment
        }
    }

    /// Removes an attachment from an object; `objectNotFound` when the object has no such attachment (or this store
    /// object may not see it).
    public func removeAttachment(_ id: UUID, from objectUUID: UUID) throws {
        guard try wrapped({ try storage.removeAttachment(id, from: objectUUID) }) else {
            throw HealthStoreError.objectNotFound(id)
        }
    }
}
