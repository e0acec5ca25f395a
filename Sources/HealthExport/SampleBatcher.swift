import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// Collects imported samples and saves them in large batches, leaving out what the store already holds.
///
/// Identity is by content (the identifiers are derived from it), so a sample whose identifier is already stored is a
/// duplicate: inside this export when it was stored during this import, from an earlier import otherwise.
final class SampleBatcher {
    private let store: HealthDataStore
    private let file: String
    private let batchSize: Int
    /// The store's change sequence before the import: samples stored after it came from this import.
    private let startSequence: Int64
    private var pending: [Sample] = []
    private var lines: [Int] = []
    /// Counts and problems, shared with the importer's report.
    var report: ImportReport
    /// Samples read so far (stored or duplicates).
    private(set) var samplesRead = 0

    init(store: HealthDataStore, file: String, batchSize: Int, report: ImportReport) throws {
        self.store = store
        self.file = file
        self.batchSize = batchSize
        self.report = report
        self.startSequence = try store.storage.latestSequence()
        pending.reserveCapacity(batchSize)
        lines.reserveCapacity(batchSize)
    }

    /// Adds a sample read at a line; saves a batch when enough are pending.
    func add(_ sample: Sample, line: Int) throws {
        pending.append(sample)
        lines.append(line)
        samplesRead += 1
        if pending.count >= batchSize { try flush() }
    }

    /// Saves what is pending.
    func flush() throws {
        guard !pending.isEmpty else { return }
        defer {
            pending.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
        }
        var wanted = Set<UUID>(minimumCapacity: pending.count * 2)
        for sample in pending {
            wanted.insert(sample.uuid)
            if let members = sample.correlatedObjects { for member in members { wanted.insert(member.uuid) } }
        }
        var storedSequence: [UUID: Int64] = [:]
        for stored in try store.storage.storedSamples(withUUIDs: wanted) { storedSequence[stored.sample.uuid] = stored.sequence }

        var batch: [Sample] = []
        batch.reserveCapacity(pending.count)
        var batchLines: [Int] = []
        batchLines.reserveCapacity(pending.count)
        var inBatch = Set<UUID>(minimumCapacity: pending.count * 2)
        for (index, sample) in pending.enumerated() {
            if let sequence = storedSequence[sample.uuid] {
                if sequence > startSequence { report.duplicatesInExport += 1 } else { report.alreadyStored += 1 }
                continue
            }
            guard inBatch.insert(sample.uuid).inserted else {
                report.duplicatesInExport += 1
                continue
            }
            if let members = sample.correlatedObjects {
                // Contained records also appear at top level: link to those; store one only when no copy exists.
                for member in members {
                    if storedSequence[member.uuid] != nil || inBatch.contains(member.uuid) {
                        report.correlationMembersLinked += 1
                    } else {
                        inBatch.insert(member.uuid)
                        batch.append(member)
                        batchLines.append(lines[index])
                    }
                }
            }
            batch.append(sample)
            batchLines.append(lines[index])
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
