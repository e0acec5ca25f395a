import Foundation
import HealthModel

/// The NSPredicate that HealthKit's predicate factories return here: it carries the model predicate so that the
/// engine can evaluate it, alone or inside `NSCompoundPredicate`.
public final class HealthPredicate: NSPredicate {
    /// What the predicate means, for sample predicates.
    public let samplePredicate: SamplePredicate?
    /// What the predicate means, for activity summary predicates.
    public let activitySummaryPredicate: ActivitySummaryPredicate?

    init(_ predicate: SamplePredicate) {
        samplePredicate = predicate
        activitySummaryPredicate = nil
        super.init(value: true)
    }

    init(_ predicate: ActivitySummaryPredicate) {
        samplePredicate = nil
        activitySummaryPredicate = predicate
        super.init(value: true)
    }

    /// Not supported: health predicates are not archived.
    public required init?(coder: NSCoder) { nil }

    /// Equal when both mean the same model predicate.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HealthPredicate else { return false }
        return other.samplePredicate == samplePredicate && other.activitySummaryPredicate == activitySummaryPredicate
    }

    /// Hashes the model predicate.
    public override var hash: Int { samplePredicate?.hashValue ?? activitySummaryPredicate.hashValue }

    public override var predicateFormat: String {
        if let samplePredicate { return "HealthPredicate(\(samplePredicate))" }
        return "HealthPredicate(\(String(describing: activitySummaryPredicate)))"
    }
}

/// Turns any NSPredicate a HealthKit program may pass into a model predicate, or says why it cannot.
enum PredicateBridge {
    /// The model predicate; nil means every sample.
    static func samplePredicate(_ predicate: NSPredicate?) throws -> SamplePredicate {
        guard let predicate else { return .all }
        if let health = predicate as? HealthPredicate {
            guard let model = health.samplePredicate else {
                throw HKError(.errorInvalidArgument, "an activity summary predicate cannot filter samples")
            }
            return model
        }
        if let compound = predicate as? NSCompoundPredicate {
            let parts = try compound.subpredicates.map { try samplePredicate($0) }
            switch compound.compoundPredicateType {
            case .and: return .and(parts)
            case .or: return .or(parts)
            case .not:
                guard parts.count == 1 else {
                    throw HKError(
                        .errorInvalidArgument, "a NOT predicate needs exactly one subpredicate, has \(parts.count)")
                }
                return .not(parts[0])
            @unknown default:
                throw HKError(.errorInvalidArgument, "unsupported compound predicate type")
            }
        }
        switch predicate.predicateFormat {
        case "TRUEPREDICATE": return .all
        case "FALSEPREDICATE": return .not(.all)
        default:
            throw HKError(
                .errorInvalidArgument,
                "predicate \"\(predicate.predicateFormat)\" cannot be evaluated: build predicates with HKQuery's factories and NSCompoundPredicate (format-string and block predicates are not supported)"
            )
        }
    }
}
