import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

@Suite("HKAttachmentStore: files attached to the objects an app saved, read by those who may read the object")
struct AttachmentStoreTests {
    /// 2024-03-09 08:00 UTC, the prescription's date and the test clock.
    static let issued = Date(timeIntervalSince1970: 1_709_971_200)

    static func app(_ name: String) -> HKSource {
        HKSource(Source(name: name, bundleIdentifier: "com.example.\(name.lowercased())"))
    }

    /// A scan-sized file (200 KiB of a repeating pattern, so chunks are told apart) written to a temporary folder.
    static func scanFile(bytes: Int = 200 * 1024, name: String = "prescription.pdf") throws -> (URL, Data) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-attachments-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var data = Data("%PDF-1.7\n".utf8)
        data.append(contentsOf: (0..<(bytes - data.count)).map { UInt8(truncatingIfNeeded: $0 * 31 + 7) })
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return (url, data)
    }

    /// An optician app that saved an image-only glasses prescription, on a store of the backend.
    static func opticianWithPrescription(_ store: HealthDataStore) async throws -> (HKHealthStore, HKVisionPrescription)
    {
        let optician = HKHealthStore(
            dataStore: store, clock: { issued.addingTimeInterval(3600) }, client: app("Optician"))
        let type = HKObjectType.visionPrescriptionType()
        try await optician.requestAuthorization(toShare: [type], read: [type])
        let prescription = HKVisionPrescription(
            type: .glasses, dateIssued: issued, expirationDate: issued.addingTimeInterval(2 * 365 * 86_400),
            device: nil, metadata: nil)
        try await optician.save(prescription)
        return (optician, prescription)
    }

    @Test(
        "An attached scan lists with its name, type, size and date, and reads back whole, by bytes and in chunks",
        arguments: StorageBackend.allCases)
    func attachAndRead(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        let (optician, prescription) = try await Self.opticianWithPrescription(store)
        let attachments = HKAttachmentStore(healthStore: optician)
        let (url, data) = try Self.scanFile()
        let added = try await attachments.addAttachment(
            to: prescription, name: "prescription.pdf", contentType: .pdf, url: url,
            metadata: ["Optician": "Brillen Berlin", HKMetadataKeyWasUserEntered: true])

        let listed = try await attachments.attachments(for: prescription)
        #expect(listed.map(\.identifier) == [added.identifier])
        let first = try #require(listed.first)
        #expect(first.name == "prescription.pdf")
        #expect(first.contentType == .pdf)
        #expect(first.size == 204_800)
        #expect(first.creationDate == Self.issued.addingTimeInterval(3600))
        #expect(first.metadata?["Optician"] as? String == "Brillen Berlin")

        let reader = attachments.dataReader(for: first)
        #expect(try await reader.data == data)
        #expect(reader.progress.completedUnitCount == 204_800)
        var streamed = Data()
        for try await byte in reader.bytes { streamed.append(byte) }
        #expect(streamed == data)

        let chunks = try await withCheckedThrowingContinuation { (done: CheckedContinuation<[Data], any Error>) in
            let collected = Collected()
            attachments.streamData(for: first) { chunk, error, finished in
                if let error { return done.resume(throwing: error) }
                collected.append(chunk ?? Data())
                if finished { done.resume(returning: collected.all) }
            }
        }
        #expect(chunks.map(\.count) == [65_536, 65_536, 65_536, 8_192])
        #expect(chunks.reduce(Data(), +) == data)
    }

    @Test(
        "Another app sees no attachments of an object it may not read, and cannot attach to or remove from it",
        arguments: StorageBackend.allCases)
    func otherAppsSeeNothing(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        let (optician, prescription) = try await Self.opticianWithPrescription(store)
        let (url, _) = try Self.scanFile(bytes: 4096, name: "scan.jpeg")
        let added = try await HKAttachmentStore(healthStore: optician).addAttachment(
            to: prescription, name: "scan.jpeg", contentType: .jpeg, url: url)

        let frames = HKHealthStore(dataStore: store, client: Self.app("Frames"))
        let type = HKObjectType.visionPrescriptionType()
        try await frames.requestAuthorization(toShare: [type], read: [type])
        let theirs = HKAttachmentStore(healthStore: frames)
        // Not granted the object: its attachments look exactly like none.
        #expect(try await theirs.attachments(for: prescription).isEmpty)
        await #expect(throws: HKError.self) { try await theirs.dataReader(for: added).data }
        await #expect(throws: HKError.self) {
            try await theirs.addAttachment(to: prescription, name: "other.jpeg", contentType: .jpeg, url: url)
        }
        // Granted the object, it reads the attachment but still may not change another app's object.
        try await frames.requestPerObjectReadAuthorization(for: type, predicate: nil)
        #expect(try await theirs.attachments(for: prescription).map(\.name) == ["scan.jpeg"])
        await #expect(throws: HKError.self) { try await theirs.removeAttachment(added, from: prescription) }
        #expect(try await HKAttachmentStore(healthStore: optician).attachments(for: prescription).count == 1)
    }

    @Test(
        "Removing an attachment, or deleting its object, removes the file; a removed one reads as not found",
        arguments: StorageBackend.allCases)
    func removeAndCascade(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        let (optician, prescription) = try await Self.opticianWithPrescription(store)
        let attachments = HKAttachmentStore(healthStore: optician)
        let (url, _) = try Self.scanFile(bytes: 1024)
        let first = try await attachments.addAttachment(to: prescription, name: "a.pdf", contentType: .pdf, url: url)
        let second = try await attachments.addAttachment(to: prescription, name: "b.pdf", contentType: .pdf, url: url)
        try await attachments.removeAttachment(first, from: prescription)
        #expect(try await attachments.attachments(for: prescription).map(\.identifier) == [second.identifier])
        await #expect(throws: HKError.self) { try await attachments.removeAttachment(first, from: prescription) }
        await #expect(throws: HKError.self) { try await attachments.dataReader(for: first).data }

        try await optician.delete(prescription)
        #expect(try store.attachments(of: prescription.uuid).isEmpty)
        #expect(throws: HealthStoreError.self) { try store.attachmentData(second.identifier, of: prescription.uuid) }
    }

    @Test("Bad attachments are refused naming the field or the file, and nothing is stored")
    func badInput() async throws {
        let store = HealthDataStore()
        let (optician, prescription) = try await Self.opticianWithPrescription(store)
        let attachments = HKAttachmentStore(healthStore: optician)
        let (url, _) = try Self.scanFile(bytes: 512)
        let cases: [(name: String, url: URL, expected: String)] = [
            ("", url, "name"),
            ("scans/a.pdf", url, "name"),
            ("a.pdf", URL(string: "https://example.org/a.pdf")!, "not a local file URL"),
            ("a.pdf", url.deletingLastPathComponent().appendingPathComponent("missing.pdf"), "missing.pdf"),
        ]
        for (name, fileURL, expected) in cases {
            do {
                _ = try await attachments.addAttachment(to: prescription, name: name, contentType: .pdf, url: fileURL)
                Issue.record("\(name) \(fileURL) was accepted")
            } catch let error as HKError {
                #expect(error.code == .errorInvalidArgument)
                #expect(error.localizedDescription.contains(expected), "\(error.localizedDescription)")
            }
        }
        let unsaved = HKVisionPrescription(
            type: .contacts, dateIssued: Self.issued, expirationDate: nil, device: nil, metadata: nil)
        await #expect(throws: HKError.self) {
            try await attachments.addAttachment(to: unsaved, name: "a.pdf", contentType: .pdf, url: url)
        }
        #expect(try await attachments.attachments(for: prescription).isEmpty)
    }

    @Test("UTType knows the attachment types by identifier, file name extension and MIME type")
    func uniformTypes() {
        #expect(UTType(filenameExtension: "PDF") == .pdf)
        #expect(UTType(mimeType: "image/jpeg") == .jpeg)
        #expect(UTType("public.heic")?.preferredFilenameExtension == "heic")
        #expect(UTType.jpeg.conforms(to: .image))
        #expect(!UTType.pdf.conforms(to: .image))
        #expect(UTType("org.example.custom")?.identifier == "org.example.custom")
        #expect(UTType("") == nil)
    }
}

/// Chunks gathered from a background queue's callbacks.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [Data] = []

    func append(_ chunk: Data) { lock.withLock { chunks.append(chunk) } }
    var all: [Data] { lock.withLock { chunks } }
}
