/// One HealthKit quantity type: identifier, Swift case name, aggregation style, canonical unit and write permission.
public struct QuantityTypeDescription: Sendable, Hashable {
    /// HealthKit's identifier string, e.g. "HKQuantityTypeIdentifierStepCount".
    public let identifier: String
    /// HealthKit's Swift case name, e.g. "stepCount".
    public let name: String
    /// How samples of this type combine into statistics.
    public let aggregationStyle: AggregationStyle
    /// The unit HealthKit documents for the type, as a unit string ("count", "kcal", "count/min", "mL/kg.min").
    public let canonicalUnitString: String
    /// True when the system computes the type and clients cannot save samples of it.
    public let isReadOnly: Bool

    /// Creates a description; the tables in this module are the normal source of descriptions.
    public init(
        identifier: String, name: String, aggregationStyle: AggregationStyle, canonicalUnitString: String,
        isReadOnly: Bool = false
    ) {
        self.identifier = identifier
        self.name = name
        self.aggregationStyle = aggregationStyle
        self.canonicalUnitString = canonicalUnitString
        self.isReadOnly = isReadOnly
    }
}

/// One value of a category value enum, e.g. HKCategoryValueSleepAnalysisAsleepCore = 3.
public struct CategoryValueDescription: Sendable, Hashable {
    /// The full constant name as exports write it, e.g. "HKCategoryValueSleepAnalysisAsleepCore".
    public let name: String
    /// HealthKit's Swift case name, e.g. "asleepCore".
    public let caseName: String
    /// The integer stored in a category sample.
    public let rawValue: Int

    /// Creates a value description.
    public init(name: String, caseName: String, rawValue: Int) {
        self.name = name
        self.caseName = caseName
        self.rawValue = rawValue
    }
}

/// One HealthKit category type with the values its samples may hold.
public struct CategoryTypeDescription: Sendable, Hashable {
    /// HealthKit's identifier string, e.g. "HKCategoryTypeIdentifierSleepAnalysis".
    public let identifier: String
    /// HealthKit's Swift case name, e.g. "sleepAnalysis".
    public let name: String
    /// The current values, in raw-value order; empty for a valueless type (only HKCategoryValueNotApplicable = 0).
    public let values: [CategoryValueDescription]
    /// The value enum's name, e.g. "HKCategoryValueSleepAnalysis"; nil for a valueless type.
    public let valueEnumName: String?
    /// True when the system computes the type and clients cannot save samples of it.
    public let isReadOnly: Bool
    /// Older spellings that `value(named:)` also accepts (deprecated constants, older exports), each with its raw value.
    public let valueAliases: [CategoryValueDescription]
    /// True when every sample of the type is a point in time: its end date must equal its start date
    /// (HealthKit rejects the save otherwise; e.g. menopausalState).
    public let isPointInTime: Bool

    /// Creates a description; the tables in this module are the normal source of descriptions.
    public init(
        identifier: String, name: String, values: [CategoryValueDescription], valueEnumName: String?,
        isReadOnly: Bool = false, valueAliases: [CategoryValueDescription] = [], isPointInTime: Bool = false
    ) {
        self.identifier = identifier
        self.name = name
        self.values = values
        self.valueEnumName = valueEnumName
        self.isReadOnly = isReadOnly
        self.valueAliases = valueAliases
        self.isPointInTime = isPointInTime
    }

    /// True when the type has no value enum and its samples always hold 0.
    public var isValueless: Bool { values.isEmpty }
}

/// One HealthKit correlation type and the quantity types it may contain.
public struct CorrelationTypeDescription: Sendable, Hashable {
    /// HealthKit's identifier string, e.g. "HKCorrelationTypeIdentifierBloodPressure".
    public let identifier: String
    /// HealthKit's Swift case name, e.g. "bloodPressure".
    public let name: String
    /// Identifiers of the quantity types allowed inside (blood pressure: systolic and diastolic; food: every dietary type).
    public let memberQuantityTypeIdentifiers: [String]

    /// Creates a description.
    public init(identifier: String, name: String, memberQuantityTypeIdentifiers: [String]) {
        self.identifier = identifier
        self.name = name
        self.memberQuantityTypeIdentifiers = memberQuantityTypeIdentifiers
    }
}

/// One HKWorkoutActivityType case with HealthKit's raw value.
public struct WorkoutActivityTypeDescription: Sendable, Hashable {
    /// The constant name as exports write it, e.g. "HKWorkoutActivityTypeRunning".
    public let name: String
    /// HealthKit's Swift case name, e.g. "running".
    public let caseName: String
    /// HealthKit's raw value, e.g. 37 for running.
    public let rawValue: UInt

    /// Creates a description.
    public init(name: String, caseName: String, rawValue: UInt) {
        self.name = name
        self.caseName = caseName
        self.rawValue = rawValue
    }
}

/// One HealthKit characteristic type (a fact about the user that does not change over time).
public struct CharacteristicTypeDescription: Sendable, Hashable {
    /// HealthKit's identifier string, e.g. "HKCharacteristicTypeIdentifierDateOfBirth".
    public let identifier: String
    /// HealthKit's Swift case name, e.g. "dateOfBirth".
    public let name: String

    /// Creates a description.
    public init(identifier: String, name: String) {
        self.identifier = identifier
        self.name = name
    }
}
