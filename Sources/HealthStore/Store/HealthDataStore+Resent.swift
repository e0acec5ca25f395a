import Foundation
import HealthEngine
import HealthModel

extension HealthDataStore {
    /// Saves samples a pushing client re-sends (Health Auto Export) as one batch on behalf of `sourceRevision`, after
    /// dropping those whose stored twin (same sync identifier, same source) reads the same (`ResentReading`): a
    /// re-sent bucket with a new value replaces its twin through the commit's sync rule (its version is greater), one
    /// with the same value changes nothing. Returns the commit's result (nil when every sample was dropped) and the
    /// identifiers of the samples dropped (a correlation's with its contained samples').
    ///
    /// A workout and the samples `associations` tie to it are dropped only together, when every one of them reads the
    /// same: otherwise all of them go to the commit, so that no association names a sample left out.
    /// `asImporter` saves read-only types too, as `saveAsImporter` does.
    public func saveResent(
        _ samples: [Sample], as sourceRevision: SourceRevision, associations: [WorkoutAssociation] = [],
        asImporter: Bool = false
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
        func isUnchanged(_ sample: Sample) -> Bool {
            guard let identifier = sample.syncIdentifier, let twin = twins[identifier] else { return false }
            return ResentReading.isUnchanged(sample, comparedWith: twin)
        }
        // The samples of an association with something changed are kept whole.
        let byIdentifier = Dictionary(samples.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        var keptWhole = Set<UUID>()
        var keptAssociations: [WorkoutAssociation] = []
        for association in associations {
            let members = [association.workout] + association.samples
            let changed = members.contains { uuid in byIdentifier[uuid].map { !isUnchanged($0) } ?? true }
            guard changed else { continue }
            keptWhole.formUnion(members)
            keptAssociations.append(association)
        }
        var kept: [Sample] = []
        var unchanged: [UUID] = []
        for sample in samples {
            if !keptWhole.contains(sample.uuid), isUnchanged(sample) {
                unchanged.append(sample.uuid)
                unchanged += sample.correlatedObjects?.map(\.uuid) ?? []
            } else {
                kept.append(sample)
            }
        }
        guard !kept.isEmpty else { return (nil, unchanged) }
        let result =
            asImporter
            ? try saveAsImporter(kept, as: sourceRevision, associations: keptAssociations)
            : try save(kept, as: sourceRevision, associations: keptAssociations)
        return (result, unchanged)
    }
}
