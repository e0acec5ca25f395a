import Foundation
import HealthModel
import HealthStore

@testable import HealthExport

/// The export reader, from bytes to records: `XMLTokenizer`, `ExportDocumentReader`, `ExportRecordBuilder` and the
/// batcher, through `ExportImporter` into an in-memory store. The tokens do not depend on where the file is cut into
/// chunks, and importing the same file again stores nothing new (records are identified by their content).
enum ExportXMLFuzzTarget {
    /// A folder of this process for the file being imported, in memory (`/dev/shm`) where there is one.
    private static let folder: URL = {
        let base =
            FileManager.default.fileExists(atPath: "/dev/shm")
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        let url = base.appendingPathComponent("ohk-fuzz-export-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static func run(_ data: Data) throws(ParserFuzzTargets.Violation) {
        let whole = tokens(data, cuts: [])
        let cut = tokens(data, cuts: FuzzChunks.cuts(data))
        if whole != cut {
            let at =
                zip(whole, cut).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(whole.count, cut.count)
            throw violation(
                "tokens differ when cut at \(FuzzChunks.cuts(data)): token \(at) is \(whole.dropFirst(at).first ?? "none") whole, \(cut.dropFirst(at).first ?? "none") cut"
            )
        }

        // A file per call: the tests replay inputs in parallel.
        let file = folder.appendingPathComponent("export-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        // Written with stdio: `Data.write(to:)` syncs the file to disk, which made each input cost a disk flush.
        guard let handle = fopen(file.path, "wb") else { throw violation("cannot write \(file.path)") }
        let written = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
        fclose(handle)
        try check(written == data.count, "cannot write \(file.path)")
        let store = HealthDataStore()
        let first: ImportReport
        do {
            first = try ExportImporter(store: store, clock: ContinuousClock()).importExport(at: file)
        } catch let error as HealthExportError {
            // Refused whole only with an error naming the file: no <HealthData root, or unreadable (a file that
            // starts as a zip but is not one).
            switch error {
            case .noHealthData, .unreadable: return
            default: throw violation("the import failed: \(error)")
            }
        } catch {
            throw violation("the import failed: \(error)")
        }
        for issue in first.issues {
            guard let line = issue.line else { throw violation("an issue names no line: \(issue)") }
            try check(line >= 1, "an issue names line \(line): \(issue)")
        }
        let second: ImportReport
        do {
            second = try ExportImporter(store: store, clock: ContinuousClock()).importExport(at: file)
        } catch {
            throw violation("the second import failed: \(error)")
        }
        try check(
            second.samplesStored == 0,
            "importing the same file again stored \(second.samplesStored) samples (first: \(first.samplesStored))")
    }

    /// Records every tag the tokenizer sends, fed the input cut at `cuts`, with where the tokenizer ends.
    private static func tokens(_ data: Data, cuts: [Int]) -> [String] {
        var recorder = TokenRecorder()
        let end = FuzzChunks.feed(data, cuts: cuts, into: &recorder)
        return recorder.events + [end]
    }

    private struct TokenRecorder: XMLTokenHandler {
        var events: [String] = []
        var wantsText: Bool { false }

        mutating func text(_ bytes: UnsafeRawBufferPointer) {}

        mutating func startElement(_ tag: XMLTag) throws {
            let attributes = tag.attributes.map { "\($0.nameString)=\($0.decodedValue)" }.joined(separator: " ")
            events.append(
                "<\(String(decoding: tag.name, as: UTF8.self)) \(attributes)\(tag.isSelfClosing ? "/" : "")> line \(tag.line)"
            )
        }

        mutating func endElement(name: UnsafeRawBufferPointer, line: Int) throws {
            events.append("</\(String(decoding: name, as: UTF8.self))> line \(line)")
        }
    }

    private static func check(
        _ condition: Bool, _ message: @autoclosure () -> String
    ) throws(ParserFuzzTargets.Violation) {
        try ParserFuzzTargets.check(condition, "export-xml", message())
    }

    private static func violation(_ message: String) -> ParserFuzzTargets.Violation {
        .init(target: "export-xml", message: message)
    }
}
