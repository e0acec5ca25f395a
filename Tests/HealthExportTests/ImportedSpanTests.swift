import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@testable import HealthExport

/// Spans of the data file that an earlier import read whole are passed over by the next import of the same bytes
/// (`ExportSpanSplitter`, `ImportedSpan`): the store must end exactly as with every record read.
extension StorageBackend {
    /// Whether the backend remembers the spans an import read whole. `PostgresStorage` keeps `HealthStorage`'s
    /// default (it remembers none), so there every import reads every record, and ends with the same store.
    var remembersImportedSpans: Bool { self != .postgres }
}

@Suite("Re-imports pass over spans read whole before, and end with the same store")
struct ImportedSpanTests {
    /// `days` days of step records (12 a day, some with metadata children), one line each.
    static func stepDays(_ days: Range<Int>, value: Int = 10) -> String {
        var body = ""
        for day in days {
            let date = Calendar(identifier: .gregorian).date(
                from: DateComponents(
                    timeZone: TimeZone(identifier: "Europe/Berlin"), year: 2024, month: 1, day: 1))!.addingTimeInterval(
                    Double(day) * 86_400)
            for hour in 8..<20 {
                let start = ExportFixtures.format(date.addingTimeInterval(Double(hour) * 3_600))
                let end = ExportFixtures.format(date.addingTimeInterval(Double(hour) * 3_600 + 600))
                if hour == 12 {
                    body +=
                        " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Watch\" unit=\"count\" creationDate=\"\(end)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value + day)\">\n  <MetadataEntry key=\"HKTimeZone\" value=\"Europe/Berlin\"/>\n </Record>\n"
                } else {
                    body += ExportFixtures.steps(value + hour, start: start, end: end)
                }
            }
        }
        return body
    }

    static func stepCount(_ store: HealthDataStore) throws -> Int {
        try store.samples(SampleQueryRequest(type: try SampleType.quantity("stepCount"))).count
    }

    @Test(
        "The same file again passes over most of its bytes, stores nothing and counts every record as stored",
        arguments: StorageBackend.allCases)
    func sameFileIsPassedOver(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try ExportFixtures.write(
            ExportFixtures.document(Self.stepDays(0..<600)), named: "export.xml", in: folder)
        let (store, reopen) = try backend.makeReopenableStore()
        let first = try ExportFixtures.importer(store: store).0.importExport(at: url)
        #expect(first.quantitySamples == 7_200)
        #expect(first.bytesPassedOver == 0)
        let again = try ExportFixtures.importer(store: try reopen()).0.importExport(at: url)
        #expect(again.samplesStored == 0)
        #expect(again.alreadyStored == 7_200)
        #expect(again.issues.isEmpty)
        #expect(
            backend.remembersImportedSpans ? again.bytesPassedOver > again.bytesRead / 2 : again.bytesPassedOver == 0,
            "passed over \(again.bytesPassedOver) of \(again.bytesRead)")
        #expect(try Self.stepCount(try reopen()) == 7_200)
        // Without passing over, the same result from reading every record.
        let slow = try ExportImporter(store: try reopen(), clock: ContinuousClock(), reusesImportedSpans: false)
            .importExport(at: url)
        #expect(slow.bytesPassedOver == 0 && slow.alreadyStored == 7_200 && slow.samplesStored == 0)
    }

    @Test(
        "A newer export with records inserted in the middle stores exactly them, and a problem after passed-over spans keeps its line",
        arguments: StorageBackend.allCases)
    func newerExportStoresOnlyWhatIsNew(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = Self.stepDays(0..<300) + Self.stepDays(300..<600)
        let inserted = ExportFixtures.steps(4_242, start: "2024-06-01 23:50:00 +0200", end: "2024-06-01 23:55:00 +0200")
        let invalid =
            " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Watch\" unit=\"count\" startDate=\"2025-01-01 10:00:00 +0100\" endDate=\"2025-01-01 09:00:00 +0100\" value=\"5\"/>\n"
        let newer = Self.stepDays(0..<300) + inserted + Self.stepDays(300..<600) + invalid
        let oldURL = try ExportFixtures.write(ExportFixtures.document(old), named: "old.xml", in: folder)
        let newURL = try ExportFixtures.write(ExportFixtures.document(newer), named: "new.xml", in: folder)
        let (store, reopen) = try backend.makeReopenableStore()
        _ = try ExportFixtures.importer(store: store).0.importExport(at: oldURL)
        let report = try ExportFixtures.importer(store: try reopen()).0.importExport(at: newURL)
        #expect(report.quantitySamples == 1)
        #expect(report.alreadyStored == 7_200)
        #expect((report.bytesPassedOver > 0) == backend.remembersImportedSpans)
        #expect(try Self.stepCount(try reopen()) == 7_201)
        // The invalid record is on the line before </HealthData>, the last line of the file.
        let lines = ExportFixtures.document(newer).split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(report.issues.map(\.line) == [lines - 1])
    }

    @Test(
        "A record ignored for an older sync version is reported again, as when every record is read",
        arguments: StorageBackend.allCases)
    func ignoredRecordsAreReportedAgain(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sync =
            "  <MetadataEntry key=\"HKMetadataKeySyncIdentifier\" value=\"same\"/>\n  <MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"1\"/>\n </Record>\n"
        let twins = [7, 8].map { value in
            " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Scale App\" unit=\"count\" creationDate=\"2024-05-01 10:00:00 +0200\" startDate=\"2024-05-01 09:00:00 +0200\" endDate=\"2024-05-01 09:10:00 +0200\" value=\"\(value)\">\n"
                + sync
        }.joined()
        let url = try ExportFixtures.write(
            ExportFixtures.document(Self.stepDays(0..<300) + twins + Self.stepDays(300..<600)), named: "export.xml",
            in: folder)
        let (store, reopen) = try backend.makeReopenableStore()
        let first = try ExportFixtures.importer(store: store).0.importExport(at: url)
        #expect(first.samplesStored == 7_201)
        #expect(first.olderSyncVersions == 1)
        let passing = try ExportFixtures.importer(store: try reopen()).0.importExport(at: url)
        let reading = try ExportImporter(store: try reopen(), clock: ContinuousClock(), reusesImportedSpans: false)
            .importExport(at: url)
        #expect((passing.bytesPassedOver > 0) == backend.remembersImportedSpans)
        let expected: [Int] = [0, 7_201, 1]
        #expect([passing.samplesStored, passing.alreadyStored, passing.olderSyncVersions] == expected)
        #expect([reading.samplesStored, reading.alreadyStored, reading.olderSyncVersions] == expected)
    }

    @Test(
        "After a deletion the spans are forgotten, and a re-import brings the deleted sample back",
        arguments: StorageBackend.allCases)
    func deletionForgetsSpans(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = try ExportFixtures.write(
            ExportFixtures.document(Self.stepDays(0..<300)), named: "export.xml", in: folder)
        let (store, reopen) = try backend.makeReopenableStore()
        _ = try ExportFixtures.importer(store: store).0.importExport(at: url)
        #expect(try store.storage.importedSpans().isEmpty == !backend.remembersImportedSpans)
        let victim = try store.samples(SampleQueryRequest(type: try SampleType.quantity("stepCount"), limit: 1))
        try store.delete(victim.map(\.uuid))
        #expect(try reopen().storage.importedSpans().isEmpty)
        let again = try ExportFixtures.importer(store: try reopen()).0.importExport(at: url)
        #expect(again.bytesPassedOver == 0)
        #expect(again.quantitySamples == 1)
        #expect(try Self.stepCount(try reopen()) == 3_600)
    }

    @Test("Spans are cut where the content says, whatever the chunks the file arrives in")
    func spansDoNotDependOnChunks() throws {
        let text = ExportFixtures.document(Self.stepDays(0..<200))
        let bytes = Array(text.utf8)
        func spans(chunk: Int) throws -> [String] {
            var splitter = ExportSpanSplitter()
            var result: [String] = []
            let collect: (ExportSpanSplitter.Span) throws -> Void = { span in
                result.append("\(span.bytes.count) \(span.lines) \(span.isSkippable) \(span.digest.high)")
            }
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + chunk, bytes.count)
                try bytes[offset..<end].withUnsafeBytes { try splitter.add($0, collect) }
                offset = end
            }
            try splitter.finish(collect)
            return result
        }
        let whole = try spans(chunk: bytes.count)
        #expect(whole.count > 3)
        #expect(whole.first?.hasSuffix("false 0") == true && whole.last?.contains(" false ") == true)
        for chunk in [1, 7, 100, 4_096, 65_536] { #expect(try spans(chunk: chunk) == whole, "chunks of \(chunk)") }
        let total = whole.map { Int($0.split(separator: " ")[0])! }.reduce(0, +)
        #expect(total == bytes.count)
        let lines = whole.map { Int($0.split(separator: " ")[1])! }.reduce(0, +)
        #expect(lines == bytes.filter { $0 == 0x0A }.count)
    }
}
