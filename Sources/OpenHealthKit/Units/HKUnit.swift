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
public final class HKUnit: NSObject, @unchecked Sendable {
    /// The unit of the model layer.
    public let unit: HealthUnit

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
    public var unitString: String { unit.unitString }
    public override var description: String { unit.unitString }
    public override func isEqual(_ object: Any?) -> Bool { (object as? HKUnit)?.unit == unit }
    public override var hash: Int { unit.hashValue }

    /// Whether this is the dimensionless null unit (HealthKit's `count` is not null).
    public func isNull() -> Bool { false }

    public func unitMultiplied(by unit: HKUnit) -> HKUnit { HKUnit(self.unit.multiplied(by: unit.unit)) }
    public func unitDivided(by unit: HKUnit) -> HKUnit { HKUnit(self.unit.divided(by: unit.unit)) }
    public func unitRaised(toPower power: Int) -> HKUnit { HKUnit(unit.raised(toPower: power)) }
    public func reciprocal() -> HKUnit { HKUnit(unit.reciprocal()) }

    public static func gramUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.gram(prefix.unitPrefix)) }
    public static func gram() -> HKUnit { HKUnit(.gram()) }
    public static func ounce() -> HKUnit { HKUnit(.ounce) }
    public static func pound() -> HKUnit { HKUnit(.pound) }
    public static func stone() -> HKUnit { HKUnit(.stone) }
    public static func moleUnit(with prefix: HKMetricPrefix, molarMass: Double) -> HKUnit {
        HKUnit(.mole(molarMass: molarMass, prefix: prefix.unitPrefix))
    }
    public static func moleUnit(withMolarMass molarMass: Double) -> HKUnit { HKUnit(.mole(molarMass: molarMass)) }
    public static func meterUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.meter(prefix.unitPrefix)) }
    public static func meter() -> HKUnit { HKUnit(.meter()) }
    public static func inch() -> HKUnit { HKUnit(.inch) }
    public static func foot() -> HKUnit { HKUnit(.foot) }
    public static func yard() -> HKUnit { HKUnit(.yard) }
    public static func mile() -> HKUnit { HKUnit(.mile) }
    public static func literUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.liter(prefix.unitPrefix)) }
    public static func liter() -> HKUnit { HKUnit(.liter()) }
    public static func fluidOunceUS() -> HKUnit { HKUnit(.fluidOunceUS) }
    public static func fluidOunceImperial() -> HKUnit { HKUnit(.fluidOunceImperial) }
    public static func pintUS() -> HKUnit { HKUnit(.pintUS) }
    public static func pintImperial() -> HKUnit { HKUnit(.pintImperial) }
    public static func cupUS() -> HKUnit { HKUnit(.cupUS) }
    public static func cupImperial() -> HKUnit { HKUnit(.cupImperial) }
    public static func pascalUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.pascal(prefix.unitPrefix)) }
    public static func pascal() -> HKUnit { HKUnit(.pascal()) }
    public static func millimeterOfMercury() -> HKUnit { HKUnit(.millimeterOfMercury) }
    public static func centimeterOfWater() -> HKUnit { HKUnit(.centimeterOfWater) }
    public static func atmosphere() -> HKUnit { HKUnit(.atmosphere) }
    public static func inchesOfMercury() -> HKUnit { HKUnit(.inchesOfMercury) }
    public static func decibelAWeightedSoundPressureLevel() -> HKUnit { HKUnit(.decibelASPL) }
    public static func decibelHearingLevel() -> HKUnit { HKUnit(.decibelHL) }
    public static func secondUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.second(prefix.unitPrefix)) }
    public static func second() -> HKUnit { HKUnit(.second()) }
    public static func minute() -> HKUnit { HKUnit(.minute) }
    public static func hour() -> HKUnit { HKUnit(.hour) }
    public static func day() -> HKUnit { HKUnit(.day) }
    public static func jouleUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.joule(prefix.unitPrefix)) }
    public static func joule() -> HKUnit { HKUnit(.joule()) }
    public static func kilocalorie() -> HKUnit { HKUnit(.kilocalorie) }
    public static func smallCalorie() -> HKUnit { HKUnit(.smallCalorie) }
    public static func largeCalorie() -> HKUnit { HKUnit(.largeCalorie) }
    public static func degreeCelsius() -> HKUnit { HKUnit(.degreeCelsius) }
    public static func degreeFahrenheit() -> HKUnit { HKUnit(.degreeFahrenheit) }
    public static func kelvin() -> HKUnit { HKUnit(.kelvin()) }
    public static func siemenUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.siemens(prefix.unitPrefix)) }
    public static func siemen() -> HKUnit { HKUnit(.siemens()) }
    public static func internationalUnit() -> HKUnit { HKUnit(.internationalUnit) }
    public static func count() -> HKUnit { HKUnit(.count) }
    public static func percent() -> HKUnit { HKUnit(.percent) }
    public static func voltUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.volt(prefix.unitPrefix)) }
    public static func volt() -> HKUnit { HKUnit(.volt()) }
    public static func wattUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.watt(prefix.unitPrefix)) }
    public static func watt() -> HKUnit { HKUnit(.watt()) }
    public static func hertzUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.hertz(prefix.unitPrefix)) }
    public static func hertz() -> HKUnit { HKUnit(.hertz()) }
    public static func radianAngleUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(.radianAngle(prefix.unitPrefix))
    }
    public static func radianAngle() -> HKUnit { HKUnit(.radianAngle()) }
    public static func degreeAngle() -> HKUnit { HKUnit(.degreeAngle) }
    public static func luxUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(.lux(prefix.unitPrefix)) }
    public static func lux() -> HKUnit { HKUnit(.lux()) }
    public static func diopter() -> HKUnit { HKUnit(.diopter) }
    public static func prismDiopter() -> HKUnit { HKUnit(.prismDiopter) }
    public static func appleEffortScore() -> HKUnit { HKUnit(.appleEffortScore) }
}

/// The molar mass of blood glucose, for `HKUnit.moleUnit(with:molarMass:)`.
public let HKUnitMolarMassBloodGlucose: Double = HealthUnit.bloodGlucoseMolarMass

/// A value with a unit, as in HealthKit.
public final class HKQuantity: NSObject, @unchecked Sendable {
    /// The quantity of the model layer.
    public let quantity: Quantity

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
    public func `is`(compatibleWith unit: HKUnit) -> Bool { quantity.isCompatible(with: unit.unit) }

    /// The value in a compatible unit; an incompatible unit stops the program, as in HealthKit.
    public func doubleValue(for unit: HKUnit) -> Double {
        do {
            return try quantity.value(in: unit.unit)
        } catch {
            fatalError(
                "HKQuantity.doubleValue(for:): \(error) (HealthKit raises an exception here; check is(compatibleWith:) first)"
            )
        }
    }

    /// Orders two compatible quantities.
    public func compare(_ quantity: HKQuantity) -> ComparisonResult {
        let other = (try? quantity.quantity.value(in: self.quantity.unit)) ?? .nan
        if self.quantity.value < other { return .orderedAscending }
        if self.quantity.value > other { return .orderedDescending }
        return .orderedSame
    }

    public override var description: String { quantity.description }
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKQuantity, other.quantity.isCompatible(with: quantity.unit) else { return false }
        return compare(other) == .orderedSame
    }
    /// Equal quantities may be written in different units (1 km and 1000 m), so the hash cannot use the value.
    public override var hash: Int { 0 }
}
