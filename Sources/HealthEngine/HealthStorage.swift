import Foundation
import HealthModel

/// The storage a store backend provides to the query engine: atomic writes, indexed reads and the change log.
///
/// Backends (in-memory, SQLite) implement it; the engine evaluates every query rule on top of it, so each backend
/// behaves the same. Methods may be called from any thread.
public protocol HealthStorage: AnyObject, Sendable {
    /// Inserts and deletes in one all-or-nothing commit.
    ///
    /// Inserted samples are already validated and carry their source revision. A sample whose sync identifier matches
    /// a stored sample of the same source replaces it when its sync version is greater (a deletion plus an
    /// insertion) and is ignored otherwise (SEMANTICS §1). A uuid that is already stored, or a deletion of a uuid that
    /// is not, fails the whole commit.
    func commit(inserting samples: [Sample], deleting uuids: [UUID]) throws -> CommitResult

    /// Stored samples of the type whose start and end may satisfy the bounds, in insertion order (a superset is fine).
    func candidates(of type: SampleType, within bounds: TimeBounds) throws -> [StoredSample]

    /// Quantity samples of the type whose start and end may satisfy the bounds, as columns (a superset is fine), or
    /// nil when this storage keeps none, or when some such sample is a series sample (count above one with entries).
    func quantityColumns(of type: SampleType, within bounds: TimeBounds) throws -> QuantityColumns?

    /// Like `candidates(of:within:)`, narrowed further by the parts of the predicate the storage can evaluate
    /// itself (a superset is fine: the engine still evaluates the whole predicate).
    func candidates(of type: SampleType, within bounds: TimeBounds, matching predicate: SamplePredicate) throws -> [StoredSample]

    /// Every sample type the store holds samples of, with their count and time span, sorted by type identifier.
    func typeSummaries() throws -> [TypeSummary]

    /// Stored samples with these identifiers, in insertion order; missing ones are left out.
    func storedSamples(withUUIDs uuids: Set<UUID>) throws -> [StoredSample]

    /// The change sequence of each stored sample among `uuids` (missing ones are left out): what an import asks of
    /// every batch, so a storage should answer it without reading whole samples.
    func storedSequences(withUUIDs uuids: Set<UUID>) throws -> [UUID: Int64]

    /// The identifiers among `uuids` of samples that some stored correlation contains.
    func correlationMembers(among uuids: [UUID]) throws -> Set<UUID>

    /// Identifiers of the samples associated with a workout.
    func samplesAssociated(withWorkout workout: UUID) throws -> Set<UUID>

    /// Associates stored samples with a stored workout.
    func associate(_ samples: [UUID], withWorkout workout: UUID) throws

    /// The number of the last change committed (0 for an empty store).
    func latestSequence() throws -> Int64

    /// Changes after a sequence number, oldest first, at most `limit` (0 means no limit).
    ///
    /// Throws `HealthEngineError.anchorTooOld` when `sequence` is above 0 but below the horizon (deletions after it
    /// have been forgotten, SEMANTICS §6); 0 (no anchor) always answers, with the deletions still remembered.
    func changes(after sequence: Int64, limit: Int) throws -> [Change]

    /// The changes after a sequence number to objects of the types (nil: every type), oldest first, at most `limit`
    /// (0 means no limit), with their objects: insertions of objects deleted since are left out. Throws
    /// `HealthEngineError.anchorTooOld` as `changes(after:limit:)` does.
    func changedObjects(after sequence: Int64, of types: Set<SampleType>?, limit: Int) throws -> ChangePage

    /// The change-log horizon: the sequence number of the latest deletion forgotten under the retention (0: none).
    func changeHorizon() throws -> Int64

    /// Forgets deletions older than the retention allows now; returns how many were forgotten.
    @discardableResult
    func expireDeletions() throws -> Int

    /// The source order set for a type (bundle identifiers, highest priority first), or nil for the default order.
    func sourceOrder(for type: SampleType) throws -> [String]?

    /// Sets the source order of a type; nil restores the default order. Kept with the data.
    func setSourceOrder(_ bundleIdentifiers: [String]?, for type: SampleType) throws

    /// The background-delivery subscriptions of a client, by type identifier order.
    func backgroundDeliveries(of bundleIdentifier: String) throws -> [BackgroundDeliverySubscription]

    /// Adds or replaces a subscription (keyed by client and type). Kept with the data.
    func saveBackgroundDelivery(_ subscription: BackgroundDeliverySubscription) throws

    /// Removes a client's subscriptions to the types (nil: all of its subscriptions).
    func removeBackgroundDeliveries(of bundleIdentifier: String, types: Set<SampleType>?) throws

    // MARK: Data besides samples (activity summaries, routes, heartbeat series, characteristics, kept elements)

    /// Saves data besides samples in one all-or-nothing write; each part replaces what is stored under its key.
    func saveImportedData(_ data: ImportedData) throws

    /// The activity summaries of the days from `first` through `last` (both included, compared by year, month and
    /// day), oldest first.
    func activitySummaries(from first: DateComponents, through last: DateComponents) throws -> [ActivitySummary]

    /// The routes of a workout, with their points, oldest first.
    func workoutRoutes(ofWorkout workout: UUID) throws -> [WorkoutRoute]

    /// One route with its points, by the route's identifier.
    func workoutRoute(withUUID uuid: UUID) throws -> WorkoutRoute?

    /// The beat-to-beat series of a sample (a heart rate variability sample), if stored.
    func heartbeatSeries(ofSample sample: UUID) throws -> HeartbeatSeries?

    /// The stored characteristics, by identifier.
    func characteristics() throws -> [String: String]

    /// The date and locale of the latest imported export, if any.
    func exportInformation() throws -> ExportInformation?

    /// Kept elements in the order they were first saved; only those under `parent` when it is given.
    func keptElements(parent: UUID?) throws -> [KeptElement]

    /// How much is stored besides samples.
    func importedDataCounts() throws -> ImportedDataCounts

    /// The clinical documents, by start date.
    func clinicalDocuments() throws -> [ClinicalDocument]

    /// The spans of export files imported whole since the store last deleted a sample.
    func importedSpans() throws -> [ImportedSpan]

    /// Remembers spans imported whole (their samples are committed); a commit that deletes forgets them all.
    func saveImportedSpans(_ spans: [ImportedSpan]) throws
}

extension HealthStorage {
    /// By default a storage remembers no spans: every import reads every record.
    public func importedSpans() throws -> [ImportedSpan] { [] }

    /// By default spans are not remembered.
    public func saveImportedSpans(_ spans: [ImportedSpan]) throws {}

    /// By default the sequences come from `storedSamples(withUUIDs:)`.
    public func storedSequences(withUUIDs uuids: Set<UUID>) throws -> [UUID: Int64] {
        var result: [UUID: Int64] = [:]
        for stored in try storedSamples(withUUIDs: uuids) { result[stored.sample.uuid] = stored.sequence }
        return result
    }

    /// By default a storage keeps no subscriptions and says so.
    public func backgroundDeliveries(of bundleIdentifier: String) throws -> [BackgroundDeliverySubscription] { [] }

    /// By default a storage keeps no subscriptions and says so.
    public func saveBackgroundDelivery(_ subscription: BackgroundDeliverySubscription) throws {
        throw HealthEngineError.invalidQuery(field: "background delivery", reason: "this storage does not keep subscriptions")
    }

    /// By default a storage keeps no subscriptions.
    public func removeBackgroundDeliveries(of bundleIdentifier: String, types: Set<SampleType>?) throws {}

    /// By default the change log and the stored samples are read in two steps (a storage that can do better, or
    /// that remembers deleted samples, overrides this); deleted objects come without their sample.
    public func changedObjects(after sequence: Int64, of types: Set<SampleType>?, limit: Int) throws -> ChangePage {
        var cursor = sequence
        var objects: [ChangedObject] = []
        let pageSize = limit > 0 ? max(limit, 1_024) : 0
        while true {
            let latest = try latestSequence()
            let changes = try self.changes(after: cursor, limit: pageSize)
            let wanted = changes.filter { types?.contains($0.type) ?? true }
            let inserted = try storedSamples(withUUIDs: Set(wanted.lazy.filter { $0.kind == .inserted }.map(\.uuid)))
            var bySequence: [Int64: Sample] = [:]
            for stored in inserted { bySequence[stored.sequence] = stored.sample }
            for change in wanted {
                if change.kind == .inserted {
                    guard let sample = bySequence[change.sequence] else { continue }
                    objects.append(ChangedObject(change: change, sample: sample))
                } else {
                    objects.append(ChangedObject(change: change, sample: nil))
                }
                if limit > 0, objects.count == limit { return ChangePage(objects: objects, endSequence: change.sequence) }
            }
            guard pageSize > 0, changes.count == pageSize, let last = changes.last else {
                return ChangePage(objects: objects, endSequence: max(cursor, changes.last?.sequence ?? cursor, latest))
            }
            cursor = last.sequence
        }
    }

    /// By default a storage narrows candidates by time alone.
    public func candidates(of type: SampleType, within bounds: TimeBounds, matching predicate: SamplePredicate) throws -> [StoredSample] {
        try candidates(of: type, within: bounds)
    }
}
