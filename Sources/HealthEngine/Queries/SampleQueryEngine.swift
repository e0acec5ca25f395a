import Foundation
import HealthModel

/// Evaluates sample queries (SEMANTICS §4) over any storage: index narrowing, exact predicate, sort and limit.
public struct SampleQueryEngine: Sendable {
    /// The storage queried.
    public let storage: any SampleStorage

    /// An engine over a storage.
    public init(storage: any SampleStorage) {
        self.storage = storage
    }

    /// The matching samples, each once, sorted by the request's keys (insertion order without keys), limited.
    public func samples(for request: SampleQueryRequest) throws -> [Sample] {
        try storedSamples(for: request).map(\.sample)
    }

    /// Like `samples(for:)`, with each sample's change-sequence number.
    public func storedSamples(for request: SampleQueryRequest) throws -> [StoredSample] {
        guard request.limit >= 0 else {
            throw HealthEngineError.invalidQuery(field: "limit", reason: "must not be negative")
        }
        guard !request.descriptors.isEmpty else {
            throw HealthEngineError.invalidQuery(field: "descriptors", reason: "a query needs at least one sample type")
        }
        var matched: [StoredSample] = []
        var seen = Set<UUID>()
        let single = request.descriptors.count == 1
        for descriptor in request.descriptors {
            for stored in try matchingSamples(descriptor) where single || seen.insert(stored.sample.uuid).inserted {
                matched.append(stored)
            }
        }
        if request.sort.isEmpty {
            if !single || !matched.isSortedBySequence { matched.sort { $0.sequence < $1.sequence } }
        } else {
            matched = SampleQueryEngine.sorted(matched, by: request.sort)
        }
        if request.limit > 0, matched.count > request.limit { matched.removeSubrange(request.limit...) }
        return matched
    }

    /// Samples of one descriptor, in the order the storage gives them.
    public func matchingSamples(_ descriptor: SampleQueryDescriptor) throws -> [StoredSample] {
        let bounds = TimeBounds.implied(by: descriptor.predicate)
        if bounds.isEmpty {
            // Nothing can match, but a predicate that cannot be evaluated is still an error (SEMANTICS §3).
            do {
                try descriptor.predicate.check(for: descriptor.type)
            } catch {
                throw HealthEngineError.predicateNotEvaluable(
                    type: descriptor.type.identifier, reason: error.description)
            }
            return []
        }
        let candidates: [StoredSample]
        if let uuids = try SampleQueryEngine.requiredUUIDs(descriptor.predicate, storage: storage) {
            candidates = try storage.storedSamples(withUUIDs: uuids).filter { $0.sample.type == descriptor.type }
        } else {
            candidates = try storage.candidates(of: descriptor.type, within: bounds, matching: descriptor.predicate)
        }
        if case .all = descriptor.predicate { return candidates }
        let evaluator = try PredicateEvaluator(
            predicate: descriptor.predicate, type: descriptor.type, storage: storage, candidates: candidates)
        return candidates.filter { evaluator.matches($0.sample) }
    }

    /// A set of identifiers every match must be in, when the predicate (or one of its AND terms) is a UUID list or a
    /// workout's associations (a workout's route is then read alone, not among every route of the store).
    static func requiredUUIDs(_ predicate: SamplePredicate, storage: any SampleStorage) throws -> Set<UUID>? {
        switch predicate {
        case let .uuids(uuids): return uuids
        case let .associatedWithWorkout(workout): return try storage.samplesAssociated(withWorkout: workout)
        case let .and(predicates):
            for part in predicates {
                if let uuids = try requiredUUIDs(part, storage: storage) { return uuids }
            }
            return nil
        default: return nil
        }
    }

    /// Stable sort on several keys; a missing value (e.g. a workout without distance) sorts before any value.
    static func sorted(_ samples: [StoredSample], by keys: [SampleSort]) -> [StoredSample] {
        let keyed = samples.map { stored in (stored, keys.map { sortValue(of: stored.sample, for: $0.key) }) }
        let ordered = keyed.enumerated().sorted { left, right in
            for (index, key) in keys.enumerated() {
                let a = left.element.1[index]
                let b = right.element.1[index]
                if a == b { continue }
                let ascendingOrder: Bool
                switch (a, b) {
                case (nil, _): ascendingOrder = true
                case (_, nil): ascendingOrder = false
                case let (a?, b?): ascendingOrder = a < b
                }
                return key.ascending ? ascendingOrder : !ascendingOrder
            }
            return left.offset < right.offset
        }
        return ordered.map(\.element.0)
    }

    private static func sortValue(of sample: Sample, for key: SampleSort.Key) -> Double? {
        switch key {
        case .startDate: return sample.startDate.timeIntervalSinceReferenceDate
        case .endDate: return sample.endDate.timeIntervalSinceReferenceDate
        case .workoutDuration: return sample.workoutContent?.duration
        case .workoutTotalDistance: return try? sample.workoutContent?.totalDistance?.value(in: .meter())
        case .workoutTotalEnergyBurned: return try? sample.workoutContent?.totalEnergyBurned?.value(in: .kilocalorie)
        case .workoutTotalSwimmingStrokeCount:
            return try? sample.workoutContent?.totalSwimmingStrokeCount?.value(in: .count)
        case .workoutTotalFlightsClimbed: return try? sample.workoutContent?.totalFlightsClimbed?.value(in: .count)
        }
    }
}

extension Array where Element == StoredSample {
    /// Whether the samples are in increasing sequence order.
    var isSortedBySequence: Bool {
        var previous = Int64.min
        for element in self {
            if element.sequence < previous { return false }
            previous = element.sequence
        }
        return true
    }
}
