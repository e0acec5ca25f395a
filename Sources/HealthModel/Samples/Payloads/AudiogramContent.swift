/// An audiogram: hearing sensitivity (decibels hearing level, dBHL) at each tested frequency.
public struct AudiogramContent: Sendable, Hashable, Codable {
    /// One tested frequency.
    public struct Point: Sendable, Hashable, Codable {
        /// The frequency in hertz.
        public var frequency: Double
        /// The tests at this frequency.
        public var tests: [Test]

        /// A point; validated when a sample is built.
        public init(frequency: Double, tests: [Test]) {
            self.frequency = frequency
            self.tests = tests
        }

        /// The unmasked air-conduction sensitivity of one side (0 left, 1 right), as HealthKit's older
        /// `leftEarSensitivity`/`rightEarSensitivity` give it.
        public func sensitivity(side: Int) -> Double? {
            tests.first { $0.side == side && $0.conductionType == 0 && !$0.masked }?.sensitivity
                ?? tests.first { $0.side == side }?.sensitivity
        }
    }

    /// One ear's test at one frequency.
    public struct Test: Sendable, Hashable, Codable {
        /// The sensitivity in dBHL.
        public var sensitivity: Double
        /// `HKAudiogramConductionType`'s raw value (0 air).
        public var conductionType: Int
        /// Whether the other ear was masked.
        public var masked: Bool
        /// `HKAudiogramSensitivityTestSide`'s raw value: 0 left, 1 right.
        public var side: Int
        /// The lower bound of the range the value was clamped to (dBHL), if any.
        public var clampingLowerBound: Double?
        /// The upper bound of the range the value was clamped to (dBHL), if any.
        public var clampingUpperBound: Double?

        /// A test; validated when a sample is built.
        public init(
            sensitivity: Double, conductionType: Int = 0, masked: Bool = false, side: Int,
            clampingLowerBound: Double? = nil, clampingUpperBound: Double? = nil
        ) {
            self.sensitivity = sensitivity
            self.conductionType = conductionType
            self.masked = masked
            self.side = side
            self.clampingLowerBound = clampingLowerBound
            self.clampingUpperBound = clampingUpperBound
        }
    }

    /// The tested frequencies.
    public var sensitivityPoints: [Point]

    /// An audiogram's content; validated when a sample is built.
    public init(sensitivityPoints: [Point]) {
        self.sensitivityPoints = sensitivityPoints
    }

    func validate() throws(HealthModelError) {
        for (index, point) in sensitivityPoints.enumerated() {
            let field = "audiogram.sensitivityPoints[\(index)]"
            try PayloadCheck.number(point.frequency, in: 1...100_000, field: field + ".frequency")
            var sides = Set<[Int]>()
            for (testIndex, test) in point.tests.enumerated() {
                let testField = "\(field).tests[\(testIndex)]"
                try PayloadCheck.number(test.sensitivity, in: -20...150, field: testField + ".sensitivity")
                try PayloadCheck.rawValue(
                    test.conductionType, allowed: 0...0, field: testField + ".conductionType",
                    meaning: "HKAudiogramConductionType")
                try PayloadCheck.rawValue(
                    test.side, allowed: 0...1, field: testField + ".side", meaning: "HKAudiogramSensitivityTestSide")
                guard sides.insert([test.side, test.conductionType, test.masked ? 1 : 0]).inserted else {
                    throw .invalidField(field: testField, reason: "repeats a test of the same side, type and masking")
                }
                if let lower = test.clampingLowerBound {
                    try Validation.checkFinite(lower, field: testField + ".clampingLowerBound")
                }
                if let upper = test.clampingUpperBound {
                    try Validation.checkFinite(upper, field: testField + ".clampingUpperBound")
                    if let lower = test.clampingLowerBound, lower > upper {
                        throw .invalidField(
                            field: testField + ".clampingUpperBound", reason: "is below the lower bound")
                    }
                }
            }
        }
    }
}
