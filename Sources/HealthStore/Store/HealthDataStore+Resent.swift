import Foundation
import HealthEngine
import HealthModel

extension HealthDataStore {
    /// Saves samples a pushing client re-sends (Health Auto Export) as one batch on behalf of `sourceRevision`, after
    /// dropping those whose stored twin (same sync identifier, same source) reads the same (`ResentReading`): a
    /// re-sent bucket with a new value replaces its twin through the commit's sync rule (its version is greater), one
    /// with the same value changes nothing. Returns the commit's result (nil when every sample was dropped) and the
    /// identifiers of the samples dropped (a correlation's with its contained samples').
    public func saveResent(
        _ samples: [Sample], as sourceRevision: SourceRevision
    ) throws -> (result: CommitResult?, unchanged: [UUID]) {
        var twins: [String: Sample] = [:]
        for (type, group) in Dictionary(grouping: samples.filter { $0.syncIdentifier != nil }, by: \.type) {
            let identifiers = Set(group.compactMap(\.syncIdentifier))
            let starts = group.map(\.startDate)
            let ends = group.map(\.endDate)
            guard let first = starts.min(), let last = ends.max() else { continue }
            let predicate = SamplePredicate.and([
                .date(start: first, end: last.addingTimeInterval(1), options: []),
                .sources([sourceRevision.source]),
                .metadataValues(key: MetadataKey.syncIdentifier, values: identifiers.sorted().map { .string($0) }),
            ])
            for stored in try self.samples(SampleQueryRequest(type: type, predicate: predicate)) {
                guard let identifier = stored.syncIdentifier else { continue }
                // The latest version stands for the identifier.
                if let known = twins[identifier], known.syncVersion ?? 0 >= stored.syncVersion ?? 0 { continue }
                twins[identifier] = stored
            }
        }
        var kept: [Sample] = []
        var unchanged: [UUID] = []
        for sample in samples {
            if let identifier = sample.syncIdentifier, let twin = twins[identifier],
                ResentReading.isUnchanged(sample, comparedWith: twin)
            {
                unchanged.append(sample.uuid)
                unchanged += sample.correlatedObjects?.map(\.uuid) ?? []
            } else {
                kept.append(sample)
            }
        }
        guard !kept.isEmpty else { return (nil, unchanged) }
        return (try save(kept, as: sourceRevision), unchanged)
    }
}
