import Foundation
import HealthModel

/// How a unit is written next to a number for people, and how its values are shown: HealthKit keeps percentages as
/// fractions (0.97 in `%`), people read 97 %.
public enum UnitLabel {
    /// `steps` for step counts, `bpm` for beats per minute, `breaths/min` for respiratory rate, `hours` for stand
    /// hours, `%` for percentages, otherwise the unit's own string (`kcal`, `km`, `kg`, `mmHg`).
    public static func label(_ unit: HealthUnit, for type: SampleType) -> String {
        switch (unit.unitString, type.identifier) {
        case ("count", "HKQuantityTypeIdentifierStepCount"): return "steps"
        case ("count", "HKQuantityTypeIdentifierFlightsClimbed"): return "floors"
        case ("count", "HKCategoryTypeIdentifierAppleStandHour"): return "hours"
        case ("count/min", "HKQuantityTypeIdentifierRespiratoryRate"): return "breaths/min"
        case ("count/min", _): return "bpm"
        default: return unit.unitString
        }
    }

    /// A value in `unit` as people read it: percentages times 100, anything else unchanged.
    public static func shown(_ value: Double, in unit: HealthUnit) -> Double {
        unit.unitString == "%" ? value * 100 : value
    }
}
