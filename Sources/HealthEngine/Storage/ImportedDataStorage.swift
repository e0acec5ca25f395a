import Foundation
import HealthModel

/// The data an export import brings besides samples (activity summaries, characteristics, kept elements, clinical
/// documents, export information), and the spans of export files imported whole. Routes and heartbeat series are
/// samples of their own (`SampleType.workoutRoute`, `.heartbeatSeries`).
public protocol ImportedDataStorage: AnyObject, Sendable {
    /// Saves data besides samples in one all-or-nothing write; each part replaces what is stored under its key.
    func saveImportedData(_ data: ImportedData) throws

    /// The activity summaries of the days from `first` through `last` (both included, compared by year, month and
    /// day), oldest first.
    func activitySummaries(from first: DateComponents, through last: DateComponents) throws -> [ActivitySummary]

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

extension ImportedDataStorage {
    /// By default a storage remembers no spans: every import reads every record.
    public func importedSpans() throws -> [ImportedSpan] { [] }

    /// By default spans are not remembered.
    public func saveImportedSpans(_ spans: [ImportedSpan]) throws {}
}

/// A storage that keeps no data besides samples (a stand-in that measures something else): saves are dropped and
/// every read answers empty.
public protocol KeepsNoImportedData: ImportedDataStorage {}

extension KeepsNoImportedData {
    /// Drops the data: nothing besides samples is kept.
    public func saveImportedData(_ data: ImportedData) throws {}
    /// No activity summaries, whatever the days.
    public func activitySummaries(from first: DateComponents, through last: DateComponents) throws -> [ActivitySummary]
    { [] }
    /// No characteristics.
    public func characteristics() throws -> [String: String] { [:] }
    /// No export date or locale.
    public func exportInformation() throws -> ExportInformation? { nil }
    /// No kept elements, under any parent.
    public func keptElements(parent: UUID?) throws -> [KeptElement] { [] }
    /// Zero of everything.
    public func importedDataCounts() throws -> ImportedDataCounts { ImportedDataCounts() }
    /// No clinical documents.
    public func clinicalDocuments() throws -> [ClinicalDocument] { [] }
}
