import Foundation
import HealthModel

/// The NSPredicate that HealthKit's predicate factories return here: it carries the model predicate so that the
/// engine can evaluate it, alone or inside `NSCompoundPredicate`.
public final class HealthPredicate: NSPredicate {
    /// What the predicate means, for sample predicates.
    public let samplePredicate: SamplePredicate?
    /// What the predicate means, for activity summary predicates.
    public let activitySummaryPredicate: ActivitySummaryPredicate?
    /// What the predicate means, for predicates on the person's medications (`HKUserAnnotatedMedicationQuery`).
    public let medicationPredicate: MedicationPredicate?

    init(_ predicate: SamplePredicate) {
        samplePredicate = predicate
        activitySummaryPredicate = nil
        medicationPredicate = nil
        super.init(value: true)
    }

    init(_ predicate: ActivitySummaryPredicate) {
        samplePredicate = nil
        activitySummaryPredicate = predicate
        medicationPredicate = nil
        super.init(value: true)
    }

    init(medication predicate: MedicationPredicate) {
        samplePredicate = nil
        activitySummaryPredicate = nil
        medicationPredicate = predicate
        super.init(value: true)
    }

    /// Not supported: health predicates are not archived.
    public required init?(coder: NSCoder) { nil }

    /// Equal when both mean the same model predicate.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HealthPredicate else { return false }
        return other.samplePredicate == samplePredicate && other.activitySummaryPredicate == activitySummaryPredicate
            && other.medicationPredicate == medicationPredicate
    }

    /// Hashes the model predicate.
    public override var hash: Int {
        samplePredicate?.hashValue ?? medicationPredicate?.hashValue ?? activitySummaryPredicate.hashValue
    }

    public override var predicateFormat: String {
        if let samplePredicate { return "HealthPredicate(\(samplePredicate))" }
        if let medicationPredicate { return "HealthPredicate(\(medicationPredicate))" }
        return "HealthPredicate(\(String(describing: activitySummaryPredicate)))"
    }
}

/// Turns any NSPredicate a HealthKit program may pass into a model predicate, or says why it cannot.
enum PredicateBridge {
    /// The model predicate; nil means every sample.
    static func samplePredicate(_ predicate: NSPredicate?) throws -> SamplePredicate {
        try bridged(
            predicate, all: .all, and: SamplePredicate.and, or: SamplePredicate.or, not: SamplePredicate.not,
            factories: "HKQuery's factories"
        ) { health in
            guard let model = health.samplePredicate else {
                throw HKError(
                    .errorInvalidArgument,
                    health.medicationPredicate == nil
                        ? "an activity summary predicate cannot filter samples"
                        : "a medication predicate filters HKUserAnnotatedMedicationQuery, not samples")
            }
            return model
        }
    }

    /// The model predicate of a medication query; nil means every medication.
    static func medicationPredicate(_ predicate: NSPredicate?) throws -> MedicationPredicate {
        try bridged(
            predicate, all: .all, and: MedicationPredicate.and, or: MedicationPredicate.or,
            not: MedicationPredicate.not, factories: "HKQuery.predicateForUserAnnotatedMedications(…)"
        ) { health in
            guard let model = health.medicationPredicate else {
                throw HKError(
                    .errorInvalidArgument,
                    "only predicateForUserAnnotatedMedications(…) predicates filter HKUserAnnotatedMedicationQuery")
            }
            return model
        }
    }

    /// A model predicate from health predicates (`leaf`), compound predicates and TRUE/FALSE predicates.
    private static func bridged<Model>(
        _ predicate: NSPredicate?, all: Model, and: ([Model]) -> Model, or: ([Model]) -> Model,
        not: (Model) -> Model, factories: String, leaf: (HealthPredicate) throws -> Model
    ) throws -> Model {
        guard let predicate else { return all }
        if let health = predicate as? HealthPredicate { return try leaf(health) }
        if let compound = predicate as? NSCompoundPredicate {
            let parts = try compound.subpredicates.map {
                try bridged($0, all: all, and: and, or: or, not: not, factories: factories, leaf: leaf)
            }
            switch compound.compoundPredicateType {
            case .and: return and(parts)
            case .or: return or(parts)
            case .not:
                guard parts.count == 1 else {
                    throw HKError(
                        .errorInvalidArgument, "a NOT predicate needs exactly one subpredicate, has \(parts.count)")
                }
                return not(parts[0])
            @unknown default:
                throw HKError(.errorInvalidArgument, "unsupported compound predicate type")
            }
        }
        switch predicate.predicateFormat {
        case "TRUEPREDICATE": return all
        case "FALSEPREDICATE": return not(all)
        default:
            throw HKError(
                .errorInvalidArgument,
                "predicate \"\(predicate.predicateFormat)\" cannot be evaluated: build predicates with \(factories) and NSCompoundPredicate (format-string and block predicates are not supported)"
            )
        }
    }
}
