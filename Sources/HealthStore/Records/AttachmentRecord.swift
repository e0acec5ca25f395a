import Foundation
import HealthEngine
import HealthModel

/// A file attached to a stored object (HealthKit's attachment store): what it is, keyed by the object's uuid, a space
/// and the attachment's own uuid, so that an object's attachments are one key prefix (`keyPrefix(of:)`). The record
/// belongs to the object (`RecordWrite.owner`): a commit that deletes the object deletes it too. The bytes are kept
/// beside it (`AttachmentStorage`).
///
/// A client sees the attachments of the objects it sees; it adds and removes those of the objects it saved, of a type
/// it may still share (`RecordWriter.objectOwner`), as HealthKit's attachment store manages "attachments for samples
/// that your app has saved".
public enum AttachmentRecord: RecordKind {
    /// An attachment as stored: its fields, the metadata in the store's binary layout (base64 in the JSON; the
    /// metadata values have no JSON form of their own).
    public struct Value: Codable, Sendable, Hashable {
        let id: UUID
        let objectUUID: UUID
        let name: String
        let contentType: String
        let size: Int
        /// Seconds since 2001-01-01.
        let created: Double
        /// `SampleDetailCoding.encoded(_:)` of the metadata.
        let metadata: Data

        /// The stored form of an attachment.
        public init(_ attachment: Attachment) {
            id = attachment.id
            objectUUID = attachment.objectUUID
            name = attachment.name
            contentType = attachment.contentType
            size = attachment.size
            created = attachment.creationDate.timeIntervalSinceReferenceDate
            metadata = Data(SampleDetailCoding.encoded(attachment.metadata))
        }

        /// A stored form from its fields (the migrations that move older stores' rows).
        package init(
            id: UUID, objectUUID: UUID, name: String, contentType: String, size: Int, created: Double, metadata: Data
        ) {
            self.id = id
            self.objectUUID = objectUUID
            self.name = name
            self.contentType = contentType
            self.size = size
            self.created = created
            self.metadata = metadata
        }

        /// The attachment, checked again as it is read back.
        public func attachment() throws -> Attachment {
            try Attachment(
                id: id, objectUUID: objectUUID, name: name, contentType: contentType, size: size,
                creationDate: Date(timeIntervalSinceReferenceDate: created),
                metadata: try SampleDetailCoding.metadata(from: Array(metadata)))
        }
    }

    /// The stored name.
    public static let name = "attachment"

    /// The key of an attachment of an object.
    public static func key(of id: UUID, object: UUID) -> String { keyPrefix(of: object) + id.uuidString }

    /// The prefix of the keys of an object's attachments.
    public static func keyPrefix(of object: UUID) -> String { object.uuidString + " " }

    /// The object and the attachment a key names (`key(of:object:)`), or nil for a key of another shape.
    public static func parts(ofKey key: String) -> (object: UUID, id: UUID)? {
        let parts = key.split(separator: " ")
        guard parts.count == 2, let object = UUID(uuidString: String(parts[0])),
            let id = UUID(uuidString: String(parts[1]))
        else { return nil }
        return (object, id)
    }

    /// The app that saved the object named by the key (a key naming no object names one that does not exist).
    public static func writer(ofKey key: String) -> RecordWriter {
        .objectOwner(parts(ofKey: key)?.object ?? UUID(), action: "changing an attachment of")
    }

    /// Shown to a client that sees the object.
    public static func shown(_ value: Value, key: String, to reader: some RecordReader) throws -> Value? {
        try reader.sees(object: value.objectUUID) ? value : nil
    }
}
