/// A logged feeling: momentary emotion or daily mood, how pleasant it was (valence, -1…1), the words chosen for it and
/// the parts of life it concerns.
public struct StateOfMindContent: Sendable, Hashable, Codable {
    /// `HKStateOfMind.Kind`'s raw value: 1 momentary emotion, 2 daily mood.
    public var kind: Int
    /// From -1 (very unpleasant) to 1 (very pleasant).
    public var valence: Double
    /// `HKStateOfMind.Label` raw values (1 amazed … 38 satisfied).
    public var labels: [Int]
    /// `HKStateOfMind.Association` raw values (1 community … 18 weather).
    public var associations: [Int]

    /// The raw values of `HKStateOfMind.Label`.
    public static let labelRange = 1...38
    /// The raw values of `HKStateOfMind.Association`.
    public static let associationRange = 1...18

    /// A state of mind's content; validated when a sample is built from it.
    public init(kind: Int, valence: Double, labels: [Int], associations: [Int]) {
        self.kind = kind
        self.valence = valence
        self.labels = labels
        self.associations = associations
    }

    /// `HKStateOfMind.ValenceClassification`'s raw value for a valence (1 very unpleasant … 7 very pleasant): the
    /// scale -1…1 cut into seven equal bands; nil outside -1…1.
    public static func valenceClassification(of valence: Double) -> Int? {
        guard valence.isFinite, (-1...1).contains(valence) else { return nil }
        return min(7, Int(((valence + 1) / 2 * 7).rounded(.down)) + 1)
    }

    func validate() throws(HealthModelError) {
        try PayloadCheck.rawValue(kind, allowed: 1...2, field: "stateOfMind.kind", meaning: "HKStateOfMind.Kind")
        try PayloadCheck.number(valence, in: -1...1, field: "stateOfMind.valence")
        for (index, label) in labels.enumerated() {
            try PayloadCheck.rawValue(
                label, allowed: Self.labelRange, field: "stateOfMind.labels[\(index)]", meaning: "HKStateOfMind.Label")
        }
        for (index, association) in associations.enumerated() {
            try PayloadCheck.rawValue(
                association, allowed: Self.associationRange, field: "stateOfMind.associations[\(index)]",
                meaning: "HKStateOfMind.Association")
        }
    }
}
