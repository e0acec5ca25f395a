import Foundation
import HealthModel

/// What an import saves besides samples, in one commit of records (`HealthDataStore.saveImportedData`): each part
/// replaces what the store holds under the same key (a day, a characteristic identifier, a document's identifier),
/// and a kept element already stored under its identity is not added again, so saving the same data again changes
/// nothing.
public struct ImportedData: Sendable, Hashable {
    /// Activity summaries, one per day; a summary replaces the stored one of its day.
    public var activitySummaries: [ActivitySummary] = []
    /// Characteristics by identifier; each replaces the stored value of its identifier, others are kept.
    public var characteristics: [String: String] = [:]
    /// The export's own date and locale; replaces the stored ones when set.
    public var exportInformation: ExportInformation?
    /// Elements kept as written; one with an identity already stored is not added again.
    public var keptElements: [KeptElement] = []
    /// Clinical documents; a document replaces the stored one with its identifier.
    public var clinicalDocuments: [ClinicalDocument] = []

    /// Nothing to save.
    public init() {}

    /// Whether there is nothing to save.
    public var isEmpty: Bool {
        activitySummaries.isEmpty && characteristics.isEmpty
            && exportInformation == nil && keptElements.isEmpty && clinicalDocuments.isEmpty
    }
}
