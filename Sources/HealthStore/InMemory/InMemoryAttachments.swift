import Foundation
import HealthModel

/// The files attached to objects in an in-memory storage: descriptions by object, bytes by attachment.
struct InMemoryAttachments: Sendable {
    var byObject: [UUID: [Attachment]] = [:]
    var bytes: [UUID: Data] = [:]
}
