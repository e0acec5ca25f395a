import Foundation
import HealthEngine
import HealthModel
import Synchronization

/// A health data store: validated, all-or-nothing saves and deletes on a storage backend, and sample queries.
///
/// Every error it throws is a `HealthStoreError`: query-engine errors arrive as `.engine`, invalid data as `.model`,
/// on every path (a save, a query, a read of stored routes or of the change log), so a caller needs one catch arm.
public final class HealthDataStore: Sendable {
    /// The backend as this store object sees it (a client view's filtered storage, or the whole backend). Kept
    /// inside the package: callers use the methods below, whose errors are wrapped and whose reads follow the view.
    package let storage: any HealthStorage
    /// The whole backend, unrestricted (the same as `storage` for the store itself).
    let base: any HealthStorage
    /// The client view's storage, when this store object acts for a client.
    let view: ClientStorage?

    /// The engine that evaluates sample queries.
    let sampleQueries: SampleQueryEngine

    /// The engine that evaluates statistics.
    let statisticsQueries: StatisticsEngine

    /// The engine that evaluates anchored object queries.
    let anchoredQueries: AnchoredQueryEngine

    /// The engine that answers activity summary queries.
    let activitySummaryQueries: ActivitySummaryEngine

    /// Who may do what, and the store's condition; shared by the store and every client view of it.
    public let access: AccessControl

    /// The observers of the store and of all its client views, each behind its view's visibility filter.
    let hub: ObserverHub

    /// The client this store object acts for (nil: the store itself, unrestricted).
    public let client: String?

    /// The threads that run this store's blocking work for `async` callers (`run(_:)`) and for the HealthKit API's
    /// queries and completion handlers.
    public let executor: StoreExecutor

    /// A store over a backend (in memory by default). It reads and writes everything; `client(_:)` gives views that
    /// follow a client's permissions. `executor` runs its work for `async` callers, the HealthKit API's queries and
    /// completion handlers (the process's shared one unless given).
    public init(
        storage: any HealthStorage = InMemoryStorage(), access: AccessControl = AccessControl(),
        executor: StoreExecutor = .shared
    ) {
        self.storage = storage
        self.base = storage
        self.view = nil
        self.sampleQueries = SampleQueryEngine(storage: storage)
        self.statisticsQueries = StatisticsEngine(storage: storage)
        self.anchoredQueries = AnchoredQueryEngine(storage: storage)
        self.activitySummaryQueries = ActivitySummaryEngine(storage: storage)
        self.access = access
        self.client = nil
        self.executor = executor
        self.hub = ObserverHub(latestSequence: (try? storage.latestSequence()) ?? 0, storage: storage)
    }

    private init(view: ClientStorage, hub: ObserverHub, executor: StoreExecutor) {
        self.storage = view
        self.base = view.base
        self.view = view
        self.sampleQueries = SampleQueryEngine(storage: view)
        self.statisticsQueries = StatisticsEngine(storage: view)
        self.anchoredQueries = AnchoredQueryEngine(storage: view)
        self.activitySummaryQueries = ActivitySummaryEngine(storage: view)
        self.access = view.access
        self.client = view.client
        self.executor = executor
        self.hub = hub
    }

    /// The store as one client (app) sees it: reads limited to what the client may read plus its own data, writes
    /// checked against its sharing decisions, the store's condition honoured (SEMANTICS §8). Views share this store's
    /// observers, so a commit through any of them reaches the others' long-running queries (filtered).
    ///
    /// With `grants`, the view decides by them (their home is elsewhere: the server's registry, read with the client
    /// on every request) rather than by the decisions the store's `access` recorded, which stay untouched.
    public func client(_ bundleIdentifier: String, grants: ClientGrants? = nil) -> HealthDataStore {
        HealthDataStore(
            view: ClientStorage(base: base, client: bundleIdentifier, access: access, grants: grants), hub: hub,
            executor: executor)
    }

    /// Runs `body`, giving its errors the facade's one form: `HealthEngineError` as `HealthStoreError.engine`,
    /// `HealthModelError` as `HealthStoreError.model`; others (already `HealthStoreError`) unchanged.
    func wrapped<T>(_ body: () throws -> T) throws -> T {
        try wrappingStoreErrors(body)
    }

    // MARK: Condition

    /// The store's condition (available, unavailable, locked, guest).
    public var condition: StoreCondition { access.condition }

    /// Sets the store's condition. Leaving the locked state applies the writes accepted meanwhile, in order, and tells
    /// the observers; a write that no longer applies (its object deleted meanwhile) is dropped and the error returned.
    @discardableResult
    public func setCondition(_ condition: StoreCondition) -> [any Error] {
        var errors: [any Error] = []
        for write in access.setCondition(condition) {
            do {
                _ = try notify(try wrapped { try base.commit(write.batch) })
            } catch {
                errors.append(error)
            }
        }
        return errors
    }

    // MARK: Observation

    /// Calls `observer` after every commit that changed something this store object can see, on the committing
    /// thread; returns a token for `removeObserver(_:)`.
    @discardableResult
    public func addObserver(_ observer: @escaping @Sendable (CommitResult) -> Void) -> UUID {
        hub.add(observer, filter: visibilityFilter)
    }

    /// Calls `observer` with each commit this store object can see, for as long as `owner` exists (no removal
    /// needed): how a health store hears that the person's preferred units changed (`CommitResult.records`).
    package func addObserver(
        owner: some AnyObject & Sendable, _ observer: @escaping @Sendable (CommitResult) -> Void
    ) {
        _ = hub.add(observer, filter: visibilityFilter, owner: owner)
    }

    /// Stops calling an observer.
    public func removeObserver(_ token: UUID) {
        hub.remove(token)
    }

    /// A commit as this store object may see it (nil: nothing of it is visible).
    var visibilityFilter: @Sendable (CommitResult) -> CommitResult? {
        guard let view else { return { $0 } }
        return { result in view.visibleResult(result) }
    }

    /// Tells the observers about a commit, and removes the attachments of the objects it deleted (the one place
    /// every commit passes, so no path leaves a deleted object's files behind).
    private func notify(_ result: CommitResult) throws -> CommitResult {
        guard result.changedAnything else { return result }
        hub.notify(result)
        try removeAttachmentBytes(after: result)
        return result
    }

    /// Tells the observers about commits made outside this store object (another process, or another store object,
    /// writing the same SQLite file): when the storage's latest sequence is beyond what they were told, they receive
    /// a commit result with no samples and that sequence, meaning "something changed up to here". Returns whether
    /// there was such a change. `OutsideWriteWatch` calls it periodically.
    @discardableResult
    public func checkForOutsideWrites() throws -> Bool {
        try wrapped { try hub.checkForOutsideWrites() }
    }

    /// Like `checkForOutsideWrites()` for a commit whose latest sequence is known without asking the storage (another
    /// server's commit, announced by PostgreSQL): the observers hear of it when it is beyond what they were told.
    @discardableResult
    public func noteOutsideCommit(latestSequence: Int64) -> Bool {
        hub.outsideCommit(latestSequence: latestSequence)
    }

    // MARK: Source priority

    /// Sets the source order of a type: bundle identifiers, highest priority first (the Health app's "Data Sources &
    /// Access" list); nil restores the default order (`SourcePriority`). Kept as a record (`SourceOrderRecord`), written
    /// through the commit; nothing but this call writes one (an import does not).
    public func setSourceOrder(_ bundleIdentifiers: [String]?, for type: SampleType) throws {
        try write(
            records: [try wrapped { try .set(SourceOrderRecord.self, key: type.identifier, bundleIdentifiers) }])
    }

    /// The order merges rank sources by: the stored order, also for a client view (whose merges see only its
    /// samples, so the identifiers it cannot see change nothing); never shown.
    private func mergeOrder(for type: SampleType) throws -> [String]? {
        try base.sourceOrder(for: type)
    }

    /// The sources of a type's samples in the order statistics merge them (the type's order, else the default).
    public func sourcesInPriorityOrder(for type: SampleType) throws -> [Source] {
        try wrapped {
            let samples = try storage.candidates(of: type, within: .unbounded)
            return SourcePriority(order: try mergeOrder(for: type)).orderedSources(of: samples)
        }
    }

    // MARK: Statistics

    /// A statistics query over whole samples, merged by the type's source order; throws `noData` when nothing matches.
    public func statistics(
        of type: SampleType, matching predicate: SamplePredicate = .all, options: StatisticsOptions
    ) throws -> QuantityStatistics {
        try statistics(try wrapped { try StatisticsQuery(type: type, predicate: predicate, options: options) })
    }

    /// A checked statistics query over whole samples, merged by the type's source order; throws `noData` when nothing
    /// matches. With `provenance` other than `.none`, the answer says which sources the merged figures took how much
    /// from (`QuantityStatistics.provenance`); a client view counts, and names, only the sources of what it may read.
    public func statistics(
        _ query: StatisticsQuery, provenance: StatisticsProvenance.Detail = .none
    ) throws -> QuantityStatistics {
        try wrapped { try statisticsQueries.statistics(for: statisticsRequest(query, provenance: provenance)) }
    }

    /// A statistics collection: buckets of a calendar grid, with proration across bucket edges. With `maximumBuckets`,
    /// a collection whose samples span more buckets throws `tooManyBuckets` before any per-bucket work.
    public func statisticsCollection(
        of type: SampleType, matching predicate: SamplePredicate = .all, options: StatisticsOptions, anchor: Date,
        interval: DateComponents, calendar: Calendar, maximumBuckets: Int? = nil
    ) throws -> StatisticsCollection {
        let (query, window) = try wrapped {
            (
                try StatisticsQuery(type: type, predicate: predicate, options: options),
                try BucketWindow(
                    grid: try BucketGrid(anchor: anchor, interval: interval, calendar: calendar),
                    maximum: maximumBuckets)
            )
        }
        return try statisticsCollection(query, window: window)
    }

    /// A checked statistics collection over the buckets of a window (`BucketWindow`, which counts them once). With
    /// `provenance`, the collection's `provenance` summarizes the window's sources and coverage, and with
    /// `.perBucket` each bucket's as well; a client view counts, and names, only the sources of what it may read.
    public func statisticsCollection(
        _ query: StatisticsQuery, window: BucketWindow, provenance: StatisticsProvenance.Detail = .none
    ) throws -> StatisticsCollection {
        try wrapped {
            try statisticsQueries.collection(for: statisticsRequest(query, provenance: provenance), window: window)
        }
    }

    private func statisticsRequest(
        _ query: StatisticsQuery, provenance: StatisticsProvenance.Detail = .none
    ) throws -> StatisticsRequest {
        var request = StatisticsRequest(query, priority: SourcePriority(order: try mergeOrder(for: query.type)))
        request.provenance = provenance
        return request
    }

    /// Saves samples as one batch on behalf of a source revision; correlations bring their contained samples along.
    /// `associations` are recorded in the same commit (a workout with its samples and its route, all or nothing).
    ///
    /// Each sample must be new (not saved before), of a writable type, and valid; otherwise nothing is saved.
    @discardableResult
    public func save(
        _ samples: [Sample], as sourceRevision: SourceRevision, associations: [WorkoutAssociation] = []
    ) throws -> CommitResult {
        guard !samples.isEmpty else { throw HealthStoreError.emptyRequest("save") }
        var batch: [Sample] = []
        batch.reserveCapacity(samples.count)
        var checkedType: SampleType?
        guard samples.contains(where: { $0.type.kind == .correlation }) else {
            // The common case: plain samples. Duplicates are found by the storage.
            for sample in samples {
                if sample.type != checkedType {
                    guard !sample.type.isReadOnly else { throw HealthStoreError.readOnlyType(sample.type.identifier) }
                    checkedType = sample.type
                }
                batch.append(sample.with(sourceRevision: sourceRevision))
            }
            return try commit(CommitBatch(samples: batch, associations: associations))
        }
        // Correlations bring their contained samples; a sample given both alone and inside a correlation is saved once.
        var included = Set<UUID>()
        var members = Set<UUID>()
        for sample in samples {
            guard !sample.type.isReadOnly else { throw HealthStoreError.readOnlyType(sample.type.identifier) }
            if let objects = sample.correlatedObjects {
                var stamped: [Sample] = []
                for object in objects {
                    guard !object.type.isReadOnly else { throw HealthStoreError.readOnlyType(object.type.identifier) }
                    let member = object.sourceRevision == nil ? object.with(sourceRevision: sourceRevision) : object
                    stamped.append(member)
                    members.insert(member.uuid)
                    if object.sourceRevision == nil, included.insert(member.uuid).inserted { batch.append(member) }
                }
                let correlation: Sample
                do {
                    correlation = try Sample(
                        uuid: sample.uuid, type: sample.type, startDate: sample.startDate, endDate: sample.endDate,
                        metadata: sample.metadata, device: sample.device, sourceRevision: sourceRevision,
                        content: .correlation(objects: stamped))
                } catch {
                    throw HealthStoreError.model(error)
                }
                guard included.insert(correlation.uuid).inserted else {
                    throw HealthStoreError.duplicateObject(sample.uuid)
                }
                batch.append(correlation)
            } else if !included.insert(sample.uuid).inserted {
                guard members.contains(sample.uuid) else { throw HealthStoreError.duplicateObject(sample.uuid) }
            } else {
                batch.append(sample.with(sourceRevision: sourceRevision))
            }
        }
        return try commit(CommitBatch(samples: batch, associations: associations))
    }

    /// Saves samples that already carry their own source revisions as one batch, read-only types included: the way
    /// an import brings in data that other apps and Apple's algorithms recorded (an export's step counts, stand hours).
    ///
    /// Correlations must list contained samples that are stored already or are in the same batch; nothing is stamped.
    @discardableResult
    public func saveImported(_ samples: [Sample], associations: [WorkoutAssociation] = []) throws -> CommitResult {
        guard !samples.isEmpty else { throw HealthStoreError.emptyRequest("save") }
        for sample in samples where sample.sourceRevision == nil {
            throw HealthStoreError.model(
                .invalidField(field: "sourceRevision", reason: "an imported sample needs its source revision"))
        }
        return try commit(CommitBatch(samples: samples, associations: associations))
    }

    /// Deletes the objects with these identifiers as one batch; every one must exist.
    @discardableResult
    public func delete(_ uuids: [UUID]) throws -> CommitResult {
        guard !uuids.isEmpty else { throw HealthStoreError.emptyRequest("delete") }
        return try commit(CommitBatch(deletions: uuids))
    }

    /// Deletes every sample of a type that matches a predicate; returns what was deleted (possibly nothing).
    @discardableResult
    public func delete(type: SampleType, matching predicate: SamplePredicate) throws -> CommitResult {
        let matches = try samples(SampleQueryRequest(type: type, predicate: predicate)).map(\.uuid)
        if matches.isEmpty {
            return CommitResult(inserted: [], deleted: [], ignored: [], latestSequence: try changeLog.latestSequence())
        }
        return try commit(CommitBatch(deletions: matches))
    }

    /// The changes an anchored object query returns (at most through the sequence `end`, when given).
    public func changes(_ request: AnchoredQueryRequest, through end: Int64? = nil) throws -> AnchoredQueryResult {
        try wrapped { try anchoredQueries.changes(for: request, through: end) }
    }

    /// The activity summaries a predicate selects (nil: all), stored or computed from the day's samples, by day in
    /// `calendar`. A client view needs the read grant of `activitySummary` (HealthKit's `activitySummaryType()`): without
    /// it there are none, also none computed from the samples it may read, on every path (HealthKit API, server,
    /// command line) since they all ask here.
    public func activitySummaries(
        matching predicate: ActivitySummaryPredicate?, calendar: Calendar
    ) throws -> [ActivitySummary] {
        // The store's condition still answers first (unavailable, locked), as for any read.
        if let view, try !view.readsComputed(typeIdentifier: TypeTable.activitySummaryTypeIdentifier) {
            return []
        }
        return try wrapped { try activitySummaryQueries.summaries(matching: predicate, calendar: calendar) }
    }

    /// The correlations a correlation query matches (SEMANTICS §7).
    public func correlations(_ request: CorrelationQueryRequest) throws -> [Sample] {
        try wrapped { try sampleQueries.correlations(for: request) }
    }

    /// The sources with samples of a type matching a predicate.
    public func sources(of type: SampleType, matching predicate: SamplePredicate = .all) throws -> [Source] {
        try wrapped { try sampleQueries.sources(of: type, matching: predicate) }
    }

    /// The samples a sample query returns.
    public func samples(_ request: SampleQueryRequest) throws -> [Sample] {
        try wrapped { try sampleQueries.samples(for: request) }
    }

    /// Associates saved samples with a saved workout (for `predicateForObjects(from: workout)`), as one commit.
    public func associate(_ samples: [UUID], withWorkout workout: UUID) throws {
        _ = try commit(CommitBatch(associations: [WorkoutAssociation(workout: workout, samples: samples)]))
    }

    /// Applies one batch: its associations checked (a workout, samples that may be added to it: not effort samples,
    /// which are related instead), then committed all or nothing, and the commit told to the observers once.
    /// Puts and deletes records (`RecordKind`) in one commit, checked by this store object's view and told to the
    /// observers.
    @discardableResult
    public func write(records: [RecordWrite]) throws -> CommitResult {
        try commit(CommitBatch(records: records))
    }

    private func commit(_ batch: CommitBatch) throws -> CommitResult {
        if !batch.associations.isEmpty {
            try wrapped {
                let (inserted, named) = batch.associatedObjects()
                var types = inserted.mapValues(\.type)
                // The whole store's types: which objects the client may see and own is its view's to decide, after
                // its share grants (ClientStorage), and a wrong type answers as a missing object either way.
                for stored in try base.storedSamples(withUUIDs: named) {
                    types[stored.sample.uuid] = stored.sample.type
                }
                for association in batch.associations {
                    // A sample that is not a workout is, as a workout, one that does not exist.
                    guard types[association.workout] == .workout else {
                        throw HealthStoreError.objectNotFound(association.workout)
                    }
                    try WorkoutEffortQueryEngine.checkAddable(association.samples.compactMap { types[$0] })
                }
            }
        }
        return try notify(try wrapped { try storage.commit(batch) })
    }
}
