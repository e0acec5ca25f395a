import Foundation
import HealthModel

/// A file attached to an object in the store (a scanned vision prescription, a PDF). Its bytes are read through
/// `HKAttachmentStore`.
open class HKAttachment: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    let model: Attachment

    init(_ model: Attachment) {
        self.model = model
        super.init()
    }

    /// Unarchives an attachment's description; fails on a missing field or one the store would refuse.
    public required init?(coder: NSCoder) {
        guard let id = ObjectArchive.uuid(coder, "HKAttachmentIdentifier"),
            let object = ObjectArchive.uuid(coder, "HKAttachmentObjectIdentifier"),
            let name = ObjectArchive.string(coder, "HKAttachmentName"),
            let contentType = ObjectArchive.string(coder, "HKAttachmentContentType"),
            let size = ObjectArchive.integer(coder, "HKAttachmentSize"),
            let creationDate = ObjectArchive.date(coder, "HKAttachmentCreationDate")
        else {
            ObjectArchive.report(coder, "HKAttachment", "a field is missing")
            return nil
        }
        let metadata = ObjectArchive.metadata(coder, "HKAttachmentMetadata")
        if case .invalid = metadata {
            ObjectArchive.report(coder, "HKAttachment", "metadata does not read")
            return nil
        }
        let model: Attachment
        do {
            model = try Attachment(
                id: id, objectUUID: object, name: name, contentType: contentType, size: size,
                creationDate: creationDate, metadata: try MetadataBridge.model(metadata.value))
        } catch {
            ObjectArchive.report(coder, "HKAttachment", "\(error)")
            return nil
        }
        self.model = model
        super.init()
    }

    /// Attachments decode only as attachments.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the description (not the bytes, which stay in the store): identifiers, name, type, size, date and
    /// metadata.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(model.id.uuidString, forKey: "HKAttachmentIdentifier", to: coder)
        ObjectArchive.encode(model.objectUUID.uuidString, forKey: "HKAttachmentObjectIdentifier", to: coder)
        ObjectArchive.encode(model.name, forKey: "HKAttachmentName", to: coder)
        ObjectArchive.encode(model.contentType, forKey: "HKAttachmentContentType", to: coder)
        ObjectArchive.encode(model.size, forKey: "HKAttachmentSize", to: coder)
        ObjectArchive.encode(model.creationDate, forKey: "HKAttachmentCreationDate", to: coder)
        ObjectArchive.encode(metadata: metadata, forKey: "HKAttachmentMetadata", to: coder)
    }

    /// Attachments are immutable: the copy is the attachment itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The attachment's identifier.
    open var identifier: UUID { model.id }
    /// Its file name.
    open var name: String { model.name }
    /// The kind of data it holds.
    open var contentType: UTType { UTType(model.contentType) ?? .data }
    /// Its size in bytes.
    open var size: Int { model.size }
    /// When it was attached.
    open var creationDate: Date { model.creationDate }
    /// The metadata given with it.
    open var metadata: [String: Any]? { MetadataBridge.healthKit(model.metadata) }

    /// Attachments are equal when they have the same identifier.
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKAttachment)?.identifier == identifier }
    /// Hashes the identifier.
    open override var hash: Int { identifier.hashValue }
    /// The name, type and size.
    open override var description: String { "\(name) (\(model.contentType), \(size) bytes)" }

    /// An asynchronous sequence of an attachment's bytes (`HKAttachmentDataReader.bytes`).
    public struct AsyncBytes: AsyncSequence, Sendable {
        /// One byte.
        public typealias Element = UInt8

        let load: @Sendable () async throws -> Data

        /// An iterator over the bytes, reading them when first asked.
        public struct AsyncIterator: AsyncIteratorProtocol {
            let load: @Sendable () async throws -> Data
            var bytes: Data?
            var index = 0

            /// The next byte, or nil after the last.
            public mutating func next() async throws -> UInt8? {
                if bytes == nil { bytes = try await load() }
                guard let bytes, index < bytes.count else { return nil }
                defer { index += 1 }
                return bytes[bytes.startIndex + index]
            }
        }

        /// An iterator.
        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(load: load) }
    }
}

/// Reads one attachment's bytes, whole (`data`) or as a sequence (`bytes`).
public final class HKAttachmentDataReader: @unchecked Sendable {
    /// The attachment read.
    public let attachment: HKAttachment
    /// The reading's progress, in bytes.
    public let progress: Progress
    private let load: @Sendable () async throws -> Data

    init(attachment: HKAttachment, load: @escaping @Sendable () async throws -> Data) {
        self.attachment = attachment
        progress = Progress(totalUnitCount: Int64(attachment.size))
        let progress = UncheckedSendable(progress)
        self.load = {
            let data = try await load()
            progress.value.completedUnitCount = Int64(data.count)
            return data
        }
    }

    /// The whole file.
    public var data: Data {
        get async throws { try await load() }
    }

    /// The file as a sequence of bytes.
    public var bytes: HKAttachment.AsyncBytes { HKAttachment.AsyncBytes(load: load) }
}
