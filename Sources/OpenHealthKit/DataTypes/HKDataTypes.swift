import Foundation
import HealthEngine
import HealthModel

/// The sample type of electrocardiograms.
open class HKElectrocardiogramType: HKSampleType, @unchecked Sendable {}

/// The sample type of audiograms.
open class HKAudiogramSampleType: HKSampleType, @unchecked Sendable {}

/// The sample type of states of mind.
open class HKStateOfMindType: HKSampleType, @unchecked Sendable {}

/// The sample type of one scored questionnaire (GAD-7 or PHQ-9).
open class HKScoredAssessmentType: HKSampleType, @unchecked Sendable {
    /// The type of the questionnaire with this identifier (stops the program for an unknown one, as HealthKit does).
    public convenience init(_ identifier: HKScoredAssessmentTypeIdentifier) {
        guard let instrument = ScoredAssessmentContent.Instrument(rawValue: identifier.rawValue) else {
            fatalError("HKScoredAssessmentType: unknown identifier \(identifier.rawValue)")
        }
        self.init(sampleType: .scoredAssessment(instrument))
    }
}

/// The sample type of prescriptions (vision prescriptions), read one object at a time.
open class HKPrescriptionType: HKSampleType, @unchecked Sendable {}

/// The identifiers of scored assessment types.
public struct HKScoredAssessmentTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// The identifier string.
    public let rawValue: String

    /// An identifier from its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The GAD-7 anxiety assessment.
    public static let GAD7 = HKScoredAssessmentTypeIdentifier(
        rawValue: ScoredAssessmentContent.Instrument.gad7.rawValue)
    /// The PHQ-9 depression assessment.
    public static let PHQ9 = HKScoredAssessmentTypeIdentifier(
        rawValue: ScoredAssessmentContent.Instrument.phq9.rawValue)
}

extension HKObjectType {
    /// The electrocardiogram type.
    public class func electrocardiogramType() -> HKElectrocardiogramType {
        HKElectrocardiogramType(sampleType: .electrocardiogram)
    }

    /// The audiogram type.
    public class func audiogramSampleType() -> HKAudiogramSampleType { HKAudiogramSampleType(sampleType: .audiogram) }

    /// The state of mind type.
    public class func stateOfMindType() -> HKStateOfMindType { HKStateOfMindType(sampleType: .stateOfMind) }

    /// The vision prescription type.
    public class func visionPrescriptionType() -> HKPrescriptionType {
        HKPrescriptionType(sampleType: .visionPrescription)
    }

    /// The scored assessment type with this identifier; nil for an unknown one.
    public class func scoredAssessmentType(
        forIdentifier identifier: HKScoredAssessmentTypeIdentifier
    ) -> HKScoredAssessmentType? {
        ScoredAssessmentContent.Instrument(rawValue: identifier.rawValue).map {
            HKScoredAssessmentType(sampleType: .scoredAssessment($0))
        }
    }

    /// The type object of a payload kind's model type.
    static func makePayloadType(_ sampleType: SampleType) -> HKSampleType {
        switch sampleType.kind {
        case .electrocardiogram: return HKElectrocardiogramType(sampleType: sampleType)
        case .audiogram: return HKAudiogramSampleType(sampleType: sampleType)
        case .stateOfMind: return HKStateOfMindType(sampleType: sampleType)
        case .scoredAssessment: return HKScoredAssessmentType(sampleType: sampleType)
        case .visionPrescription: return HKPrescriptionType(sampleType: sampleType)
        case .clinicalRecord: return HKClinicalType(sampleType: sampleType)
        case .heartbeatSeries, .workoutRoute: return HKSeriesType(sampleType: sampleType)
        case .medicationDoseEvent: return HKMedicationDoseEventType(sampleType: sampleType)
        case .quantity, .category, .correlation, .workout, .document, .workoutEffortRelationship:
            return HKSampleType(sampleType: sampleType)
        }
    }
}

extension HKSample {
    /// The HealthKit class of a stored payload sample.
    static func wrapPayload(_ sample: Sample, _ payload: SamplePayload) -> HKSample {
        switch payload {
        case .electrocardiogram: return HKElectrocardiogram(model: sample)
        case .audiogram: return HKAudiogramSample(model: sample)
        case .stateOfMind: return HKStateOfMind(model: sample)
        case let .scoredAssessment(content):
            return sample.type == .scoredAssessment(.phq9)
                ? HKPHQ9Assessment(model: sample, content: content) : HKGAD7Assessment(model: sample, content: content)
        case .visionPrescription: return HKVisionPrescription.wrap(sample)
        case .clinicalRecord: return HKClinicalRecord(model: sample)
        case .workoutRoute: return HKWorkoutRoute(model: sample)
        case .heartbeatSeries: return HKHeartbeatSeriesSample(model: sample)
        // Relationship records are read through HKWorkoutEffortRelationshipQuery; no HealthKit class holds one.
        case .workoutEffortRelationship:
            return HKSample(
                backing: .success(sample), uuid: sample.uuid, sampleType: HKSampleType(sampleType: sample.type),
                startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
        case .medicationDoseEvent: return HKMedicationDoseEvent(model: sample)
        }
    }

    /// The model sample of an object an app builds: validated, or the reason it is not valid.
    static func payloadBacking(
        type: SampleType, start: Date, end: Date, metadata: [String: Any]?, device: HKDevice?, uuid: UUID,
        payload: SamplePayload
    ) -> Result<Sample, HealthModelError> {
        Result { () throws(HealthModelError) -> Sample in
            try Sample(
                uuid: uuid, type: type, startDate: start, endDate: end, metadata: try MetadataBridge.model(metadata),
                device: device?.device, content: .payload(payload))
        }
    }
}
