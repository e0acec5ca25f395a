import Foundation
import HealthModel

/// What makes two samples versions of one object (SEMANTICS §1): the sync identifier within one source.
public struct SyncKey: Hashable, Sendable {
    /// The bundle identifier of the sample's source.
    public let bundleIdentifier: String
    /// The sample's `HKMetadataKeySyncIdentifier`.
    public let syncIdentifier: String

    /// A key from its parts.
    public init(bundleIdentifier: String, syncIdentifier: String) {
        self.bundleIdentifier = bundleIdentifier
        self.syncIdentifier = syncIdentifier
    }

    /// The key of a sample, or nil when it has no sync identifier or no source revision (it then replaces nothing).
    public init?(_ sample: Sample) {
        guard let identifier = sample.syncIdentifier, let source = sample.sourceRevision?.source else { return nil }
        self.init(bundleIdentifier: source.bundleIdentifier, syncIdentifier: identifier)
    }
}
