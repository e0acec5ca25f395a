import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

/// Imports an Apple Health export (`export.zip`, the unzipped `apple_health_export/` folder, or the XML file itself)
/// into a store, streaming with bounded memory.
///
/// Samples go to the store in large batches, identified by their content so that re-importing the same export, or a
/// newer export of the same phone, adds only what is new. Activity summaries, characteristics, routes, heartbeat
/// series, the export's date and locale and elements kept as written are saved into the store too (keyed, so a
/// re-import replaces them), and also passed to the receiver when one is given. A record that cannot be read is reported with its line and
/// the rest of the file still imports; a file that ends early imports what was complete.
public final class ExportImporter {
    /// The store samples are saved into.
    public let store: HealthDataStore
    /// A further receiver of everything besides samples (which the store keeps anyway), if any.
    public let receiver: ImportedDataReceiver?
    /// Samples per saved batch.
    public let batchSize: Int
    /// Whether spans of the file that an earlier import read whole are passed over (`ImportedSpan`).
    public let reusesImportedSpans: Bool
    private let elapsed: () -> Duration

    /// An importer into a store; `clock` measures the import's duration and rate (pass `ContinuousClock()`).
    public init<C: Clock>(
        store: HealthDataStore, receiver: ImportedDataReceiver? = nil, clock: C, batchSize: Int = 20_000,
        reusesImportedSpans: Bool = true
    ) where C.Duration == Duration {
        self.store = store
        self.receiver = receiver
        self.batchSize = max(1, batchSize)
        self.reusesImportedSpans = reusesImportedSpans
        let start = clock.now
        self.elapsed = { start.duration(to: clock.now) }
    }

    /// Imports the export at `url`; `progress` is called after each chunk of the XML (every few megabytes) and once at
    /// the end. Throws only when nothing can be imported (no export at the path, an unreadable file); problems inside
    /// the file are in the report.
    public func importExport(at url: URL, progress: ((ImportProgress) -> Void)? = nil) throws -> ImportReport {
        let started = elapsed()
        let location = try ExportLocator.locate(url)
        let file = location.dataFile
        let builder = ExportRecordBuilder(file: file)
        let batcher = try SampleBatcher(
            store: store, builder: builder, file: file, batchSize: batchSize,
            report: ImportReport(path: url.path, dataFile: file))
        let writer = ImportedDataWriter(store: store, next: receiver)
        var reader = ExportDocumentReader(file: file, builder: builder, batcher: batcher, receiver: writer)
        var tokenizer = XMLTokenizer()
        defer { tokenizer.deallocate() }
        func report() {
            progress?(
                ImportProgress(
                    bytesRead: tokenizer.consumedBytes, totalBytes: location.totalBytes, records: batcher.samplesRead,
                    elapsed: elapsed() - started))
        }
        // Spans an earlier import read whole are passed over when the reader is between top-level elements at their
        // start; spans read whole now are remembered once their samples are committed.
        let known =
            reusesImportedSpans
            ? Dictionary(try store.importedSpans.all().map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            : [:]
        var readWhole: [(span: ImportedSpan, firstLine: Int)] = []
        func take(_ span: ExportSpanSplitter.Span) throws {
            let startsAtTop = reader.isAtTopLevel && tokenizer.isBetweenTags
            let key = ImportedSpan.Key(
                digestHigh: span.digest.high, digestLow: span.digest.low, length: Int64(span.bytes.count))
            if span.isSkippable, startsAtTop, let earlier = known[key], earlier.lines == span.lines {
                tokenizer.passOver(byteCount: span.bytes.count, lines: span.lines)
                batcher.passOver(samples: Int(earlier.samples))
                batcher.report.bytesPassedOver += Int64(span.bytes.count)
                return
            }
            let samplesBefore = batcher.samplesRead
            let issuesBefore = batcher.report.issues.count
            let firstLine = tokenizer.line
            try tokenizer.feed(span.bytes, into: &reader)
            if span.isSkippable, startsAtTop, reader.isAtTopLevel, tokenizer.isBetweenTags,
                batcher.report.issues.count == issuesBefore
            {
                readWhole.append(
                    (
                        ImportedSpan(
                            key: key, lines: Int64(span.lines), samples: Int64(batcher.samplesRead - samplesBefore)),
                        firstLine
                    ))
            }
        }
        var splitter = ExportSpanSplitter()
        try location.read { chunk in
            if reusesImportedSpans {
                try splitter.add(chunk, take)
            } else {
                try tokenizer.feed(chunk, into: &reader)
            }
            report()
        }
        if reusesImportedSpans { try splitter.finish(take) }
        let issuesBeforeSaving = batcher.report.issues.count
        try batcher.finish()
        // Every workout and HRV sample of the document is stored: their routes and heartbeat series may follow.
        writer.ownersAreStored()
        // Clinical records with their FHIR resource files; a file that is missing or unreadable is an issue, so the
        // spans naming it are read again next time.
        try ClinicalRecordImporter.importRecords(
            reader.clinicalRecordReferences, document: file, from: location, into: store, report: &batcher.report)
        // Only a clean import vouches for its spans: nothing the saver refused, and the document complete.
        if reader.finished, batcher.report.issues.count == issuesBeforeSaving {
            // Not the spans holding a record the store ignored for an older sync version (reported again next time).
            let ignored = batcher.ignoredLines.sorted()
            let clean = readWhole.filter { entry in
                let end = entry.firstLine + Int(entry.span.lines)
                var low = 0
                var high = ignored.count  // the first ignored line at or after the span's first line
                while low < high {
                    let middle = (low + high) / 2
                    if ignored[middle] < entry.firstLine { low = middle + 1 } else { high = middle }
                }
                return low == ignored.count || ignored[low] > end
            }
            try store.importedSpans.save(clean.map(\.span))
        }
        if !reader.finished {
            batcher.report.endedEarly = true
            batcher.report.issues.append(
                .fileEndedEarly(file: file, line: tokenizer.line, openElement: reader.openElement))
        }
        // Routes whose points are in GPX files, read now that the document is done, eight at a time so that memory
        // holds at most eight routes' points: files on disk two at a time (the receiver gets them in order), zip
        // entries one after the other (one archive handle).
        var references = reader.routeReferences
        if !batcher.storeWasEmpty {
            // A re-import, or a newer export of the same phone: a workout that has a route already keeps it, and the
            // file is not read again (GPX parsing was a fifth of a re-import's work). Asked of the indexes alone (the
            // workout's associations, then which of them are stored): reading the stored routes to check them passed
            // every route's points through SQLite's page cache (44 MB of peak memory on a 1 GB export). An imported
            // workout's associated samples are its routes: no app may add to a workout it did not save.
            references = try references.filter { reference in
                let associated = try store.samples.samplesAssociated(withWorkout: reference.workout)
                guard !associated.isEmpty, try !store.samples.storedSequences(withUUIDs: associated).isEmpty else {
                    return true
                }
                batcher.report.routesKept += 1
                return false
            }
        }
        var first = 0
        while first < references.count {
            let chunk = Array(references[first..<min(first + 8, references.count)])
            first += chunk.count
            let routes = ExportImporter.readRoutes(chunk.map { $0.route.filePath }, from: location)
            for (index, reference) in chunk.enumerated() {
                if let locations = routes[index] {
                    reader.deliverRoute(reference.route, workout: reference.workout, locations: locations)
                } else {
                    batcher.report.issues.append(
                        .missingReferencedFile(
                            file: file, line: reference.route.line, path: reference.route.filePath ?? ""))
                }
            }
        }
        try writer.flush()
        // The clinical document beside the data file (`export_cda.xml`), when the export has one.
        var clinical = Data()
        if (try? location.readReferencedFile("export_cda.xml") { clinical.append(contentsOf: $0) }) == true,
            !clinical.isEmpty
        {
            if let document = ClinicalDocumentReader.read(clinical, fallbackDate: batcher.report.exportDate) {
                var data = ImportedData()
                data.clinicalDocuments = [document]
                try store.saveImportedData(data)
                batcher.report.clinicalDocuments += 1
            } else {
                batcher.report.issues.append(
                    .unreadable(file: "export_cda.xml", reason: "no ClinicalDocument with a date in it"))
            }
        }
        try ElectrocardiogramImporter.importFiles(from: location, into: store, report: &batcher.report)
        // Problems found while saving come after those found while reading: put them back in file order.
        let ended = batcher.report.issues.filter { if case .fileEndedEarly = $0 { return true } else { return false } }
        batcher.report.issues =
            batcher.report.issues.filter { if case .fileEndedEarly = $0 { return false } else { return true } }
            .enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(
                \.element) + ended
        batcher.report.bytesRead = tokenizer.consumedBytes
        batcher.report.duration = elapsed() - started
        report()
        return batcher.report
    }

    /// The points of the GPX files at these paths (nil where a file is missing or unreadable), by position.
    private static func readRoutes(_ paths: [String?], from location: ExportLocation) -> [Int: [WorkoutRouteLocation]] {
        let parsed = Mutex<[Int: [WorkoutRouteLocation]]>([:])
        if case let .file(_, folder) = location.container {
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                var gpx = GPXReader()
                var gpxTokenizer = XMLTokenizer()
                defer { gpxTokenizer.deallocate() }
                guard let url = ExportLocation.referencedURL(paths[index] ?? "", in: folder),
                    FileManager.default.fileExists(atPath: url.path),
                    (try? ExportLocation.readFile(
                        url, path: url.path, { chunk in try gpxTokenizer.feed(chunk, into: &gpx) })) != nil
                else { return }
                let locations = gpx.locations
                parsed.withLock { $0[index] = locations }
            }
        } else {
            for (index, path) in paths.enumerated() {
                guard let path else { continue }
                var gpx = GPXReader()
                var gpxTokenizer = XMLTokenizer()
                defer { gpxTokenizer.deallocate() }
                let found =
                    (try? location.readReferencedFile(path) { chunk in try gpxTokenizer.feed(chunk, into: &gpx) })
                    ?? false
                if found { parsed.withLock { $0[index] = gpx.locations } }
            }
        }
        return parsed.withLock { $0 }
    }
}
