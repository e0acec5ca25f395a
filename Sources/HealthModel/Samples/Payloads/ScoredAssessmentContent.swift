/// A scored questionnaire's answers; which questionnaire (GAD-7, PHQ-9) is the sample's type, and the score and risk
/// follow from the answers.
public struct ScoredAssessmentContent: Sendable, Hashable, Codable {
    /// One answer per question, as the questionnaire's `Answer` raw values (0 not at all … 3 nearly every day; PHQ-9's
    /// last question may also be 4, prefer not to answer).
    public var answers: [Int]

    /// The questionnaires HealthKit knows.
    public enum Instrument: String, Sendable, CaseIterable {
        /// Generalized anxiety disorder, seven questions.
        case gad7 = "HKScoredAssessmentTypeIdentifierGAD7"
        /// Patient health questionnaire (depression), nine questions.
        case phq9 = "HKScoredAssessmentTypeIdentifierPHQ9"

        /// How many questions it asks.
        public var questionCount: Int { self == .gad7 ? 7 : 9 }

        /// The lowest score of each risk level, by the risk's raw value (1 none to minimal, …).
        public var riskFloors: [Int] { self == .gad7 ? [0, 5, 10, 15] : [0, 5, 10, 15, 20] }

        /// The risk's raw value for a score.
        public func risk(forScore score: Int) -> Int {
            riskFloors.lastIndex { $0 <= score }.map { $0 + 1 } ?? 1
        }
    }

    /// PHQ-9's "prefer not to answer", allowed only for its ninth question; it adds nothing to the score.
    public static let preferNotToAnswer = 4

    /// An assessment's answers; validated against its type when a sample is built from it.
    public init(answers: [Int]) {
        self.answers = answers
    }

    /// The sum of the answers (a declined answer counts 0).
    public var score: Int { answers.reduce(0) { $0 + ($1 == Self.preferNotToAnswer ? 0 : $1) } }

    func validate(for type: SampleType) throws(HealthModelError) {
        guard let instrument = Instrument(rawValue: type.identifier) else {
            throw .unknownTypeIdentifier(type.identifier)
        }
        guard answers.count == instrument.questionCount else {
            throw .invalidField(
                field: "scoredAssessment.answers",
                reason: "has \(answers.count) answers; \(type.identifier) has \(instrument.questionCount) questions")
        }
        for (index, answer) in answers.enumerated() {
            let declinable = instrument == .phq9 && index == 8
            guard (0...3).contains(answer) || (declinable && answer == Self.preferNotToAnswer) else {
                throw .invalidField(
                    field: "scoredAssessment.answers[\(index)]",
                    reason: "\(answer) is not an answer (0…3\(declinable ? ", or 4 to decline" : ""))")
            }
        }
    }
}
