import Foundation
import HealthEngine
import HealthModel

/// What an import keeps besides samples: the data an export holds beside them (activity summaries, characteristics,
/// the export's date and locale, elements kept as written) and the spans of a file it read whole.
extension HealthDataStore {
    /// The activity summaries an import stored for these days (inclusive), as recorded (not computed from samples:
    /// `activitySummaries(matching:calendar:)` answers queries).
    public func activitySummaries(from first: DateComponents, through last: DateComponents) throws -> [ActivitySummary]
    {
        try wrapped { try storage.activitySummaries(from: first, through: last) }
    }

    /// The `Me` characteristics an import stored (date of birth, sex, blood type…), by HealthKit identifier.
    public func characteristics() throws -> [String: String] {
        try wrapped { try storage.characteristics() }
    }

    /// The date and locale of the last imported export, when one was imported.
    public func exportInformation() throws -> ExportInformation? {
        try wrapped { try storage.exportInformation() }
    }

    /// The elements an import kept as written under a parent object (nil: at the document's top level).
    public func keptElements(parent: UUID?) throws -> [KeptElement] {
        try wrapped { try storage.keptElements(parent: parent) }
    }

    /// How many of each kind of imported data the store holds.
    public func importedDataCounts() throws -> ImportedDataCounts {
        try wrapped {
            var counts = try storage.importedDataCounts()
            for sample in try sampleQueries.samples(for: SampleQueryRequest(type: .workoutRoute)) {
                guard case let .workoutRoute(content)? = sample.payload else { continue }
                counts.workoutRoutes += 1
                counts.routeLocations += content.locations.count
            }
            for sample in try sampleQueries.samples(for: SampleQueryRequest(type: .heartbeatSeries)) {
                guard case let .heartbeatSeries(content)? = sample.payload else { continue }
                counts.heartbeatSeries += 1
                counts.heartbeats += content.beats.count
            }
            return counts
        }
    }

    /// The spans of export files that earlier imports read whole (`ImportedSpan`).
    public func importedSpans() throws -> [ImportedSpan] {
        try wrapped { try storage.importedSpans() }
    }

    /// Remembers spans of an export file read whole, once their samples are committed.
    public func saveImportedSpans(_ spans: [ImportedSpan]) throws {
        try wrapped { try storage.saveImportedSpans(spans) }
    }

    /// Saves what an export holds besides samples (summaries, characteristics, routes, series, documents, kept
    /// elements); keyed, so saving the same data again replaces it.
    public func saveImportedData(_ data: ImportedData) throws {
        try wrapped { try storage.saveImportedData(data) }
    }
}
