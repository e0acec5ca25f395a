import Foundation
import HealthEngine
import HealthModel

/// An object that was deleted, as an anchored object query reports it: its identifier and, when it had them, its sync
/// identifier and version (`HKMetadataKeySyncIdentifier`, `HKMetadataKeySyncVersion`) — nothing else.
open class HKDeletedObject: NSObject, @unchecked Sendable {
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

    open override func isEqual(_ object: Any?) -> Bool { (object as? HKDeletedObject)?.uuid == uuid }
    open override var hash: Int { uuid.hashValue }
    open override var description: String { "HKDeletedObject(\(uuid))" }
}
