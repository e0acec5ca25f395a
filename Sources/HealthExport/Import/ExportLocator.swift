import Foundation
import ZIPFoundation

/// Where the export's XML is and how to read it and the files it references: a plain file, a file inside an unzipped
/// `apple_health_export/` folder, or an entry of `export.zip` (read streaming, never unpacked to disk).
struct ExportLocation {
    /// How the bytes are reached.
    enum Container {
        /// A file on disk; referenced files are relative to `folder`.
        case file(URL, folder: URL)
        /// An entry of a zip archive; referenced files are entries relative to `folder` (an entry path prefix).
        case zip(Archive, entry: Entry, folder: String)
    }

    /// How the bytes are reached.
    let container: Container
    /// The path given by the caller.
    let path: String
    /// The XML file's name (inside the zip or folder).
    let dataFile: String
    /// The XML's size in bytes (uncompressed).
    let totalBytes: Int64

    /// The size of the chunks handed to the tokenizer.
    static let chunkSize = 4 << 20

    /// Streams the XML in chunks.
    func read(_ consumer: (UnsafeRawBufferPointer) throws -> Void) throws {
        switch container {
        case let .file(url, _):
            try ExportLocation.readFile(url, path: path, consumer)
        case let .zip(archive, entry, _):
            do {
                _ = try archive.extract(entry, bufferSize: ExportLocation.chunkSize, skipCRC32: true) { data in
                    try data.withUnsafeBytes { try consumer($0) }
                }
            } catch let error as HealthExportError {
                throw error
            } catch let error as ExportLocator.StopReading {
                throw error
            } catch {
                throw HealthExportError.unreadable(file: path, reason: "\(error)")
            }
        }
    }

    /// Streams a file the export references (`/workout-routes/route_….gpx`); false when it does not exist.
    func readReferencedFile(_ reference: String, _ consumer: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        let relative = reference.hasPrefix("/") ? String(reference.dropFirst()) : reference
        switch container {
        case let .file(_, folder):
            guard let url = ExportLocation.referencedURL(reference, in: folder),
                FileManager.default.fileExists(atPath: url.path)
            else { return false }
            try ExportLocation.readFile(url, path: url.path, consumer)
            return true
        case let .zip(archive, _, folder):
            guard let entry = archive[folder + relative] else { return false }
            _ = try archive.extract(entry, bufferSize: ExportLocation.chunkSize, skipCRC32: true) { data in
                try data.withUnsafeBytes { try consumer($0) }
            }
            return true
        }
    }

    /// The URL of a referenced file (`/workout-routes/…`) in the export's folder; nil for a path that climbs out of it
    /// (`../…`), which no export writes: an uploaded document must not make the server read its other files.
    static func referencedURL(_ reference: String, in folder: URL) -> URL? {
        let relative = reference.hasPrefix("/") ? String(reference.dropFirst()) : reference
        guard !relative.split(separator: "/").contains("..") else { return nil }
        return folder.appendingPathComponent(relative)
    }

    /// Streams a file in chunks.
    static func readFile(_ url: URL, path: String, _ consumer: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw HealthExportError.unreadable(file: path, reason: "cannot open \(url.path)")
        }
        defer { try? handle.close() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let descriptor = handle.fileDescriptor
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress, chunkSize)
            if count < 0 { throw HealthExportError.unreadable(file: path, reason: "read failed (errno \(errno))") }
            if count == 0 { return }
            try consumer(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}

/// Finds the export's XML at a path: the XML file itself, a folder (the unzipped `apple_health_export/` or the folder
/// holding it), or `export.zip`. The XML is recognized by its `<HealthData` root, whatever its (localized) name.
enum ExportLocator {
    /// Thrown to stop reading once the root element is known.
    struct StopReading: Error {
        let rootName: String?
    }

    /// The export at a path.
    static func locate(_ url: URL) throws -> ExportLocation {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw HealthExportError.unreadable(file: path, reason: "no such file or folder")
        }
        if isDirectory.boolValue { return try locateInFolder(url) }
        if try isZip(url) { return try locateInZip(url) }
        let location = ExportLocation(
            container: .file(url, folder: url.deletingLastPathComponent()), path: path, dataFile: url.lastPathComponent,
            totalBytes: fileSize(url))
        guard try rootName(of: location) == "HealthData" else { throw HealthExportError.noHealthData(file: path) }
        return location
    }

    private static func fileSize(_ url: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.int64Value ?? 0
    }

    private static func isZip(_ url: URL) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw HealthExportError.unreadable(file: url.path, reason: "cannot open")
        }
        defer { try? handle.close() }
        let magic = handle.readData(ofLength: 4)
        return magic == Data([0x50, 0x4B, 0x03, 0x04])
    }

    private static func locateInFolder(_ folder: URL) throws -> ExportLocation {
        let manager = FileManager.default
        var candidates: [URL] = []
        for directory in [folder, folder.appendingPathComponent("apple_health_export")] {
            let names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where name.lowercased().hasSuffix(".xml") {
                candidates.append(directory.appendingPathComponent(name))
            }
        }
        // export_cda.xml (clinical documents) is never the data file; try the others first anyway by size.
        candidates.sort { fileSize($0) > fileSize($1) }
        for candidate in candidates {
            let location = ExportLocation(
                container: .file(candidate, folder: candidate.deletingLastPathComponent()), path: folder.path,
                dataFile: candidate.lastPathComponent, totalBytes: fileSize(candidate))
            if (try? rootName(of: location)) == "HealthData" { return location }
        }
        throw HealthExportError.noHealthData(file: folder.path)
    }

    private static func locateInZip(_ url: URL) throws -> ExportLocation {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw HealthExportError.unreadable(file: url.path, reason: "not a readable zip archive: \(error)")
        }
        let entries = archive.filter { $0.type == .file && $0.path.lowercased().hasSuffix(".xml") }
            .sorted { $0.uncompressedSize > $1.uncompressedSize }
        for entry in entries {
            let folder = entry.path.split(separator: "/").dropLast().map { $0 + "/" }.joined()
            let location = ExportLocation(
                container: .zip(archive, entry: entry, folder: folder), path: url.path,
                dataFile: entry.path, totalBytes: Int64(entry.uncompressedSize))
            if (try? rootName(of: location)) == "HealthData" { return location }
        }
        throw HealthExportError.noHealthData(file: url.path)
    }

    /// The name of the document's first element, reading no more than needed (the DTD is skipped).
    static func rootName(of location: ExportLocation) throws -> String? {
        var finder = RootFinder()
        var tokenizer = XMLTokenizer()
        defer { tokenizer.deallocate() }
        var read = 0
        do {
            try location.read { chunk in
                try tokenizer.feed(chunk, into: &finder)
                read += chunk.count
                if read > 8 << 20 { throw StopReading(rootName: nil) }
            }
        } catch let stop as StopReading {
            return stop.rootName
        }
        return nil
    }

    private struct RootFinder: XMLTokenHandler {
        mutating func startElement(_ tag: XMLTag) throws {
            throw StopReading(rootName: String(decoding: tag.name, as: UTF8.self))
        }
        mutating func endElement(name: UnsafeRawBufferPointer, line: Int) throws {}
        mutating func text(_ bytes: UnsafeRawBufferPointer) {}
        var wantsText: Bool { false }
    }
}
