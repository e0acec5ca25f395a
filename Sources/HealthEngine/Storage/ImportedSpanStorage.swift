import Foundation
import HealthModel

/// The spans of export files imported whole (`ImportedSpan`): the importer's bookkeeping, which any commit that
/// deletes samples empties inside its transaction. What an import brings besides samples (activity summaries,
/// characteristics, kept elements, clinical documents, export information) is records (`RecordKind`).
public protocol ImportedSpanStorage: AnyObject, Sendable {
    /// The spans of export files imported whole since the store last deleted a sample.
    func importedSpans() throws -> [ImportedSpan]

    /// Remembers spans imported whole (their samples are committed); a commit that deletes forgets them all.
    func saveImportedSpans(_ spans: [ImportedSpan]) throws
}

extension ImportedSpanStorage {
    /// By default a storage remembers no spans: every import reads every record.
    public func importedSpans() throws -> [ImportedSpan] { [] }

    /// By default spans are not remembered.
    public func saveImportedSpans(_ spans: [ImportedSpan]) throws {}
}
