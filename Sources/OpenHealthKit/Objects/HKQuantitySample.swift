import Foundation
import HealthModel

/// A quantity sample, as in HealthKit. Query results are `HKCumulativeQuantitySample` or `HKDiscreteQuantitySample`.
open class HKQuantitySample: HKSample, @unchecked Sendable {
    /// The value.
    open var quantity: HKQuantity { HKQuantity(modelQuantity) }
    /// The quantity as the model keeps it (the `HKQuantity` object is made on access: query results are built in
    /// pages of thousands, most of which are never asked for it).
    let modelQuantity: Quantity
    /// How many measurements the sample summarizes.
    open internal(set) var count: Int

    /// The quantity type.
    open var quantityType: HKQuantityType { sampleType as! HKQuantityType }

    /// Unarchives a quantity sample (`NSSecureCoding`); fails, with the reason, on an archive that holds none.
    public required init?(coder: NSCoder) {
        guard let sample = ObjectArchive.sample(coder, "HKQuantitySample", fits: { $0.quantityContent != nil }),
            let content = sample.quantityContent
        else { return nil }
        modelQuantity = content.quantity
        count = content.count
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKQuantityType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(model sample: Sample, type: HKQuantityType, content: QuantityContent) {
        modelQuantity = content.quantity
        count = content.count
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: type, startDate: sample.startDate,
            endDate: sample.endDate, metadata: nil, device: nil)
    }

    /// HealthKit's designated initializer; invalid values fail at save with the field named.
    public init(
        type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
        device: HKDevice?, metadata: [String: Any]?
    ) {
        let uuid = RandomUUID.make()
        let backing = Result<Sample, HealthModelError> { () throws(HealthModelError) -> Sample in
            try Sample.quantity(
                type: quantityType.sampleType, quantity: quantity.quantity, start: startDate, end: endDate,
                metadata: try MetadataBridge.model(metadata), device: device?.device, uuid: uuid)
        }
        self.modelQuantity = quantity.quantity
        self.count = 1
        super.init(
            backing: backing, uuid: uuid, sampleType: quantityType, startDate: startDate, endDate: endDate,
            metadata: metadata, device: device)
    }

    /// A quantity sample with metadata.
    public convenience init(
        type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
        metadata: [String: Any]?
    ) {
        self.init(
            type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// A quantity sample.
    public convenience init(
        type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date
    ) {
        self.init(type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: nil)
    }

    open override var description: String { "\(quantity) \(super.description)" }
}

/// A sample of a cumulative type (steps, energy): its quantity is a sum.
open class HKCumulativeQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The sum over the sample's interval.
    open var sumQuantity: HKQuantity { quantity }
}

/// A sample of a discrete type (heart rate, weight): average, minimum, maximum and most recent of its measurements.
/// A cumulative sample holding a series of values (HealthKit's class from iOS 12, deprecated since iOS 13 in favour
/// of `HKCumulativeQuantitySample`, which it extends): query results of cumulative types that hold a series (count
/// above one) are of this class, so code of either era finds what it casts to.
@available(iOS, introduced: 12.0, deprecated: 13.0, renamed: "HKCumulativeQuantitySample")
open class HKCumulativeQuantitySeriesSample: HKCumulativeQuantitySample, @unchecked Sendable {
    /// The sum of the series' values.
    open var sum: HKQuantity { sumQuantity }
}

open class HKDiscreteQuantitySample: HKQuantitySample, @unchecked Sendable {
    /// The measurements: the stored sample's, or the single value of a sample the app made (so that the class inherits
    /// `HKQuantitySample`'s initializers, as in HealthKit).
    private var content: QuantityContent {
        (try? modelSample())?.quantityContent ?? QuantityContent(quantity: modelQuantity)
    }

    /// The average of the measurements.
    open var averageQuantity: HKQuantity { HKQuantity(content.average) }
    /// The smallest measurement.
    open var minimumQuantity: HKQuantity { HKQuantity(content.minimum) }
    /// The largest measurement.
    open var maximumQuantity: HKQuantity { HKQuantity(content.maximum) }
    /// The latest measurement.
    open var mostRecentQuantity: HKQuantity { HKQuantity(content.mostRecent) }
    /// When the latest measurement was taken.
    open var mostRecentQuantityDateInterval: DateInterval {
        if let last = content.seriesEntries.max(by: { $0.startDate < $1.startDate }) {
            return DateInterval(start: last.startDate, end: last.endDate)
        }
        return DateInterval(start: startDate, end: endDate)
    }
}

/// A category sample, as in HealthKit.
open class HKCategorySample: HKSample, @unchecked Sendable {
    /// The category value (see the type's value enum, e.g. `HKCategoryValueSleepAnalysis`).
    open internal(set) var value: Int

    /// The category type.
    open var categoryType: HKCategoryType { sampleType as! HKCategoryType }

    /// Unarchives a category sample (`NSSecureCoding`); fails, with the reason, on an archive that holds none.
    public required init?(coder: NSCoder) {
        guard let sample = ObjectArchive.sample(coder, "HKCategorySample", fits: { $0.categoryValue != nil }),
            let value = sample.categoryValue
        else { return nil }
        self.value = value
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKCategoryType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(model sample: Sample) {
        value = sample.categoryValue ?? 0
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKCategoryType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    /// HealthKit's designated initializer; an invalid value fails at save naming the type and value.
    public init(
        type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        let uuid = RandomUUID.make()
        let backing = Result<Sample, HealthModelError> { () throws(HealthModelError) -> Sample in
            try Sample.category(
                type: type.sampleType, value: value, start: startDate, end: endDate,
                metadata: try MetadataBridge.model(metadata), device: device?.device, uuid: uuid)
        }
        self.value = value
        super.init(
            backing: backing, uuid: uuid, sampleType: type, startDate: startDate, endDate: endDate, metadata: metadata,
            device: device)
    }

    /// A category sample with metadata.
    public convenience init(
        type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date, metadata: [String: Any]?
    ) {
        self.init(type: type, value: value, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// A category sample.
    public convenience init(type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date) {
        self.init(type: type, value: value, start: startDate, end: endDate, device: nil, metadata: nil)
    }
}

/// A correlation (blood pressure, food) grouping quantity samples, as in HealthKit.
open class HKCorrelation: HKSample, @unchecked Sendable {
    /// The contained samples.
    open internal(set) var objects: Set<HKSample>

    /// The correlation type.
    open var correlationType: HKCorrelationType { sampleType as! HKCorrelationType }

    /// Unarchives a correlation (`NSSecureCoding`); fails, with the reason, on an archive that holds none.
    public required init?(coder: NSCoder) {
        guard let sample = ObjectArchive.sample(coder, "HKCorrelation", fits: { $0.correlatedObjects != nil }),
            let contained = sample.correlatedObjects
        else { return nil }
        objects = Set(HKSample.wrap(contained))
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKCorrelationType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(model sample: Sample) {
        objects = Set(HKSample.wrap(sample.correlatedObjects ?? []))
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKCorrelationType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    /// HealthKit's designated initializer; broken content rules fail at save naming the rule.
    public init(
        type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date, objects: Set<HKSample>,
        device: HKDevice?, metadata: [String: Any]?
    ) {
        let uuid = RandomUUID.make()
        let backing = Result<Sample, HealthModelError> { () throws(HealthModelError) -> Sample in
            var members: [Sample] = []
            for object in objects.sorted(by: {
                $0.startDate < $1.startDate || ($0.startDate == $1.startDate && $0.uuid.uuidString < $1.uuid.uuidString)
            }) {
                members.append(try object.modelSample())
            }
            return try Sample.correlation(
                type: correlationType.sampleType, start: startDate, end: endDate, objects: members,
                metadata: try MetadataBridge.model(metadata), device: device?.device, uuid: uuid)
        }
        self.objects = objects
        super.init(
            backing: backing, uuid: uuid, sampleType: correlationType, startDate: startDate, endDate: endDate,
            metadata: metadata, device: device)
    }

    /// A correlation with metadata.
    public convenience init(
        type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date, objects: Set<HKSample>,
        metadata: [String: Any]?
    ) {
        self.init(
            type: correlationType, start: startDate, end: endDate, objects: objects, device: nil, metadata: metadata)
    }

    /// A correlation.
    public convenience init(
        type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date, objects: Set<HKSample>
    ) {
        self.init(type: correlationType, start: startDate, end: endDate, objects: objects, device: nil, metadata: nil)
    }

    /// The contained samples of one type.
    open func objects(for objectType: HKObjectType) -> Set<HKSample> {
        objects.filter { $0.sampleType == objectType }
    }
}
