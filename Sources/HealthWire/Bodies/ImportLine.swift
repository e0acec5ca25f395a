import Foundation

/// A line of `POST /import`'s NDJSON answer: `{"progress": {"bytesRead", "totalBytes", "records"}}` while the export
/// is read, then `{"report": {…}}` or an error body (`{"error": {…}}`).
public enum ImportLine: Encodable, Sendable {
    /// How far the import has read.
    case progress(bytesRead: Int, totalBytes: Int, records: Int)
    /// What the import stored.
    case report(Report)
    /// Why the import stopped.
    case error(ErrorBody)

    /// What an import read and stored, by kind.
    public struct Report: Encodable, Sendable {
        /// Quantity samples read.
        public var quantitySamples: Int
        /// Category samples read.
        public var categorySamples: Int
        /// Correlations read.
        public var correlations: Int
        /// Workouts read.
        public var workouts: Int
        /// Activity summaries read.
        public var activitySummaries: Int
        /// Workout routes read.
        public var workoutRoutes: Int
        /// Heartbeat series read.
        public var heartbeatSeries: Int
        /// Characteristics read.
        public var characteristics: Int
        /// Clinical documents read.
        public var clinicalDocuments: Int
        /// Electrocardiograms read.
        public var electrocardiograms: Int
        /// Clinical records read.
        public var clinicalRecords: Int
        /// Samples stored.
        public var samplesStored: Int
        /// Samples already stored.
        public var alreadyStored: Int
        /// Samples the export held twice.
        public var duplicatesInExport: Int
        /// Problems met (records skipped).
        public var issues: Int
        /// Whether the export ended before its closing tag.
        public var endedEarly: Bool
        /// The export's locale, when it names one.
        public var locale: String?

        /// A report.
        public init(
            quantitySamples: Int, categorySamples: Int, correlations: Int, workouts: Int, activitySummaries: Int,
            workoutRoutes: Int, heartbeatSeries: Int, characteristics: Int, clinicalDocuments: Int,
            electrocardiograms: Int, clinicalRecords: Int, samplesStored: Int, alreadyStored: Int,
            duplicatesInExport: Int, issues: Int, endedEarly: Bool, locale: String?
        ) {
            self.quantitySamples = quantitySamples
            self.categorySamples = categorySamples
            self.correlations = correlations
            self.workouts = workouts
            self.activitySummaries = activitySummaries
            self.workoutRoutes = workoutRoutes
            self.heartbeatSeries = heartbeatSeries
            self.characteristics = characteristics
            self.clinicalDocuments = clinicalDocuments
            self.electrocardiograms = electrocardiograms
            self.clinicalRecords = clinicalRecords
            self.samplesStored = samplesStored
            self.alreadyStored = alreadyStored
            self.duplicatesInExport = duplicatesInExport
            self.issues = issues
            self.endedEarly = endedEarly
            self.locale = locale
        }

        /// Writes the counts in the documented order, `locale` as null when the export names none.
        public func encode(to encoder: any Encoder) throws {
            var members = encoder.container(keyedBy: WireKey.self)
            for (name, count) in [
                ("quantitySamples", quantitySamples), ("categorySamples", categorySamples),
                ("correlations", correlations), ("workouts", workouts), ("activitySummaries", activitySummaries),
                ("workoutRoutes", workoutRoutes), ("heartbeatSeries", heartbeatSeries),
                ("characteristics", characteristics), ("clinicalDocuments", clinicalDocuments),
                ("electrocardiograms", electrocardiograms), ("clinicalRecords", clinicalRecords),
                ("samplesStored", samplesStored), ("alreadyStored", alreadyStored),
                ("duplicatesInExport", duplicatesInExport), ("issues", issues),
            ] {
                try members.put(count, name)
            }
            try members.put(endedEarly, "endedEarly")
            try members.put(locale, "locale")
        }
    }

    /// Writes the line's one member.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .progress(bytesRead, totalBytes, records):
            var members = encoder.container(keyedBy: WireKey.self)
            var progress = members.nestedContainer(keyedBy: WireKey.self, forKey: WireKey("progress"))
            try progress.put(bytesRead, "bytesRead")
            try progress.put(totalBytes, "totalBytes")
            try progress.put(records, "records")
        case let .report(report):
            var members = encoder.container(keyedBy: WireKey.self)
            try members.put(report, "report")
        case let .error(body): try body.encode(to: encoder)
        }
    }
}
