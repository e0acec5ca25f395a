import Foundation
import HealthModel

/// Evaluates anchored object queries over any storage: pages through the change log after the anchor, keeps the
/// insertions and deletions whose object matches a descriptor, and stops at the limit.
public struct AnchoredQueryEngine: Sendable {
    /// The storage read.
    public let storage: any SampleStorage & ChangeLog
    /// How many log entries are read at a time when the query has no limit or a small one.
    public let pageSize: Int

    /// An engine over a storage.
    public init(storage: any SampleStorage & ChangeLog, pageSize: Int = 10_000) {
        self.storage = storage
        self.pageSize = max(1, pageSize)
    }

    /// The matching changes after the request's anchor, at most its limit, with the anchor to continue from.
    ///
    /// With a limit the new anchor is the last returned change, so paging visits every change exactly once; without
    /// one (or when fewer matched) it is the end of what was read, so changes that match nothing are not read again.
    public func changes(for request: AnchoredQueryRequest, through end: Int64? = nil) throws -> AnchoredQueryResult {
        guard request.limit >= 0 else {
            throw HealthEngineError.invalidQuery(field: "limit", reason: "must not be negative")
        }
        guard request.anchor >= 0 else {
            throw HealthEngineError.invalidQuery(field: "anchor", reason: "must not be negative")
        }
        guard !request.descriptors.isEmpty else {
            throw HealthEngineError.invalidQuery(field: "descriptors", reason: "a query needs at least one sample type")
        }
        for descriptor in request.descriptors {
            do {
                try descriptor.predicate.check(for: descriptor.type)
            } catch {
                throw HealthEngineError.predicateNotEvaluable(
                    type: descriptor.type.identifier, reason: error.description)
            }
        }
        let types = Set(request.descriptors.map(\.type))
        let unfiltered = request.descriptors.allSatisfy { $0.predicate == .all }
        var cursor = request.anchor
        var matched: [ChangedObject] = []
        let readSize = request.limit > 0 ? max(request.limit, min(pageSize, 1_024)) : pageSize
        while true {
            let page = try storage.changedObjects(after: cursor, of: types, limit: readSize)
            let accepted = unfiltered ? page.objects : try filter(page.objects, request.descriptors)
            for object in accepted {
                if let end, object.change.sequence > end {
                    return AnchoredQueryResult(changes: matched, anchor: end)
                }
                matched.append(object)
                if request.limit > 0, matched.count == request.limit {
                    return AnchoredQueryResult(changes: matched, anchor: object.change.sequence)
                }
            }
            cursor = max(cursor, page.endSequence)
            if let end, cursor >= end { return AnchoredQueryResult(changes: matched, anchor: max(request.anchor, end)) }
            if page.objects.count < readSize { return AnchoredQueryResult(changes: matched, anchor: cursor) }
        }
    }

    /// The objects of the page that match a descriptor of their type.
    private func filter(_ objects: [ChangedObject], _ descriptors: [SampleQueryDescriptor]) throws -> [ChangedObject] {
        var evaluators: [SampleType: [PredicateEvaluator]] = [:]
        for descriptor in descriptors {
            let candidates = objects.compactMap { object -> StoredSample? in
                guard object.change.type == descriptor.type, let sample = object.sample else { return nil }
                return StoredSample(sequence: object.change.sequence, sample: sample)
            }
            let evaluator = try PredicateEvaluator(
                predicate: descriptor.predicate, type: descriptor.type, storage: storage, candidates: candidates)
            evaluators[descriptor.type, default: []].append(evaluator)
        }
        return objects.filter { object in
            guard let sample = object.sample else { return evaluators[object.change.type] != nil }
            return evaluators[object.change.type]?.contains { $0.matches(sample) } ?? false
        }
    }
}
