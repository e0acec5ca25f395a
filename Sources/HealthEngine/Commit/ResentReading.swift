import Foundation
import HealthModel

/// Whether a re-sent sample says nothing new (decisions/pushed-data.md): a pushing client re-sends the same buckets
/// many times with a growing sync version, and a re-send whose reading equals its stored twin's (same sync key) must
/// change nothing, where the commit's sync rule alone would replace the twin (a deletion and an insertion in the
/// change log). Compared: type, dates, device, content (a correlation's contained samples by their readings) and
/// metadata other than the sync version; not identifiers, sources or versions.
public enum ResentReading {
    /// Whether `sample` reads the same as `stored`.
    public static func isUnchanged(_ sample: Sample, comparedWith stored: Sample) -> Bool {
        guard sample.type == stored.type, sample.startDate == stored.startDate, sample.endDate == stored.endDate,
            sample.device == stored.device, withoutVersion(sample.metadata) == withoutVersion(stored.metadata)
        else { return false }
        switch (sample.content, stored.content) {
        case let (.correlation(objects), .correlation(storedObjects)):
            guard objects.count == storedObjects.count else { return false }
            let ordered = objects.sorted { $0.type.identifier < $1.type.identifier }
            let storedOrdered = storedObjects.sorted { $0.type.identifier < $1.type.identifier }
            return zip(ordered, storedOrdered).allSatisfy { isUnchanged($0, comparedWith: $1) }
        case let (content, storedContent):
            return content == storedContent
        }
    }

    private static func withoutVersion(_ metadata: [String: MetadataValue]?) -> [String: MetadataValue] {
        var metadata = metadata ?? [:]
        metadata[MetadataKey.syncVersion] = nil
        return metadata
    }
}
