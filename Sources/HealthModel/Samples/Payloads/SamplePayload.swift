import Foundation

/// The content of a sample whose kind keeps everything in one value rather than in columns: workout routes, heartbeat
/// series, electrocardiograms, audiograms, states of mind, scored assessments, vision prescriptions, clinical records,
/// medication dose events.
///
/// Each case's content is `Codable`: that one representation is what the stores keep (in a sample's detail, behind a
/// version byte and the kind) and what the HTTP API reads and writes under the kind's name. Adding a kind adds a case
/// here, a `SampleKind` case, its content type and its type-table entry; the stores, the commit planner, the change
/// log and the permission rules need nothing new (docs/decisions/sample-payloads.md).
public enum SamplePayload: Sendable, Hashable {
    /// A workout route's locations.
    case workoutRoute(WorkoutRouteContent)
    /// An electrocardiogram.
    case electrocardiogram(ElectrocardiogramContent)
    /// An audiogram.
    case audiogram(AudiogramContent)
    /// A state of mind.
    case stateOfMind(StateOfMindContent)
    /// A scored assessment (GAD-7, PHQ-9).
    case scoredAssessment(ScoredAssessmentContent)
    /// A vision prescription.
    case visionPrescription(VisionPrescriptionContent)
    /// A clinical record (a FHIR resource from a healthcare institution).
    case clinicalRecord(ClinicalRecordContent)
    /// An effort score sample related to a workout.
    case workoutEffortRelationship(WorkoutEffortRelationshipContent)
    /// A heartbeat series an app built.
    case heartbeatSeries(HeartbeatSeriesContent)
    /// A medication dose event.
    case medicationDoseEvent(MedicationDoseEventContent)

    /// The kind of sample this content belongs to.
    public var kind: SampleKind {
        switch self {
        case .workoutRoute: return .workoutRoute
        case .electrocardiogram: return .electrocardiogram
        case .audiogram: return .audiogram
        case .stateOfMind: return .stateOfMind
        case .scoredAssessment: return .scoredAssessment
        case .visionPrescription: return .visionPrescription
        case .clinicalRecord: return .clinicalRecord
        case .workoutEffortRelationship: return .workoutEffortRelationship
        case .heartbeatSeries: return .heartbeatSeries
        case .medicationDoseEvent: return .medicationDoseEvent
        }
    }

    /// The name the content goes by in JSON (`"electrocardiogram": {…}` in a sample of the HTTP API).
    public static func jsonName(of kind: SampleKind) -> String? {
        kind.carriesPayload ? "\(kind)" : nil
    }

    /// Checks the content against the rules of its type; errors name the field (`electrocardiogram.voltages[3]`).
    func validate(for type: SampleType, start: Date, end: Date) throws(HealthModelError) {
        switch self {
        case let .workoutRoute(content): try content.validate(start: start, end: end)
        case let .electrocardiogram(content): try content.validate()
        case let .audiogram(content): try content.validate()
        case let .stateOfMind(content): try content.validate()
        case let .scoredAssessment(content): try content.validate(for: type)
        case let .visionPrescription(content): try content.validate()
        case let .clinicalRecord(content): try content.validate()
        case let .workoutEffortRelationship(content): try content.validate()
        case let .heartbeatSeries(content): try content.validate()
        case let .medicationDoseEvent(content): try content.validate()
        }
    }

    // MARK: JSON

    /// The content as JSON (keys sorted, so equal content gives equal bytes).
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        do {
            switch self {
            case let .workoutRoute(content): return try encoder.encode(content)
            case let .electrocardiogram(content): return try encoder.encode(content)
            case let .audiogram(content): return try encoder.encode(content)
            case let .stateOfMind(content): return try encoder.encode(content)
            case let .scoredAssessment(content): return try encoder.encode(content)
            case let .visionPrescription(content): return try encoder.encode(content)
            case let .clinicalRecord(content): return try encoder.encode(content)
            case let .workoutEffortRelationship(content): return try encoder.encode(content)
            case let .heartbeatSeries(content): return try encoder.encode(content)
            case let .medicationDoseEvent(content): return try encoder.encode(content)
            }
        } catch {
            // Only non-finite numbers fail to encode, and validation refuses them before a sample exists.
            preconditionFailure("payload content does not encode: \(error)")
        }
    }

    /// The content of a `kind` from its JSON; a refusal names the field under `field` (`samples[0].electrocardiogram`).
    public static func decoded(
        _ kind: SampleKind, json: Data, field: String
    ) throws(HealthModelError) -> SamplePayload {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            switch kind {
            case .workoutRoute: return .workoutRoute(try decoder.decode(WorkoutRouteContent.self, from: json))
            case .electrocardiogram:
                return .electrocardiogram(try decoder.decode(ElectrocardiogramContent.self, from: json))
            case .audiogram: return .audiogram(try decoder.decode(AudiogramContent.self, from: json))
            case .stateOfMind: return .stateOfMind(try decoder.decode(StateOfMindContent.self, from: json))
            case .scoredAssessment:
                return .scoredAssessment(try decoder.decode(ScoredAssessmentContent.self, from: json))
            case .visionPrescription:
                return .visionPrescription(try decoder.decode(VisionPrescriptionContent.self, from: json))
            case .clinicalRecord:
                return .clinicalRecord(try decoder.decode(ClinicalRecordContent.self, from: json))
            case .workoutEffortRelationship:
                return .workoutEffortRelationship(
                    try decoder.decode(WorkoutEffortRelationshipContent.self, from: json))
            case .heartbeatSeries: return .heartbeatSeries(try decoder.decode(HeartbeatSeriesContent.self, from: json))
            case .medicationDoseEvent:
                return .medicationDoseEvent(try decoder.decode(MedicationDoseEventContent.self, from: json))
            case .quantity, .category, .correlation, .workout, .document:
                throw HealthModelError.invalidField(field: field, reason: "\(kind) samples carry no payload")
            }
        } catch let error as HealthModelError {
            throw error
        } catch let error as DecodingError {
            throw described(error, field: field)
        } catch {
            throw .invalidField(field: field, reason: "\(error)")
        }
    }

    private static func described(_ error: DecodingError, field: String) -> HealthModelError {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce(field) { path, key in
                key.intValue.map { "\(path)[\($0)]" } ?? "\(path).\(key.stringValue)"
            }
        }
        switch error {
        case let .keyNotFound(key, context):
            return .invalidField(field: path(context.codingPath + [key]), reason: "is required")
        case let .typeMismatch(type, context):
            return .invalidField(field: path(context.codingPath), reason: "must be \(description(of: type))")
        case let .valueNotFound(type, context):
            return .invalidField(field: path(context.codingPath), reason: "must be \(description(of: type)), not null")
        case let .dataCorrupted(context):
            return .invalidField(field: path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .invalidField(field: field, reason: "\(error)")
        }
    }

    private static func description(of type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default: return type is any Collection.Type ? "an array" : "an object"
        }
    }
}

/// Checks shared by the payload contents.
enum PayloadCheck {
    /// A finite number within `range`.
    static func number(
        _ value: Double, in range: ClosedRange<Double>, field: String
    ) throws(HealthModelError) {
        try Validation.checkFinite(value, field: field)
        guard range.contains(value) else {
            throw .invalidField(field: field, reason: "\(value) is outside \(range.lowerBound)…\(range.upperBound)")
        }
    }

    /// A raw value one of `allowed` names.
    static func rawValue(
        _ value: Int, allowed: some Collection<Int>, field: String, meaning: String
    ) throws(HealthModelError) {
        guard allowed.contains(value) else {
            throw .invalidField(field: field, reason: "\(value) is not a raw value of \(meaning)")
        }
    }
}
