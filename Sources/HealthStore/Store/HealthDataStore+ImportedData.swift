import Foundation
import HealthEngine
import HealthModel

/// What an import keeps besides samples: the data an export holds beside them (activity summaries, characteristics,
/// the export's date and locale, elements kept as written, clinical documents), stored as records
/// (`ActivitySummaryRecord`, `CharacteristicRecord`, `ExportInformationRecord`, `KeptElementRecord`,
/// `ClinicalDocumentRecord`) written through the commit, and the spans of a file it read whole.
extension HealthDataStore {
    /// How many of each kind of imported data the store holds. Only the store itself and full-access clients count.
    public func importedDataCounts() throws -> ImportedDataCounts {
        try wrapped {
            try view?.checkReadable()
            try view?.checkFullAccess("only a client with full access counts imported data")
            func count(_ kind: String) throws -> Int { try storage.storedRecords(ofKind: kind, keys: .all).count }
            var counts = ImportedDataCounts(
                activitySummaries: try count(ActivitySummaryRecord.name),
                characteristics: try count(CharacteristicRecord.name), keptElements: try count(KeptElementRecord.name))
            // Routes and heartbeat series are samples: read 30 days of them at a time (an index range each), so that
            // a store with years of routes never holds every point at once. Fixed windows from 2000 to 2040 (open
            // before and after) rather than the types' extents: `typeSummaries()` reads every sample's row, which
            // filled SQLite's page cache after a 1 GB import (25 MB of peak memory).
            let step = 30 * 86_400.0
            let first = -31_622_400.0  // 2000-01-01T00:00:00Z in seconds since the reference date (2001-01-01)
            let windows = 40 * 365 / 30 + 1
            for type in [SampleType.workoutRoute, .heartbeatSeries] {
                for index in 0...windows {
                    let window = TimeBounds(
                        startLowerBound: index == 0 ? -.infinity : first + Double(index - 1) * step,
                        startUpperBound: index == windows ? .infinity : first + Double(index) * step)
                    // Candidates are a superset: each sample is counted in the window of its start only.
                    for stored in try storage.candidates(of: type, within: window)
                    where window.contains(start: stored.sample.startDate.timeIntervalSinceReferenceDate, end: 0) {
                        switch stored.sample.payload {
                        case let .workoutRoute(content)?:
                            counts.workoutRoutes += 1
                            counts.routeLocations += content.locations.count
                        case let .heartbeatSeries(content)?:
                            counts.heartbeatSeries += 1
                            counts.heartbeats += content.beats.count
                        default: break
                        }
                    }
                }
            }
            return counts
        }
    }

    /// Saves what an export holds besides samples as one commit of records, which observers hear: each part
    /// replaces what is stored under its key (a day, a characteristic identifier, a document's identifier, the
    /// export information), and a kept element already stored under its identity is not added again. Only what
    /// differs from the stored records is written, so saving the same data again commits nothing (a re-import takes
    /// no change sequence). Only the store itself and full-access clients import.
    public func saveImportedData(_ data: ImportedData) throws {
        try view?.checkFullAccess("only a client with full access imports data")
        guard !data.isEmpty else { return }
        // Compared with the whole store's records (the client may see none of them).
        let writes = try wrapped { try data.recordWrites(over: base) }
        guard !writes.isEmpty else { return }
        try write(records: writes)
    }
}

extension ImportedData {
    /// The record writes saving this data into `storage` (read as it shows them; pass the whole store): a put for
    /// each summary, characteristic, document and the export information whose stored value differs, and one for
    /// each kept element whose identity is not stored (the first of an identity in the data). One lookup a kind.
    public func recordWrites(over storage: any RecordStorage) throws -> [RecordWrite] {
        var writes = try Self.changed(
            ActivitySummaryRecord.self,
            activitySummaries.map { (try ActivitySummaryRecord.key(of: $0.day), ActivitySummaryRecord.Value($0)) },
            in: storage)
        writes += try Self.changed(
            CharacteristicRecord.self, characteristics.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
            in: storage)
        writes += try Self.changed(
            ClinicalDocumentRecord.self,
            clinicalDocuments.map { ($0.uuid.uuidString, ClinicalDocumentRecord.Value($0)) }, in: storage)
        writes += try Self.changed(
            ExportInformationRecord.self,
            exportInformation.map { [(ExportInformationRecord.key, ExportInformationRecord.Value($0))] } ?? [],
            in: storage)
        let identities = Set(keptElements.map { KeptElementRecord.key($0.identity) })
        guard !identities.isEmpty else { return writes }
        var added = Set(try storage.storedRecords(ofKind: KeptElementRecord.name, keys: .among(identities)).map(\.key))
        for kept in keptElements where added.insert(KeptElementRecord.key(kept.identity)).inserted {
            writes.append(
                try .put(
                    KeptElementRecord.self, key: KeptElementRecord.key(kept.identity), KeptElementRecord.Value(kept)))
        }
        return writes
    }

    /// Puts of the entries whose value differs from the stored one under their key (all of them, in order, for a
    /// key given twice).
    private static func changed<Kind: RecordKind>(
        _ kind: Kind.Type, _ entries: [(key: String, value: Kind.Value)], in storage: any RecordStorage
    ) throws -> [RecordWrite] where Kind.Value: Equatable {
        guard !entries.isEmpty else { return [] }
        let stored = Dictionary(
            try storage.records(kind, keys: .among(Set(entries.map(\.key)))).map { ($0.key, $0.value) },
            uniquingKeysWith: { first, _ in first })
        return try entries.filter { stored[$0.key] != $0.value }.map { try .put(kind, key: $0.key, $0.value) }
    }
}
