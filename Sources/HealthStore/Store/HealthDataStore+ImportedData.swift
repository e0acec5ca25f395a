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
