// The undocumented public members here implement the requirements of HealthStorage's parts (SampleStorage,
// ChangeLog, RecordStorage, ImportedSpanStorage); the protocols document them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel
import Synchronization

/// A storage that keeps everything in memory, indexed by type and time. Thread-safe; writes are all-or-nothing.
public final class InMemoryStorage: HealthStorage {
    private struct State {
        var rows: [Sample?] = []
        var rowSequences: [Int64] = []
        var payload = StatisticsPayload()
        var rowByUUID: [UUID: Int32] = [:]
        var indexes: [SampleType: TypeIndex] = [:]
        var syncRows: [SyncKey: Int32] = [:]
        var correlationMemberCounts: [UUID: Int] = [:]
        var workoutAssociations: [UUID: Set<UUID>] = [:]
        var changes: [Change] = []
        /// For each change, in step with `changes`: the row an insertion put its sample in (-1 for a deletion).
        var changeRows: [Int32] = []
        var sequence: Int64 = 0
        /// When each remembered deletion was committed, oldest first (only with a retention clock).
        var deletionStamps: [(sequence: Int64, date: Date)] = []
        var horizon: Int64 = 0
        /// The samples deleted by the deletions still remembered, by the deletion's sequence (for anchored queries,
        /// whose predicate filters deletions too).
        var deletedSamples: [Int64: Sample] = [:]
        /// The records, by kind and key.
        var records: [String: [String: StoredRecord]] = [:]
        /// The records that belong to each object (`RecordWrite.owner`), by kind and key, deleted with it.
        var ownedRecords: [UUID: Set<RecordName>] = [:]
        /// The owner of each owned record.
        var recordOwners: [RecordName: UUID] = [:]
        /// Spans of export files imported whole since the last deletion.
        var importedSpans: [ImportedSpan.Key: ImportedSpan] = [:]
    }

    /// What statistics read of each sample, worked out once at insertion (canonical value, source entry, flags) and
    /// kept in the type index, so that a statistics query never builds a `Sample` value.
    private struct StatisticsPayload {
        /// Distinct (source, product type, class) entries the rows refer to.
        var sources: [Source] = []
        var productTypes: [String?] = []
        var sourceClasses: [SourceClass] = []
        var entryOfRevision: [SourceEntryKey: Int32] = [:]
        var lastRevision: SourceRevision?
        var lastDevice: Device?
        var lastEntry: Int32 = -1
        var lastType: SampleType?
        var lastCanonicalUnit: HealthUnit?

        struct SourceEntryKey: Hashable {
            let source: Source
            let productType: String?
            let sourceClass: SourceClass
        }

        /// The index entry of a new sample.
        mutating func entry(
            _ sample: Sample, start: Double, end: Double, row: Int32, sequence: Int64
        ) -> TypeIndex.Entry {
            var entry = TypeIndex.Entry(start: start, end: end, row: row, sequence: sequence)
            if let revision = sample.sourceRevision {
                let device = sample.device
                if let lastRevision, lastRevision == revision, lastDevice == device {
                    entry.source = lastEntry
                } else {
                    let sourceClass = SourceClass(revision, device: device)
                    let key = SourceEntryKey(
                        source: revision.source, productType: revision.productType, sourceClass: sourceClass)
                    if let known = entryOfRevision[key] {
                        entry.source = known
                    } else {
                        entry.source = Int32(sources.count)
                        entryOfRevision[key] = entry.source
                        sources.append(revision.source)
                        productTypes.append(revision.productType)
                        sourceClasses.append(sourceClass)
                    }
                    lastRevision = revision
                    lastDevice = device
                    lastEntry = entry.source
                }
            }
            guard let content = sample.quantityContent else { return entry }
            if sample.type != lastType {
                lastType = sample.type
                lastCanonicalUnit = sample.type.canonicalUnit
            }
            if let unit = lastCanonicalUnit, let converter = try? content.quantity.unit.converter(to: unit) {
                entry.value = converter.convert(content.quantity.value)
            }
            if sample.countsBySample { entry.flags |= TypeIndex.series }
            if sample.metadata != nil, sample.wasUserEntered { entry.flags |= TypeIndex.userEntered }
            return entry
        }
    }

    /// A record's kind and key.
    private struct RecordName: Hashable {
        let kind: String
        let key: String
    }

    private let state = Mutex(State())
    /// The bytes of files attached to objects, by attachment.
    let attachmentBytes = Mutex([UUID: Data]())
    private let retention: ChangeLogRetention

    /// An empty store that remembers deletions as long as `retention` says.
    public init(retention: ChangeLogRetention = .forever) {
        self.retention = retention
    }

    /// The number of samples stored.
    public var count: Int { state.withLock { $0.rowByUUID.count } }

    public func commit(_ batch: CommitBatch) throws -> CommitResult {
        let now = retention.clock?()
        return try state.withLock { state in
            let first = state.sequence
            let result = try InMemoryStorage.commit(&state, batch)
            if !result.deleted.isEmpty { state.importedSpans = [:] }
            if let now {
                for change in state.changes.suffix(from: InMemoryStorage.changeIndex(after: first, in: state.changes))
                where change.kind == .deleted {
                    state.deletionStamps.append((change.sequence, now))
                }
            }
            InMemoryStorage.expire(&state, before: retention.expiryCutoff())
            return result
        }
    }

    public func importedSpans() throws -> [ImportedSpan] {
        state.withLock { Array($0.importedSpans.values) }
    }

    public func saveImportedSpans(_ spans: [ImportedSpan]) throws {
        state.withLock { state in
            for span in spans { state.importedSpans[span.key] = span }
        }
    }

    /// Answers the commit planner from the state before the commit.
    private struct Lookup: CommitLookup {
        struct Row: CommitRow {
            let id: Int32
            let uuid: UUID
            let syncVersion: Double?
        }

        let rows: [Sample?]
        let rowByUUID: [UUID: Int32]
        let syncRows: [SyncKey: Int32]

        func storedRow(withUUID uuid: UUID) -> Row? { rowByUUID[uuid].flatMap(row) }
        func latestRow(with key: SyncKey) -> Row? { syncRows[key].flatMap(row) }

        private func row(_ row: Int32) -> Row? {
            rows[Int(row)].map { Row(id: row, uuid: $0.uuid, syncVersion: $0.syncVersion) }
        }
    }

    private static func commit(_ state: inout State, _ batch: CommitBatch) throws -> CommitResult {
        // Check everything before changing anything.
        let firstRow = state.rows.count
        guard firstRow + batch.samples.count < Int(Int32.max) else {
            throw HealthStoreError.capacityExceeded("the in-memory store holds at most 2^31 samples")
        }
        let plan = try CommitPlanner.plan(
            batch, lookup: Lookup(rows: state.rows, rowByUUID: state.rowByUUID, syncRows: state.syncRows))
        try plan.throwViolation()
        let accepted = plan.accepted
        // Each accepted sample claims its row in `rowByUUID` (one hash per sample, which also finds reused
        // identifiers); if one is taken, the claims are undone and the planner names the sample at fault.
        for (index, sample) in accepted.enumerated() {
            if let previous = state.rowByUUID.updateValue(Int32(firstRow + index), forKey: sample.uuid) {
                state.rowByUUID[sample.uuid] = previous
                for claimed in accepted[..<index] { state.rowByUUID[claimed.uuid] = nil }
                let stored = state.rowByUUID
                throw HealthStoreError.duplicateObject(plan.firstReusedUUID { stored[$0] != nil } ?? sample.uuid)
            }
        }
        let deletedRows = plan.deletions.map(\.id)

        // Apply deletions, then insertions, each taking the next sequence number.
        var deletedUUIDs: [UUID] = []
        var removedByType: [SampleType: Set<Int32>] = [:]
        for row in deletedRows {
            guard let sample = state.rows[Int(row)] else { continue }
            state.rows[Int(row)] = nil
            state.rowByUUID[sample.uuid] = nil
            removedByType[sample.type, default: []].insert(row)
            if let key = SyncKey(sample), state.syncRows[key] == row { state.syncRows[key] = nil }
            if let members = sample.correlatedObjects {
                for member in members {
                    let remaining = (state.correlationMemberCounts[member.uuid] ?? 1) - 1
                    state.correlationMemberCounts[member.uuid] = remaining > 0 ? remaining : nil
                }
            }
            state.workoutAssociations[sample.uuid] = nil
            state.sequence += 1
            state.changes.append(
                Change(
                    sequence: state.sequence, kind: .deleted, uuid: sample.uuid, type: sample.type,
                    syncIdentifier: sample.syncIdentifier, syncVersion: sample.syncVersion))
            state.changeRows.append(-1)
            state.deletedSamples[state.sequence] = sample
            deletedUUIDs.append(sample.uuid)
        }
        for (type, removed) in removedByType { state.indexes[type]?.remove(removed) }

        var entriesByType: [SampleType: [TypeIndex.Entry]] = [:]
        var currentType: SampleType?
        var currentEntries: [TypeIndex.Entry] = []
        var carriesPayload = false  // whether the current type's index keeps statistics payload
        state.rows.reserveGeometrically(adding: accepted.count)
        state.rowSequences.reserveGeometrically(adding: accepted.count)
        state.changes.reserveGeometrically(adding: accepted.count)
        state.changeRows.reserveGeometrically(adding: accepted.count)
        for sample in accepted {
            let row = Int32(state.rows.count)
            state.sequence += 1
            state.rows.append(sample)
            state.rowSequences.append(state.sequence)
            let type = sample.type
            if type != currentType {
                if let currentType { entriesByType[currentType, default: []].append(contentsOf: currentEntries) }
                currentType = type
                currentEntries.removeAll(keepingCapacity: true)
                carriesPayload = state.indexes[type]?.hasPayload ?? false
            }
            let start = sample.startDate.timeIntervalSinceReferenceDate
            let end = sample.endDate.timeIntervalSinceReferenceDate
            if carriesPayload {
                currentEntries.append(
                    state.payload.entry(sample, start: start, end: end, row: row, sequence: state.sequence))
            } else {
                currentEntries.append(TypeIndex.Entry(start: start, end: end, row: row, sequence: state.sequence))
            }
            if let key = SyncKey(sample) { state.syncRows[key] = row }
            if let members = sample.correlatedObjects {
                for member in members { state.correlationMemberCounts[member.uuid, default: 0] += 1 }
            }
            state.changes.append(
                Change(
                    sequence: state.sequence, kind: .inserted, uuid: sample.uuid, type: type,
                    syncIdentifier: sample.syncIdentifier, syncVersion: sample.syncVersion))
            state.changeRows.append(row)
        }
        if let currentType { entriesByType[currentType, default: []].append(contentsOf: currentEntries) }
        for (type, entries) in entriesByType { state.indexes[type, default: TypeIndex()].insert(entries) }
        for association in plan.associations {
            state.workoutAssociations[association.workout, default: []].formUnion(association.samples)
        }
        var recordChanges: [RecordChange] = []
        // Records owned by deleted objects go with them.
        for uuid in deletedUUIDs {
            for name in (state.ownedRecords.removeValue(forKey: uuid) ?? []).sorted(by: {
                ($0.kind, $0.key) < ($1.kind, $1.key)
            }) {
                state.recordOwners[name] = nil
                guard state.records[name.kind]?.removeValue(forKey: name.key) != nil else { continue }
                state.sequence += 1
                recordChanges.append(RecordChange(cascadedKind: name.kind, key: name.key, sequence: state.sequence))
            }
        }
        for write in plan.records {
            let name = RecordName(kind: write.kind, key: write.key)
            if let owner = state.recordOwners.removeValue(forKey: name) { state.ownedRecords[owner]?.remove(name) }
            if let value = write.value {
                state.sequence += 1
                state.records[write.kind, default: [:]][write.key] = StoredRecord(
                    kind: write.kind, key: write.key, sequence: state.sequence, value: value)
                if let owner = write.owner {
                    state.recordOwners[name] = owner
                    state.ownedRecords[owner, default: []].insert(name)
                }
            } else {
                guard state.records[write.kind]?.removeValue(forKey: write.key) != nil else { continue }
                state.sequence += 1
            }
            recordChanges.append(RecordChange(write, sequence: state.sequence))
        }
        return CommitResult(
            inserted: accepted, deleted: deletedUUIDs, ignored: plan.ignored, latestSequence: state.sequence,
            records: recordChanges)
    }

    public func candidates(of type: SampleType, within bounds: TimeBounds) throws -> [StoredSample] {
        state.withLock { state in
            guard let index = state.indexes[type] else { return [] }
            var rows = index.rows(
                startAtLeast: bounds.startLowerBound, startBefore: bounds.startUpperBound,
                endAtLeast: bounds.endLowerBound, endBefore: bounds.endUpperBound)
            rows.sort()
            return rows.compactMap { row in
                state.rows[Int(row)].map { StoredSample(sequence: state.rowSequences[Int(row)], sample: $0) }
            }
        }
    }

    public func quantityColumns(of type: SampleType, within bounds: TimeBounds) throws -> QuantityColumns? {
        guard type.kind == .quantity else { return nil }
        return state.withLock { state -> QuantityColumns? in
            guard var index = state.indexes[type] else { return QuantityColumns() }
            if !index.hasPayload {
                // First statistics query of this type: build the payload once; writes keep it from now on.
                state.indexes[type] = nil  // no second reference while building (no copy of the arrays)
                let rows = state.rows
                var payload = state.payload
                index.buildPayload { row, sequence in
                    let sample = rows[Int(row)]!
                    return payload.entry(
                        sample, start: sample.startDate.timeIntervalSinceReferenceDate,
                        end: sample.endDate.timeIntervalSinceReferenceDate, row: row, sequence: sequence)
                }
                state.payload = payload
                state.indexes[type] = index
            }
            guard
                var result = index.columns(
                    startAtLeast: bounds.startLowerBound, startBefore: bounds.startUpperBound,
                    endAtLeast: bounds.endLowerBound, endBefore: bounds.endUpperBound)
            else { return nil }  // series samples count by their entries, which only the samples hold
            result.sources = state.payload.sources
            result.productTypes = state.payload.productTypes
            result.sourceClasses = state.payload.sourceClasses
            return result
        }
    }

    public func typeSummaries() throws -> [TypeSummary] {
        state.withLock { state in
            state.indexes.compactMap { type, index -> TypeSummary? in
                guard index.count > 0 else { return nil }
                var first = index.starts.first ?? .infinity
                var last = index.ends.max() ?? -.infinity
                for entry in index.longRows {
                    first = min(first, entry.start)
                    last = max(last, entry.end)
                }
                return TypeSummary(
                    type: type, count: index.count, firstStart: Date(timeIntervalSinceReferenceDate: first),
                    lastEnd: Date(timeIntervalSinceReferenceDate: last))
            }.sorted { $0.type.identifier < $1.type.identifier }
        }
    }

    public func storedSamples(withUUIDs uuids: Set<UUID>) throws -> [StoredSample] {
        state.withLock { state in
            uuids.compactMap { state.rowByUUID[$0] }.sorted().compactMap { row in
                state.rows[Int(row)].map { StoredSample(sequence: state.rowSequences[Int(row)], sample: $0) }
            }
        }
    }

    public func correlationMembers(among uuids: [UUID]) throws -> Set<UUID> {
        state.withLock { state in Set(uuids.filter { state.correlationMemberCounts[$0] != nil }) }
    }

    public func samplesAssociated(withWorkout workout: UUID) throws -> Set<UUID> {
        state.withLock { state in state.workoutAssociations[workout] ?? [] }
    }

    public func latestSequence() throws -> Int64 { state.withLock { $0.sequence } }

    public func changes(after sequence: Int64, limit: Int) throws -> [Change] {
        try state.withLock { state in
            try ChangeLogRetention.checkAnchor(sequence, horizon: state.horizon)
            let start = InMemoryStorage.changeIndex(after: sequence, in: state.changes)
            let end = limit > 0 ? min(state.changes.count, start + limit) : state.changes.count
            return Array(state.changes[start..<end])
        }
    }

    public func changedObjects(after sequence: Int64, of types: Set<SampleType>?, limit: Int) throws -> ChangePage {
        try state.withLock { state in
            try ChangeLogRetention.checkAnchor(sequence, horizon: state.horizon)
            var objects: [ChangedObject] = []
            if limit > 0 { objects.reserveCapacity(min(limit, 65_536)) }
            var index = InMemoryStorage.changeIndex(after: sequence, in: state.changes)
            // Changes come in runs of one type: remember the last type's answer instead of hashing each.
            var lastType: SampleType?
            var lastWanted = true
            while index < state.changes.count {
                let change = state.changes[index]
                let row = Int(state.changeRows[index])
                index += 1
                if let types {
                    if change.type != lastType {
                        lastType = change.type
                        lastWanted = types.contains(change.type)
                    }
                    if !lastWanted { continue }
                }
                switch change.kind {
                case .inserted:
                    guard row >= 0, state.rowSequences[row] == change.sequence, let sample = state.rows[row] else {
                        continue
                    }
                    objects.append(ChangedObject(change: change, sample: sample))
                case .deleted:
                    objects.append(ChangedObject(change: change, sample: state.deletedSamples[change.sequence]))
                }
                if limit > 0, objects.count == limit {
                    return ChangePage(objects: objects, endSequence: change.sequence)
                }
            }
            return ChangePage(objects: objects, endSequence: max(sequence, state.sequence))
        }
    }

    /// The index of the first change after `sequence` (changes are in increasing sequence order, with gaps once
    /// deletions expire).
    private static func changeIndex(after sequence: Int64, in changes: [Change]) -> Int {
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].sequence <= sequence { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Forgets the deletions stamped before `cutoff`, with the insertion entries of the objects they deleted.
    private static func expire(_ state: inout State, before cutoff: Date?) {
        guard let cutoff, let first = state.deletionStamps.first, first.date < cutoff else { return }
        let expiring = state.deletionStamps.prefix { $0.date < cutoff }
        state.deletionStamps.removeFirst(expiring.count)
        let expired = Set(expiring.map(\.sequence))
        var deletedAt: [UUID: Int64] = [:]
        for change in state.changes where change.kind == .deleted && expired.contains(change.sequence) {
            deletedAt[change.uuid] = change.sequence
        }
        for sequence in expired { state.deletedSamples[sequence] = nil }
        var kept = 0
        for index in state.changes.indices {
            let change = state.changes[index]
            if let deletion = deletedAt[change.uuid],
                change.kind == .deleted ? change.sequence == deletion : change.sequence < deletion
            {
                continue
            }
            state.changes[kept] = change
            state.changeRows[kept] = state.changeRows[index]
            kept += 1
        }
        state.changes.removeSubrange(kept...)
        state.changeRows.removeSubrange(kept...)
        state.horizon = max(state.horizon, expiring.last!.sequence)
    }

    public func changeHorizon() throws -> Int64 { state.withLock { $0.horizon } }

    @discardableResult
    public func expireDeletions() throws -> Int {
        let cutoff = retention.expiryCutoff()
        return state.withLock { state in
            let before = state.deletionStamps.count
            InMemoryStorage.expire(&state, before: cutoff)
            return before - state.deletionStamps.count
        }
    }

    // MARK: Records

    public func storedRecords(ofKind kind: String, keys: RecordKeys) throws -> [StoredRecord] {
        state.withLock { state in
            guard let records = state.records[kind] else { return [] }
            if case let .exactly(key) = keys { return records[key].map { [$0] } ?? [] }
            if case let .among(wanted) = keys { return wanted.compactMap { records[$0] }.sorted { $0.key < $1.key } }
            return records.values.filter { keys.contains($0.key) }.sorted { $0.key < $1.key }
        }
    }
}
