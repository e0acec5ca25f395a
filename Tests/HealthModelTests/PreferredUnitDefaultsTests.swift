import Foundation
import HealthModel
import HealthTestSupport
import Testing

@Suite("Preferred units: HealthKit's defaults by locale")
struct PreferredUnitDefaultsTests {
    func unit(_ type: String, _ locale: String) throws -> String {
        try PreferredUnitDefaults.unit(
            for: SampleType.quantity("HKQuantityTypeIdentifier" + type), locale: UnitLocale(identifier: locale)
        ).unitString
    }

    @Test("en_US: pounds, miles, feet, Fahrenheit, large calories, US fluid ounces, mg/dL")
    func unitedStates() throws {
        #expect(try unit("BodyMass", "en_US") == "lb")
        #expect(try unit("DistanceWalkingRunning", "en_US") == "mi")
        #expect(try unit("DistanceCycling", "en_US") == "mi")
        #expect(try unit("Height", "en_US") == "ft")
        #expect(try unit("BodyTemperature", "en_US") == "degF")
        // HealthKit's large calorie (`Cal`) is the kilocalorie; HealthUnit spells both kcal.
        #expect(try unit("ActiveEnergyBurned", "en_US") == "kcal")
        #expect(try unit("ActiveEnergyBurned", "en_US") == HealthUnit.largeCalorie.unitString)
        #expect(try unit("DietaryWater", "en_US") == "fl_oz_us")
        #expect(try unit("BloodGlucose", "en_US") == "mg/dL")
        #expect(try unit("WalkingSpeed", "en_US") == "mi/hr")
        #expect(try unit("DistanceSwimming", "en_US") == "yd")
        #expect(try unit("WalkingStepLength", "en_US") == "in")
    }

    @Test("Metric locales: kilograms, kilometres, centimetres, Celsius, kilocalories, millilitres")
    func metric() throws {
        for locale in ["de_DE", "fr_FR", "ja_JP", "de-AT"] {
            #expect(try unit("BodyMass", locale) == "kg")
            #expect(try unit("DistanceWalkingRunning", locale) == "km")
            #expect(try unit("Height", locale) == "cm")
            #expect(try unit("BodyTemperature", locale) == "degC")
            #expect(try unit("ActiveEnergyBurned", locale) == "kcal")
            #expect(try unit("DietaryWater", locale) == "mL")
            #expect(try unit("WalkingSpeed", locale) == "km/hr")
        }
    }

    @Test("Blood glucose by region: mg/dL in the US, Germany, Japan; mmol/L in the UK, Canada, Australia, Sweden")
    func bloodGlucose() throws {
        for locale in ["en_US", "de_DE", "ja_JP", "it_IT", "es_MX"] {
            #expect(try unit("BloodGlucose", locale) == "mg/dL")
        }
        for locale in ["en_GB", "en_CA", "fr_CA", "en_AU", "sv_SE", "zh_Hans_CN"] {
            let glucose = try PreferredUnitDefaults.unit(
                for: .quantity("HKQuantityTypeIdentifierBloodGlucose"), locale: UnitLocale(identifier: locale))
            // 5.5 mmol/L is 99.09 mg/dL with glucose's molar mass.
            #expect(abs(try glucose.convert(5.5, to: HealthUnit(parsing: "mg/dL")) - 99.086) < 0.001)
        }
    }

    @Test("The United Kingdom: stones, miles, metric heights; Australia and New Zealand: kilojoules")
    func britishAndAustralian() throws {
        #expect(try unit("BodyMass", "en_GB") == "st")
        #expect(try unit("DistanceWalkingRunning", "en_GB") == "mi")
        #expect(try unit("Height", "en_GB") == "cm")
        #expect(try unit("BodyTemperature", "en_GB") == "degC")
        #expect(try unit("ActiveEnergyBurned", "en_AU") == "kJ")
        #expect(try unit("DietaryEnergyConsumed", "en_NZ") == "kJ")
        #expect(try unit("BodyMass", "en_AU") == "kg")
    }

    @Test("Units that do not depend on the locale: heart rate, nutrients, blood pressure, steps")
    func everywhere() throws {
        for locale in ["en_US", "de_DE", "en"] {
            #expect(try unit("HeartRate", locale) == "count/min")
            #expect(try unit("RestingHeartRate", locale) == "count/min")
            #expect(try unit("StepCount", locale) == "count")
            #expect(try unit("BloodPressureSystolic", locale) == "mmHg")
            #expect(try unit("DietarySodium", locale) == "mg")
            #expect(try unit("DietaryVitaminD", locale) == "mcg")
            #expect(try unit("DietaryProtein", locale) == "g")
            #expect(try unit("HeartRateVariabilitySDNN", locale) == "ms")
        }
    }

    @Test("Every quantity type has a default that fits it, in every locale tried")
    func everyTypeFits() throws {
        for locale in ["en_US", "en_GB", "de_DE", "en_AU", "en", "es_419"] {
            for description in TypeTable.quantityTypes {
                let type = try SampleType.quantity(description.identifier)
                let unit = try PreferredUnitDefaults.unit(for: type, locale: UnitLocale(identifier: locale))
                #expect(unit.isCompatible(with: type.canonicalUnit!), "\(description.name) in \(locale): \(unit)")
            }
        }
    }

    @Test("Locale identifiers: region read from en_US, de-DE, zh_Hans_CN, es_419, en_US_POSIX, de_DE@calendar=…")
    func localeIdentifiers() throws {
        #expect(try UnitLocale(identifier: "en_US").region == "US")
        #expect(try UnitLocale(identifier: "de-DE").region == "DE")
        #expect(try UnitLocale(identifier: "zh_Hans_CN").region == "CN")
        #expect(try UnitLocale(identifier: "es_419").region == "419")
        #expect(try UnitLocale(identifier: "en_US_POSIX").region == "US")
        #expect(try UnitLocale(identifier: "de_DE@calendar=gregorian").region == "DE")
        #expect(try UnitLocale(identifier: "en").region == nil)
        for bad in ["", "_US", "e", "en US", "1234", "en_U$"] {
            #expect(throws: HealthModelError.self, "\(bad)") { try UnitLocale(identifier: bad) }
            do {
                _ = try UnitLocale(identifier: bad)
            } catch {
                #expect("\(error)".hasPrefix("locale:"), "\(error)")
            }
        }
    }

    @Test("A type that is not a quantity type has no preferred unit: the error names the type")
    func notAQuantity() throws {
        #expect(throws: HealthModelError.self) {
            try PreferredUnitDefaults.unit(
                for: .category("HKCategoryTypeIdentifierSleepAnalysis"), locale: .fallback)
        }
        #expect(throws: HealthModelError.self) { try PreferredUnitDefaults.unit(for: .workout, locale: .fallback) }
    }

    @Test(
        "A real en_ZA export writes every record in the unit the defaults give for en_ZA",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
    func realExportUnits() throws {
        let xml = try String(contentsOf: SharedFixtures.url("ipyhealth-export.xml"), encoding: .utf8)
        #expect(xml.contains("<HealthData locale=\"en_ZA\""))
        let locale = try UnitLocale(identifier: "en_ZA")
        var pairs: Set<[String]> = []
        for line in xml.split(separator: "\n")
        where line.contains("<Record ") && line.contains(" type=\"HKQuantityType") {
            guard let type = attribute("type", in: line), let unit = attribute("unit", in: line) else { continue }
            pairs.insert([type, unit])
        }
        #expect(pairs.count == 10)
        for pair in pairs {
            let preferred = try PreferredUnitDefaults.unit(for: .quantity(pair[0]), locale: locale)
            #expect(preferred == (try HealthUnit(parsing: pair[1])), "\(pair[0])")
        }
    }

    private func attribute(_ name: String, in line: Substring) -> String? {
        guard let start = line.range(of: " \(name)=\"") else { return nil }
        let rest = line[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}
