import Foundation
import HealthModel

/// Evaluates a sample predicate against samples of one type, after resolving the parts that need the store.
public struct PredicateEvaluator: Sendable {
    /// The predicate with store-dependent parts (workout associations) resolved to identifiers.
    public let predicate: SamplePredicate
    private let correlationMembers: Set<UUID>

    /// Checks the predicate against the type and resolves it against the storage for the given candidates.
    public init(
        predicate: SamplePredicate, type: SampleType, storage: any SampleStorage, candidates: [StoredSample]
    ) throws {
        do {
            try predicate.check(for: type)
        } catch {
            throw HealthEngineError.predicateNotEvaluable(type: type.identifier, reason: error.description)
        }
        let resolved = try PredicateEvaluator.resolve(predicate, storage: storage)
        self.predicate = resolved
        if PredicateEvaluator.mentionsNoCorrelation(resolved) {
            correlationMembers = try storage.correlationMembers(among: candidates.map(\.sample.uuid))
        } else {
            correlationMembers = []
        }
    }

    /// Whether the sample matches.
    public func matches(_ sample: Sample) -> Bool { evaluate(predicate, on: sample) }

    private static func resolve(_ predicate: SamplePredicate, storage: any SampleStorage) throws -> SamplePredicate {
        switch predicate {
        case let .associatedWithWorkout(workout):
            return .uuids(try storage.samplesAssociated(withWorkout: workout))
        case let .workoutEffortRelated(workout, activity):
            let records = try WorkoutEffortQueryEngine(storage: storage).records(ofWorkout: workout, activity: activity)
            return .uuids(Set(records.map(\.sample)))
        case let .and(predicates):
            return .and(try predicates.map { try resolve($0, storage: storage) })
        case let .or(predicates):
            return .or(try predicates.map { try resolve($0, storage: storage) })
        case let .not(inner):
            return .not(try resolve(inner, storage: storage))
        default:
            return predicate
        }
    }

    private static func mentionsNoCorrelation(_ predicate: SamplePredicate) -> Bool {
        switch predicate {
        case .noCorrelation: return true
        case let .and(predicates), let .or(predicates): return predicates.contains(where: mentionsNoCorrelation)
        case let .not(inner): return mentionsNoCorrelation(inner)
        default: return false
        }
    }

    private func evaluate(_ predicate: SamplePredicate, on sample: Sample) -> Bool {
        switch predicate {
        case .all:
            return true
        case let .date(start, end, options):
            return TimeBounds.window(start: start, end: end, options: options).contains(
                start: sample.startDate.timeIntervalSinceReferenceDate,
                end: sample.endDate.timeIntervalSinceReferenceDate)
        case let .sources(sources):
            guard let source = sample.sourceRevision?.source else { return false }
            return sources.contains(source)
        case let .sourceRevisions(revisions):
            guard let revision = sample.sourceRevision else { return false }
            return revisions.contains(revision) || revisions.contains { $0.matches(revision) }
        case let .devices(devices):
            guard let device = sample.device else { return false }
            return devices.contains(device)
        case let .deviceProperty(property, values):
            guard let value = sample.device?.value(of: property) else { return false }
            return values.contains(value)
        case let .uuids(uuids):
            return uuids.contains(sample.uuid)
        case let .metadataKeyExists(key):
            return sample.metadata?[key] != nil
        case let .metadataValues(key, values):
            guard let stored = sample.metadata?[key] else { return false }
            return values.contains { PredicateEvaluator.compare(stored, $0, .equalTo) }
        case let .metadataComparison(key, comparison, value):
            guard let stored = sample.metadata?[key] else { return false }
            return PredicateEvaluator.compare(stored, value, comparison)
        case .noCorrelation:
            return !correlationMembers.contains(sample.uuid)
        case .associatedWithWorkout, .workoutEffortRelated:
            return false  // resolved to `.uuids` at init
        case let .quantity(comparison, quantity):
            guard let stored = sample.quantity, let value = try? quantity.value(in: stored.unit) else { return false }
            return comparison.holds(stored.value, value)
        case let .categoryValue(comparison, value):
            guard let stored = sample.categoryValue else { return false }
            return comparison.holds(stored, value)
        case let .categoryValues(values):
            guard let stored = sample.categoryValue else { return false }
            return values.contains(stored)
        case let .workoutActivityType(rawValue):
            return sample.workoutContent?.activityTypeRawValue == rawValue
        case let .workoutDuration(comparison, seconds):
            guard let workout = sample.workoutContent else { return false }
            return comparison.holds(workout.duration, seconds)
        case let .workoutStatistic(identifier, kind, comparison, value):
            guard let statistic = sample.workoutContent?.statistics[identifier] else { return false }
            let figure: Quantity?
            switch kind {
            case .sum: figure = statistic.sum
            case .average: figure = statistic.average
            case .minimum: figure = statistic.minimum
            case .maximum: figure = statistic.maximum
            }
            guard let figure, let target = try? value.value(in: figure.unit) else { return false }
            return comparison.holds(figure.value, target)
        case let .workoutTotalDistance(comparison, value):
            guard let total = sample.workoutContent?.totalDistance, let target = try? value.value(in: total.unit) else {
                return false
            }
            return comparison.holds(total.value, target)
        case let .workoutActivity(inner):
            return PredicateEvaluator.activities(of: sample).contains { evaluate(inner, on: $0) }
        case let .payload(condition):
            return condition.holds(on: sample.payload)
        case let .and(predicates):
            return predicates.allSatisfy { evaluate($0, on: sample) }
        case let .or(predicates):
            return predicates.contains { evaluate($0, on: sample) }
        case let .not(inner):
            return !evaluate(inner, on: sample)
        }
    }

    /// A workout's activities, each as a workout sample of its own (a workout without activities is one).
    static func activities(of sample: Sample) -> [Sample] {
        guard let content = sample.workoutContent else { return [] }
        guard !content.activities.isEmpty else { return [sample] }
        return content.activities.compactMap { activity in
            try? Sample(
                uuid: activity.uuid, type: .workout, startDate: activity.startDate,
                endDate: activity.endDate ?? sample.endDate, metadata: activity.metadata, device: sample.device,
                sourceRevision: sample.sourceRevision,
                content: .workout(
                    WorkoutContent(
                        activityTypeRawValue: activity.configuration.activityTypeRawValue,
                        duration: activity.duration, events: activity.events, statistics: activity.statistics)))
        }
    }

    /// Compares two metadata values of the same kind; values of different kinds never compare (equal or not).
    static func compare(_ stored: MetadataValue, _ given: MetadataValue, _ comparison: ComparisonOperator) -> Bool {
        switch (stored, given) {
        case let (.string(left), .string(right)): return comparison.holds(left, right)
        case let (.number(left), .number(right)): return comparison.holds(left, right)
        case let (.date(left), .date(right)): return comparison.holds(left, right)
        case let (.quantity(left), .quantity(right)):
            guard let converted = try? right.value(in: left.unit) else { return false }
            return comparison.holds(left.value, converted)
        default: return false
        }
    }
}
