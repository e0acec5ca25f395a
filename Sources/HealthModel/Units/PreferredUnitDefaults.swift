// HealthKit's default preferred unit of each quantity type by locale: what `HKHealthStore.preferredUnits(for:)`
// answers before the person picks units in the Health app. Apple documents the rule ("based on the device's current
// locale": pounds for body mass in the US, kilograms or stones elsewhere; blood glucose in mg/dL or mmol/L "depending
// on the region") but not the table; the table here and the reasons for each row are in
// docs/decisions/preferred-units.md.

/// HealthKit's default preferred units by locale, for quantity types. No I/O: the locale is passed in.
public enum PreferredUnitDefaults {
    /// The default preferred unit of a quantity type in a locale; throws `invalidField(field: "type")` for a type
    /// that is not a quantity type (only quantities have units).
    public static func unit(for type: SampleType, locale: UnitLocale) throws(HealthModelError) -> HealthUnit {
        guard let description = type.quantityDescription else {
            throw .invalidField(
                field: "type", reason: "\(type.identifier) is not a quantity type: only quantity types have units")
        }
        let region = Region(locale.region)
        let string = rule(for: description.name).map { $0(region) } ?? description.canonicalUnitString
        return try HealthUnit(parsing: string)
    }

    /// The default preferred units of quantity types in a locale, by type.
    public static func units(
        for types: some Sequence<SampleType>, locale: UnitLocale
    ) throws(HealthModelError) -> [SampleType: HealthUnit] {
        var units: [SampleType: HealthUnit] = [:]
        for type in types { units[type] = try unit(for: type, locale: locale) }
        return units
    }

    /// What a region's people measure in, as far as the defaults differ.
    struct Region {
        /// US customary units: pounds, miles, feet and inches, fluid ounces, large calories.
        let customary: Bool
        /// Degrees Fahrenheit for temperatures.
        let fahrenheit: Bool
        /// Miles for distances and miles per hour for speeds (the United Kingdom keeps them with metric weights).
        let miles: Bool
        /// Stones for body mass (the United Kingdom).
        let stones: Bool
        /// Kilojoules for energy (Australia, New Zealand).
        let kilojoules: Bool
        /// mmol/L rather than mg/dL for blood glucose.
        let millimolesGlucose: Bool

        init(_ code: String?) {
            let code = code ?? ""
            customary = PreferredUnitDefaults.customaryRegions.contains(code)
            fahrenheit = customary || PreferredUnitDefaults.fahrenheitRegions.contains(code)
            miles = customary || code == "GB"
            stones = code == "GB"
            kilojoules = code == "AU" || code == "NZ"
            millimolesGlucose = PreferredUnitDefaults.millimolarGlucoseRegions.contains(code)
        }
    }

    /// Regions on US customary units: the United States and its territories, Liberia, Myanmar.
    static let customaryRegions: Set<String> = ["US", "PR", "GU", "VI", "AS", "MP", "UM", "LR", "MM"]
    /// Regions besides those that give temperatures in Fahrenheit.
    static let fahrenheitRegions: Set<String> = ["BS", "BZ", "KY", "PW", "FM", "MH"]
    /// Regions whose laboratories and meters give blood glucose in mmol/L; the others (the United States, most of
    /// continental Europe's south and west, Latin America, Japan, India, …) in mg/dL.
    static let millimolarGlucoseRegions: Set<String> = [
        "AU", "CA", "CN", "CZ", "DK", "EE", "FI", "GB", "HK", "HR", "HU", "IE", "IS", "JM", "KZ", "LT", "LV", "MY",
        "NL", "NO", "NZ", "RU", "SE", "SG", "SI", "SK", "UA", "ZA", "CH", "TT", "BY", "MT",
    ]

    private typealias Rule = @Sendable (Region) -> String

    private static func distance(_ region: Region) -> String { region.miles ? "mi" : "km" }
    private static func speed(_ region: Region) -> String { region.miles ? "mi/hr" : "km/hr" }
    private static func mass(_ region: Region) -> String { region.stones ? "st" : region.customary ? "lb" : "kg" }
    private static func energy(_ region: Region) -> String {
        region.customary ? "Cal" : region.kilojoules ? "kJ" : "kcal"
    }
    private static func temperature(_ region: Region) -> String { region.fahrenheit ? "degF" : "degC" }

    /// The rule of each type whose default is not its canonical unit everywhere, by HealthKit's case name.
    private static func rule(for name: String) -> Rule? {
        if let fixed = fixedUnits[name] { return { _ in fixed } }
        switch name {
        case "bodyMass", "leanBodyMass": return mass
        case "height": return { $0.customary ? "ft" : "cm" }
        case "waistCircumference": return { $0.customary ? "in" : "cm" }
        case "activeEnergyBurned", "basalEnergyBurned", "dietaryEnergyConsumed": return energy
        case "bodyTemperature", "basalBodyTemperature", "waterTemperature", "appleSleepingWristTemperature":
            return temperature
        case "bloodGlucose": return { $0.millimolesGlucose ? "mmol<180.15588000005408>/L" : "mg/dL" }
        case "dietaryWater": return { $0.customary ? "fl_oz_us" : "mL" }
        case "distanceSwimming": return { $0.customary ? "yd" : "m" }
        case "underwaterDepth", "runningStrideLength": return { $0.customary ? "ft" : "m" }
        case "walkingStepLength", "runningVerticalOscillation": return { $0.customary ? "in" : "cm" }
        case "sixMinuteWalkTestDistance": return { $0.customary ? "ft" : "m" }
        case "stairAscentSpeed", "stairDescentSpeed": return { $0.customary ? "ft/s" : "m/s" }
        default:
            if name.hasPrefix("distance") { return distance }
            if name.hasSuffix("Speed") { return speed }
            return nil
        }
    }

    /// Types whose default is the same everywhere but not their canonical unit: nutrients in the milligrams or
    /// micrograms their labels use, as the Health app and exports give them.
    private static let fixedUnits: [String: String] = {
        var units: [String: String] = [:]
        for name in [
            "Caffeine", "Calcium", "Chloride", "Cholesterol", "Copper", "Iron", "Magnesium", "Manganese", "Niacin",
            "PantothenicAcid", "Phosphorus", "Potassium", "Riboflavin", "Sodium", "Thiamin", "VitaminB6", "VitaminC",
            "VitaminE", "Zinc",
        ] { units["dietary" + name] = "mg" }
        for name in [
            "Biotin", "Chromium", "Folate", "Iodine", "Molybdenum", "Selenium", "VitaminA", "VitaminB12", "VitaminD",
            "VitaminK",
        ] { units["dietary" + name] = "mcg" }
        return units
    }()
}
