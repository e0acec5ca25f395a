// The lookup API over the type tables. The data lives in QuantityTypeTable.swift, CategoryTypeTable.swift and
// WorkoutActivityTypeTable.swift; correlation and characteristic types are small enough to live here.

/// HealthKit's type identifiers as data, with O(1) lookups by identifier or Swift case name.
public enum TypeTable {
    /// The identifier of the workout type.
    public static let workoutTypeIdentifier = "HKWorkoutTypeIdentifier"
    /// The identifier of the activity summary type.
    public static let activitySummaryTypeIdentifier = "HKActivitySummaryTypeIdentifier"
    /// The identifier HealthKit gives the audiogram sample type at run time.
    public static let audiogramTypeIdentifier = "HKDataTypeIdentifierAudiogram"
    /// The identifier of the workout route series type.
    public static let workoutRouteTypeIdentifier = "HKWorkoutRouteTypeIdentifier"
    /// The identifier of the heartbeat series type.
    public static let heartbeatSeriesTypeIdentifier = "HKDataTypeIdentifierHeartbeatSeries"
    /// The identifier of the electrocardiogram type.
    public static let electrocardiogramTypeIdentifier = "HKDataTypeIdentifierElectrocardiogram"
    /// The identifier of the vision prescription type.
    public static let visionPrescriptionTypeIdentifier = "HKVisionPrescriptionTypeIdentifier"
    /// The identifier of the state of mind type (HealthKit's `HKDataTypeIdentifierStateOfMind` names this string).
    public static let stateOfMindTypeIdentifier = "HKDataTypeStateOfMind"
    /// The identifier of the records relating effort scores to workouts. HealthKit has no type for them (apps use
    /// `relateWorkoutEffortSample` and `HKWorkoutEffortRelationshipQuery`); this name is OpenHealthKit's own.
    public static let workoutEffortRelationshipTypeIdentifier = "OHKWorkoutEffortRelationshipTypeIdentifier"
    /// The identifier of the medication dose event type.
    public static let medicationDoseEventTypeIdentifier = "HKMedicationDoseEventTypeIdentifierMedicationDoseEvent"
    /// The identifier of the type of the person's medications (`HKUserAnnotatedMedicationType`), under which an app
    /// asks to read them one by one.
    public static let userAnnotatedMedicationTypeIdentifier = "HKDataTypeIdentifierUserAnnotatedMedicationConcept"

    /// Both correlation types with the quantity types each may contain.
    public static let correlationTypes: [CorrelationTypeDescription] = [
        CorrelationTypeDescription(
            identifier: "HKCorrelationTypeIdentifierBloodPressure", name: "bloodPressure",
            memberQuantityTypeIdentifiers: [
                "HKQuantityTypeIdentifierBloodPressureSystolic", "HKQuantityTypeIdentifierBloodPressureDiastolic",
            ]),
        CorrelationTypeDescription(
            identifier: "HKCorrelationTypeIdentifierFood", name: "food",
            memberQuantityTypeIdentifiers: quantityTypes.filter { $0.name.hasPrefix("dietary") }.map(\.identifier)),
    ]

    /// Every characteristic type.
    public static let characteristicTypes: [CharacteristicTypeDescription] = [
        CharacteristicTypeDescription(
            identifier: "HKCharacteristicTypeIdentifierActivityMoveMode", name: "activityMoveMode"),
        CharacteristicTypeDescription(identifier: "HKCharacteristicTypeIdentifierBiologicalSex", name: "biologicalSex"),
        CharacteristicTypeDescription(identifier: "HKCharacteristicTypeIdentifierBloodType", name: "bloodType"),
        CharacteristicTypeDescription(identifier: "HKCharacteristicTypeIdentifierDateOfBirth", name: "dateOfBirth"),
        CharacteristicTypeDescription(
            identifier: "HKCharacteristicTypeIdentifierFitzpatrickSkinType", name: "fitzpatrickSkinType"),
        CharacteristicTypeDescription(identifier: "HKCharacteristicTypeIdentifierWheelchairUse", name: "wheelchairUse"),
    ]

    /// The quantity type with this identifier ("HKQuantityTypeIdentifierStepCount") or case name ("stepCount").
    public static func quantityType(_ identifierOrName: String) -> QuantityTypeDescription? {
        quantityIndex[identifierOrName]
    }

    /// The category type with this identifier ("HKCategoryTypeIdentifierSleepAnalysis") or case name ("sleepAnalysis").
    public static func categoryType(_ identifierOrName: String) -> CategoryTypeDescription? {
        categoryIndex[identifierOrName]
    }

    /// The correlation type with this identifier ("HKCorrelationTypeIdentifierFood") or case name ("food").
    public static func correlationType(_ identifierOrName: String) -> CorrelationTypeDescription? {
        correlationIndex[identifierOrName]
    }

    /// The workout activity type with this export name ("HKWorkoutActivityTypeRunning") or case name ("running").
    public static func workoutActivityType(_ nameOrCaseName: String) -> WorkoutActivityTypeDescription? {
        workoutActivityIndex[nameOrCaseName]
    }

    /// The workout activity type with this HealthKit raw value (37 is running, 3000 is other).
    public static func workoutActivityType(rawValue: UInt) -> WorkoutActivityTypeDescription? {
        workoutActivityRawIndex[rawValue]
    }

    /// The characteristic type with this identifier ("HKCharacteristicTypeIdentifierDateOfBirth") or case name ("dateOfBirth").
    public static func characteristicType(_ identifierOrName: String) -> CharacteristicTypeDescription? {
        characteristicIndex[identifierOrName]
    }

    // MARK: - Indexes (built once, on first use)

    private static let quantityIndex = index(quantityTypes, keys: { [$0.identifier, $0.name] })
    private static let categoryIndex = index(categoryTypes, keys: { [$0.identifier, $0.name] })
    private static let correlationIndex = index(correlationTypes, keys: { [$0.identifier, $0.name] })
    private static let characteristicIndex = index(characteristicTypes, keys: { [$0.identifier, $0.name] })
    private static let workoutActivityIndex = index(workoutActivityTypes, keys: { [$0.name, $0.caseName] })
    private static let workoutActivityRawIndex = Dictionary(
        workoutActivityTypes.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    private static func index<Element>(_ elements: [Element], keys: (Element) -> [String]) -> [String: Element] {
        var result: [String: Element] = [:]
        for element in elements {
            for key in keys(element) where result[key] == nil { result[key] = element }
        }
        return result
    }
}

extension CategoryTypeDescription {
    /// The value with this full name ("HKCategoryValueSleepAnalysisAsleepCore"), case name ("asleepCore"), older alias
    /// ("HKCategoryValueSleepAnalysisAsleep") or decimal raw value ("3", as old exports write); nil when none matches.
    /// A valueless type answers HKCategoryValueNotApplicable for "HKCategoryValueNotApplicable", "notApplicable" or "0".
    public func value(named text: String) -> CategoryValueDescription? {
        let trimmed = text.trimmingSpaces()
        let candidates = isValueless ? [TypeTable.notApplicableCategoryValue] : values
        if let match = candidates.first(where: { $0.name == trimmed || $0.caseName == trimmed }) { return match }
        if let alias = valueAliases.first(where: { $0.name == trimmed || $0.caseName == trimmed }) {
            return value(raw: alias.rawValue)
        }
        if let number = Int(trimmed) { return value(raw: number) }
        return nil
    }

    /// The value with this raw value; nil when the type does not define it (a valueless type defines only 0).
    public func value(raw: Int) -> CategoryValueDescription? {
        if isValueless { return raw == 0 ? TypeTable.notApplicableCategoryValue : nil }
        return values.first { $0.rawValue == raw }
    }

    /// True when a sample of this type may hold `rawValue` (a valueless type accepts only 0).
    public func isValid(_ rawValue: Int) -> Bool {
        value(raw: rawValue) != nil
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines (no Foundation needed).
    fileprivate func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
