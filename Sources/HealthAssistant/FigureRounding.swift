import Foundation
import HealthModel
import HealthReports

/// Figures rounded as people read them, never coarser: a step, a metre, a kilocalorie, a beat per minute, a
/// millisecond, a tenth of a kilogram, a tenth of a percent. Percentages are shown as people read them (97 %, not
/// HealthKit's 0.97). Rounding only trims digits no one reads; it never changes the unit or merges figures.
enum FigureRounding {
    /// Decimal places for values in `unit`: none for counts, beats, kilocalories, metres, seconds, millimetres of
    /// mercury and milligrams per decilitre; three for kilometres and miles (a metre or so); one for kilograms,
    /// pounds, percentages and temperatures; two otherwise.
    static func places(_ unit: HealthUnit) -> Int {
        switch unit.unitString {
        case "count", "count/min", "kcal", "Cal", "kJ", "m", "ft", "yd", "s", "ms", "min", "mmHg", "mg/dL", "mL",
            "cm", "g", "steps":
            return 0
        case "km", "mi", "L", "hr", "mmol<180.15588000005408>/L":
            return 3
        case "kg", "lb", "%", "degC", "degF", "mL/(kg·min)", "count/s":
            return 1
        default:
            return 2
        }
    }

    /// A value in `unit` as shown and rounded: percentages times 100, then `places(unit)` decimals.
    static func shown(_ value: Double, in unit: HealthUnit) -> Double {
        round(UnitLabel.shown(value, in: unit), places: places(unit))
    }

    /// The unit as the answer names it: `%` for percentages shown as 0–100, else the unit's own string.
    static func label(_ unit: HealthUnit) -> String { unit.unitString }

    /// `value` to `places` decimals.
    static func round(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    /// A value for a summary line: grouped thousands, `places(unit)` decimals, and the unit.
    static func text(_ value: Double, in unit: HealthUnit, type: SampleType) -> String {
        NumberText.grouped(UnitLabel.shown(value, in: unit), places: places(unit)) + " "
            + UnitLabel.label(unit, for: type)
    }
}
