import Foundation
import HealthEngine
import HealthModel

/// An object that was deleted, as an anchored object query reports it: its identifier and, when it had them, its sync
/// identifier and version (`HKMetadataKeySyncIdentifier`, `HKMetadataKeySyncVersion`) — nothing else.
open class HKDeletedObject: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The deleted object's identifier.
    open internal(set) var uuid: UUID
    /// The sync identifier and version the object carried, or nil.
    open internal(set) var metadata: [String: Any]?

    init(_ change: Change) {
        uuid = change.uuid
        var metadata: [String: Any] = [:]
        if let identifier = change.syncIdentifier { metadata[MetadataKey.syncIdentifier] = identifier }
        if let version = change.syncVersion { metadata[MetadataKey.syncVersion] = NSNumber(value: version) }
        self.metadata = metadata.isEmpty ? nil : metadata
        super.init()
    }

    init(uuid: UUID, metadata: [String: Any]?) {
        self.uuid = uuid
        self.metadata = metadata
        super.init()
    }

    // MARK: NSSecureCoding

    /// Deleted objects decode only as deleted objects.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the identifier and the sync metadata.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(uuid.uuidString, forKey: "HKDeletedObjectUUID", to: coder)
        ObjectArchive.encode(metadata: metadata, forKey: "HKDeletedObjectMetadata", to: coder)
    }

    /// Unarchives a deleted object; fails without a valid identifier or with metadata that does not read.
    public required init?(coder: NSCoder) {
        guard let uuid = ObjectArchive.uuid(coder, "HKDeletedObjectUUID") else {
            ObjectArchive.report(coder, "HKDeletedObject", "no valid identifier")
            return nil
        }
        let metadata = ObjectArchive.metadata(coder, "HKDeletedObjectMetadata")
        if case .invalid = metadata {
            ObjectArchive.report(coder, "HKDeletedObject", "metadata does not read")
            return nil
        }
        self.uuid = uuid
        self.metadata = metadata.value
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool { (object as? HKDeletedObject)?.uuid == uuid }
    open override var hash: Int { uuid.hashValue }
    open override var description: String { "HKDeletedObject(\(uuid))" }
}
