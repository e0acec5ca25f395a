import Foundation
import HealthModel

/// A hearing test's result: sensitivity (dBHL) at each tested frequency.
open class HKAudiogramSample: HKSample, @unchecked Sendable {
    private let content: AudiogramContent

    /// Unarchives an audiogram (`NSSecureCoding`); fails, with the reason, on an archive that holds none.
    public required init?(coder: NSCoder) {
        guard let sample = ObjectArchive.sample(coder, "HKAudiogramSample", fits: { $0.type.kind == .audiogram }),
            case let .audiogram(content)? = sample.payload
        else { return nil }
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKAudiogramSampleType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(model sample: Sample) {
        guard case let .audiogram(content)? = sample.payload else {
            preconditionFailure("HKAudiogramSample(model:) needs an audiogram")
        }
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKAudiogramSampleType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    /// An audiogram from its points; invalid values fail at save naming the field.
    public required init(
        sensitivityPoints: [HKAudiogramSensitivityPoint], start startDate: Date, end endDate: Date, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        let uuid = RandomUUID.make()
        let content = AudiogramContent(sensitivityPoints: sensitivityPoints.map(\.point))
        self.content = content
        super.init(
            backing: HKSample.payloadBacking(
                type: .audiogram, start: startDate, end: endDate, metadata: metadata, device: device, uuid: uuid,
                payload: .audiogram(content)),
            uuid: uuid, sampleType: HKObjectType.audiogramSampleType(), startDate: startDate, endDate: endDate,
            metadata: metadata, device: device)
    }

    /// An audiogram from its points, without a device (HealthKit deprecated it in iOS 18.1 for the initializer
    /// with a device).
    @available(*, deprecated, renamed: "init(sensitivityPoints:start:end:device:metadata:)")
    public convenience init(
        sensitivityPoints: [HKAudiogramSensitivityPoint], start startDate: Date, end endDate: Date,
        metadata: [String: Any]?
    ) {
        self.init(sensitivityPoints: sensitivityPoints, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// The same initializer under the labels Swift gave it before HealthKit renamed them.
    @available(*, deprecated, renamed: "init(sensitivityPoints:start:end:device:metadata:)")
    public convenience init(
        sensitivityPoints: [HKAudiogramSensitivityPoint], startDate: Date, endDate: Date, metadata: [String: Any]?
    ) {
        self.init(sensitivityPoints: sensitivityPoints, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// HealthKit's older factory.
    open class func audiogramSample(
        with sensitivityPoints: [HKAudiogramSensitivityPoint], start startDate: Date, end endDate: Date,
        metadata: [String: Any]?
    ) -> Self {
        Self(sensitivityPoints: sensitivityPoints, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// The tested frequencies.
    open var sensitivityPoints: [HKAudiogramSensitivityPoint] {
        content.sensitivityPoints.map(HKAudiogramSensitivityPoint.init(point:))
    }
}

/// Which way sound reached the ear in a hearing test.
public enum HKAudiogramConductionType: Int, Sendable, Hashable {
    /// Through the air.
    case air = 0
}

/// The ear a hearing test tested.
public enum HKAudiogramSensitivityTestSide: Int, Sendable, Hashable {
    /// The left ear.
    case left = 0
    /// The right ear.
    case right = 1
}

/// The range a test's sensitivity was clamped to.
open class HKAudiogramSensitivityPointClampingRange: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    let lower: Double?
    let upper: Double?

    /// A range in dBHL; at least one bound, the lower not above the upper.
    public init(lowerBound: Double?, upperBound: Double?) throws {
        if lowerBound == nil && upperBound == nil {
            throw HKError(.errorInvalidArgument, "clampingRange: give a lower or an upper bound")
        }
        if let lowerBound, let upperBound, lowerBound > upperBound {
            throw HKError(.errorInvalidArgument, "clampingRange: lowerBound is above upperBound")
        }
        lower = lowerBound
        upper = upperBound
        super.init()
    }

    /// Unarchives a range; fails without a bound, or with the lower above the upper.
    public required init?(coder: NSCoder) {
        let lower = ObjectArchive.double(coder, "HKClampingRangeLowerBound")
        let upper = ObjectArchive.double(coder, "HKClampingRangeUpperBound")
        guard lower != nil || upper != nil, (lower ?? -.infinity) <= (upper ?? .infinity) else {
            ObjectArchive.report(coder, "HKAudiogramSensitivityPointClampingRange", "no valid bounds")
            return nil
        }
        self.lower = lower
        self.upper = upper
        super.init()
    }

    /// Ranges decode only as ranges.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the bounds that are set (dBHL).
    open func encode(with coder: NSCoder) {
        if let lower { ObjectArchive.encode(lower, forKey: "HKClampingRangeLowerBound", to: coder) }
        if let upper { ObjectArchive.encode(upper, forKey: "HKClampingRangeUpperBound", to: coder) }
    }

    /// Ranges are immutable: the copy is the range itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when the bounds are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKAudiogramSensitivityPointClampingRange else { return false }
        return other.lower == lower && other.upper == upper
    }

    /// Hashes the bounds.
    open override var hash: Int { lower.hashValue ^ upper.hashValue }

    /// The lower bound (dBHL).
    open var lowerBound: HKQuantity? { lower.map { HKQuantity(unit: HKUnit(from: "dBHL"), doubleValue: $0) } }
    /// The upper bound (dBHL).
    open var upperBound: HKQuantity? { upper.map { HKQuantity(unit: HKUnit(from: "dBHL"), doubleValue: $0) } }
}

/// One ear's test at one frequency.
open class HKAudiogramSensitivityTest: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    let test: AudiogramContent.Test

    /// A test; the sensitivity must be in dBHL.
    public init(
        sensitivity: HKQuantity, type: HKAudiogramConductionType, masked: Bool, side: HKAudiogramSensitivityTestSide,
        clampingRange: HKAudiogramSensitivityPointClampingRange?
    ) throws {
        guard let value = try? sensitivity.quantity.value(in: HealthUnit(parsing: "dBHL")) else {
            throw HKError(.errorInvalidArgument, "sensitivity: \(sensitivity.quantity.unit) is not dBHL")
        }
        test = AudiogramContent.Test(
            sensitivity: value, conductionType: type.rawValue, masked: masked, side: side.rawValue,
            clampingLowerBound: clampingRange?.lower, clampingUpperBound: clampingRange?.upper)
        super.init()
    }

    init(test: AudiogramContent.Test) {
        self.test = test
        super.init()
    }

    /// Unarchives a test; fails without one that reads.
    public required init?(coder: NSCoder) {
        guard let test = ObjectArchive.json(AudiogramContent.Test.self, coder, "HKAudiogramSensitivityTest") else {
            ObjectArchive.report(coder, "HKAudiogramSensitivityTest", "no test that reads")
            return nil
        }
        self.test = test
        super.init()
    }

    /// Tests decode only as tests.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the test: sensitivity, conduction, masking, side and clamping range.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(json: test, forKey: "HKAudiogramSensitivityTest", to: coder)
    }

    /// Tests are immutable: the copy is the test itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when every field is.
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKAudiogramSensitivityTest)?.test == test }

    /// Hashes the fields.
    open override var hash: Int { test.hashValue }

    /// The sensitivity (dBHL).
    open var sensitivity: HKQuantity { HKQuantity(unit: HKUnit(from: "dBHL"), doubleValue: test.sensitivity) }
    /// How sound reached the ear.
    open var type: HKAudiogramConductionType { HKAudiogramConductionType(rawValue: test.conductionType) ?? .air }
    /// Whether the other ear was masked.
    open var masked: Bool { test.masked }
    /// The ear tested.
    open var side: HKAudiogramSensitivityTestSide { HKAudiogramSensitivityTestSide(rawValue: test.side) ?? .left }
    /// The range the value was clamped to.
    open var clampingRange: HKAudiogramSensitivityPointClampingRange? {
        guard test.clampingLowerBound != nil || test.clampingUpperBound != nil else { return nil }
        return try? HKAudiogramSensitivityPointClampingRange(
            lowerBound: test.clampingLowerBound, upperBound: test.clampingUpperBound)
    }
}

/// The tests at one frequency of an audiogram.
open class HKAudiogramSensitivityPoint: NSObject, NSSecureCoding, @unchecked Sendable {
    let point: AudiogramContent.Point

    /// A point from its frequency (hertz) and tests.
    public required init(frequency: HKQuantity, tests: [HKAudiogramSensitivityTest]) throws {
        guard let hertz = try? frequency.quantity.value(in: HealthUnit(parsing: "Hz")) else {
            throw HKError(.errorInvalidArgument, "frequency: \(frequency.quantity.unit) is not a frequency")
        }
        point = AudiogramContent.Point(frequency: hertz, tests: tests.map(\.test))
        super.init()
    }

    init(point: AudiogramContent.Point) {
        self.point = point
        super.init()
    }

    /// Unarchives a point; fails without one that reads.
    public required init?(coder: NSCoder) {
        guard let point = ObjectArchive.json(AudiogramContent.Point.self, coder, "HKAudiogramSensitivityPoint") else {
            ObjectArchive.report(coder, "HKAudiogramSensitivityPoint", "no point that reads")
            return nil
        }
        self.point = point
        super.init()
    }

    /// Points decode only as points.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the point: its frequency and tests.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(json: point, forKey: "HKAudiogramSensitivityPoint", to: coder)
    }

    /// Equal when the frequency and tests are.
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKAudiogramSensitivityPoint)?.point == point }

    /// Hashes the frequency and tests.
    open override var hash: Int { point.hashValue }

    /// A point with one unmasked air-conduction test per ear given (HealthKit deprecated it in iOS 18.1 for
    /// `init(frequency:tests:)`).
    @available(*, deprecated, message: "Use init(frequency:tests:)")
    public convenience init(
        frequency: HKQuantity, leftEarSensitivity: HKQuantity?, rightEarSensitivity: HKQuantity?
    )
        throws
    {
        try self.init(
            frequency: frequency,
            tests: Self.airTests(leftEarSensitivity: leftEarSensitivity, rightEarSensitivity: rightEarSensitivity))
    }

    /// HealthKit's older factory: one unmasked air-conduction test per ear given.
    open class func sensitivityPoint(
        withFrequency frequency: HKQuantity, leftEarSensitivity: HKQuantity?, rightEarSensitivity: HKQuantity?
    ) throws -> Self {
        try Self(
            frequency: frequency,
            tests: airTests(leftEarSensitivity: leftEarSensitivity, rightEarSensitivity: rightEarSensitivity))
    }

    /// One unmasked air-conduction test per ear given, as HealthKit's older initializers record them.
    private static func airTests(
        leftEarSensitivity: HKQuantity?, rightEarSensitivity: HKQuantity?
    ) throws
        -> [HKAudiogramSensitivityTest]
    {
        var tests: [HKAudiogramSensitivityTest] = []
        for (side, sensitivity) in [
            (HKAudiogramSensitivityTestSide.left, leftEarSensitivity), (.right, rightEarSensitivity),
        ] {
            guard let sensitivity else { continue }
            tests.append(
                try HKAudiogramSensitivityTest(
                    sensitivity: sensitivity, type: .air, masked: false, side: side, clampingRange: nil))
        }
        return tests
    }

    /// The frequency (hertz).
    open var frequency: HKQuantity { HKQuantity(unit: HKUnit(from: "Hz"), doubleValue: point.frequency) }
    /// The left ear's sensitivity (dBHL).
    open var leftEarSensitivity: HKQuantity? {
        point.sensitivity(side: 0).map { HKQuantity(unit: HKUnit(from: "dBHL"), doubleValue: $0) }
    }
    /// The right ear's sensitivity (dBHL).
    open var rightEarSensitivity: HKQuantity? {
        point.sensitivity(side: 1).map { HKQuantity(unit: HKUnit(from: "dBHL"), doubleValue: $0) }
    }
    /// The tests at this frequency.
    open var tests: [HKAudiogramSensitivityTest] { point.tests.map(HKAudiogramSensitivityTest.init(test:)) }
}

extension HKSamplePredicate where Sample == HKAudiogramSample {
    /// Audiograms.
    public static func audiogram(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKAudiogramSample> {
        HKSamplePredicate(sampleType: HKObjectType.audiogramSampleType(), predicate: predicate)
    }
}
