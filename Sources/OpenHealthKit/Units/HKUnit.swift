import Foundation
import HealthModel

/// SI prefixes, with HealthKit's raw values.
public enum HKMetricPrefix: Int, Sendable, Hashable {
    case none = 0
    case pico = 1
    case nano = 2
    case micro = 3
    case milli = 4
    case centi = 5
    case deci = 6
    case deca = 7
    case hecto = 8
    case kilo = 9
    case mega = 10
    case giga = 11
    case tera = 12
    case femto = 13

    var unitPrefix: UnitPrefix {
        switch self {
        case .none: return .none
        case .pico: return .pico
        case .nano: return .nano
        case .micro: return .micro
        case .milli: return .milli
        case .centi: return .centi
        case .deci: return .deci
        case .deca: return .deca
        case .hecto: return .hecto
        case .kilo: return .kilo
        case .mega: return .mega
        case .giga: return .giga
        case .tera: return .tera
        case .femto: return .femto
        }
    }
}

/// A unit of measure, as in HealthKit; built from a unit string or HealthKit's constructors.
open class HKUnit: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The unit of the model layer.
    package let unit: HealthUnit

    /// Wraps a model unit.
    public init(_ unit: HealthUnit) {
        self.unit = unit
        super.init()
    }

    /// Parses a unit string like HealthKit does; an invalid string stops the program, as in HealthKit.
    /// Use `init(validating:)` to get a thrown error instead.
    public convenience init(from string: String) {
        do {
            self.init(try HealthUnit(parsing: string))
        } catch {
            fatalError(
                "HKUnit(from:): \(error) (HealthKit raises an exception here; use HKUnit(validating:) to handle it)")
        }
    }

    /// Parses a unit string, throwing `HKError.errorInvalidArgument` with the position of the problem.
    public convenience init(validating string: String) throws {
        do {
            self.init(try HealthUnit(parsing: string))
        } catch {
            throw HKError(.errorInvalidArgument, error.description)
        }
    }

    /// The canonical unit string, which parses back to this unit.
    open var unitString: String { unit.unitString }
    open override var description: String { unit.unitString }
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKUnit)?.unit == unit }
    open override var hash: Int { unit.hashValue }

    // MARK: NSSecureCoding, NSCopying

    private static let unitStringKey = "HKUnitString"

    /// Units decode only as units.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the unit as its canonical unit string.
    open func encode(with coder: NSCoder) { ObjectArchive.encode(unitString, forKey: HKUnit.unitStringKey, to: coder) }

    /// Unarchives a unit; fails on an archive without a unit string that parses.
    public required init?(coder: NSCoder) {
        guard let text = ObjectArchive.string(coder, HKUnit.unitStringKey) else {
            ObjectArchive.report(coder, "HKUnit", "no unit string")
            return nil
        }
        do {
            unit = try HealthUnit(parsing: text)
        } catch {
            ObjectArchive.report(coder, "HKUnit", "\(error)")
            return nil
        }
        super.init()
    }

    /// Units are immutable: the copy is the unit itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether this is the dimensionless null unit (HealthKit's `count` is not null).
    open func isNull() -> Bool { false }

    /// The product of this unit and `unit`, e.g. `m` times `s` gives `m.s`.
    open func unitMultiplied(by unit: HKUnit) -> HKUnit { HKUnit(self.unit.multiplied(by: unit.unit)) }
    /// This unit divided by `unit`, e.g. `count` by `min` gives `count/min`.
    open func unitDivided(by unit: HKUnit) -> HKUnit { HKUnit(self.unit.divided(by: unit.unit)) }
    /// This unit to an integer power, e.g. `m` to the power 2 gives `m^2`.
    open func unitRaised(toPower power: Int) -> HKUnit { HKUnit(unit.raised(toPower: power)) }
    /// One over this unit, e.g. `s` gives `s^-1`.
    open func reciprocal() -> HKUnit { HKUnit(unit.reciprocal()) }

    /// Grams, with an optional metric prefix (`g`, `kg`, `mg`, `mcg`, …).
    public static func gramUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.gram(prefix.unitPrefix)) }
    /// Grams (`g`).
    public static func gram() -> HKUnit { HKUnit(.gram()) }
    /// Avoirdupois ounces (`oz`), a sixteenth of a pound.
    public static func ounce() -> HKUnit { HKUnit(.ounce) }
    /// Avoirdupois pounds (`lb`), 0.45359237 kg.
    public static func pound() -> HKUnit { HKUnit(.pound) }
    /// Stones (`st`), 14 pounds.
    public static func stone() -> HKUnit { HKUnit(.stone) }
    /// Moles of a substance of molar mass `molarMass` g/mol, with an optional metric prefix (`mmol<180.15588…>`);
    /// convertible to grams. A molar mass that is not positive and finite stops the program.
    public static func moleUnit(with prefix: HKMetricPrefix, molarMass: Double) -> HKUnit {
        HKUnit(.mole(molarMass: molarMass, prefix: prefix.unitPrefix))
    }
    /// Moles of a substance of molar mass `molarMass` g/mol (`mol<M>`); convertible to grams. A molar mass
    /// that is not positive and finite stops the program.
    public static func moleUnit(withMolarMass molarMass: Double) -> HKUnit { HKUnit(.mole(molarMass: molarMass)) }
    /// Meters, with an optional metric prefix (`m`, `km`, `cm`, …).
    public static func meterUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.meter(prefix.unitPrefix)) }
    /// Meters (`m`).
    public static func meter() -> HKUnit { HKUnit(.meter()) }
    /// Inches (`in`), 0.0254 m.
    public static func inch() -> HKUnit { HKUnit(.inch) }
    /// Feet (`ft`), 0.3048 m.
    public static func foot() -> HKUnit { HKUnit(.foot) }
    /// Yards (`yd`), 0.9144 m.
    public static func yard() -> HKUnit { HKUnit(.yard) }
    /// Miles (`mi`), 1609.344 m.
    public static func mile() -> HKUnit { HKUnit(.mile) }
    /// Liters, with an optional metric prefix (`L`, `mL`, `dL`, …).
    public static func literUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.liter(prefix.unitPrefix)) }
    /// Liters (`L`).
    public static func liter() -> HKUnit { HKUnit(.liter()) }
    /// US fluid ounces (`fl_oz_us`), about 29.57 mL.
    public static func fluidOunceUS() -> HKUnit { HKUnit(.fluidOunceUS) }
    /// Imperial fluid ounces (`fl_oz_imp`), about 28.41 mL.
    public static func fluidOunceImperial() -> HKUnit { HKUnit(.fluidOunceImperial) }
    /// US pints (`pt_us`), 16 US fluid ounces.
    public static func pintUS() -> HKUnit { HKUnit(.pintUS) }
    /// Imperial pints (`pt_imp`), 20 imperial fluid ounces.
    public static func pintImperial() -> HKUnit { HKUnit(.pintImperial) }
    /// US cups (`cup_us`), 8 US fluid ounces.
    public static func cupUS() -> HKUnit { HKUnit(.cupUS) }
    /// Imperial cups (`cup_imp`), 10 imperial fluid ounces.
    public static func cupImperial() -> HKUnit { HKUnit(.cupImperial) }
    /// Pascals, with an optional metric prefix (`Pa`, `kPa`, …).
    public static func pascalUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.pascal(prefix.unitPrefix)) }
    /// Pascals (`Pa`).
    public static func pascal() -> HKUnit { HKUnit(.pascal()) }
    /// Millimeters of mercury (`mmHg`), the unit of blood pressure; about 133.32 Pa.
    public static func millimeterOfMercury() -> HKUnit { HKUnit(.millimeterOfMercury) }
    /// Centimeters of water (`cmAq`), 98.0665 Pa.
    public static func centimeterOfWater() -> HKUnit { HKUnit(.centimeterOfWater) }
    /// Standard atmospheres (`atm`), 101 325 Pa.
    public static func atmosphere() -> HKUnit { HKUnit(.atmosphere) }
    /// Inches of mercury (`inHg`), about 3386.39 Pa.
    public static func inchesOfMercury() -> HKUnit { HKUnit(.inchesOfMercury) }
    /// A-weighted decibels of sound pressure level (`dBASPL`), for environmental and headphone audio;
    /// convertible only to itself.
    public static func decibelAWeightedSoundPressureLevel() -> HKUnit { HKUnit(.decibelASPL) }
    /// Decibels hearing level (`dBHL`), for audiograms; convertible only to itself.
    public static func decibelHearingLevel() -> HKUnit { HKUnit(.decibelHL) }
    /// Seconds, with an optional metric prefix (`s`, `ms`, …).
    public static func secondUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.second(prefix.unitPrefix)) }
    /// Seconds (`s`).
    public static func second() -> HKUnit { HKUnit(.second()) }
    /// Minutes (`min`), 60 s.
    public static func minute() -> HKUnit { HKUnit(.minute) }
    /// Hours (`hr`), 3600 s.
    public static func hour() -> HKUnit { HKUnit(.hour) }
    /// Days (`d`), 86 400 s.
    public static func day() -> HKUnit { HKUnit(.day) }
    /// Joules, with an optional metric prefix (`J`, `kJ`, …).
    public static func jouleUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.joule(prefix.unitPrefix)) }
    /// Joules (`J`).
    public static func joule() -> HKUnit { HKUnit(.joule()) }
    /// Kilocalories (`kcal`), 4184 J: the calories of food labels.
    public static func kilocalorie() -> HKUnit { HKUnit(.kilocalorie) }
    /// Small calories (`cal`), 4.184 J.
    public static func smallCalorie() -> HKUnit { HKUnit(.smallCalorie) }
    /// Large calories (`Cal`), the same unit as the kilocalorie.
    public static func largeCalorie() -> HKUnit { HKUnit(.largeCalorie) }
    /// Degrees Celsius (`degC`).
    public static func degreeCelsius() -> HKUnit { HKUnit(.degreeCelsius) }
    /// Degrees Fahrenheit (`degF`).
    public static func degreeFahrenheit() -> HKUnit { HKUnit(.degreeFahrenheit) }
    /// Kelvin (`K`).
    public static func kelvin() -> HKUnit { HKUnit(.kelvin()) }
    /// Siemens, with an optional metric prefix (`S`, `mcS`, …), for electrodermal activity.
    public static func siemenUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.siemens(prefix.unitPrefix)) }
    /// Siemens (`S`).
    public static func siemen() -> HKUnit { HKUnit(.siemens()) }
    /// International units (`IU`), a dimension of their own (vitamins).
    public static func internationalUnit() -> HKUnit { HKUnit(.internationalUnit) }
    /// A plain number of things (`count`), dimensionless.
    public static func count() -> HKUnit { HKUnit(.count) }
    /// Percent (`%`); values are fractions, so 97 % is 0.97.
    public static func percent() -> HKUnit { HKUnit(.percent) }
    /// Volts, with an optional metric prefix (`V`, `mV`, …).
    public static func voltUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.volt(prefix.unitPrefix)) }
    /// Volts (`V`).
    public static func volt() -> HKUnit { HKUnit(.volt()) }
    /// Watts, with an optional metric prefix (`W`, `kW`, …).
    public static func wattUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.watt(prefix.unitPrefix)) }
    /// Watts (`W`).
    public static func watt() -> HKUnit { HKUnit(.watt()) }
    /// Hertz, with an optional metric prefix (`Hz`, `kHz`, …).
    public static func hertzUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.hertz(prefix.unitPrefix)) }
    /// Hertz (`Hz`).
    public static func hertz() -> HKUnit { HKUnit(.hertz()) }
    /// Radians, with an optional metric prefix (`rad`, …).
    public static func radianAngleUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(.radianAngle(prefix.unitPrefix))
    }
    /// Radians (`rad`).
    public static func radianAngle() -> HKUnit { HKUnit(.radianAngle()) }
    /// Degrees of angle (`deg`), π/180 rad.
    public static func degreeAngle() -> HKUnit { HKUnit(.degreeAngle) }
    /// Lux, with an optional metric prefix (`lx`, …).
    public static func luxUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.lux(prefix.unitPrefix)) }
    /// Lux (`lx`), for illuminance.
    public static func lux() -> HKUnit { HKUnit(.lux()) }
    /// Diopters (`D`), the power of a lens; a dimension of their own.
    public static func diopter() -> HKUnit { HKUnit(.diopter) }
    /// Prism diopters (`pD`), the deviation of a prism lens; a dimension of their own.
    public static func prismDiopter() -> HKUnit { HKUnit(.prismDiopter) }
    /// Apple's workout effort score (`appleEffortScore`), a dimension of its own.
    public static func appleEffortScore() -> HKUnit { HKUnit(.appleEffortScore) }
}

/// The molar mass of blood glucose, for `HKUnit.moleUnit(with:molarMass:)`.
public let HKUnitMolarMassBloodGlucose: Double = HealthUnit.bloodGlucoseMolarMass

/// A value with a unit, as in HealthKit.
open class HKQuantity: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// The quantity of the model layer.
    package let quantity: Quantity

    /// Wraps a model quantity.
    public init(_ quantity: Quantity) {
        self.quantity = quantity
        super.init()
    }

    /// A quantity of `value` in `unit`.
    public convenience init(unit: HKUnit, doubleValue value: Double) {
        self.init(Quantity(value, unit.unit))
    }

    /// Whether the quantity can be expressed in the unit.
    open func `is`(compatibleWith unit: HKUnit) -> Bool { quantity.isCompatible(with: unit.unit) }

    /// The value in a compatible unit; an incompatible unit stops the program, as in HealthKit.
    open func doubleValue(for unit: HKUnit) -> Double {
        do {
            return try quantity.value(in: unit.unit)
        } catch {
            fatalError(
                "HKQuantity.doubleValue(for:): \(error) (HealthKit raises an exception here; check is(compatibleWith:) first)"
            )
        }
    }

    /// Orders two compatible quantities.
    open func compare(_ quantity: HKQuantity) -> ComparisonResult {
        let other = (try? quantity.quantity.value(in: self.quantity.unit)) ?? .nan
        if self.quantity.value < other { return .orderedAscending }
        if self.quantity.value > other { return .orderedDescending }
        return .orderedSame
    }

    open override var description: String { quantity.description }
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKQuantity, other.quantity.isCompatible(with: quantity.unit) else { return false }
        return compare(other) == .orderedSame
    }
    /// Equal quantities may be written in different units (1 km and 1000 m), so the hash uses only what their units
    /// share, the dimension: consistent with `isEqual`, and quantities of different dimensions hash apart.
    open override var hash: Int {
        var hasher = Hasher()
        quantity.unit.hashDimension(into: &hasher)
        return hasher.finalize()
    }

    // MARK: NSSecureCoding, NSCopying

    private static let key = "HKQuantity"

    /// Quantities decode only as quantities.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the quantity as its value and unit string.
    open func encode(with coder: NSCoder) { ObjectArchive.encode(quantity, forKey: HKQuantity.key, to: coder) }

    /// Unarchives a quantity; fails on an archive without a number and a unit string that parses.
    public required init?(coder: NSCoder) {
        guard let quantity = ObjectArchive.quantity(coder, HKQuantity.key).value else {
            ObjectArchive.report(coder, "HKQuantity", "no value with a valid unit")
            return nil
        }
        self.quantity = quantity
        super.init()
    }

    /// Quantities are immutable: the copy is the quantity itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
