import Foundation
import HealthModel

/// How a person felt: a momentary emotion or a daily mood, how pleasant (valence, -1…1), the words chosen and the
/// parts of life it concerns. Apps save and read these, as in HealthKit.
open class HKStateOfMind: HKSample, @unchecked Sendable {
    /// Whether the log is about a moment or a day.
    public enum Kind: Int, Sendable, Hashable {
        /// How one feels right now.
        case momentaryEmotion = 1
        /// How one has felt over the day.
        case dailyMood = 2
    }

    /// A region of pleasantness derived from the valence.
    public enum ValenceClassification: Int, Sendable, Hashable {
        /// Very unpleasant.
        case veryUnpleasant = 1
        /// Unpleasant.
        case unpleasant = 2
        /// Slightly unpleasant.
        case slightlyUnpleasant = 3
        /// Neutral.
        case neutral = 4
        /// Slightly pleasant.
        case slightlyPleasant = 5
        /// Pleasant.
        case pleasant = 6
        /// Very pleasant.
        case veryPleasant = 7

        /// The classification of a valence; nil outside -1…1.
        public init?(valence: Double) {
            guard let raw = StateOfMindContent.valenceClassification(of: valence) else { return nil }
            self.init(rawValue: raw)
        }
    }

    /// A word describing a feeling.
    public enum Label: Int, Sendable, Hashable {
        case amazed = 1
        case amused, angry, anxious, ashamed, brave, calm, content, disappointed, discouraged, disgusted,
            embarrassed, excited, frustrated, grateful, guilty, happy, hopeless, irritated, jealous, joyful, lonely,
            passionate, peaceful, proud, relieved, sad, scared, stressed, surprised, worried, annoyed, confident,
            drained, hopeful, indifferent, overwhelmed, satisfied
    }

    /// A part of life a feeling is associated with.
    public enum Association: Int, Sendable, Hashable {
        case community = 1
        case currentEvents, dating, education, family, fitness, friends, health, hobbies, identity,
            money, partner, selfCare, spirituality, tasks, travel, work, weather
    }

    private let content: StateOfMindContent

    /// Unarchives a state of mind (`NSSecureCoding`); fails, with the reason, on an archive that holds none.
    public required init?(coder: NSCoder) {
        guard let sample = ObjectArchive.sample(coder, "HKStateOfMind", fits: { $0.type.kind == .stateOfMind }),
            case let .stateOfMind(content)? = sample.payload
        else { return nil }
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKStateOfMindType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(model sample: Sample) {
        guard case let .stateOfMind(content)? = sample.payload else {
            preconditionFailure("HKStateOfMind(model:) needs a state of mind")
        }
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKStateOfMindType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    /// A state of mind at a moment; values out of range fail at save naming the field.
    public convenience init(
        date: Date, kind: HKStateOfMind.Kind, valence: Double, labels: [HKStateOfMind.Label],
        associations: [HKStateOfMind.Association], metadata: [String: Any]? = [:]
    ) {
        let content = StateOfMindContent(
            kind: kind.rawValue, valence: valence, labels: labels.map(\.rawValue),
            associations: associations.map(\.rawValue))
        self.init(content: content, date: date, metadata: metadata)
    }

    private init(content: StateOfMindContent, date: Date, metadata: [String: Any]?) {
        let uuid = RandomUUID.make()
        self.content = content
        super.init(
            backing: HKSample.payloadBacking(
                type: .stateOfMind, start: date, end: date, metadata: metadata, device: nil, uuid: uuid,
                payload: .stateOfMind(content)),
            uuid: uuid, sampleType: HKObjectType.stateOfMindType(), startDate: date, endDate: date, metadata: metadata,
            device: nil)
    }

    /// A moment or a day.
    open var kind: HKStateOfMind.Kind { Kind(rawValue: content.kind) ?? .momentaryEmotion }
    /// How pleasant, -1…1.
    open var valence: Double { content.valence }
    /// The region of pleasantness.
    open var valenceClassification: HKStateOfMind.ValenceClassification {
        ValenceClassification(valence: content.valence) ?? .neutral
    }
    /// The words chosen.
    open var labels: [HKStateOfMind.Label] { content.labels.compactMap(Label.init(rawValue:)) }
    /// The parts of life it concerns.
    open var associations: [HKStateOfMind.Association] {
        content.associations.compactMap(Association.init(rawValue:))
    }
}

extension HKSamplePredicate where Sample == HKStateOfMind {
    /// States of mind.
    public static func stateOfMind(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKStateOfMind> {
        HKSamplePredicate(sampleType: HKObjectType.stateOfMindType(), predicate: predicate)
    }
}

extension HKQuery {
    /// States of mind whose valence compares with `valence`.
    public class func predicateForStatesOfMind(
        withValence valence: Double, operatorType: NSComparisonPredicate.Operator
    ) -> NSPredicate {
        guard let comparison = comparisonOperator(operatorType) else {
            return UnsupportedPredicate("valence comparison \(operatorType)")
        }
        return HealthPredicate(.payload(.stateOfMindValence(comparison, valence)))
    }

    /// States of mind of a kind.
    public class func predicateForStatesOfMind(with kind: HKStateOfMind.Kind) -> NSPredicate {
        HealthPredicate(.payload(.stateOfMindKind(kind.rawValue)))
    }

    /// States of mind with a label.
    public class func predicateForStatesOfMind(with label: HKStateOfMind.Label) -> NSPredicate {
        HealthPredicate(.payload(.stateOfMindLabel(label.rawValue)))
    }

    /// States of mind with an association.
    public class func predicateForStatesOfMind(with association: HKStateOfMind.Association) -> NSPredicate {
        HealthPredicate(.payload(.stateOfMindAssociation(association.rawValue)))
    }
}
