import Foundation
import HealthModel

/// Bridges between HealthKit units and the units of Foundation's mass, length and energy formatters, as in HealthKit.
/// A unit with no formatter counterpart (milligrams, hours…) stops the program, as HealthKit raises an exception there.
extension HKUnit {
    private static let massUnits: [(MassFormatter.Unit, HealthUnit)] = [
        (.gram, .gram()), (.kilogram, .gram(.kilo)), (.ounce, .ounce), (.pound, .pound), (.stone, .stone),
    ]
    private static let lengthUnits: [(LengthFormatter.Unit, HealthUnit)] = [
        (.millimeter, .meter(.milli)), (.centimeter, .meter(.centi)), (.meter, .meter()), (.kilometer, .meter(.kilo)),
        (.inch, .inch), (.foot, .foot), (.yard, .yard), (.mile, .mile),
    ]
    private static let energyUnits: [(EnergyFormatter.Unit, HealthUnit)] = [
        (.joule, .joule()), (.kilojoule, .joule(.kilo)), (.calorie, .smallCalorie), (.kilocalorie, .kilocalorie),
    ]

    /// The unit of a mass formatter unit (`.kilogram` is `kg`).
    public convenience init(from massFormatterUnit: MassFormatter.Unit) {
        self.init(Self.counterpart(of: massFormatterUnit, in: Self.massUnits))
    }

    /// The mass formatter unit of a mass unit (`kg` is `.kilogram`).
    public class func massFormatterUnit(from unit: HKUnit) -> MassFormatter.Unit {
        counterpart(of: unit, in: massUnits, formatter: "MassFormatter")
    }

    /// The unit of a length formatter unit (`.mile` is `mi`).
    public convenience init(from lengthFormatterUnit: LengthFormatter.Unit) {
        self.init(Self.counterpart(of: lengthFormatterUnit, in: Self.lengthUnits))
    }

    /// The length formatter unit of a length unit (`km` is `.kilometer`).
    public class func lengthFormatterUnit(from unit: HKUnit) -> LengthFormatter.Unit {
        counterpart(of: unit, in: lengthUnits, formatter: "LengthFormatter")
    }

    /// The unit of an energy formatter unit (`.kilocalorie` is `kcal`, `.calorie` the small calorie `cal`).
    public convenience init(from energyFormatterUnit: EnergyFormatter.Unit) {
        self.init(Self.counterpart(of: energyFormatterUnit, in: Self.energyUnits))
    }

    /// The energy formatter unit of an energy unit (`kJ` is `.kilojoule`).
    public class func energyFormatterUnit(from unit: HKUnit) -> EnergyFormatter.Unit {
        counterpart(of: unit, in: energyUnits, formatter: "EnergyFormatter")
    }

    /// Calories: the small calorie (`cal`), 4.184 J.
    @available(*, deprecated, message: "Use smallCalorie() or largeCalorie()")
    public static func calorie() -> HKUnit { smallCalorie() }

    private static func counterpart<FormatterUnit: Equatable>(
        of formatterUnit: FormatterUnit, in table: [(FormatterUnit, HealthUnit)]
    ) -> HealthUnit {
        guard let found = table.first(where: { $0.0 == formatterUnit }) else {
            fatalError("HKUnit(from:): no HealthKit unit for the formatter unit \(formatterUnit)")
        }
        return found.1
    }

    private static func counterpart<FormatterUnit>(
        of unit: HKUnit, in table: [(FormatterUnit, HealthUnit)], formatter: String
    ) -> FormatterUnit {
        guard let found = table.first(where: { $0.1 == unit.unit }) else {
            fatalError("\(formatter) has no unit for \(unit.unitString) (HealthKit raises an exception here)")
        }
        return found.0
    }
}
