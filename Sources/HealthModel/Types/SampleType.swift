import Foundation

/// A kind of sample identified by its HealthKit identifier, e.g. `HKQuantityTypeIdentifierStepCount`.
public struct SampleType: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whether this is a quantity, category, correlation or workout type.
    public let kind: SampleKind
    /// The identifier exactly as HealthKit spells it.
    public let identifier: String

    private init(kind: SampleKind, identifier: String) {
        self.kind = kind
        self.identifier = identifier
    }

    /// The quantity type with this identifier or short name (`HKQuantityTypeIdentifierStepCount` or `stepCount`).
    public static func quantity(_ identifier: String) throws(HealthModelError) -> SampleType {
        guard let description = TypeTable.quantityType(identifier) else {
            throw .unknownTypeIdentifier(identifier)
        }
        return SampleType(kind: .quantity, identifier: description.identifier)
    }

    /// The category type with this identifier or short name.
    public static func category(_ identifier: String) throws(HealthModelError) -> SampleType {
        guard let description = TypeTable.categoryType(identifier) else {
            throw .unknownTypeIdentifier(identifier)
        }
        return SampleType(kind: .category, identifier: description.identifier)
    }

    /// The correlation type with this identifier or short name.
    public static func correlation(_ identifier: String) throws(HealthModelError) -> SampleType {
        guard let description = TypeTable.correlationType(identifier) else {
            throw .unknownTypeIdentifier(identifier)
        }
        return SampleType(kind: .correlation, identifier: description.identifier)
    }

    /// The workout type.
    public static let workout = SampleType(kind: .workout, identifier: TypeTable.workoutTypeIdentifier)

    /// The series type of workout routes (`HKWorkoutRouteTypeIdentifier`).
    public static let workoutRoute = SampleType(kind: .workoutRoute, identifier: "HKWorkoutRouteTypeIdentifier")

    /// The document type of clinical documents (`HKDocumentTypeIdentifierCDA`).
    public static let clinicalDocument = SampleType(kind: .document, identifier: "HKDocumentTypeIdentifierCDA")

    /// The series type of heartbeat series (`HKDataTypeIdentifierHeartbeatSeries`), built by apps or imported with a
    /// heart rate variability record.
    public static let heartbeatSeries = SampleType(
        kind: .heartbeatSeries, identifier: TypeTable.heartbeatSeriesTypeIdentifier)

    /// The records relating effort score samples to workouts (`WorkoutEffortRelationshipContent`).
    public static let workoutEffortRelationship = SampleType(
        kind: .workoutEffortRelationship, identifier: TypeTable.workoutEffortRelationshipTypeIdentifier)

    /// The electrocardiogram type (`HKDataTypeIdentifierElectrocardiogram`).
    public static let electrocardiogram = SampleType(
        kind: .electrocardiogram, identifier: TypeTable.electrocardiogramTypeIdentifier)

    /// The audiogram type (`HKDataTypeIdentifierAudiogram`).
    public static let audiogram = SampleType(kind: .audiogram, identifier: TypeTable.audiogramTypeIdentifier)

    /// The state of mind type (`HKDataTypeStateOfMind`).
    public static let stateOfMind = SampleType(kind: .stateOfMind, identifier: TypeTable.stateOfMindTypeIdentifier)

    /// The vision prescription type (`HKVisionPrescriptionTypeIdentifier`).
    public static let visionPrescription = SampleType(
        kind: .visionPrescription, identifier: TypeTable.visionPrescriptionTypeIdentifier)

    /// The medication dose event type (`HKMedicationDoseEventTypeIdentifierMedicationDoseEvent`).
    public static let medicationDoseEvent = SampleType(
        kind: .medicationDoseEvent, identifier: TypeTable.medicationDoseEventTypeIdentifier)

    /// The scored assessment type of a questionnaire.
    public static func scoredAssessment(_ instrument: ScoredAssessmentContent.Instrument) -> SampleType {
        SampleType(kind: .scoredAssessment, identifier: instrument.rawValue)
    }

    /// The clinical record type of a category of record (`HKClinicalTypeIdentifierLabResultRecord`, …).
    public static func clinicalRecord(_ category: ClinicalRecordContent.Category) -> SampleType {
        SampleType(kind: .clinicalRecord, identifier: category.rawValue)
    }

    /// Every type of a payload kind (`SampleKind.carriesPayload`), by identifier and by short name.
    private static let payloadTypes: [String: SampleType] = {
        var types: [String: SampleType] = [:]
        for type in [
            electrocardiogram, audiogram, stateOfMind, visionPrescription, workoutEffortRelationship,
            medicationDoseEvent,
        ]
            + ScoredAssessmentContent.Instrument.allCases.map(scoredAssessment)
            + ClinicalRecordContent.Category.allCases.map(clinicalRecord)
        {
            types[type.identifier] = type
        }
        for (name, type) in [
            ("electrocardiogram", electrocardiogram), ("audiogram", audiogram), ("stateOfMind", stateOfMind),
            ("visionPrescription", visionPrescription), ("gad7", scoredAssessment(.gad7)),
            ("phq9", scoredAssessment(.phq9)), ("workoutEffortRelationship", workoutEffortRelationship),
            ("medicationDoseEvent", medicationDoseEvent),
        ] {
            types[name] = type
        }
        for category in ClinicalRecordContent.Category.allCases {
            types[category.shortName] = clinicalRecord(category)
        }
        return types
    }()

    /// The sample type for any known identifier of any kind.
    public static func named(_ identifier: String) throws(HealthModelError) -> SampleType {
        if let type = payloadTypes[identifier] { return type }
        if identifier == TypeTable.workoutTypeIdentifier || identifier == "workout" { return .workout }
        if identifier == workoutRoute.identifier { return .workoutRoute }
        if identifier == heartbeatSeries.identifier { return .heartbeatSeries }
        if identifier == clinicalDocument.identifier { return .clinicalDocument }
        if let description = TypeTable.quantityType(identifier) {
            return SampleType(kind: .quantity, identifier: description.identifier)
        }
        if let description = TypeTable.categoryType(identifier) {
            return SampleType(kind: .category, identifier: description.identifier)
        }
        if let description = TypeTable.correlationType(identifier) {
            return SampleType(kind: .correlation, identifier: description.identifier)
        }
        throw .unknownTypeIdentifier(identifier)
    }

    /// The table entry of a quantity type; nil for other kinds.
    public var quantityDescription: QuantityTypeDescription? {
        kind == .quantity ? TypeTable.quantityType(identifier) : nil
    }

    /// The table entry of a category type; nil for other kinds.
    public var categoryDescription: CategoryTypeDescription? {
        kind == .category ? TypeTable.categoryType(identifier) : nil
    }

    /// The table entry of a correlation type; nil for other kinds.
    public var correlationDescription: CorrelationTypeDescription? {
        kind == .correlation ? TypeTable.correlationType(identifier) : nil
    }

    /// How statistics combine samples of a quantity type; nil for other kinds.
    public var aggregationStyle: AggregationStyle? { quantityDescription?.aggregationStyle }

    /// The unit that values of a quantity type are compared and summed in; nil for other kinds.
    public var canonicalUnit: HealthUnit? {
        kind == .quantity ? SampleType.canonicalUnits[identifier] : nil
    }

    /// Canonical units of every quantity type, parsed once.
    private static let canonicalUnits: [String: HealthUnit] = {
        var units: [String: HealthUnit] = [:]
        for description in TypeTable.quantityTypes {
            units[description.identifier] = try? HealthUnit(parsing: description.canonicalUnitString)
        }
        return units
    }()

    /// Whether clients may not save samples of this type (computed by the system).
    public var isReadOnly: Bool {
        switch kind {
        case .quantity: return quantityDescription?.isReadOnly ?? false
        case .category: return categoryDescription?.isReadOnly ?? false
        // Apps write routes and heartbeat series (through their builders), never documents.
        case .correlation, .workout, .workoutRoute: return false
        case .document: return true
        // HealthKit keeps electrocardiograms to the ECG app: apps read them and never save them.
        case .electrocardiogram: return true
        // Clinical records come from healthcare institutions (and here from imports): apps only read them.
        case .clinicalRecord: return true
        // The Health app logs doses; HealthKit's medication API is read-only for apps.
        case .medicationDoseEvent: return true
        case .audiogram, .stateOfMind, .scoredAssessment, .visionPrescription, .workoutEffortRelationship,
            .heartbeatSeries:
            return false
        }
    }

    /// Whether samples of this type are series read through the series queries (routes, heartbeat series).
    public var isSeries: Bool { kind == .workoutRoute || kind == .heartbeatSeries }

    /// Whether a client reads samples of this type only object by object, as the person grants each (vision
    /// prescriptions; medication dose events, by the medication they belong to), never by a grant for the whole type.
    public var requiresPerObjectAuthorization: Bool { kind == .visionPrescription || kind == .medicationDoseEvent }

    /// The type's identifier.
    public var description: String { identifier }

    /// Orders by kind, then by identifier.
    public static func < (lhs: SampleType, rhs: SampleType) -> Bool {
        (lhs.kind, lhs.identifier) < (rhs.kind, rhs.identifier)
    }
}
