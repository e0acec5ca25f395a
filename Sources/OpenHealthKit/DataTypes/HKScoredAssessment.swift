import Foundation
import HealthModel

/// A scored questionnaire; `HKGAD7Assessment` and `HKPHQ9Assessment` are its kinds.
open class HKScoredAssessment: HKSample, @unchecked Sendable {
    let content: ScoredAssessmentContent

    /// Unarchives a scored assessment (`NSSecureCoding`); fails, with the reason, on an archive that holds none.
    public required init?(coder: NSCoder) {
        guard
            let sample = ObjectArchive.sample(
                coder, "HKScoredAssessment", fits: { HKSample.wrap($0).isKind(of: Self.self) }),
            case let .scoredAssessment(content)? = sample.payload
        else { return nil }
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKScoredAssessmentType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(model sample: Sample, content: ScoredAssessmentContent) {
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKScoredAssessmentType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(instrument: ScoredAssessmentContent.Instrument, answers: [Int], date: Date, metadata: [String: Any]?) {
        let uuid = RandomUUID.make()
        let content = ScoredAssessmentContent(answers: answers)
        self.content = content
        let type = SampleType.scoredAssessment(instrument)
        super.init(
            backing: HKSample.payloadBacking(
                type: type, start: date, end: date, metadata: metadata, device: nil, uuid: uuid,
                payload: .scoredAssessment(content)),
            uuid: uuid, sampleType: HKScoredAssessmentType(sampleType: type), startDate: date, endDate: date,
            metadata: metadata, device: nil)
    }

    /// The sum of the answers.
    open var score: Int { content.score }
}

/// A GAD-7 anxiety assessment: seven answers, a score of 0…21 and the risk it indicates.
open class HKGAD7Assessment: HKScoredAssessment, @unchecked Sendable {
    /// An answer to one question.
    public enum Answer: Int, Sendable, Hashable {
        /// Not at all.
        case notAtAll = 0
        /// Several days.
        case severalDays = 1
        /// More than half the days.
        case moreThanHalfTheDays = 2
        /// Nearly every day.
        case nearlyEveryDay = 3
    }

    /// The anxiety risk the score indicates.
    public enum Risk: Int, Sendable, Hashable {
        /// Score 0…4.
        case noneToMinimal = 1
        /// Score 5…9.
        case mild = 2
        /// Score 10…14.
        case moderate = 3
        /// Score 15…21.
        case severe = 4
    }

    /// An assessment on a date; anything but seven answers fails at save naming the field.
    public convenience init(date: Date, answers: [HKGAD7Assessment.Answer], metadata: [String: Any]? = nil) {
        self.init(instrument: .gad7, answers: answers.map(\.rawValue), date: date, metadata: metadata)
    }

    /// The seven answers.
    open var answers: [HKGAD7Assessment.Answer] { content.answers.compactMap(Answer.init(rawValue:)) }

    /// The risk the score indicates.
    open var risk: HKGAD7Assessment.Risk {
        Risk(rawValue: ScoredAssessmentContent.Instrument.gad7.risk(forScore: score)) ?? .noneToMinimal
    }
}

/// A PHQ-9 depression assessment: nine answers, a score of 0…27 and the risk it indicates.
open class HKPHQ9Assessment: HKScoredAssessment, @unchecked Sendable {
    /// An answer to one question.
    public enum Answer: Int, Sendable, Hashable {
        /// Not at all.
        case notAtAll = 0
        /// Several days.
        case severalDays = 1
        /// More than half the days.
        case moreThanHalfTheDays = 2
        /// Nearly every day.
        case nearlyEveryDay = 3
        /// Declined; allowed only for the ninth question.
        case preferNotToAnswer = 4
    }

    /// The depression risk the score indicates.
    public enum Risk: Int, Sendable, Hashable {
        /// Score 0…4.
        case noneToMinimal = 1
        /// Score 5…9.
        case mild = 2
        /// Score 10…14.
        case moderate = 3
        /// Score 15…19.
        case moderatelySevere = 4
        /// Score 20…27.
        case severe = 5
    }

    /// An assessment on a date; anything but nine answers fails at save naming the field.
    public convenience init(date: Date, answers: [HKPHQ9Assessment.Answer], metadata: [String: Any]? = nil) {
        self.init(instrument: .phq9, answers: answers.map(\.rawValue), date: date, metadata: metadata)
    }

    /// The nine answers.
    open var answers: [HKPHQ9Assessment.Answer] { content.answers.compactMap(Answer.init(rawValue:)) }

    /// The risk the score indicates.
    open var risk: HKPHQ9Assessment.Risk {
        Risk(rawValue: ScoredAssessmentContent.Instrument.phq9.risk(forScore: score)) ?? .noneToMinimal
    }
}

extension HKSamplePredicate where Sample == HKGAD7Assessment {
    /// GAD-7 assessments.
    public static func gad7Assessment(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKGAD7Assessment> {
        HKSamplePredicate(sampleType: HKScoredAssessmentType(.GAD7), predicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKPHQ9Assessment {
    /// PHQ-9 assessments.
    public static func phq9Assessment(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKPHQ9Assessment> {
        HKSamplePredicate(sampleType: HKScoredAssessmentType(.PHQ9), predicate: predicate)
    }
}
