// The storage members of ClientStorage implement the requirements of HealthStorage's parts (SampleStorage,
// ChangeLog, RecordStorage, ImportedSpanStorage), which document them; the class says how this view narrows them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel

/// One client's view of a store (SEMANTICS §8): a storage that answers every read with only what the client may
/// see, checks every write against the client's sharing decisions, and honours the store's condition.
///
/// Because every query engine reads through the storage protocol, putting the rules here enforces them on every query
/// path at once — sample, statistics (merged and per source), collections, anchored, observer, correlation, activity
/// summary, source and series queries.
///
/// Visibility: a sample of a type the client may read is visible (from the start of the window of history the person
/// shared, when it is limited to one); otherwise only the client's own samples are, so a
/// client without read permission sees exactly what it wrote, as if nothing else existed. A correlation is visible
/// when one of its contained samples is, and then shows only the visible ones (their types decide, not the
/// correlation type, which is never requested).
public final class ClientStorage: HealthStorage {
    /// The storage viewed.
    public let base: any HealthStorage
    /// The client's bundle identifier.
    public let client: String
    /// The decisions and the store's condition.
    public let access: AccessControl
    /// What the client may do: its grants when given (kept in the server's registry), else `access`'s decisions.
    let permissions: ClientPermissions

    /// The view of `base` for `client`, deciding by `grants` when given (their home is elsewhere: the server's
    /// registry), else by the decisions `access` recorded; the store's condition and the per-object grants are always
    /// `access`'s.
    public init(base: any HealthStorage, client: String, access: AccessControl, grants: ClientGrants? = nil) {
        self.base = base
        self.client = client
        self.access = access
        self.permissions = ClientPermissions(access: access, client: client, grants: grants)
    }

    // MARK: Visibility

    private var fullAccess: Bool { permissions.hasFullAccess }

    private func owns(_ sample: Sample) -> Bool { sample.sourceRevision?.source.bundleIdentifier == client }

    /// The sample as the client sees it, or nil when hidden (a correlation keeps only its visible members).
    func visible(_ sample: Sample) -> Sample? {
        if fullAccess { return sample }
        if let members = sample.correlatedObjects {
            let shown = members.filter {
                owns($0) || owns(sample)
                    || permissions.canRead(type: $0.type.identifier, startingAt: $0.startDate)
            }
            guard !shown.isEmpty else { return nil }
            if shown.count == members.count { return sample }
            // Not rebuilt through the validating initializer: a blood pressure with one member fails its rules and
            // was hidden whole, where HealthKit shows it with the readable member only (SEMANTICS §8).
            return sample.with(visibleObjects: shown)
        }
        if case let .workoutEffortRelationship(relation)? = sample.payload {
            // A relationship shows what it joins: readable when both the workout and the effort type are.
            let readable =
                permissions.canRead(type: SampleType.workout.identifier)
                && permissions.canRead(type: relation.sampleType)
            return owns(sample) || readable ? sample : nil
        }
        if owns(sample) || permissions.canRead(type: sample.type.identifier, startingAt: sample.startDate) {
            return sample
        }
        guard sample.type.requiresPerObjectAuthorization else { return nil }
        // A dose event is shown with its medication: the person shares medications, not single doses.
        if case let .medicationDoseEvent(content)? = sample.payload {
            return permissions.canRead(medication: content.medicationConceptIdentifier) ? sample : nil
        }
        return permissions.canRead(object: sample.uuid) ? sample : nil
    }

    private func visible(_ stored: [StoredSample]) -> [StoredSample] {
        if fullAccess { return stored }
        return stored.compactMap { entry in
            visible(entry.sample).map { StoredSample(sequence: entry.sequence, sample: $0) }
        }
    }

    /// Whether the whole type is readable, so that the base's answers can be passed on as they are.
    private func readsAll(_ type: SampleType) -> Bool {
        fullAccess
            || (type.kind != .correlation && permissions.canRead(type: type.identifier)
                && permissions.readWindows()[type.identifier] == nil)
    }

    /// Throws when the store's condition allows no reads (unavailable, locked).
    func checkReadable() throws {
        switch access.condition {
        case .available, .guest: return
        case .unavailable: throw HealthStoreError.healthDataUnavailable
        case .locked: throw HealthStoreError.databaseInaccessible
        }
    }

    // MARK: Writes

    public func commit(_ batch: CommitBatch) throws -> CommitResult {
        let samples = batch.samples
        let uuids = batch.deletions
        switch access.condition {
        case .unavailable: throw HealthStoreError.healthDataUnavailable
        case .guest:
            throw HealthStoreError.notPermissibleInGuestMode(samples.isEmpty && !uuids.isEmpty ? "delete" : "save")
        case .available, .locked: break
        }
        if !fullAccess {
            for sample in samples {
                var types = [sample.type]
                if let members = sample.correlatedObjects { types = members.map(\.type) }
                if case let .workoutEffortRelationship(relation)? = sample.payload {
                    // Relating an effort sample needs the grant to share its type.
                    types = [try SampleType.named(relation.sampleType)]
                }
                for type in types {
                    switch permissions.shareDecision(type: type.identifier) {
                    case .authorized: continue
                    case .notDetermined: throw HealthStoreError.authorizationNotDetermined(type: type.identifier)
                    case .denied: throw HealthStoreError.authorizationDenied("sharing \(type.identifier) was denied")
                    }
                }
                guard owns(sample) else {
                    throw HealthStoreError.authorizationDenied(
                        "saving as another app (\(sample.sourceRevision?.source.bundleIdentifier ?? "no source"))")
                }
            }
            if !uuids.isEmpty {
                let stored = Dictionary(
                    try base.storedSamples(withUUIDs: Set(uuids)).map { ($0.sample.uuid, $0.sample) },
                    uniquingKeysWith: { first, _ in first })
                for uuid in uuids {
                    // An object the client cannot see is, for it, an object that does not exist.
                    guard let sample = stored[uuid], visible(sample) != nil else {
                        throw HealthStoreError.objectNotFound(uuid)
                    }
                    guard owns(sample) else {
                        throw HealthStoreError.authorizationDenied("deleting \(uuid), which another app saved")
                    }
                }
            }
            try checkAssociations(batch)
            try checkRecords(batch)
        }
        if access.condition == .locked, access.hold(AccessControl.PendingWrite(client: client, batch: batch)) {
            // Accepted; it becomes visible when the store is unlocked.
            return CommitResult(inserted: [], deleted: [], ignored: [], latestSequence: try base.latestSequence())
        }
        return try base.commit(batch)
    }

    /// An app writes only the records its kinds let it write (`RecordWriter`).
    private func checkRecords(_ batch: CommitBatch) throws {
        for write in batch.records {
            switch write.writer {
            case let .fullAccess(denial): throw HealthStoreError.authorizationDenied(denial)
            case let .app(bundleIdentifier, denial):
                guard bundleIdentifier == client else { throw HealthStoreError.authorizationDenied(denial) }
            case let .objectOwner(object, action): try checkObjectOwner(object, action: action)
            }
        }
    }

    /// Throws unless the client may change what belongs to the object (its attachments): it sees the object, saved
    /// it, and may still share its type. A hidden object is, for it, one that does not exist.
    private func checkObjectOwner(_ uuid: UUID, action: String) throws {
        guard let object = try base.storedSamples(withUUIDs: [uuid]).first?.sample, visible(object) != nil else {
            throw HealthStoreError.objectNotFound(uuid)
        }
        switch permissions.shareDecision(type: object.type.identifier) {
        case .authorized: break
        case .notDetermined: throw HealthStoreError.authorizationNotDetermined(type: object.type.identifier)
        case .denied: throw HealthStoreError.authorizationDenied("sharing \(object.type.identifier) was denied")
        }
        guard owns(object) else {
            throw HealthStoreError.authorizationDenied("\(action) \(uuid), which another app saved")
        }
    }

    /// An app adds samples only to workouts it saved (in this batch or before), and only samples it can see.
    private func checkAssociations(_ batch: CommitBatch) throws {
        guard !batch.associations.isEmpty else { return }
        let (inserted, named) = batch.associatedObjects()
        var found = inserted
        for stored in try base.storedSamples(withUUIDs: named) where visible(stored.sample) != nil {
            found[stored.sample.uuid] = stored.sample
        }
        for association in batch.associations {
            guard let workout = found[association.workout] else {
                throw HealthStoreError.objectNotFound(association.workout)
            }
            guard owns(workout) else {
                throw HealthStoreError.authorizationDenied("adding samples to a workout another app saved")
            }
            for uuid in association.samples where found[uuid] == nil { throw HealthStoreError.objectNotFound(uuid) }
        }
    }

    // MARK: Sample reads

    public func candidates(of type: SampleType, within bounds: TimeBounds) throws -> [StoredSample] {
        try checkReadable()
        return visible(try base.candidates(of: type, within: bounds))
    }

    public func candidates(
        of type: SampleType, within bounds: TimeBounds, matching predicate: SamplePredicate
    ) throws -> [StoredSample] {
        try checkReadable()
        return visible(try base.candidates(of: type, within: bounds, matching: predicate))
    }

    public func quantityColumns(of type: SampleType, within bounds: TimeBounds) throws -> QuantityColumns? {
        try checkReadable()
        // Columns carry no owner per row; a client limited to its own samples goes the sample way.
        return readsAll(type) ? try base.quantityColumns(of: type, within: bounds) : nil
    }

    public func typeSummaries() throws -> [TypeSummary] {
        try checkReadable()
        var summaries: [TypeSummary] = []
        for summary in try base.typeSummaries() {
            if readsAll(summary.type) {
                summaries.append(summary)
                continue
            }
            let own = visible(try base.candidates(of: summary.type, within: .unbounded))
            guard let first = own.map(\.sample.startDate).min(), let last = own.map(\.sample.endDate).max() else {
                continue
            }
            summaries.append(TypeSummary(type: summary.type, count: own.count, firstStart: first, lastEnd: last))
        }
        return summaries
    }

    public func storedSamples(withUUIDs uuids: Set<UUID>) throws -> [StoredSample] {
        try checkReadable()
        return visible(try base.storedSamples(withUUIDs: uuids))
    }

    public func storedSequences(withUUIDs uuids: Set<UUID>) throws -> [UUID: Int64] {
        try checkReadable()
        if fullAccess { return try base.storedSequences(withUUIDs: uuids) }
        var result: [UUID: Int64] = [:]
        for stored in visible(try base.storedSamples(withUUIDs: uuids)) { result[stored.sample.uuid] = stored.sequence }
        return result
    }

    public func correlationMembers(among uuids: [UUID]) throws -> Set<UUID> {
        try checkReadable()
        return try base.correlationMembers(among: uuids)
    }

    public func samplesAssociated(withWorkout workout: UUID) throws -> Set<UUID> {
        try checkReadable()
        let associated = try base.samplesAssociated(withWorkout: workout)
        if fullAccess || associated.isEmpty { return associated }
        // Only a workout the client sees has associations for it, and only samples it sees.
        guard try isVisible(workout) else { return [] }
        return Set(
            try base.storedSamples(withUUIDs: associated).filter { visible($0.sample) != nil }.map(\.sample.uuid))
    }

    // MARK: Change log

    public func latestSequence() throws -> Int64 {
        try checkReadable()
        return try base.latestSequence()
    }

    public func changes(after sequence: Int64, limit: Int) throws -> [Change] {
        try checkReadable()
        if fullAccess { return try base.changes(after: sequence, limit: limit) }
        return try changedObjects(after: sequence, of: nil, limit: limit).objects.map(\.change)
    }

    public func changedObjects(after sequence: Int64, of types: Set<SampleType>?, limit: Int) throws -> ChangePage {
        try checkReadable()
        if fullAccess || (types.map { !$0.isEmpty && $0.allSatisfy(readsAll) } ?? false) {
            return try base.changedObjects(after: sequence, of: types, limit: limit)
        }
        // Read pages of the base and keep what the client may see; the end position is the base's, so hidden
        // changes are passed over once and never read again.
        var cursor = sequence
        var objects: [ChangedObject] = []
        while true {
            let page = try base.changedObjects(after: cursor, of: types, limit: limit)
            for object in page.objects {
                guard let shown = object.sample.flatMap(visible) else { continue }
                objects.append(ChangedObject(change: object.change, sample: shown))
                if limit > 0, objects.count == limit {
                    return ChangePage(objects: objects, endSequence: object.change.sequence)
                }
            }
            cursor = page.endSequence
            if limit <= 0 || page.objects.count < limit { return ChangePage(objects: objects, endSequence: cursor) }
        }
    }

    public func changeHorizon() throws -> Int64 { try base.changeHorizon() }

    @discardableResult
    public func expireDeletions() throws -> Int { try base.expireDeletions() }

    // MARK: Records

    /// The records of the kind the client may see: all of them for a full-access client, else each as its kind's rule
    /// shows it (`RecordKind.shown(_:key:to:)`), hidden ones left out exactly as if there were none.
    public func records<Kind: RecordKind>(_ kind: Kind.Type, keys: RecordKeys) throws -> [Record<Kind>] {
        try checkReadable()
        let records = try base.records(kind, keys: keys)
        if fullAccess { return records }
        return try records.compactMap { record in
            try Kind.shown(record.value, key: record.key, to: self).map {
                Record(key: record.key, sequence: record.sequence, value: $0)
            }
        }
    }

    /// Encoded records, which no rule has narrowed: only for a full-access client (none for others).
    public func storedRecords(ofKind kind: String, keys: RecordKeys) throws -> [StoredRecord] {
        try checkReadable()
        return fullAccess ? try base.storedRecords(ofKind: kind, keys: keys) : []
    }

    private func isVisible(_ uuid: UUID) throws -> Bool {
        if fullAccess { return true }
        return try base.storedSamples(withUUIDs: [uuid]).contains { visible($0.sample) != nil }
    }
}

extension ClientStorage {
    /// A commit as this client may hear of it: its visible inserted samples, no identifiers of deletions (which could
    /// name objects it never saw; its queries read the deletions they may see from the log), and the sequence. A
    /// commit with nothing visible still arrives, empty, which observers treat as "something may have changed up to
    /// this sequence" and answer by reading through this view — so they find nothing they may not see.
    func visibleResult(_ result: CommitResult) -> CommitResult? {
        if permissions.hasFullAccess { return result }
        return CommitResult(
            inserted: result.inserted.compactMap(visible), deleted: [], ignored: [],
            latestSequence: result.latestSequence, records: result.records.filter(\.isAnnouncedToEveryClient))
    }
}

extension ClientStorage: RecordReader {
    /// Whether the person let the client read the type (the read grant alone, as the data beside samples was always
    /// shown: a characteristic, the activity summaries, the clinical documents).
    public func hasReadGrant(typeIdentifier: String) -> Bool {
        permissions.canRead(type: typeIdentifier)
    }

    /// Whether the person shared the medication with the client.
    public func canRead(medication conceptIdentifier: String) -> Bool {
        permissions.canRead(medication: conceptIdentifier)
    }

    /// Whether the client sees the stored object.
    public func sees(object uuid: UUID) throws -> Bool { try isVisible(uuid) }

    /// The bundle identifiers of the sources of the type's samples the client can see.
    public func visibleSources(of type: SampleType) throws -> Set<String> {
        Set(
            visible(try base.candidates(of: type, within: .unbounded)).compactMap {
                $0.sample.sourceRevision?.source.bundleIdentifier
            })
    }
}
