import Foundation
import HealthModel

/// Any object in the store, as in HealthKit. Immutable.
///
/// HealthKit's initializers do not throw; an object built from invalid values (end before start, NaN, a unit that does
/// not fit the type) keeps the validation error and fails to save with `HKError.errorInvalidArgument` naming the field.
open class HKObject: NSObject, NSSecureCoding, @unchecked Sendable {
    /// The validated model sample, or why the values were rejected.
    let backing: Result<Sample, HealthModelError>
    /// The identifier given at creation (kept even when the values were rejected).
    open internal(set) var uuid: UUID
    private let rawMetadata: [String: Any]?
    private let rawDevice: HKDevice?

    init(backing: Result<Sample, HealthModelError>, uuid: UUID, metadata: [String: Any]?, device: HKDevice?) {
        self.backing = backing
        self.uuid = uuid
        self.rawMetadata = metadata
        self.rawDevice = device
        super.init()
    }

    /// The metadata.
    open var metadata: [String: Any]? {
        if case let .success(sample) = backing { return MetadataBridge.healthKit(sample.metadata) }
        return rawMetadata
    }

    /// The device that recorded the object.
    open var device: HKDevice? {
        if case let .success(sample) = backing { return sample.device.map(HKDevice.init) }
        return rawDevice
    }

    /// The app and version that saved the object; the calling app's source for objects not saved yet.
    open var sourceRevision: HKSourceRevision {
        if case let .success(sample) = backing, let revision = sample.sourceRevision {
            return HKSourceRevision(revision)
        }
        return HKSourceRevision(SourceRevision(source: HKSource.default().source))
    }

    /// The model sample; throws the validation error for objects built from invalid values.
    package func modelSample() throws(HealthModelError) -> Sample { try backing.get() }

    open override func isEqual(_ object: Any?) -> Bool { (object as? HKObject)?.uuid == uuid }
    open override var hash: Int { uuid.hashValue }

    // MARK: NSSecureCoding

    /// Objects decode only as the class they were archived as, or a superclass the caller names.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the object: its whole model sample, every field included (decisions/archiving.md).
    open func encode(with coder: NSCoder) { ObjectArchive.encode(backing, to: coder) }

    /// Unarchives an object; fails, with the reason, on an archive that holds no valid sample.
    public required init?(coder: NSCoder) {
        guard let sample = ObjectArchive.sample(coder, "HKObject") else { return nil }
        backing = .success(sample)
        uuid = sample.uuid
        rawMetadata = nil
        rawDevice = nil
        super.init()
    }
}

/// A sample: an object with a type, a start and an end.
open class HKSample: HKObject, @unchecked Sendable {
    /// The sample's type.
    open internal(set) var sampleType: HKSampleType
    /// When the sample starts.
    open internal(set) var startDate: Date
    /// When the sample ends.
    open internal(set) var endDate: Date

    init(
        backing: Result<Sample, HealthModelError>, uuid: UUID, sampleType: HKSampleType, startDate: Date, endDate: Date,
        metadata: [String: Any]?, device: HKDevice?
    ) {
        self.sampleType = sampleType
        self.startDate = startDate
        self.endDate = endDate
        super.init(backing: backing, uuid: uuid, metadata: metadata, device: device)
    }

    /// Unarchives a sample; fails, with the reason, on an archive that holds no valid sample.
    public required init?(coder: NSCoder) {
        guard let sample = ObjectArchive.sample(coder, "HKSample") else { return nil }
        sampleType = HKObjectType.make(sample.type)
        startDate = sample.startDate
        endDate = sample.endDate
        super.init(backing: .success(sample), uuid: sample.uuid, metadata: nil, device: nil)
    }

    /// Whether the sample has a duration (HealthKit's `hasUndeterminedDuration` is its opposite for open samples).
    open var hasUndeterminedDuration: Bool { endDate == .distantFuture }

    open override var description: String {
        "\(sampleType.identifier) \(startDate) - \(endDate) (\(uuid))"
    }

    /// The concrete HealthKit classes for stored model samples, sharing one type object per type (a page of an
    /// anchored query holds thousands of samples of a few types).
    static func wrap(_ samples: [Sample]) -> [HKSample] {
        var types: [SampleType: HKQuantityType] = [:]
        var lastType: SampleType?
        var lastObject: HKQuantityType?
        return samples.map { sample in
            guard case .quantity = sample.content else { return wrap(sample) }
            if sample.type != lastType {
                lastType = sample.type
                if let known = types[sample.type] {
                    lastObject = known
                } else {
                    let made = HKQuantityType(sampleType: sample.type)
                    types[sample.type] = made
                    lastObject = made
                }
            }
            return wrap(sample, quantityType: lastObject)
        }
    }

    /// The concrete HealthKit class for a stored model sample.
    static func wrap(_ sample: Sample, quantityType: HKQuantityType? = nil) -> HKSample {
        switch sample.content {
        case let .quantity(content):
            let type = quantityType ?? HKQuantityType(sampleType: sample.type)
            if sample.type.aggregationStyle == .cumulative {
                if content.count > 1 {
                    return HKCumulativeQuantitySeriesSample(model: sample, type: type, content: content)
                }
                return HKCumulativeQuantitySample(model: sample, type: type, content: content)
            }
            return HKDiscreteQuantitySample(model: sample, type: type, content: content)
        case .category:
            return HKCategorySample(model: sample)
        case .correlation:
            return HKCorrelation(model: sample)
        case .workout:
            return HKWorkout(model: sample)
        case let .payload(payload):
            return wrapPayload(sample, payload)
        }
    }
}
