import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

/// Collects imported samples and saves them in large batches, leaving out what the store already holds.
///
/// Identity is by content (the identifiers are derived from it), so a sample whose identifier is already stored is a
/// duplicate: inside this export when it was stored during this import, from an earlier import otherwise.
final class SampleBatcher: @unchecked Sendable {
    // Threads: `add`, `finish` and `report` belong to the reader's thread. Full batches go to one serial queue (the
    // saver), which alone touches `saved`; at most two batches wait, so memory stays bounded. Batches are saved in
    // order, so a record's duplicates are always found in the store or in its own batch.

    /// A sample waiting to be saved: a record kept as bytes is built only once the store says it is new, so that
    /// re-importing spends no time on samples it will not keep.
    private enum Pending {
        case bytes([UInt8])
        case sample(Sample)
    }

    /// A batch handed to the saver, with the identifier work the reader did for it.
    private struct Batch: @unchecked Sendable {
        let entries: [(uuid: UUID, line: Int, item: Pending)]
        /// Whether an entry's identifier came earlier in the batch.
        let repeated: [Bool]
        /// The identifiers to look up in the store (every one, or those the filter of handed-over ones may hold).
        let asked: Set<UUID>
        /// Whether the batch holds a correlation (whose members are linked to the batch's samples).
        let hasCorrelation: Bool
    }

    private let store: HealthDataStore
    private let builder: ExportRecordBuilder
    /// The saver's own builder, for records read from their bytes (its caches are the saver's alone).
    let saverBuilder: ExportRecordBuilder
    private let file: String
    private let batchSize: Int
    /// The store's change sequence before the import: samples stored after it came from this import.
    private let startSequence: Int64
    /// Every identifier handed to the saver so far, when the store had never been written before the import: only
    /// those the filter may hold are looked up in the store (reader thread).
    private var handedOver: IdentifierFilter?
    /// Batches the saver has finished with, released on the reader's thread: their samples were allocated there,
    /// and freeing them on the saver's thread cost it about a twentieth of its time (perf, 1 GB export).
    private let finished = Mutex<[Batch]>([])
    private var pending: [(uuid: UUID, line: Int, item: Pending)] = []
    private let saver = DispatchQueue(label: "org.openhealthkit.export.saver")
    private let slots = DispatchSemaphore(value: 2)
    /// Batches handed over and not saved yet.
    private let outstanding = Atomic<Int>(0)
    /// The saver's counts and problems (saver thread only until `finish()`).
    private var saved = ImportReport(path: "", dataFile: "")
    private var saverError: (any Error)?
    /// Counts and problems of reading (reader thread); `finish()` adds the saver's.
    var report: ImportReport
    /// Counts the samples of a span passed over (an earlier import read it whole) as read and already stored.
    func passOver(samples: Int) {
        samplesRead += samples
        report.alreadyStored += samples
    }

    /// The lines of records the store ignored for an older sync version (saver thread until `finish()`): a span
    /// holding one is not remembered, so that a re-import reports them again as it would reading every record.
    private(set) var ignoredLines: [Int] = []

    /// Whether the store had never been written to when the import started.
    var storeWasEmpty: Bool { startSequence == 0 }
    /// Samples read so far (stored or duplicates).
    private(set) var samplesRead = 0

    init(
        store: HealthDataStore, builder: ExportRecordBuilder, file: String, batchSize: Int, report: ImportReport
    ) throws {
        self.store = store
        self.builder = builder
        self.saverBuilder = ExportRecordBuilder(file: file)
        self.file = file
        self.batchSize = batchSize
        self.report = report
        self.startSequence = try store.changeLog.latestSequence()
        // A store never written to holds only what this import saves. (Another writer saving the same content into
        // it meanwhile would make that record fail as a duplicate, reported as not stored.)
        handedOver = startSequence == 0 ? IdentifierFilter() : nil
        pending.reserveCapacity(batchSize)
    }

    /// Adds a record read at a line, by its content-derived identifier; hands a batch to the saver when enough are pending.
    ///
    /// The record is read (the reader does so when the saver is behind), so its sample is built here too: the saver
    /// thread, which commits to the store, bounds a first import, and building a record's sample was a tenth of its
    /// work (perf, 200 MB export into SQLite).
    func add(record: RecordDraft, uuid: UUID, line: Int) throws {
        samplesRead += 1
        do {
            pending.append((uuid, line, .sample(try builder.makeSample(record, uuid: uuid))))
        } catch {
            report.skipped += 1
            report.issues.append(
                .invalidElement(file: file, line: line, element: "Record", field: error.field, reason: error.reason))
        }
        if pending.count >= batchSize { handOver() }
    }

    /// Whether a batch waits while the saver works on another: then the reader reads records itself (a first import,
    /// where the saver builds and commits every record), otherwise it leaves them as bytes (a re-import, where the
    /// saver only looks them up and reads none).
    var saverIsBehind: Bool { outstanding.load(ordering: .relaxed) >= 2 }

    /// Adds a record kept as its bytes (read only if new), by its identifier.
    func add(recordBytes: [UInt8], uuid: UUID, line: Int) throws {
        pending.append((uuid, line, .bytes(recordBytes)))
        samplesRead += 1
        if pending.count >= batchSize { handOver() }
    }

    /// Adds a built sample (a correlation or a workout) read at a line.
    func add(_ sample: Sample, line: Int) throws {
        pending.append((sample.uuid, line, .sample(sample)))
        samplesRead += 1
        if pending.count >= batchSize { handOver() }
    }

    /// Hands the pending entries to the saver. The identifier work is done here, on the reader's thread, because the
    /// saver's thread bounds a first import: a set of the batch's identifiers (which also finds repeats inside the
    /// batch) and, into a store that was empty, the filter of identifiers handed over before.
    private func handOver() {
        var wanted = Set<UUID>(minimumCapacity: pending.count)
        var repeated: [Bool] = []
        repeated.reserveCapacity(pending.count)
        var hasCorrelation = false
        for entry in pending {
            repeated.append(!wanted.insert(entry.uuid).inserted)
            if case let .sample(sample) = entry.item, let members = sample.correlatedObjects {
                hasCorrelation = true
                for member in members { wanted.insert(member.uuid) }
            }
        }
        // The store's uuid index alone answers: no stored sample is read. Into a store that was empty, only what this
        // import may have stored already is asked about.
        var asked = wanted
        if var filter = handedOver {
            handedOver = nil  // keeps the filter's storage uniquely referenced while it grows
            asked = wanted.filter { filter.mayContain($0) }
            for uuid in wanted { filter.insert(uuid) }
            handedOver = filter
        }
        let batch = Batch(entries: pending, repeated: repeated, asked: asked, hasCorrelation: hasCorrelation)
        pending = []
        pending.reserveCapacity(batchSize)
        slots.wait()
        outstanding.add(1, ordering: .relaxed)
        releaseFinished()
        saver.async {
            defer {
                self.finished.withLock { $0.append(batch) }
                self.outstanding.subtract(1, ordering: .relaxed)
                self.slots.signal()
            }
            guard self.saverError == nil else { return }
            do { try self.save(batch) } catch { self.saverError = error }
        }
    }

    /// Releases the batches the saver has finished with (outside the lock, on the calling thread).
    private func releaseFinished() {
        let done = finished.withLock { batches in
            let done = batches
            batches = []
            return done
        }
        withExtendedLifetime(done) {}
    }

    /// Saves what is pending, waits for the saver, and adds its counts to the report.
    func finish() throws {
        handOver()
        try saver.sync {
            if let saverError { throw saverError }
        }
        releaseFinished()
        report.duplicatesInExport += saved.duplicatesInExport
        report.alreadyStored += saved.alreadyStored
        report.correlationMembersLinked += saved.correlationMembersLinked
        report.olderSyncVersions += saved.olderSyncVersions
        report.skipped += saved.skipped
        report.issues += saved.issues
        report.quantitySamples += saved.quantitySamples
        report.categorySamples += saved.categorySamples
        report.correlations += saved.correlations
        report.workouts += saved.workouts
        saved = ImportReport(path: "", dataFile: "")
    }

    /// Saves one batch (on the saver's thread).
    private func save(_ handed: Batch) throws {
        let pending = handed.entries
        guard !pending.isEmpty else { return }
        let repeated = handed.repeated
        let hasCorrelation = handed.hasCorrelation
        let storedSequence = handed.asked.isEmpty ? [:] : try store.samples.storedSequences(withUUIDs: handed.asked)

        var batch: [Sample] = []
        batch.reserveCapacity(pending.count)
        var batchLines: [Int] = []
        batchLines.reserveCapacity(pending.count)
        // Only correlations need to know what this batch holds (to link their members to it).
        var inBatch = Set<UUID>()
        for (index, entry) in pending.enumerated() {
            if !storedSequence.isEmpty, let sequence = storedSequence[entry.uuid] {
                if sequence > startSequence { saved.duplicatesInExport += 1 } else { saved.alreadyStored += 1 }
                continue
            }
            if repeated[index] {
                if !hasCorrelation || inBatch.contains(entry.uuid) {
                    saved.duplicatesInExport += 1
                    continue
                }
            }
            if hasCorrelation {
                guard inBatch.insert(entry.uuid).inserted else {
                    saved.duplicatesInExport += 1
                    continue
                }
            }
            let sample: Sample
            switch entry.item {
            case let .sample(built):
                sample = built
            case let .bytes(bytes):
                guard let draft = RecordBytesReader.draft(of: bytes, line: entry.line, builder: saverBuilder) else {
                    saved.skipped += 1
                    saved.issues.append(
                        .invalidElement(
                            file: file, line: entry.line, element: "Record", field: "Record", reason: "cannot be read"))
                    continue
                }
                do {
                    _ = try saverBuilder.identity(of: draft)
                    sample = try saverBuilder.makeSample(draft, uuid: entry.uuid)
                } catch {
                    saved.skipped += 1
                    saved.issues.append(
                        .invalidElement(
                            file: file, line: entry.line, element: "Record", field: error.field, reason: error.reason))
                    continue
                }
            }
            if let members = sample.correlatedObjects {
                // Contained records also appear at top level: link to those; store one only when no copy exists.
                for member in members {
                    if storedSequence[member.uuid] != nil || inBatch.contains(member.uuid) {
                        saved.correlationMembersLinked += 1
                    } else {
                        inBatch.insert(member.uuid)
                        batch.append(member)
                        batchLines.append(entry.line)
                    }
                }
            }
            batch.append(sample)
            batchLines.append(entry.line)
        }
        guard !batch.isEmpty else { return }
        do {
            count(try store.saveImported(batch), lines: batchLines, of: batch)
        } catch {
            // Find the samples the store refuses, one by one, and keep the rest.
            for (index, sample) in batch.enumerated() {
                do {
                    count(try store.saveImported([sample]), lines: [batchLines[index]], of: [sample])
                } catch {
                    saved.skipped += 1
                    saved.issues.append(.storeFailed(file: file, line: batchLines[index], reason: "\(error)"))
                }
            }
        }
    }

    private func count(_ result: CommitResult, lines: [Int], of batch: [Sample]) {
        saved.olderSyncVersions += result.ignored.count
        if !result.ignored.isEmpty {
            let ignored = Set(result.ignored)
            for (index, sample) in batch.enumerated() where ignored.contains(sample.uuid) {
                ignoredLines.append(lines[index])
            }
        }
        for sample in result.inserted {
            switch sample.type.kind {
            case .quantity: saved.quantitySamples += 1
            case .category: saved.categorySamples += 1
            case .correlation: saved.correlations += 1
            case .workout: saved.workouts += 1
            case .document: break  // never saved as samples
            // Series are committed apart, once their owners are stored (ImportedDataWriter).
            case .workoutRoute: break
            // Not export.xml records: electrocardiograms come from their own files (ElectrocardiogramImporter),
            // clinical records with theirs (ClinicalRecordImporter); effort relationships and built heartbeat series
            // only from apps, dose events only from the Health app.
            case .electrocardiogram, .audiogram, .stateOfMind, .scoredAssessment, .visionPrescription, .clinicalRecord,
                .workoutEffortRelationship, .heartbeatSeries, .medicationDoseEvent:
                break
            }
        }
    }
}
