import Foundation
import HealthModel

/// The answer to `GET /changes`: `{"samples", "deletions", "anchor"}` (samples in canonical units and the zone asked
/// for; a deletion with its sync identifier and version when the deleted sample had them).
public struct ChangesAnswer: Encodable, Sendable {
    /// A deleted object.
    public struct Deletion: Encodable, Sendable {
        /// The deleted object's identifier.
        public var uuid: UUID
        /// Its type identifier.
        public var type: String
        /// Its `HKMetadataKeySyncIdentifier`, when it had one.
        public var syncIdentifier: String?
        /// Its `HKMetadataKeySyncVersion`, when it had one.
        public var syncVersion: Double?

        /// A deletion.
        public init(uuid: UUID, type: String, syncIdentifier: String?, syncVersion: Double?) {
            self.uuid = uuid
            self.type = type
            self.syncIdentifier = syncIdentifier
            self.syncVersion = syncVersion
        }

        /// Writes `uuid`, `type`, then the sync fields it has.
        public func encode(to encoder: any Encoder) throws {
            var members = encoder.container(keyedBy: WireKey.self)
            try members.put(uuid.uuidString, "uuid")
            try members.put(type, "type")
            if let syncIdentifier { try members.put(syncIdentifier, "syncIdentifier") }
            if let syncVersion { try members.put(syncVersion, "syncVersion") }
        }
    }

    /// The samples added since the anchor.
    public var samples: [WireSample]
    /// The objects deleted since the anchor.
    public var deletions: [Deletion]
    /// The anchor to ask from next.
    public var anchor: Int

    /// An answer.
    public init(samples: [WireSample], deletions: [Deletion], anchor: Int) {
        self.samples = samples
        self.deletions = deletions
        self.anchor = anchor
    }
}

/// The data of a `GET /observe` `change` event: `{"types", "anchor"}` (the types that changed, sorted).
public struct ChangeEvent: Encodable, Sendable {
    /// The type identifiers that changed.
    public var types: [String]
    /// The change-log position after the changes.
    public var anchor: Int

    /// An event's data.
    public init(types: [String], anchor: Int) {
        self.types = types
        self.anchor = anchor
    }
}
