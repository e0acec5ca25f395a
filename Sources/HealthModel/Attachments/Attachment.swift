import Foundation

/// A file attached to a stored object (HealthKit's `HKAttachment`): a scan of a vision prescription, a PDF report.
/// The bytes are kept apart from this description and read only when asked for.
public struct Attachment: Sendable, Hashable {
    /// The largest file an attachment may hold (50 MiB). HealthKit documents no limit; a bound keeps every request's
    /// cost bounded on a server, and a scanned prescription or report is far smaller.
    public static let maximumSize = 50 * 1024 * 1024

    /// The longest name kept, in UTF-8 bytes (a file name on common file systems).
    public static let maximumNameLength = 255

    /// The attachment's own identifier.
    public let id: UUID
    /// The object it is attached to.
    public let objectUUID: UUID
    /// Its file name, e.g. `prescription.pdf`.
    public let name: String
    /// Its uniform type identifier, e.g. `com.adobe.pdf`.
    public let contentType: String
    /// Its size in bytes.
    public let size: Int
    /// When it was attached.
    public let creationDate: Date
    /// Metadata given with it (HealthKit's metadata values).
    public let metadata: [String: MetadataValue]?

    /// A checked attachment description: a name of 1…255 bytes without `/` or control characters, a content type, a
    /// size of 0…`maximumSize` bytes and valid metadata; otherwise an error naming the field.
    public init(
        id: UUID, objectUUID: UUID, name: String, contentType: String, size: Int, creationDate: Date,
        metadata: [String: MetadataValue]?
    ) throws(HealthModelError) {
        guard !name.isEmpty, name.utf8.count <= Self.maximumNameLength else {
            throw .invalidField(field: "name", reason: "must be 1 to \(Self.maximumNameLength) bytes")
        }
        guard !name.contains("/"), !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw .invalidField(field: "name", reason: "a file name holds no '/' and no control characters")
        }
        guard !contentType.isEmpty, contentType.utf8.count <= 255 else {
            throw .invalidField(field: "contentType", reason: "must be a uniform type identifier of 1 to 255 bytes")
        }
        guard (0...Self.maximumSize).contains(size) else {
            throw .invalidField(field: "size", reason: "\(size) bytes is more than the \(Self.maximumSize) allowed")
        }
        guard creationDate.timeIntervalSinceReferenceDate.isFinite else {
            throw .invalidField(field: "creationDate", reason: "must be a finite date")
        }
        _ = try Validation.checkMetadata(metadata)
        self.id = id
        self.objectUUID = objectUUID
        self.name = name
        self.contentType = contentType
        self.size = size
        self.creationDate = creationDate
        self.metadata = metadata
    }
}
