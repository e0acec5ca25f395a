/// An electrocardiogram: its classification, the symptoms answer, the average heart rate and the voltages of its one
/// lead (Apple Watch's lead similar to lead I), in the order measured at `samplingFrequency`.
public struct ElectrocardiogramContent: Sendable, Hashable, Codable {
    /// `HKElectrocardiogram.Classification`'s raw value: 0 not set, 1 sinus rhythm, 2 atrial fibrillation, 3 heart
    /// rate too low, 4 too high, 5 poor reading, 6 inconclusive for another reason, 100 unrecognized.
    public var classification: Int
    /// `HKElectrocardiogram.SymptomsStatus`'s raw value: 0 not set, 1 none, 2 present.
    public var symptomsStatus: Int
    /// The average heart rate in beats per minute, when known.
    public var averageHeartRate: Double?
    /// How many voltages a second were measured (hertz), when known.
    public var samplingFrequency: Double?
    /// The voltages in microvolts.
    public var voltages: [Double]

    /// The raw values of `HKElectrocardiogram.Classification`.
    public static let classifications: Set<Int> = [0, 1, 2, 3, 4, 5, 6, 100]
    /// The raw values of `HKElectrocardiogram.SymptomsStatus`.
    public static let symptomsStatuses: Set<Int> = [0, 1, 2]

    /// An electrocardiogram's content; validated when a sample is built from it.
    public init(
        classification: Int, symptomsStatus: Int, averageHeartRate: Double?, samplingFrequency: Double?,
        voltages: [Double]
    ) {
        self.classification = classification
        self.symptomsStatus = symptomsStatus
        self.averageHeartRate = averageHeartRate
        self.samplingFrequency = samplingFrequency
        self.voltages = voltages
    }

    /// The time of the `index`th voltage after the sample's start (0 without a sampling frequency).
    public func timeSinceStart(ofVoltage index: Int) -> Double {
        guard let samplingFrequency, samplingFrequency > 0 else { return 0 }
        return Double(index) / samplingFrequency
    }

    func validate() throws(HealthModelError) {
        try PayloadCheck.rawValue(
            classification, allowed: Self.classifications, field: "electrocardiogram.classification",
            meaning: "HKElectrocardiogram.Classification")
        try PayloadCheck.rawValue(
            symptomsStatus, allowed: Self.symptomsStatuses, field: "electrocardiogram.symptomsStatus",
            meaning: "HKElectrocardiogram.SymptomsStatus")
        if let averageHeartRate {
            try PayloadCheck.number(averageHeartRate, in: 0...1000, field: "electrocardiogram.averageHeartRate")
        }
        if let samplingFrequency {
            try PayloadCheck.number(samplingFrequency, in: 1...100_000, field: "electrocardiogram.samplingFrequency")
        }
        for (index, voltage) in voltages.enumerated() where !voltage.isFinite {
            throw .nonFiniteValue(field: "electrocardiogram.voltages[\(index)]")
        }
    }
}
