// The public members here implement ImportedDataStorage's requirements; the protocol documents them.
// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

import Foundation
import HealthEngine
import HealthModel

extension InMemoryStorage {
    public func saveImportedData(_ data: ImportedData) throws {
        importedData.withLock { $0.save(data) }
    }

    public func activitySummaries(from first: DateComponents, through last: DateComponents) throws -> [ActivitySummary]
    {
        let low = InMemoryImportedData.dayKey(first)
        let high = InMemoryImportedData.dayKey(last)
        return importedData.withLock { data in
            data.activitySummaries.filter { $0.key >= low && $0.key <= high }.sorted { $0.key < $1.key }.map(\.value)
        }
    }

    public func clinicalDocuments() throws -> [ClinicalDocument] {
        importedData.withLock { data in
            data.clinicalDocuments.values.sorted {
                ($0.startDate, $0.uuid.uuidString) < ($1.startDate, $1.uuid.uuidString)
            }
        }
    }

    public func characteristics() throws -> [String: String] {
        importedData.withLock { $0.characteristics }
    }

    public func exportInformation() throws -> ExportInformation? {
        importedData.withLock { $0.exportInformation }
    }

    public func keptElements(parent: UUID?) throws -> [KeptElement] {
        importedData.withLock { data in
            guard let parent else { return data.keptElements }
            return data.keptElements.filter { $0.parent == parent }
        }
    }

    public func importedDataCounts() throws -> ImportedDataCounts {
        importedData.withLock { $0.counts }
    }
}
