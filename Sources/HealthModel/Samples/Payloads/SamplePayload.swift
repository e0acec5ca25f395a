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
            return try encoder.encode(Content(payload: self))
        } catch {
            // Only non-finite numbers fail to encode, and validation refuses them before a sample exists.
            preconditionFailure("payload content does not encode: \(error)")
        }
    }

    /// Writes the content (its own `Codable` form) to an encoder; dates are written by the encoder's rules (the
    /// stores and the HTTP API write seconds since 1970).
    public func encodeContent(to encoder: any Encoder) throws {
        switch self {
        case let .workoutRoute(content): try content.encode(to: encoder)
        case let .electrocardiogram(content): try content.encode(to: encoder)
        case let .audiogram(content): try content.encode(to: encoder)
        case let .stateOfMind(content): try content.encode(to: encoder)
        case let .scoredAssessment(content): try content.encode(to: encoder)
        case let .visionPrescription(content): try content.encode(to: encoder)
        case let .clinicalRecord(content): try content.encode(to: encoder)
        case let .workoutEffortRelationship(content): try content.encode(to: encoder)
        case let .heartbeatSeries(content): try content.encode(to: encoder)
        case let .medicationDoseEvent(content): try content.encode(to: encoder)
        }
    }

    /// The content of a `kind` read from a decoder (the member named after the kind in an API body); a kind that
    /// carries no payload is refused naming the decoder's path.
    public static func decodeContent(_ kind: SampleKind, from decoder: any Decoder) throws -> SamplePayload {
        switch kind {
        case .workoutRoute: return .workoutRoute(try WorkoutRouteContent(from: decoder))
        case .electrocardiogram: return .electrocardiogram(try ElectrocardiogramContent(from: decoder))
        case .audiogram: return .audiogram(try AudiogramContent(from: decoder))
        case .stateOfMind: return .stateOfMind(try StateOfMindContent(from: decoder))
        case .scoredAssessment: return .scoredAssessment(try ScoredAssessmentContent(from: decoder))
        case .visionPrescription: return .visionPrescription(try VisionPrescriptionContent(from: decoder))
        case .clinicalRecord: return .clinicalRecord(try ClinicalRecordContent(from: decoder))
        case .workoutEffortRelationship:
            return .workoutEffortRelationship(try WorkoutEffortRelationshipContent(from: decoder))
        case .heartbeatSeries: return .heartbeatSeries(try HeartbeatSeriesContent(from: decoder))
        case .medicationDoseEvent: return .medicationDoseEvent(try MedicationDoseEventContent(from: decoder))
        case .quantity, .category, .correlation, .workout, .document:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(kind) samples carry no payload"))
        }
    }

    /// The content of a `kind` from its JSON; a refusal names the field under `field` (`samples[0].electrocardiogram`).
    public static func decoded(
        _ kind: SampleKind, json: Data, field: String
    ) throws(HealthModelError) -> SamplePayload {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.userInfo[Content.kindKey] = kind
        do {
            return try decoder.decode(Content.self, from: json).payload
        } catch let error as HealthModelError {
            throw error
        } catch let error as DecodingError {
            let failure = DecodingFieldError(error, under: field)
            throw .invalidField(field: failure.field, reason: failure.reason)
        } catch {
            throw .invalidField(field: field, reason: "\(error)")
        }
    }

    /// The content as a `Codable` value of its own (its kind read from the decoder's `userInfo`).
    private struct Content: Codable {
        static let kindKey = CodingUserInfoKey(rawValue: "SamplePayload.kind")!
        let payload: SamplePayload

        init(payload: SamplePayload) { self.payload = payload }

        init(from decoder: any Decoder) throws {
            guard let kind = decoder.userInfo[Self.kindKey] as? SampleKind else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no payload kind given"))
            }
            payload = try SamplePayload.decodeContent(kind, from: decoder)
        }

        func encode(to encoder: any Encoder) throws { try payload.encodeContent(to: encoder) }
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
