import Foundation
import HealthEngine
import HealthModel

/// The storage roles as this store object sees them: small handles that read (and, for the imported spans, write)
/// one role of the backend through the client view, with the facade's errors. They decide nothing, so they replace
/// the facade's one-line mirrors of storage methods; what decides something (the commit, queries, statistics, sleep
/// and workout figures, attachments, permissions) stays on `HealthDataStore` (docs/decisions/role-handles.md).
extension HealthDataStore {
    /// The samples role (`SampleStorage`): what types are stored, and where samples sit in the change log.
    public var samples: StoreSamples { StoreSamples(storage: storage) }

    /// The change-log role (`ChangeLog`): the latest sequence and the horizon anchors must stay above.
    public var changeLog: StoreChangeLog { StoreChangeLog(storage: storage) }

    /// The records role (`RecordStorage`): the data kept beside samples, each kind shown as its rule lets this store
    /// object see it. Records are written through the commit (`write(records:)` and the typed setters).
    public var records: StoreRecords { StoreRecords(storage: storage) }

    /// The imported-spans role (`ImportedSpanStorage`): the importer's bookkeeping of export files read whole.
    public var importedSpans: StoreImportedSpans { StoreImportedSpans(storage: storage) }
}

/// Runs `body`, giving its errors the facade's one form: `HealthEngineError` as `HealthStoreError.engine`,
/// `HealthModelError` as `HealthStoreError.model`; others (already `HealthStoreError`) unchanged.
func wrappingStoreErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as HealthEngineError {
        throw HealthStoreError.engine(error)
    } catch let error as HealthModelError {
        throw HealthStoreError.model(error)
    }
}

/// The samples of a store as one store object sees them (`HealthDataStore.samples`); queries over them are the
/// store's (`HealthDataStore.samples(_:)`, `statistics`, …). Errors are `HealthStoreError`.
public struct StoreSamples: Sendable {
    let storage: any SampleStorage

    /// The types with samples, with their counts and date ranges, sorted by type identifier.
    public func typeSummaries() throws -> [TypeSummary] {
        try wrappingStoreErrors { try storage.typeSummaries() }
    }

    /// The change-log sequences at which the samples with these identifiers were stored (absent: not stored, or not
    /// visible).
    public func storedSequences(withUUIDs uuids: Set<UUID>) throws -> [UUID: Int64] {
        try wrappingStoreErrors { try storage.storedSequences(withUUIDs: uuids) }
    }

    /// The identifiers of the samples associated with a workout (none when the workout is not visible).
    public func samplesAssociated(withWorkout workout: UUID) throws -> Set<UUID> {
        try wrappingStoreErrors { try storage.samplesAssociated(withWorkout: workout) }
    }
}

/// The change log of a store as one store object sees it (`HealthDataStore.changeLog`); the changes themselves are
/// read by an anchored query (`HealthDataStore.changes(_:through:)`). Errors are `HealthStoreError`.
public struct StoreChangeLog: Sendable {
    let storage: any ChangeLog

    /// The sequence of the latest commit (0 for a store never written to): the anchor of "now" in the change log.
    public func latestSequence() throws -> Int64 {
        try wrappingStoreErrors { try storage.latestSequence() }
    }

    /// The oldest sequence an anchor may still name: deletions before it were forgotten (0 while none were).
    public func changeHorizon() throws -> Int64 {
        try wrappingStoreErrors { try storage.changeHorizon() }
    }
}

/// The records of a store as one store object sees them (`HealthDataStore.records`): each kind filtered by its rule
/// (`RecordKind.shown(_:key:to:)`) for a client, so a hidden record looks like none. Errors are `HealthStoreError`.
public struct StoreRecords: Sendable {
    let storage: any RecordStorage

    /// The records of a kind under the keys, decoded, sorted by key.
    public func records<Kind: RecordKind>(_ kind: Kind.Type, keys: RecordKeys = .all) throws -> [Record<Kind>] {
        try wrappingStoreErrors { try storage.records(kind, keys: keys) }
    }

    /// The value of the record of a kind under a key, or nil when there is none (or it is hidden).
    public func record<Kind: RecordKind>(_ kind: Kind.Type, key: String) throws -> Kind.Value? {
        try wrappingStoreErrors { try storage.record(kind, key: key) }
    }

    /// The activity summaries an import stored for these days (inclusive), as recorded (not computed from samples:
    /// `HealthDataStore.activitySummaries(matching:calendar:)` answers queries).
    public func activitySummaries(from first: DateComponents, through last: DateComponents) throws -> [ActivitySummary]
    {
        try wrappingStoreErrors { try storage.activitySummaries(from: first, through: last) }
    }

    /// The `Me` characteristics an import stored (date of birth, sex, blood type…), by HealthKit identifier; a
    /// client reads one at a time (`HealthDataStore.characteristic(_:)`).
    public func characteristics() throws -> [String: String] {
        try wrappingStoreErrors { try storage.characteristics() }
    }

    /// The date and locale of the last imported export, when one was imported.
    public func exportInformation() throws -> ExportInformation? {
        try wrappingStoreErrors { try storage.exportInformation() }
    }

    /// The elements an import kept as written under a parent object (nil: every one), in the order first saved.
    public func keptElements(parent: UUID?) throws -> [KeptElement] {
        try wrappingStoreErrors { try storage.keptElements(parent: parent) }
    }

    /// The clinical documents the store holds, by start date.
    public func clinicalDocuments() throws -> [ClinicalDocument] {
        try wrappingStoreErrors { try storage.clinicalDocuments() }
    }

    /// An app's background-delivery subscriptions.
    public func backgroundDeliveries(of bundleIdentifier: String) throws -> [BackgroundDeliverySubscription] {
        try wrappingStoreErrors { try storage.backgroundDeliveries(of: bundleIdentifier) }
    }

    /// The source order set for a type, or nil for the default order. A client view shows only the sources of
    /// samples it can see (`SourceOrderRecord.shown(_:key:to:)`).
    public func sourceOrder(for type: SampleType) throws -> [String]? {
        try wrappingStoreErrors { try storage.sourceOrder(for: type) }
    }
}

/// The spans of export files imported whole (`ImportedSpan`, `HealthDataStore.importedSpans`): what a re-import of
/// the same file may skip. A client view keeps none. Errors are `HealthStoreError`.
public struct StoreImportedSpans: Sendable {
    let storage: any ImportedSpanStorage

    /// The spans that earlier imports read whole (emptied by any commit that deletes a sample).
    public func all() throws -> [ImportedSpan] {
        try wrappingStoreErrors { try storage.importedSpans() }
    }

    /// Remembers spans of an export file read whole, once their samples are committed.
    public func save(_ spans: [ImportedSpan]) throws {
        try wrappingStoreErrors { try storage.saveImportedSpans(spans) }
    }
}
