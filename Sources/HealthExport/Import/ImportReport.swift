import Foundation

/// What one import did: counts by kind, duplicates, what was skipped and why, and how long it took.
public struct ImportReport: Sendable, Equatable {
    /// The path that was imported.
    public var path: String
    /// The XML file read (its name inside the zip or folder; localized names allowed).
    public var dataFile: String
    /// The export's locale (`HealthData@locale`).
    public var locale: String?
    /// The export's date (`ExportDate`).
    public var exportDate: Date?
    /// New samples stored, by kind.
    public var quantitySamples = 0
    /// New category samples stored.
    public var categorySamples = 0
    /// New correlations stored (their contained samples are counted under their own kinds, once).
    public var correlations = 0
    /// New workouts stored.
    public var workouts = 0
    /// New electrocardiograms stored (`electrocardiograms/*.csv`).
    public var electrocardiograms = 0
    /// New clinical records stored (`ClinicalRecord` elements with their `clinical-records/*.json` files).
    public var clinicalRecords = 0
    /// Workout events read.
    public var workoutEvents = 0
    /// Activity summaries read.
    public var activitySummaries = 0
    /// Workout routes read, and their points.
    public var workoutRoutes = 0
    /// Route points read (GPX track points and inline locations).
    public var routePoints = 0
    /// Routes not read again: their workout kept the route an earlier import stored (its file is not opened).
    public var routesKept = 0
    /// Heartbeat series read (HRV records' `InstantaneousBeatsPerMinute` lists), and their beats.
    public var heartbeatSeries = 0
    /// Beats read.
    public var heartbeats = 0
    /// Characteristics read from `Me`.
    public var characteristics = 0
    /// Elements kept as written (unknown record types and other elements).
    public var keptElements = 0
    /// Clinical documents read (`export_cda.xml`).
    public var clinicalDocuments = 0
    /// Records inside correlations linked to their top-level copies instead of being stored twice.
    public var correlationMembersLinked = 0
    /// Samples whose exact content appeared earlier in this same export: stored once.
    public var duplicatesInExport = 0
    /// Samples already in the store before this import (re-import or an older export of the same phone).
    public var alreadyStored = 0
    /// Samples ignored because the store holds the same or a newer sync version.
    public var olderSyncVersions = 0
    /// Elements that could not be read and were skipped.
    public var skipped = 0
    /// Problems, each with its file, line and reason.
    public var issues: [HealthExportError] = []
    /// Whether the file ended before the document was complete.
    public var endedEarly = false
    /// Bytes of XML read.
    public var bytesRead: Int64 = 0
    /// Bytes of XML passed over without reading them: spans an earlier import read whole (their samples are counted
    /// in `alreadyStored`).
    public var bytesPassedOver: Int64 = 0
    /// How long the import took.
    public var duration: Duration = .zero

    /// An empty report for a path.
    public init(path: String, dataFile: String) {
        self.path = path
        self.dataFile = dataFile
    }

    /// New samples stored, of every kind.
    public var samplesStored: Int {
        quantitySamples + categorySamples + correlations + workouts + electrocardiograms + clinicalRecords
    }

    /// A few lines for people: counts, duplicates, problems.
    public var summary: String {
        var lines = [
            "imported \(dataFile) from \(path) in \(String(format: "%.2f", duration.seconds)) s (\(bytesRead) bytes)",
            "stored: \(quantitySamples) quantity, \(categorySamples) category, \(correlations) correlations, \(workouts) workouts, \(electrocardiograms) electrocardiograms, \(clinicalRecords) clinical records",
            "also kept (replacing what a re-import repeats): \(activitySummaries) activity summaries, \(workoutRoutes) routes (\(routePoints) points), \(heartbeatSeries) heartbeat series (\(heartbeats) beats), \(characteristics) characteristics, \(keptElements) kept elements",
            "duplicates in the export: \(duplicatesInExport); already stored: \(alreadyStored); correlation members linked: \(correlationMembersLinked); skipped: \(skipped)",
        ]
        if routesKept > 0 {
            lines.append("routes kept from an earlier import (their files not read again): \(routesKept)")
        }
        if bytesPassedOver > 0 {
            lines.append(
                "passed over \(bytesPassedOver) bytes an earlier import read whole (counted as already stored)")
        }
        if endedEarly { lines.append("the file ended early") }
        lines += issues.prefix(20).map(\.description)
        if issues.count > 20 { lines.append("… and \(issues.count - 20) more problems") }
        return lines.joined(separator: "\n")
    }
}

/// Where an import is, for a progress bar.
public struct ImportProgress: Sendable, Equatable {
    /// Bytes of XML read so far.
    public let bytesRead: Int64
    /// Bytes of XML in all (the uncompressed size inside a zip).
    public let totalBytes: Int64
    /// Samples read so far (stored or found to be duplicates).
    public let records: Int
    /// Time since the import started.
    public let elapsed: Duration
    /// Samples read per second so far.
    public var recordsPerSecond: Double {
        let seconds = elapsed.seconds
        return seconds > 0 ? Double(records) / seconds : 0
    }
    /// Estimated time left, from the byte rate so far; nil before anything was read.
    public var estimatedRemaining: Duration? {
        guard bytesRead > 0, totalBytes >= bytesRead else { return nil }
        let seconds = elapsed.seconds * Double(totalBytes - bytesRead) / Double(bytesRead)
        return .milliseconds(Int64(seconds * 1000))
    }
    /// The fraction done, 0…1.
    public var fractionCompleted: Double { totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 0 }

    /// A progress value.
    public init(bytesRead: Int64, totalBytes: Int64, records: Int, elapsed: Duration) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.records = records
        self.elapsed = elapsed
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
