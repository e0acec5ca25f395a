import Foundation
import HealthEngine
import HealthModel

/// What an in-memory store keeps besides samples, keyed as `ImportedData` says (so saving again replaces).
struct InMemoryImportedData: Sendable {
    /// Activity summaries by day key (`year * 10_000 + month * 100 + day`).
    var activitySummaries: [Int: ActivitySummary] = [:]
    /// Characteristics by identifier.
    var characteristics: [String: String] = [:]
    /// The latest export's date and locale.
    var exportInformation: ExportInformation?
    /// Kept elements in the order first saved, and their identities.
    var keptElements: [KeptElement] = []
    var keptIdentities = Set<UUID>()
    /// Clinical documents by identifier.
    var clinicalDocuments: [UUID: ClinicalDocument] = [:]

    /// The key of a day's summary, ordered like the days.
    static func dayKey(_ day: DateComponents) -> Int {
        (day.year ?? 0) * 10_000 + (day.month ?? 0) * 100 + (day.day ?? 0)
    }

    /// Applies one save.
    mutating func save(_ data: ImportedData) {
        for summary in data.activitySummaries { activitySummaries[InMemoryImportedData.dayKey(summary.day)] = summary }
        characteristics.merge(data.characteristics) { _, new in new }
        if let information = data.exportInformation { exportInformation = information }
        for element in data.keptElements where keptIdentities.insert(element.identity).inserted {
            keptElements.append(element)
        }
        for document in data.clinicalDocuments { clinicalDocuments[document.uuid] = document }
    }

    /// How much is kept.
    var counts: ImportedDataCounts {
        ImportedDataCounts(
            activitySummaries: activitySummaries.count, characteristics: characteristics.count,
            keptElements: keptElements.count)
    }
}
