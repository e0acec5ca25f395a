import Foundation
import HealthEngine
import HealthModel
import HealthStore
import Synchronization

/// A benchmark stand-in for an on-disk store: it remembers only which identifiers are stored (and when), not the
/// samples, so that a run measures the importer's own memory rather than an in-memory copy of the whole export.
/// Lookups by identifier answer with a placeholder sample carrying the stored identifier. Not for queries.
/// Identifiers are kept as their last 64 bits (content hashes, so a false match among a few million is about one in
/// ten million) with a 32-bit sequence, 12 bytes a slot, so that the stand-in itself stays small.
final class IdentifierOnlyStorage: HealthStorage, KeepsNoAttachments {
    private struct State {
        var sequences: [UInt64: UInt32] = [:]
        var sequence: Int64 = 0
    }

    private let state = Mutex(State())
    private let placeholder: Sample

    private static func key(_ uuid: UUID) -> UInt64 {
        // The last 64 bits: the first ones start with the record's time (see `ContentDigest.uuid(startingAt:)`).
        withUnsafeBytes(of: uuid.uuid) { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
    }

    init() throws {
        placeholder = try Sample.category(
            type: .category("HKCategoryTypeIdentifierMindfulSession"), value: 0, start: Date(timeIntervalSince1970: 0),
            end: Date(timeIntervalSince1970: 0))
    }

    /// The number of identifiers stored.
    var count: Int { state.withLock { $0.sequences.count } }

    func commit(_ batch: CommitBatch) throws -> CommitResult {
        let samples = batch.samples
        return try state.withLock { state in
            // One hash per sample; on a duplicate, what this commit inserted is taken out again (all or nothing).
            var inserted: [UInt64] = []
            inserted.reserveCapacity(samples.count)
            for sample in samples {
                let key = IdentifierOnlyStorage.key(sample.uuid)
                if let previous = state.sequences.updateValue(
                    UInt32(state.sequence) + UInt32(inserted.count) + 1, forKey: key)
                {
                    state.sequences[key] = previous
                    for key in inserted { state.sequences[key] = nil }
                    throw HealthStoreError.duplicateObject(sample.uuid)
                }
                inserted.append(key)
            }
            state.sequence += Int64(samples.count)
            return CommitResult(inserted: samples, deleted: [], ignored: [], latestSequence: state.sequence)
        }
    }

    func candidates(of type: SampleType, within bounds: TimeBounds) throws -> [StoredSample] { [] }

    func storedSamples(withUUIDs uuids: Set<UUID>) throws -> [StoredSample] {
        state.withLock { state in
            uuids.compactMap { uuid in
                state.sequences[IdentifierOnlyStorage.key(uuid)].map {
                    StoredSample(sequence: Int64($0), sample: placeholder.with(uuid: uuid, sourceRevision: nil))
                }
            }
        }
    }

    func correlationMembers(among uuids: [UUID]) throws -> Set<UUID> { [] }
    func samplesAssociated(withWorkout workout: UUID) throws -> Set<UUID> { [] }
    func latestSequence() throws -> Int64 { state.withLock { $0.sequence } }
    func changes(after sequence: Int64, limit: Int) throws -> [Change] { [] }
    func typeSummaries() throws -> [TypeSummary] { [] }
    func changeHorizon() throws -> Int64 { 0 }
    func expireDeletions() throws -> Int { 0 }
    // Records (what an import brings besides samples among them) and attachments are not kept: commits drop them,
    // and reads answer none (`KeepsNoAttachments`). The stand-in measures the importer, not a store.
    func storedRecords(ofKind kind: String, keys: RecordKeys) throws -> [StoredRecord] { [] }
}
