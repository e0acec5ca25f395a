import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// Collects imported samples and saves them in large batches, leaving out what the store already holds.
///
/// Identity is by content (the identifiers are derived from it), so a sample whose identifier is already stored is a
/// duplicate: inside this export when it was stored during this import, from an earlier import otherwise.
final class SampleBatcher {
    /// A sample waiting to be saved: a record is built only once the store says it is new, so that re-importing
    /// spends no time on samples it will not keep.
    private enum Pending {
        case record(RecordDraft)
        case sample(Sample)
    }

    private let store: HealthDataStore
    private let builder: ExportRecordBuilder
    private let file: String
    private let batchSize: Int
    /// The store's change sequence before the import: samples stored after it came from this import.
    private let startSequence: Int64
    private var pending: [(uuid: UUID, line: Int, item: Pending)] = []
    /// Counts and problems, shared with the importer's report.
    var report: ImportReport
    /// Samples read so far (stored or duplicates).
    private(set) var samplesRead = 0

    init(store: HealthDataStore, builder: ExportRecordBuilder, file: String, batchSize: Int, report: ImportReport) throws {
        self.store = store
        self.builder = builder
        self.file = file
        self.batchSize = batchSize
        self.report = report
        self.startSequence = try store.storage.latestSequence()
        pending.reserveCapacity(batchSize)
    }

    /// Adds a record read at a line, by its content-derived identifier; saves a batch when enough are pending.
    func add(record: RecordDraft, uuid: UUID, line: Int) throws {
        pending.append((uuid, line, .record(record)))
        samplesRead += 1
        if pending.count >= batchSize { try flush() }
    }

    /// Adds a built sample (a correlation or a workout) read at a line.
    func add(_ sample: Sample, line: Int) throws {
        pending.append((sample.uuid, line, .sample(sample)))
        samplesRead += 1
        if pending.count >= batchSize { try flush() }
    }

    /// Saves what is pending.
    func flush() throws {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        var wanted = Set<UUID>(minimumCapacity: pending.count * 2)
        for entry in pending {
            wanted.insert(entry.uuid)
            if case let .sample(sample) = entry.item, let members = sample.correlatedObjects {
                for member in members { wanted.insert(member.uuid) }
            }
        }
        var storedSequence: [UUID: Int64] = [:]
        for stored in try store.storage.storedSamples(withUUIDs: wanted) { storedSequence[stored.sample.uuid] = stored.sequence }

        var batch: [Sample] = []
        batch.reserveCapacity(pending.count)
        var batchLines: [Int] = []
        batchLines.reserveCapacity(pending.count)
        var inBatch = Set<UUID>(minimumCapacity: pending.count * 2)
        for entry in pending {
            if let sequence = storedSequence[entry.uuid] {
                if sequence > startSequence { report.duplicatesInExport += 1 } else { report.alreadyStored += 1 }
                continue
            }
            guard inBatch.insert(entry.uuid).inserted else {
                report.duplicatesInExport += 1
                continue
            }
            let sample: Sample
            switch entry.item {
            case let .sample(built):
                sample = built
            case let .record(draft):
                do {
                    sample = try builder.makeSample(draft, uuid: entry.uuid)
                } catch {
                    report.skipped += 1
                    report.issues.append(.invalidElement(file: file, line: entry.line, element: "Record", field: error.field, reason: error.reason))
                    continue
                }
            }
            if let members = sample.correlatedObjects {
                // Contained records also appear at top level: link to those; store one only when no copy exists.
                for member in members {
                    if storedSequence[member.uuid] != nil || inBatch.contains(member.uuid) {
                        report.correlationMembersLinked += 1
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
            count(try store.saveImported(batch))
        } catch {
            // Find the samples the store refuses, one by one, and keep the rest.
            for (index, sample) in batch.enumerated() {
                do {
                    count(try store.saveImported([sample]))
                } catch {
                    report.skipped += 1
                    report.issues.append(.storeFailed(file: file, line: batchLines[index], reason: "\(error)"))
                }
            }
        }
    }

    private func count(_ result: CommitResult) {
        report.olderSyncVersions += result.ignored.count
        for sample in result.inserted {
            switch sample.type.kind {
            case .quantity: report.quantitySamples += 1
            case .category: report.categorySamples += 1
            case .correlation: report.correlations += 1
            case .workout: report.workouts += 1
            }
        }
    }
}
