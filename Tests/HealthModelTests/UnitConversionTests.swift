import Foundation
import Testing

@testable import HealthModel

/// One row of the conversion table: `value` in `from` should equal `expected` in `to`.
struct UnitConversionCase: Sendable, CustomTestStringConvertible {
    let value: Double
    let from: String
    let to: String
    let expected: Double

    var testDescription: String { "\(value) \(from) -> \(expected) \(to)" }

    init(_ value: Double, _ from: String, _ expected: Double, _ to: String) {
        self.value = value
        self.from = from
        self.to = to
        self.expected = expected
    }
}

/// Whether `actual` equals `expected` within a relative tolerance (absolute near zero).
func unitValuesAreClose(_ actual: Double, _ expected: Double, relativeTolerance: Double = 1e-9) -> Bool {
    let difference = abs(actual - expected)
    return difference <= relativeTolerance * abs(expected) || difference <= 1e-12
}

/// Expected values are literal numbers from SI/NIST definitions, never computed by the code under test.
let unitConversionTable: [UnitConversionCase] = [
    // mass
    UnitConversionCase(1, "lb", 0.45359237, "kg"),
    UnitConversionCase(1, "kg", 2.2046226218487758, "lb"),
    UnitConversionCase(1, "oz", 28.349523125, "g"),
    UnitConversionCase(1, "st", 6.35029318, "kg"),
    UnitConversionCase(1, "st", 14, "lb"),
    UnitConversionCase(1, "lb", 16, "oz"),
    UnitConversionCase(1, "kg", 1000, "g"),
    UnitConversionCase(1, "mcg", 0.001, "mg"),
    UnitConversionCase(1, "dag", 10, "g"),
    UnitConversionCase(1, "mmol<180.15588000005408>", 180.15588000005408, "mg"),
    // length
    UnitConversionCase(1, "mi", 1.609344, "km"),
    UnitConversionCase(1, "km", 0.621371192237334, "mi"),
    UnitConversionCase(1, "in", 2.54, "cm"),
    UnitConversionCase(1, "ft", 0.3048, "m"),
    UnitConversionCase(1, "yd", 3, "ft"),
    UnitConversionCase(1, "mi", 5280, "ft"),
    UnitConversionCase(1, "km", 1000, "m"),
    // area and volume
    UnitConversionCase(1, "ft^2", 0.09290304, "m^2"),
    UnitConversionCase(1, "m^2", 10000, "cm^2"),
    UnitConversionCase(1, "L", 1000, "cm^3"),
    UnitConversionCase(1, "mL", 1, "cm^3"),
    UnitConversionCase(1, "dL", 100, "mL"),
    UnitConversionCase(1, "mcL", 0.001, "mL"),
    UnitConversionCase(1, "cup_us", 236.5882365, "mL"),
    UnitConversionCase(1, "cup_imp", 284.130625, "mL"),
    UnitConversionCase(1, "fl_oz_us", 29.5735295625, "mL"),
    UnitConversionCase(1, "fl_oz_imp", 28.4130625, "mL"),
    UnitConversionCase(1, "pt_us", 473.176473, "mL"),
    UnitConversionCase(1, "pt_imp", 568.26125, "mL"),
    UnitConversionCase(1, "pt_us", 16, "fl_oz_us"),
    UnitConversionCase(1, "pt_imp", 20, "fl_oz_imp"),
    UnitConversionCase(5, "mL", 0.16907011350921499, "fl_oz_us"),
    // energy and power
    UnitConversionCase(1, "kcal", 4.184, "kJ"),
    UnitConversionCase(1, "Cal", 1, "kcal"),
    UnitConversionCase(1, "cal", 4.184, "J"),
    UnitConversionCase(1000, "cal", 1, "kcal"),
    UnitConversionCase(1, "kJ", 0.2390057361376673, "kcal"),
    UnitConversionCase(1, "GJ", 239005.7361376673, "kcal"),
    UnitConversionCase(1, "J/s", 1, "W"),
    UnitConversionCase(1, "kW", 1000, "J/s"),
    UnitConversionCase(1, "W", 0.8604206500956023, "kcal/hr"),
    UnitConversionCase(1, "kcal/hr·kg", 1.1622222222222222, "W/kg"),
    // pressure
    UnitConversionCase(1, "mmHg", 0.133322387415, "kPa"),
    UnitConversionCase(1, "atm", 101.325, "kPa"),
    UnitConversionCase(1, "atm", 101325, "Pa"),
    UnitConversionCase(1, "inHg", 3386.389, "Pa"),
    UnitConversionCase(1, "cmAq", 98.0665, "Pa"),
    UnitConversionCase(1, "kPa", 1000, "kg/m.s^2"),
    // temperature (affine)
    UnitConversionCase(37, "degC", 98.6, "degF"),
    UnitConversionCase(98.6, "degF", 37, "degC"),
    UnitConversionCase(0, "K", -273.15, "degC"),
    UnitConversionCase(0, "degC", 273.15, "K"),
    UnitConversionCase(32, "degF", 0, "degC"),
    UnitConversionCase(-40, "degC", -40, "degF"),
    UnitConversionCase(100, "degC", 212, "degF"),
    UnitConversionCase(0, "degF", 255.37222222222222, "K"),
    UnitConversionCase(300, "K", 80.33, "degF"),
    // temperature inside compound units scales without offset
    UnitConversionCase(1, "degC/s", 1, "K/s"),
    UnitConversionCase(1, "degF/min", 0.5555555555555556, "K/min"),
    // time
    UnitConversionCase(1, "hr", 60, "min"),
    UnitConversionCase(1, "d", 24, "hr"),
    UnitConversionCase(1, "d", 86400, "s"),
    UnitConversionCase(1500, "ms", 1.5, "s"),
    // frequency and rates
    UnitConversionCase(60, "count/min", 1, "Hz"),
    UnitConversionCase(1, "Hz", 60, "count/min"),
    UnitConversionCase(1, "count/s", 1, "Hz"),
    UnitConversionCase(1, "s^-1", 60, "count/min"),
    UnitConversionCase(1, "MHz", 1000, "kHz"),
    UnitConversionCase(1, "km/hr", 0.2777777777777778, "m/s"),
    UnitConversionCase(1, "mi/hr", 1.609344, "km/hr"),
    UnitConversionCase(1, "mL/(kg*min)", 0.06, "L/(kg*hr)"),
    UnitConversionCase(1, "mL/min·kg", 0.016666666666666666, "mL/kg.s"),
    // concentration
    UnitConversionCase(1, "mmol<180.15588000005408>/L", 18.015588000005408, "mg/dL"),
    UnitConversionCase(100, "mg/dL", 5.5507486072600007, "mmol<180.15588000005408>/L"),
    UnitConversionCase(1, "mg/dL", 0.01, "g/L"),
    UnitConversionCase(1, "g/cm^3", 1, "kg/L"),
    // angle, light, scalars
    UnitConversionCase(180, "deg", 3.141592653589793, "rad"),
    UnitConversionCase(1, "rad", 57.29577951308232, "deg"),
    UnitConversionCase(1, "klx", 1000, "lx"),
    UnitConversionCase(1, "mcS", 0.000001, "S"),
    UnitConversionCase(0.97, "%", 0.97, "%"),
    UnitConversionCase(1, "dBASPL", 1, "dBASPL"),
    UnitConversionCase(2, "IU", 2, "IU"),
    UnitConversionCase(1, "pD", 1, "pD"),
]

@Suite("Unit conversion")
struct UnitConversionTests {
    @Test("The conversion table has at least 60 rows")
    func tableIsLargeEnough() {
        #expect(unitConversionTable.count >= 60)
    }

    @Test("Converting between compatible units matches the SI/NIST factor", arguments: unitConversionTable)
    func convertsWithKnownFactor(_ row: UnitConversionCase) throws {
        let from = try HealthUnit(parsing: row.from)
        let to = try HealthUnit(parsing: row.to)
        #expect(from.isCompatible(with: to))
        let converted = try from.convert(row.value, to: to)
        #expect(unitValuesAreClose(converted, row.expected), "got \(converted)")
        let viaConverter = try from.converter(to: to).convert(row.value)
        #expect(viaConverter == converted)
    }

    @Test("Converting there and back returns the original value", arguments: unitConversionTable)
    func roundTripsValue(_ row: UnitConversionCase) throws {
        let from = try HealthUnit(parsing: row.from)
        let to = try HealthUnit(parsing: row.to)
        let back = try to.convert(from.convert(row.value, to: to), to: from)
        #expect(unitValuesAreClose(back, row.value))
    }

    @Test("One mmol/L of glucose is 18.0156 mg/dL (relative 1e-6)")
    func bloodGlucoseFactor() throws {
        let molar = HealthUnit.mole(molarMass: HealthUnit.bloodGlucoseMolarMass, prefix: .milli).divided(by: .liter())
        let massPerVolume = HealthUnit.gram(.milli).divided(by: .liter(.deci))
        #expect(unitValuesAreClose(try molar.convert(1, to: massPerVolume), 18.0156, relativeTolerance: 1e-6))
        #expect(molar.unitString == "mmol<180.15588000005408>/L")
    }

    @Test("Converting a unit to itself is the identity converter")
    func identityConversion() throws {
        #expect(try HealthUnit.percent.converter(to: .percent) == .identity)
        #expect(try HealthUnit.degreeCelsius.convert(36.6, to: HealthUnit(parsing: "degC")) == 36.6)
    }

    static let incompatiblePairs: [(String, String)] = [
        ("count", "%"), ("%", "count"), ("kg", "m"), ("mol", "g"), ("dBASPL", "count"), ("dBASPL", "dBHL"),
        ("IU", "mg"), ("D", "m^-1"), ("pD", "D"), ("deg", "count"), ("appleEffortScore", "count"), ("lx", "W"),
        ("degC", "degC/s"), ("mL", "m^2"), ("kcal", "W"), ("mmol<180.15588000005408>", "mol"),
    ]

    @Test("Converting between different dimensions throws incompatibleUnits", arguments: incompatiblePairs)
    func rejectsIncompatibleUnits(_ pair: (String, String)) throws {
        let from = try HealthUnit(parsing: pair.0)
        let to = try HealthUnit(parsing: pair.1)
        #expect(!from.isCompatible(with: to))
        #expect(throws: HealthModelError.incompatibleUnits(from: from.unitString, to: to.unitString)) {
            try from.convert(1, to: to)
        }
        #expect(throws: HealthModelError.self) { try from.converter(to: to) }
    }

    @Test("Physical identities: W = J/s, Pa = kg/(m·s²), V = W/A and S = A/V share dimensions")
    func derivedUnitsAreConsistent() throws {
        #expect(HealthUnit.watt().isCompatible(with: HealthUnit.joule().divided(by: .second())))
        #expect(HealthUnit.pascal().isCompatible(with: try HealthUnit(parsing: "kg/m.s^2")))
        #expect(HealthUnit.hertz().isCompatible(with: HealthUnit.count.divided(by: .minute)))
        // V·S = A²/… : volt times siemens is watt divided by volt (a current), so V²·S is a power.
        let power = HealthUnit.volt().raised(toPower: 2).multiplied(by: .siemens())
        #expect(power.isCompatible(with: .watt()))
        #expect(try power.convert(1, to: .watt()) == 1)
        #expect(HealthUnit.liter(.milli).isCompatible(with: HealthUnit.meter(.centi).raised(toPower: 3)))
    }

    @Test("Plain mol is an amount, mol<M> is a mass, and two molar masses convert through grams")
    func moleSemantics() throws {
        let plain = try HealthUnit(parsing: "mol")
        #expect(!plain.isCompatible(with: .gram()))
        let glucose = HealthUnit.mole(molarMass: 180.15588000005408)
        #expect(unitValuesAreClose(try glucose.convert(1, to: .gram()), 180.15588000005408))
        let water = HealthUnit.mole(molarMass: 18.015)
        #expect(unitValuesAreClose(try glucose.convert(1, to: water), 10.00032639467411))
    }

    @Test("Converting parsed units performs at least a million conversions quickly")
    func conversionIsArithmeticOnly() throws {
        let from = try HealthUnit(parsing: "mmol<180.15588000005408>/L")
        let to = try HealthUnit(parsing: "mg/dL")
        let clock = ContinuousClock()
        var total = 0.0
        let elapsed = try clock.measure {
            for index in 0..<1_000_000 {
                total += try from.convert(Double(index & 15), to: to)
            }
        }
        #expect(total > 0)
        #expect(elapsed < .seconds(2), "1,000,000 conversions took \(elapsed)")
    }
}
