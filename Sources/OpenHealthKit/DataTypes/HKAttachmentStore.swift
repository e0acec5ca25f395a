import Foundation
import HealthModel

/// Files attached to the objects in a health store: an app attaches files to the objects it saved, and reads the
/// attachments of the objects it may read (for any other object there are none, as if it had none). Deleting an
/// object removes its attachments.
open class HKAttachmentStore: NSObject, @unchecked Sendable {
    private let healthStore: HKHealthStore

    /// The attachment store of a health store (acting for the same app).
    public init(healthStore: HKHealthStore) {
        self.healthStore = healthStore
        super.init()
    }

    // MARK: Adding

    /// Attaches the file at a local URL to an object this app saved. The file is read now (at most
    /// `Attachment.maximumSize` bytes); the name is its file name in the store.
    open func addAttachment(
        to object: HKObject, name: String, contentType: UTType, url: URL, metadata: [String: Any] = [:]
    ) async throws -> HKAttachment {
        let uuid = object.uuid
        let values = UncheckedSendable(metadata)
        return try await healthStore.onStoreExecutor {
            try self.addNow(to: uuid, name: name, contentType: contentType, url: url, metadata: values.value)
        }
    }

    /// Completion-handler form of `addAttachment(to:name:contentType:url:metadata:)`; the handler runs on a background
    /// queue.
    open func addAttachment(
        to object: HKObject, name: String, contentType: UTType, url: URL, metadata: [String: Any] = [:],
        completion: @escaping (HKAttachment?, (any Error)?) -> Void
    ) {
        // Each value boxed on its own: a tuple holding a closure, taken apart on another thread, crashed the
        // Swift 6.3 runtime on Linux (a null pointer released).
        let uuid = object.uuid
        let values = UncheckedSendable(metadata)
        healthStore.answerInBackground(to: completion) {
            try self.addNow(to: uuid, name: name, contentType: contentType, url: url, metadata: values.value)
        }
    }

    private func addNow(
        to object: UUID, name: String, contentType: UTType, url: URL, metadata: [String: Any]
    ) throws -> HKAttachment {
        do {
            let data = try Self.contents(of: url)
            let attachment = try healthStore.dataStore.addAttachment(
                to: object, name: name, contentType: contentType.identifier, data: data,
                metadata: try MetadataBridge.model(metadata.isEmpty ? nil : metadata), creationDate: healthStore.clock()
            )
            return HKAttachment(attachment)
        } catch {
            throw HKError.from(error)
        }
    }

    /// The bytes of a local file, refused (naming the file) when the URL is not a file's, the file cannot be read,
    /// or it is larger than an attachment may be (checked before reading it).
    private static func contents(of url: URL) throws -> Data {
        guard url.isFileURL else {
            throw HKError(.errorInvalidArgument, "url: \(url.absoluteString) is not a local file URL")
        }
        let size: Int
        do {
            size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw HKError(.errorInvalidArgument, "url: cannot read \(url.path): no such file or not readable")
        }
        guard size <= Attachment.maximumSize else {
            throw HKError(
                .errorInvalidArgument,
                "url: \(url.path) is \(size) bytes, more than the \(Attachment.maximumSize) allowed")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw HKError(.errorInvalidArgument, "url: cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    // MARK: Listing and removing

    /// The attachments of an object, oldest first.
    open func attachments(for object: HKObject) async throws -> [HKAttachment] {
        let uuid = object.uuid
        return try await healthStore.onStoreExecutor { try self.attachmentsNow(of: uuid) }
    }

    /// Completion-handler form of `attachments(for:)`; the handler runs on a background queue.
    open func getAttachments(for object: HKObject, completion: @escaping ([HKAttachment]?, (any Error)?) -> Void) {
        let uuid = object.uuid
        healthStore.answerInBackground(to: completion) { try self.attachmentsNow(of: uuid) }
    }

    private func attachmentsNow(of object: UUID) throws -> [HKAttachment] {
        do {
            return try healthStore.dataStore.attachments(of: object).map(HKAttachment.init)
        } catch {
            throw HKError.from(error)
        }
    }

    /// Removes an attachment from an object this app saved.
    open func removeAttachment(_ attachment: HKAttachment, from object: HKObject) async throws {
        let ids = (attachment.identifier, object.uuid)
        try await healthStore.onStoreExecutor { try self.removeNow(ids.0, from: ids.1) }
    }

    /// Completion-handler form of `removeAttachment(_:from:)`; the handler runs on a background queue.
    open func removeAttachment(
        _ attachment: HKAttachment, from object: HKObject, completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        let (id, uuid) = (attachment.identifier, object.uuid)
        healthStore.reportInBackground(to: completion) { try self.removeNow(id, from: uuid) }
    }

    private func removeNow(_ attachment: UUID, from object: UUID) throws {
        do {
            try healthStore.dataStore.removeAttachment(attachment, from: object)
        } catch {
            throw HKError.from(error)
        }
    }

    // MARK: Reading

    /// A reader of an attachment's bytes.
    open func dataReader(for attachment: HKAttachment) -> HKAttachmentDataReader {
        let ids = (attachment.identifier, attachment.model.objectUUID)
        return HKAttachmentDataReader(attachment: attachment) { [healthStore] in
            try await healthStore.onStoreExecutor { try Self.data(ids.0, of: ids.1, in: healthStore) }
        }
    }

    /// An attachment's bytes, whole; the handler runs on a background queue. The returned progress counts bytes.
    @discardableResult
    open func getData(for attachment: HKAttachment, completion: @escaping (Data?, (any Error)?) -> Void) -> Progress {
        let progress = Progress(totalUnitCount: Int64(attachment.size))
        let (id, object) = (attachment.identifier, attachment.model.objectUUID)
        let counter = UncheckedSendable(progress)
        healthStore.inBackground(
            { [healthStore] in try Self.data(id, of: object, in: healthStore) },
            deliver: { outcome in
                switch outcome {
                case let .success(data):
                    counter.value.completedUnitCount = Int64(data.count)
                    completion(data, nil)
                case let .failure(error):
                    completion(nil, error)
                }
            })
        return progress
    }

    /// An attachment's bytes in chunks of at most 64 KiB, in order; the last call has `done` true (an empty file:
    /// one call with empty data). The handler runs on a background queue; the returned progress counts bytes.
    @discardableResult
    open func streamData(
        for attachment: HKAttachment, dataHandler: @escaping (Data?, (any Error)?, Bool) -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: Int64(attachment.size))
        let (id, object) = (attachment.identifier, attachment.model.objectUUID)
        let counter = UncheckedSendable(progress)
        healthStore.inBackground(
            { [healthStore] in try Self.data(id, of: object, in: healthStore) },
            deliver: { outcome in
                switch outcome {
                case let .success(data):
                    var offset = data.startIndex
                    repeat {
                        let end = min(offset + Self.chunkSize, data.endIndex)
                        counter.value.completedUnitCount += Int64(end - offset)
                        dataHandler(data.subdata(in: offset..<end), nil, end == data.endIndex)
                        offset = end
                    } while offset < data.endIndex
                case let .failure(error):
                    dataHandler(nil, error, true)
                }
            })
        return progress
    }

    /// The size of the chunks `streamData(for:dataHandler:)` hands over.
    static let chunkSize = 64 * 1024

    private static func data(_ id: UUID, of object: UUID, in healthStore: HKHealthStore) throws -> Data {
        do {
            return try healthStore.dataStore.attachmentData(id, of: object)
        } catch {
            throw HKError.from(error)
        }
    }
}
