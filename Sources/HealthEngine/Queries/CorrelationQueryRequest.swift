import HealthModel

/// A correlation query (SEMANTICS §7): correlations of a type matching a predicate, filtered by what they contain.
public struct CorrelationQueryRequest: Sendable, Hashable {
    /// The correlation type.
    public let type: SampleType
    /// The condition on the correlation itself.
    public let predicate: SamplePredicate
    /// Per contained type, the condition every contained sample of that type must meet; the correlation must contain
    /// at least one sample of each keyed type. Types without a key are unconstrained.
    public let samplePredicates: [SampleType: SamplePredicate]

    /// A request.
    public init(
        type: SampleType, predicate: SamplePredicate = .all, samplePredicates: [SampleType: SamplePredicate] = [:]
    ) {
        self.type = type
        self.predicate = predicate
        self.samplePredicates = samplePredicates
    }
}

extension SampleQueryEngine {
    /// The correlations a correlation query matches, in insertion order (SEMANTICS §7).
    public func correlations(for request: CorrelationQueryRequest) throws -> [Sample] {
        guard request.type.kind == .correlation else {
            throw HealthEngineError.invalidQuery(
                field: "type", reason: "\(request.type.identifier) is not a correlation type")
        }
        for (type, predicate) in request.samplePredicates {
            do {
                try predicate.check(for: type)
            } catch {
                throw HealthEngineError.predicateNotEvaluable(type: type.identifier, reason: error.description)
            }
        }
        let candidates = try samples(for: SampleQueryRequest(type: request.type, predicate: request.predicate))
        guard !request.samplePredicates.isEmpty else { return candidates }
        // One evaluator per keyed type, over every contained sample of that type.
        var evaluators: [SampleType: PredicateEvaluator] = [:]
        for (type, predicate) in request.samplePredicates {
            let members = candidates.flatMap { $0.correlatedObjects ?? [] }.filter { $0.type == type }
            evaluators[type] = try PredicateEvaluator(
                predicate: predicate, type: type, storage: storage,
                candidates: members.map { StoredSample(sequence: 0, sample: $0) })
        }
        return candidates.filter { correlation in
            let members = correlation.correlatedObjects ?? []
            return evaluators.allSatisfy { type, evaluator in
                let ofType = members.filter { $0.type == type }
                return !ofType.isEmpty && ofType.allSatisfy(evaluator.matches)
            }
        }
    }

    /// The sources that saved samples of a type matching a predicate, by name.
    public func sources(of type: SampleType, matching predicate: SamplePredicate = .all) throws -> [Source] {
        var seen = Set<Source>()
        var sources: [Source] = []
        for sample in try samples(for: SampleQueryRequest(type: type, predicate: predicate)) {
            guard let source = sample.sourceRevision?.source, seen.insert(source).inserted else { continue }
            sources.append(source)
        }
        return sources.sorted { ($0.name, $0.bundleIdentifier) < ($1.name, $1.bundleIdentifier) }
    }
}
