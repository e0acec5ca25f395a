import Foundation
import HealthEngine
import HealthModel

/// A health data store: validated, all-or-nothing saves and deletes on a storage backend, and sample queries.
public final class HealthDataStore: Sendable {
    /// The backend that keeps the data.
    public let storage: any HealthStorage
    /// The engine that evaluates sample queries.
    public let sampleQueries: SampleQueryEngine

    /// A store over a backend (in memory by default).
    public init(storage: any HealthStorage = InMemoryStorage()) {
        self.storage = storage
        self.sampleQueries = SampleQueryEngine(storage: storage)
    }

    /// Saves samples as one batch on behalf of a source revision; correlations bring their contained samples along.
    ///
    /// Each sample must be new (not saved before), of a writable type, and valid; otherwise nothing is saved.
    @discardableResult
    public func save(_ samples: [Sample], as sourceRevision: SourceRevision) throws -> CommitResult {
        guard !samples.isEmpty else { throw HealthStoreError.emptyRequest("save") }
        var batch: [Sample] = []
        batch.reserveCapacity(samples.count)
        var checkedType: SampleType?
        guard samples.contains(where: { $0.type.kind == .correlation }) else {
            // The common case: plain samples. Duplicates are found by the storage.
            for sample in samples {
                if sample.type != checkedType {
                    guard !sample.type.isReadOnly else { throw HealthStoreError.readOnlyType(sample.type.identifier) }
                    checkedType = sample.type
                }
                batch.append(sample.with(sourceRevision: sourceRevision))
            }
            return try storage.commit(inserting: batch, deleting: [])
        }
        // Correlations bring their contained samples; a sample given both alone and inside a correlation is saved once.
        var included = Set<UUID>()
        var members = Set<UUID>()
        for sample in samples {
            guard !sample.type.isReadOnly else { throw HealthStoreError.readOnlyType(sample.type.identifier) }
            if let objects = sample.correlatedObjects {
                var stamped: [Sample] = []
                for object in objects {
                    guard !object.type.isReadOnly else { throw HealthStoreError.readOnlyType(object.type.identifier) }
                    let member = object.sourceRevision == nil ? object.with(sourceRevision: sourceRevision) : object
                    stamped.append(member)
                    members.insert(member.uuid)
                    if object.sourceRevision == nil, included.insert(member.uuid).inserted { batch.append(member) }
                }
                let correlation: Sample
                do {
                    correlation = try Sample(
                        uuid: sample.uuid, type: sample.type, startDate: sample.startDate, endDate: sample.endDate,
                        metadata: sample.metadata, device: sample.device, sourceRevision: sourceRevision,
                        content: .correlation(objects: stamped))
                } catch {
                    throw HealthStoreError.model(error)
                }
                guard included.insert(correlation.uuid).inserted else { throw HealthStoreError.duplicateObject(sample.uuid) }
                batch.append(correlation)
            } else if !included.insert(sample.uuid).inserted {
                guard members.contains(sample.uuid) else { throw HealthStoreError.duplicateObject(sample.uuid) }
            } else {
                batch.append(sample.with(sourceRevision: sourceRevision))
            }
        }
        return try storage.commit(inserting: batch, deleting: [])
    }

    /// Deletes the objects with these identifiers as one batch; every one must exist.
    @discardableResult
    public func delete(_ uuids: [UUID]) throws -> CommitResult {
        guard !uuids.isEmpty else { throw HealthStoreError.emptyRequest("delete") }
        return try storage.commit(inserting: [], deleting: uuids)
    }

    /// Deletes every sample of a type that matches a predicate; returns what was deleted (possibly nothing).
    @discardableResult
    public func delete(type: SampleType, matching predicate: SamplePredicate) throws -> CommitResult {
        let matches = try samples(SampleQueryRequest(type: type, predicate: predicate)).map(\.uuid)
        if matches.isEmpty {
            return CommitResult(inserted: [], deleted: [], ignored: [], latestSequence: try storage.latestSequence())
        }
        return try storage.commit(inserting: [], deleting: matches)
    }

    /// The samples a sample query returns.
    public func samples(_ request: SampleQueryRequest) throws -> [Sample] {
        do {
            return try sampleQueries.samples(for: request)
        } catch let error as HealthEngineError {
            throw HealthStoreError.engine(error)
        }
    }

    /// Associates saved samples with a saved workout (for `predicateForObjects(from: workout)`).
    public func associate(_ samples: [UUID], withWorkout workout: UUID) throws {
        try storage.associate(samples, withWorkout: workout)
    }
}
