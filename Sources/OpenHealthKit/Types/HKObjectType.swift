import Foundation
import HealthModel

/// How statistics combine a quantity type's samples, with HealthKit's raw values.
public enum HKQuantityAggregationStyle: Int, Sendable, Hashable {
    case cumulative = 0
    case discreteArithmetic = 1
    case discreteTemporallyWeighted = 2
    case discreteEquivalentContinuousLevel = 3

    /// HealthKit's older name for `discreteArithmetic`.
    public static var discrete: HKQuantityAggregationStyle { .discreteArithmetic }
}

/// Any kind of data in the store, identified by its HealthKit identifier.
open class HKObjectType: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The identifier exactly as HealthKit spells it.
    open internal(set) var identifier: String

    init(identifier: String) {
        self.identifier = identifier
        super.init()
    }

    open override var description: String { identifier }
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKObjectType else { return false }
        return type(of: other) == type(of: self) && other.identifier == identifier
    }
    open override var hash: Int { identifier.hashValue }

    // MARK: NSSecureCoding, NSCopying

    static let identifierKey = "HKObjectTypeIdentifier"

    /// Types decode only as types.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the type as its identifier.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(identifier, forKey: HKObjectType.identifierKey, to: coder)
    }

    /// Unarchives a characteristic, activity summary or medication type (sample types have their own); fails on an
    /// identifier that names no such type or one the class being decoded cannot hold.
    public required init?(coder: NSCoder) {
        guard let identifier = ObjectArchive.string(coder, HKObjectType.identifierKey) else {
            ObjectArchive.report(coder, "\(Self.self)", "no identifier")
            return nil
        }
        let known: HKObjectType.Type?
        if TypeTable.characteristicType(identifier) != nil {
            known = HKCharacteristicType.self
        } else if identifier == TypeTable.activitySummaryTypeIdentifier {
            known = HKActivitySummaryType.self
        } else if identifier == TypeTable.userAnnotatedMedicationTypeIdentifier {
            known = HKUserAnnotatedMedicationType.self
        } else {
            known = nil
        }
        guard let known, known.isSubclass(of: Self.self) else {
            ObjectArchive.report(coder, "\(Self.self)", "\(identifier) is not a type of this class")
            return nil
        }
        self.identifier = identifier
        super.init()
    }

    /// Types are immutable: the copy is the type itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The quantity type with this identifier.
    open class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        guard let sampleType = try? SampleType.quantity(identifier.rawValue) else { return nil }
        return HKQuantityType(sampleType: sampleType)
    }

    /// The category type with this identifier.
    open class func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier) -> HKCategoryType? {
        guard let sampleType = try? SampleType.category(identifier.rawValue) else { return nil }
        return HKCategoryType(sampleType: sampleType)
    }

    /// The correlation type with this identifier.
    open class func correlationType(forIdentifier identifier: HKCorrelationTypeIdentifier) -> HKCorrelationType? {
        guard let sampleType = try? SampleType.correlation(identifier.rawValue) else { return nil }
        return HKCorrelationType(sampleType: sampleType)
    }

    /// The characteristic type with this identifier.
    open class func characteristicType(
        forIdentifier identifier: HKCharacteristicTypeIdentifier
    ) -> HKCharacteristicType? {
        guard let description = TypeTable.characteristicType(identifier.rawValue) else { return nil }
        return HKCharacteristicType(identifier: description.identifier)
    }

    /// The workout type.
    open class func workoutType() -> HKWorkoutType { HKWorkoutType(sampleType: .workout) }

    /// The activity summary type.
    open class func activitySummaryType() -> HKActivitySummaryType {
        HKActivitySummaryType(identifier: TypeTable.activitySummaryTypeIdentifier)
    }

    /// The object type for a model sample type.
    static func make(_ sampleType: SampleType) -> HKSampleType {
        switch sampleType.kind {
        case .quantity: return HKQuantityType(sampleType: sampleType)
        case .category: return HKCategoryType(sampleType: sampleType)
        case .correlation: return HKCorrelationType(sampleType: sampleType)
        case .workout: return HKWorkoutType(sampleType: sampleType)
        case .document: return HKDocumentType(sampleType: sampleType)
        default: return makePayloadType(sampleType)
        }
    }
}

/// A type of series samples: workout routes and heartbeat series, as in HealthKit.
open class HKSeriesType: HKSampleType, @unchecked Sendable {
    /// The type of workout routes.
    open class func workoutRoute() -> HKSeriesType { HKSeriesType(sampleType: .workoutRoute) }
    /// The type of heartbeat series.
    open class func heartbeat() -> HKSeriesType { HKSeriesType(sampleType: .heartbeatSeries) }
}

/// A type of sample: data with a start and an end date.
open class HKSampleType: HKObjectType, @unchecked Sendable {
    /// The model sample type.
    package let sampleType: SampleType

    init(sampleType: SampleType) {
        self.sampleType = sampleType
        super.init(identifier: sampleType.identifier)
    }

    /// Unarchives a sample type; fails on an identifier that names no sample type or one of another class (a
    /// category identifier in an archived `HKQuantityType`).
    public required init?(coder: NSCoder) {
        guard let identifier = ObjectArchive.string(coder, HKObjectType.identifierKey) else {
            ObjectArchive.report(coder, "\(Self.self)", "no identifier")
            return nil
        }
        guard let sampleType = try? SampleType.named(identifier) else {
            ObjectArchive.report(coder, "\(Self.self)", "\(identifier) names no sample type")
            return nil
        }
        guard HKObjectType.make(sampleType).isKind(of: Self.self) else {
            ObjectArchive.report(coder, "\(Self.self)", "\(identifier) is not a type of this class")
            return nil
        }
        self.sampleType = sampleType
        super.init(identifier: sampleType.identifier)
    }
}

/// A type of quantity sample, with its aggregation style and canonical unit.
open class HKQuantityType: HKSampleType, @unchecked Sendable {
    /// The quantity type with this identifier (HealthKit's iOS 15 initializer; stops the program for unknown ones).
    public convenience init(_ identifier: HKQuantityTypeIdentifier) {
        guard let sampleType = try? SampleType.quantity(identifier.rawValue) else {
            fatalError("HKQuantityType: unknown identifier \(identifier.rawValue)")
        }
        self.init(sampleType: sampleType)
    }

    /// How statistics combine samples of this type.
    open var aggregationStyle: HKQuantityAggregationStyle {
        switch sampleType.aggregationStyle ?? .discreteArithmetic {
        case .cumulative: return .cumulative
        case .discreteArithmetic: return .discreteArithmetic
        case .discreteTimeWeighted: return .discreteTemporallyWeighted
        case .discreteEquivalentContinuousLevel: return .discreteEquivalentContinuousLevel
        }
    }

    /// Whether quantities in the unit can be saved as this type.
    open func `is`(compatibleWith unit: HKUnit) -> Bool {
        sampleType.canonicalUnit.map { unit.unit.isCompatible(with: $0) } ?? false
    }
}

/// A type of category sample.
open class HKCategoryType: HKSampleType, @unchecked Sendable {
    /// The category type with this identifier (stops the program for unknown ones).
    public convenience init(_ identifier: HKCategoryTypeIdentifier) {
        guard let sampleType = try? SampleType.category(identifier.rawValue) else {
            fatalError("HKCategoryType: unknown identifier \(identifier.rawValue)")
        }
        self.init(sampleType: sampleType)
    }
}

/// A type of correlation (blood pressure, food).
open class HKCorrelationType: HKSampleType, @unchecked Sendable {
    /// The correlation type with this identifier (stops the program for unknown ones).
    public convenience init(_ identifier: HKCorrelationTypeIdentifier) {
        guard let sampleType = try? SampleType.correlation(identifier.rawValue) else {
            fatalError("HKCorrelationType: unknown identifier \(identifier.rawValue)")
        }
        self.init(sampleType: sampleType)
    }
}

/// The workout type.
open class HKWorkoutType: HKSampleType, @unchecked Sendable {}

/// A characteristic (date of birth, blood type…), not a sample.
open class HKCharacteristicType: HKObjectType, @unchecked Sendable {
    /// The characteristic type of an identifier, as `HKObjectType.characteristicType(forIdentifier:)` gives it.
    public convenience init(_ identifier: HKCharacteristicTypeIdentifier) {
        self.init(identifier: identifier.rawValue)
    }
}

/// The activity summary type.
open class HKActivitySummaryType: HKObjectType, @unchecked Sendable {}
