import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Re-importing adds only what is new")
struct IdempotentImportTests {
    @Test(
        "re-importing the same export stores nothing new and counts everything as already stored",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason), arguments: StorageBackend.allCases)
    func reimportIsIdempotent(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let (importer, collector) = ExportFixtures.importer(store: store, batchSize: 500)
        let first = try importer.importExport(at: ExportFixtures.url("comocomo-export.xml"))
        func count() throws -> Int { try store.storage.typeSummaries().reduce(0) { $0 + $1.count } }
        let countAfterFirst = try count()
        let sequenceAfterFirst = try store.storage.latestSequence()
        let second = try importer.importExport(at: ExportFixtures.url("comocomo-export.xml"))
        #expect(second.samplesStored == 0)
        #expect(try count() == countAfterFirst)
        #expect(try store.storage.latestSequence() == sequenceAfterFirst)
        // Everything read the second time was there before (exact duplicates of the export included).
        #expect(second.alreadyStored == first.samplesStored + first.duplicatesInExport)
        #expect(second.duplicatesInExport == 0)
        #expect(collector.routes.isEmpty)
    }

    @Test(
        "a newer export of the same phone adds only the records that are new, even with new device addresses",
        arguments: StorageBackend.allCases)
    func newerExportAddsOnlyNewRecords(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let older = (0..<10).map { hour in
            ExportFixtures.steps(
                100 + hour, start: "2024-03-09 \(10 + hour):00:00 -0800", end: "2024-03-09 \(10 + hour):30:00 -0800",
                device:
                    "&lt;&lt;HKDevice: 0x283e34b40&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.3&gt;"
            )
        }
        let newer = (0..<15).map { hour in
            ExportFixtures.steps(
                100 + hour,
                start: "2024-03-09 \(10 + hour % 14):00:00 -0800".replacingOccurrences(
                    of: "2024-03-09 2", with: hour >= 14 ? "2024-03-10 0" : "2024-03-09 2"),
                end: "2024-03-09 \(10 + hour % 14):30:00 -0800".replacingOccurrences(
                    of: "2024-03-09 2", with: hour >= 14 ? "2024-03-10 0" : "2024-03-09 2"),
                device:
                    "&lt;&lt;HKDevice: 0x600001f2c460&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.3&gt;"
            )
        }
        let olderURL = try ExportFixtures.write(ExportFixtures.document(older.joined()), named: "older.xml", in: folder)
        let newerURL = try ExportFixtures.write(ExportFixtures.document(newer.joined()), named: "newer.xml", in: folder)
        let store = backend.makeStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let first = try importer.importExport(at: olderURL)
        #expect(first.quantitySamples == 10)
        let second = try importer.importExport(at: newerURL)
        #expect(second.quantitySamples == 5)
        #expect(second.alreadyStored == 10)
        let steps = try ExportFixtures.samples(store, .quantity("HKQuantityTypeIdentifierStepCount"))
        #expect(steps.count == 15)
        // One phone stays one device.
        #expect(Set(steps.compactMap(\.device)).count == 1)
    }

    @Test(
        "the order of attributes and of metadata entries does not change a record's identity",
        arguments: StorageBackend.allCases)
    func attributeOrderDoesNotMatter(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = """
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" sourceVersion="9.4" unit="count/min" creationDate="2024-01-01 09:00:00 +0100" startDate="2024-01-01 09:00:00 +0100" endDate="2024-01-01 09:00:00 +0100" value="61">
              <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="1"/>
              <MetadataEntry key="note" value="a"/>
             </Record>

            """
        let reordered = """
             <Record value="61" endDate="2024-01-01 09:00:00 +0100" startDate="2024-01-01 09:00:00 +0100" creationDate="2024-01-01 09:00:00 +0100" unit="count/min" sourceVersion="9.4" sourceName="Watch" type="HKQuantityTypeIdentifierHeartRate">
              <MetadataEntry key="note" value="a"/>
              <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="1"/>
             </Record>
             <Record value="61" endDate="2024-01-01 09:00:00 +0100" startDate="2024-01-01 09:00:00 +0100" creationDate="2024-01-01 09:00:00 +0100" unit="count/min" sourceVersion="9.4" sourceName="Watch" type="HKQuantityTypeIdentifierHeartRate">
              <MetadataEntry key="note" value="b"/>
              <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="1"/>
             </Record>

            """
        let store = backend.makeStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let one = try importer.importExport(
            at: try ExportFixtures.write(ExportFixtures.document(first), named: "one.xml", in: folder))
        #expect(one.quantitySamples == 1)
        let two = try importer.importExport(
            at: try ExportFixtures.write(ExportFixtures.document(reordered), named: "two.xml", in: folder))
        // The reordered copy is the same record; the one with a different metadata value is new.
        #expect(two.alreadyStored == 1)
        #expect(two.quantitySamples == 1)
    }

    @Test(
        "exact duplicates inside one export are stored once and counted, into a new store and into one holding data",
        arguments: StorageBackend.allCases)
    func exactDuplicatesAreStoredOnce(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = ExportFixtures.steps(42, start: "2024-01-01 09:00:00 +0100", end: "2024-01-01 09:10:00 +0100")
        let other = ExportFixtures.steps(43, start: "2024-01-01 09:00:00 +0100", end: "2024-01-01 09:10:00 +0100")
        let earlier = ExportFixtures.steps(7, start: "2023-12-31 09:00:00 +0100", end: "2023-12-31 09:10:00 +0100")
        let url = try ExportFixtures.write(
            ExportFixtures.document(record + other + record + record), named: "export.xml", in: folder)
        let seed = try ExportFixtures.write(ExportFixtures.document(earlier), named: "seed.xml", in: folder)
        // Batches of one: the duplicate is found in the store, not only inside a batch. A new store asks the store only
        // about what the import's identifier filter has seen; one holding data asks about every record.
        for (index, batchSize) in [1, 100, 1, 100].enumerated() {
            let storeFolder = folder.appendingPathComponent("store-\(index)")
            try FileManager.default.createDirectory(at: storeFolder, withIntermediateDirectories: true)
            let store = try backend.makeReopenableStore().store
            if index >= 2 { _ = try ExportFixtures.importer(store: store).0.importExport(at: seed) }
            let (importer, _) = ExportFixtures.importer(store: store, batchSize: batchSize)
            let report = try importer.importExport(at: url)
            #expect(report.quantitySamples == 2)
            #expect(report.duplicatesInExport == 2)
            #expect(report.alreadyStored == 0)
            #expect(
                try store.samples(SampleQueryRequest(type: try SampleType.quantity("stepCount"))).count
                    == (index >= 2 ? 3 : 2))
        }
    }

    @Test(
        "the import writes no source order: the default ranks a hand entry first, then the watch, the phone, apps by latest sample",
        arguments: StorageBackend.allCases)
    func defaultSourceOrderFollowsTheData(_ backend: StorageBackend) throws {
        let folder = try ExportFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let watch =
            "&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;"
        let phone =
            "&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.3&gt;"
        let body =
            ExportFixtures.steps(
                1, start: "2024-01-01 09:00:00 +0100", end: "2024-01-01 09:10:00 +0100", source: "Old App")
            + ExportFixtures.steps(
                2, start: "2024-01-02 09:00:00 +0100", end: "2024-01-02 09:10:00 +0100", source: "New App")
            + ExportFixtures.steps(
                3, start: "2024-01-01 09:00:00 +0100", end: "2024-01-01 09:10:00 +0100", source: "iPhone", device: phone
            )
            + ExportFixtures.steps(
                4, start: "2024-01-01 09:00:00 +0100", end: "2024-01-01 09:10:00 +0100", source: "Watch", device: watch)
            + ExportFixtures.steps(
                5, start: "2024-01-01 09:00:00 +0100", end: "2024-01-01 09:10:00 +0100", source: "Health",
                extra: "><MetadataEntry key=\"HKWasUserEntered\" value=\"1\"/></Record"
            ).replacingOccurrences(of: "/>\n", with: ">\n")
        let url = try ExportFixtures.write(ExportFixtures.document(body), named: "export.xml", in: folder)
        let store = backend.makeStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: url)
        #expect(report.quantitySamples == 5, "\(report.issues)")
        let steps = try SampleType.quantity("HKQuantityTypeIdentifierStepCount")
        #expect(try store.records.sourceOrder(for: steps) == nil)
        // Sources by their devices; the hand-entered Health record has none, so its source is a third party: after
        // the new app (its sample ends a day later), before the old app (the same end, by bundle identifier). A hand
        // entry ranks first as a sample, which a list of sources does not show.
        #expect(
            try store.sourcesInPriorityOrder(for: steps).map(\.bundleIdentifier) == [
                "export:Watch", "export:iPhone", "export:New App", "export:Health", "export:Old App",
            ])
        // January 1: the hand entry (5) wins the slice over the watch, the phone and the old app; January 2: the new app.
        #expect(try store.statistics(of: steps, options: [.cumulativeSum]).merged.sum?.value == 5 + 2)
    }

    @Test(
        "identifiers lead with the start time in milliseconds, so an export sorted by time comes in identifier order",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason), arguments: StorageBackend.allCases)
    func identifiersLeadWithTheStartTime(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        _ = try importer.importExport(at: ExportFixtures.url("comocomo-export.xml"))
        var checked = 0
        for type in [
            try SampleType.quantity("HKQuantityTypeIdentifierStepCount"), .workout,
            try SampleType.correlation("HKCorrelationTypeIdentifierFood"),
        ] {
            let samples = try ExportFixtures.samples(store, type).sorted { $0.startDate < $1.startDate }
            #expect(!samples.isEmpty)
            for sample in samples {
                let prefix = withUnsafeBytes(of: sample.uuid.uuid) { raw in
                    raw.prefix(6).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                }
                #expect(
                    prefix == UInt64((sample.startDate.timeIntervalSince1970 * 1000).rounded(.down)),
                    "\(type.identifier) \(sample.startDate)")
                #expect(sample.uuid.uuidString.dropFirst(14).first == "8")
                checked += 1
            }
        }
        #expect(checked > 1_000)
    }
}
